/**
 * The on-site confirmation table, control kind `Announcement` (spec 001 §3, §4): rows carry
 * `ihandle` and their action codes (`confirmSubButs`); an action runs on the chosen rows after it
 * has been checked, and only the first click within a second counts.
 */

export const ANNOUNCEMENT_ACTIONS = ['CONFIRM', 'CONFIRM_NO', 'CONFIRM_NOT', 'CONFIRM_AGAIN', 'SINGLE_WEIGH', 'SINGLE_EMPTY'] as const;
export type AnnouncementAction = (typeof ANNOUNCEMENT_ACTIONS)[number];

/** Labels of the action codes, normally and in sampling mode. */
export const ANNOUNCEMENT_LABELS: Record<AnnouncementAction, { normal: string; sampling: string }> = {
  CONFIRM: { normal: '确认', sampling: '合格' },
  CONFIRM_NO: { normal: '无法确认', sampling: '无法确认' },
  CONFIRM_NOT: { normal: '取消确认', sampling: '不合格' },
  CONFIRM_AGAIN: { normal: '重新确认', sampling: '合格' },
  SINGLE_WEIGH: { normal: '称重后离厂', sampling: '称重后离厂' },
  SINGLE_EMPTY: { normal: '空车离厂', sampling: '空车离厂' },
};

/** Only the first click of an action within this time counts (spec 001 §4). */
export const ANNOUNCEMENT_DEBOUNCE_MS = 1000;

export const ANNOUNCEMENT_MESSAGES = {
  selectOne: '请至少选择一条数据！',
  cannotConfirm: '无法确认的数据不能操作',
  resultTitle: '处理结果',
  actionsTitle: '操作',
} as const;

/** A confirmation-table row (spec 001 §3): id, ihandle, confirmSubButs, createUserId, plus what it shows. */
export interface AnnouncementRow {
  id: string | number;
  ihandle?: boolean | null;
  /** The row's action codes: a list, or comma-joined text as stored. */
  confirmSubButs?: readonly string[] | string | null;
  createUserId?: string | number | null;
  /** The action last taken on the row (an action code). */
  result?: string | null;
  [field: string]: unknown;
}

/** Fields of a row that are not shown as columns. */
export const ANNOUNCEMENT_SYSTEM_FIELDS = ['id', 'ihandle', 'confirmSubButs', 'createUserId', 'result', 'rowKey'] as const;

export function isAnnouncementAction(code: unknown): code is AnnouncementAction {
  return typeof code === 'string' && (ANNOUNCEMENT_ACTIONS as readonly string[]).includes(code);
}

/** What the code is called (合格/不合格 in sampling mode). Unknown codes show as they are. */
export function actionLabel(code: string, sampling = false): string {
  return isAnnouncementAction(code) ? ANNOUNCEMENT_LABELS[code][sampling ? 'sampling' : 'normal'] : code;
}

/** CONFIRM_NO (无法确认) is always disabled. */
export function isActionDisabled(code: AnnouncementAction): boolean {
  return code === 'CONFIRM_NO';
}

/** A row's known action codes, in their canonical order. */
export function actionCodes(row: Pick<AnnouncementRow, 'confirmSubButs'>): AnnouncementAction[] {
  const raw = row.confirmSubButs;
  const list = typeof raw === 'string' ? raw.split(',').map((s) => s.trim()) : [...(raw ?? [])];
  return ANNOUNCEMENT_ACTIONS.filter((code) => list.includes(code));
}

/** Why a row cannot be selected or edited, or null when it can: it needs ihandle, some action codes, and no CONFIRM_NO. */
export function unselectableReason(row: AnnouncementRow): string | null {
  if (row.ihandle !== true) return '未开放处理';
  const codes = actionCodes(row);
  if (codes.length === 0) return '没有可执行的操作';
  if (codes.includes('CONFIRM_NO')) return '无法确认';
  return null;
}

/** Whether a row can be selected and edited (spec 001 §4). */
export function isRowSelectable(row: AnnouncementRow): boolean {
  return unselectableReason(row) === null;
}

/** The actions offered over the table: every code some row has, in canonical order. */
export function tableActions(rows: readonly AnnouncementRow[]): AnnouncementAction[] {
  const present = new Set(rows.flatMap((r) => actionCodes(r)));
  return ANNOUNCEMENT_ACTIONS.filter((c) => present.has(c));
}

/**
 * Checks an action on the chosen rows before it runs; the message says what is wrong and, for a
 * row, which one (by its position in the table). Null when the action may run.
 */
