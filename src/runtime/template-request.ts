import type { RuntimeRequest } from './runtime-context';

/** Where the runtime reads a menu entry's published templates. */
export const TEMPLATE_URL = '/optimus_prime/optimusPrime';

/**
 * The call that reads a menu entry's published template of one type: the list and form pages make
 * it, and the shell makes the same call early for the page an address opens.
 */
export function templateRequest(formatType: 'LIST' | 'FORM', menuId: number | string): RuntimeRequest {
  return { url: TEMPLATE_URL, query: { formatType, menuId: String(menuId) }, quiet: true };
}
