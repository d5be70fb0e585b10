/**
 * A document's lifecycle (spec 000 §5): 自由 (FREE) → 审核 → 已审核 (AUDITED) → 弃审 → 自由; 作废 →
 * 已作废 (OBSOLETE) → 恢复 → 自由. Only a document's rows have another status than FREE.
 */
export const STATUS_LABELS: Record<string, string> = { FREE: '自由', AUDITED: '已审核', OBSOLETE: '已作废' };

/**
 * Why a row cannot be changed (修改) in its status, or null: only a free one can (an audited
 * document is first 弃审). The server refuses the update with it, and the list refuses 修改 up front.
 */
export function editRefusal(status: unknown): string | null {
  if (status === undefined || status === null || status === 'FREE') return null;
  return `${STATUS_LABELS[String(status)] ?? String(status)}的单据不能修改`;
}
