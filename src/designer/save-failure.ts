import type { DesignerState } from './engine/designer';
import { problemText } from './engine/designer';
import { statusOf } from './format-api';

/**
 * What the designers (form, list, picker) make of an autosave that did not go through, and when 发布
 * must wait, in one place:
 * - `stale` (409): another tab saved first; the designer's conflict dialog takes over;
 * - `refused` (another 4xx, e.g. a 400 naming a field): the server will refuse the same draft again,
 *   so it is not sent again until the person changes something; the reason is said in words (the
 *   field by its label, never a parser path);
 * - `transient` (network, timeout, 5xx, 429): sent again by itself, waiting longer each time.
 * The edits stay on screen and in the pending history either way: nothing typed is lost.
 */
export type SaveFailure =
  | { kind: 'stale' }
  | { kind: 'refused'; reason: string }
  | { kind: 'transient'; reason: string };

export const TRANSIENT_REASON = '网络或服务器暂时不可用，将自动重试';

export function saveFailure(error: unknown, state: Pick<DesignerState, 'draft'>): SaveFailure {
  const status = statusOf(error);
  if (status === 409) return { kind: 'stale' };
  if (status !== null && status >= 400 && status < 500 && status !== 408 && status !== 429) return { kind: 'refused', reason: refusedReason(error, state) };
  return { kind: 'transient', reason: TRANSIENT_REASON };
}

/** The server's reason for a refused draft: a 400's `{ field, problem }` said by the node and property it names. */
function refusedReason(error: unknown, { draft }: Pick<DesignerState, 'draft'>): string {
  const data = (error as { data?: { field?: unknown; problem?: unknown } | null } | null)?.data;
  if (data && typeof data.field === 'string' && typeof data.problem === 'string') {
    // the draft route names the draft's own paths; others put the body's key in front
    const path = data.field.replace(/^(draft|template)\./, '');
    return `模板校验未通过：${problemText(draft, path, data.problem)}`;
  }
  const message = error instanceof Error ? error.message : '';
  return /[\u4e00-\u9fa5]/.test(message) ? message : '服务器拒绝保存此草稿';
}

/** How long to wait before sending again after `failures` transient failures in a row: doubling from `base`, at most a minute. */
export const retryDelay = (failures: number, base: number): number => Math.min(base * 2 ** Math.max(0, failures - 1), 60_000);

/**
 * Why the draft on screen cannot be sent as it is (null: it can): a rule problem the designer shows
 * on a node (one another edit made), which the server would refuse.
 */
export function heldReason(state: Pick<DesignerState, 'problems'>): string | null {
  const problem = state.problems[0];
  return problem ? `草稿有问题，暂不保存：${problem.message}` : null;
}

/**
 * Why 发布 is refused (null: the stored draft is the one on screen): a save that failed, or edits not
 * yet saved. 发布 publishes the stored draft, so it must be what the person sees.
 */
export function publishRefusal(unsaved: { pending: number; reason: string | null }): string | null {
  if (unsaved.reason) return `草稿未保存，不能发布：${unsaved.reason}`;
  if (unsaved.pending > 0) return '草稿还有未保存的修改，不能发布，请稍后再试';
  return null;
}
