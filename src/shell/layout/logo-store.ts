import { proxy } from 'valtio';

/** Bumped when a group's logos change, so the top bar's logo area reads them again. */
export const logoStore = proxy({ version: 0 });

export function logosChanged(): void {
  logoStore.version += 1;
}
