import type { ParamLink } from '../../schema/picker';
import type { RuntimeServices } from '../runtime-context';

/**
 * A picking field's parameter links: the ones its template carries (designed in 弹窗设计), else the
 * ones stored by the field's id (cg-format-form-sub-param); none when neither or the call fails.
 */
export async function fieldParamLinks(request: RuntimeServices['request'], designed: readonly ParamLink[] | null | undefined, linkId: string | number | null | undefined): Promise<readonly ParamLink[]> {
  if (Array.isArray(designed)) return designed;
  if (linkId === null || linkId === undefined || linkId === '') return [];
  const stored = await request<ParamLink[]>({ url: '/cg-format-form-sub-param/list/param', query: { resFormatSubId: String(linkId) }, quiet: true }).catch(() => []);
  return Array.isArray(stored) ? stored : [];
}