export function checkAction(code: AnnouncementAction, rows: readonly AnnouncementRow[], chosen: readonly (string | number)[], sampling = false): string | null {
  if (isActionDisabled(code)) return ANNOUNCEMENT_MESSAGES.cannotConfirm;
  if (chosen.length === 0) return ANNOUNCEMENT_MESSAGES.selectOne;
  for (const key of chosen) {
    const index = rows.findIndex((r) => r.id === key);
    if (index < 0) return ANNOUNCEMENT_MESSAGES.selectOne;
    const row = rows[index];
    const reason = unselectableReason(row);
    if (reason) return `第${index + 1}行不可处理（${reason}）`;
    if (!actionCodes(row).includes(code)) return `第${index + 1}行不能${actionLabel(code, sampling)}`;
  }
  return null;
}

/** The rows with the chosen ones' result set to the action taken (other rows kept as they are). */
export function applyAction<R extends AnnouncementRow>(rows: readonly R[], code: AnnouncementAction, chosen: readonly (string | number)[]): R[] {
  const set = new Set(chosen);
  return rows.map((r) => (set.has(r.id) ? { ...r, result: code } : r));
}

/** The columns a row shows when none are configured: its own fields except the system ones. */
export function defaultAnnouncementColumns(rows: readonly AnnouncementRow[]): string[] {
  const names: string[] = [];
  for (const r of rows) {
    for (const k of Object.keys(r)) {
      if (!(ANNOUNCEMENT_SYSTEM_FIELDS as readonly string[]).includes(k) && !names.includes(k)) names.push(k);
    }
  }
  return names;
}

/**
 * A gate that opens for the first call of each key and stays shut for that key until `ms` have
 * passed since then — the "first click only" debounce, kept apart per key (one row's action, so a
 * double click on it counts once while another row's action a moment later still counts).
 * `clock` is injectable for tests.
 */
export function leadingGate(ms: number, clock: () => number = () => Date.now()): (key?: string) => boolean {
  const last = new Map<string, number>();
  return (key = '') => {
    const now = clock();
    // keys whose time is up are dropped (a table open all shift does not collect them)
    for (const [k, at] of last) if (now - at >= ms) last.delete(k);
    if (last.has(key)) return false;
    last.set(key, now);
    return true;
  };
}

/** What the confirmation table's double-click guard keeps apart: an action on a set of rows. */
export const actionKey = (code: AnnouncementAction, keys: readonly (string | number)[]) => `${code}:${keys.map(String).sort().join(',')}`;

/** Most rows a confirmation table holds. */
export const MAX_ANNOUNCEMENT_ROWS = 50;

/**
 * What the server refuses in a submitted confirmation table (the same rules the table enforces):
 * rows must be objects with an id; an action taken (a changed result) must be one of the row's
 * codes on a row that may be handled; against the stored table, rows are neither added, removed
 * nor changed except for their result. Null when the value is acceptable.
 */
export function announcementProblem(next: unknown, current?: unknown): string | null {
  if (next === null || next === undefined) return null;
  if (!Array.isArray(next)) return '应为确认行的列表';
  if (next.length > MAX_ANNOUNCEMENT_ROWS) return `最多 ${MAX_ANNOUNCEMENT_ROWS} 行`;
  const before = Array.isArray(current) ? (current as AnnouncementRow[]) : null;
  if (before && (before.length !== next.length)) return '确认项目不能增删';
  for (const [index, raw] of next.entries()) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return `第${index + 1}行应为对象`;
    const row = raw as AnnouncementRow;
    if (row.id === undefined || row.id === null || row.id === '') return `第${index + 1}行缺少编号`;
    const old = before?.find((r) => r.id === row.id);
    if (before && !old) return `第${index + 1}行不是原有的确认项目`;
    if (old) {
      const { result: _a, ...rest } = row;
      const { result: _b, ...was } = old;
      if (JSON.stringify(sorted(rest)) !== JSON.stringify(sorted(was))) return `第${index + 1}行只能修改处理结果`;
    }
    const result = row.result ?? null;
    if (result === (old?.result ?? null)) continue;
    if (result === null) continue;
    const reason = unselectableReason(old ?? row);
    if (reason) return `第${index + 1}行不可处理（${reason}）`;
    if (!isAnnouncementAction(result) || !actionCodes(old ?? row).includes(result) || isActionDisabled(result)) return `第${index + 1}行不能执行 ${String(result)}`;
  }
  return null;
}

function sorted(o: Record<string, unknown>): [string, unknown][] {
  return Object.entries(o).sort(([a], [b]) => a.localeCompare(b));
}
