import { resolveDefault, type DefaultContext } from './defaults';
import type { FieldDefinition } from './field-definition';
import { sumColumn } from './calculate';
import { checkFieldValue, isEmpty } from './validate';
import { fieldRecordProblem } from './record-rules';

/**
 * The child table of a master-child document (spec 001 §2 screens 2 and 3, §4, §5): rows as plain
 * data with a client key, and the pure operations the editable table offers.
 */
export interface ChildRow { rowKey: string; id?: number; [field: string]: unknown }

export const CHILD_MESSAGES = {
  selectOne: '请至少选择一条数据！',
  atMostOne: '最多选择一条数据！',
  deleteConfirm: '确定删除吗?',
  singleChild: '只能有一条子表信息',
  emptyChildren: '子表未新增数据, 是否继续提交?',
} as const;

let counter = 0;
export function newRowKey(): string {
  counter += 1;
  return `r${Date.now().toString(36)}${counter.toString(36)}`;
}

/**
 * A new row: a fresh key, no id, and each field's default — with the form's default context,
 * resolved as the main form resolves its own (macros, relative date specs such as 日 +1, booleans);
 * without one, plain values only.
 */
export function emptyRow(fields: readonly FieldDefinition[], ctx?: DefaultContext): ChildRow {
  const row: ChildRow = { rowKey: newRowKey() };
  for (const f of fields) {
    const v = f.defaultValue;
    if (v === undefined || v === null || v === '') row[f.fieldName] = null;
    else if (ctx) row[f.fieldName] = resolveDefault(f, ctx) ?? null;
    else row[f.fieldName] = typeof v === 'object' ? null : v;
  }
  return row;
}

/** Inserts rows at a position (end when out of range). */
export function insertAt(rows: readonly ChildRow[], index: number, added: readonly ChildRow[]): ChildRow[] {
  const at = Math.max(0, Math.min(rows.length, Number.isInteger(index) ? index : rows.length));
  return [...rows.slice(0, at), ...added, ...rows.slice(at)];
}

/** Copies the selected rows (as new rows, without id) after the last selected one; answers a message when the selection does not fit. */
export function copyRows(rows: readonly ChildRow[], selected: readonly string[], allowMany = false): ChildRow[] | string {
  if (selected.length === 0) return CHILD_MESSAGES.selectOne;
  if (selected.length > 1 && !allowMany) return CHILD_MESSAGES.atMostOne;
  const chosen = rows.filter((r) => selected.includes(r.rowKey));
  const copies = chosen.map(({ id: _id, rowKey: _key, ...rest }) => ({ ...rest, rowKey: newRowKey() }));
  const last = Math.max(...chosen.map((r) => rows.indexOf(r)));
  return insertAt(rows, last + 1, copies);
}

export function removeRows(rows: readonly ChildRow[], selected: readonly string[]): ChildRow[] {
  const gone = new Set(selected);
  return rows.filter((r) => !gone.has(r.rowKey));
}

/** Moves a row to a typed position 0..rows-1 (other values are refused with null). */
export function moveRow(rows: readonly ChildRow[], rowKey: string, to: number): ChildRow[] | null {
  if (!Number.isInteger(to) || to < 0 || to >= rows.length) return null;
  const from = rows.findIndex((r) => r.rowKey === rowKey);
  if (from < 0) return null;
  const out = [...rows];
  const [row] = out.splice(from, 1);
  out.splice(to, 0, row);
  return out;
}

/** Adds picked rows that are not in the table yet (matched on a key field). */
export function addUnique(rows: readonly ChildRow[], added: readonly ChildRow[], keyField: string): ChildRow[] {
  const seen = new Set(rows.map((r) => String(r[keyField] ?? '')).filter(Boolean));
  const out = [...rows];
  for (const r of added) {
    const key = String(r[keyField] ?? '');
    if (key && seen.has(key)) continue;
    if (key) seen.add(key);
    out.push(r);
  }
  return out;
}

/**
 * The cell rule: a shown, updatable, required field must not be empty (the form's required message,
 * '{label}不能为空！'); then the field's value rules; then, given its line, the table's fields and
 * the line table's name (`table`, the child list's `customTable`), the record's rules over the line
 * (record-rules.ts: an end before its start, a negative 计划量 on a notice's line).
 */
export function cellProblem(
  field: FieldDefinition, value: unknown, row?: Readonly<Record<string, unknown>>, fields?: readonly FieldDefinition[], table?: string | null,
): string | null {
  if (field.ishow !== false && field.iupdate !== false && field.irequired && isEmpty(value)) return `${field.fieldExplain}不能为空！`;
  if (isEmpty(value)) return null;
  return checkFieldValue(field, value) ?? (row && fields ? fieldRecordProblem(table, field.fieldName, { ...row, [field.fieldName]: value }, fields) : null);
}

export interface CellProblem { rowKey: string; index: number; field: string; message: string }
/** Every cell's problem of the lines of a line table (`table`: its name, the child list's `customTable`). */
export function validateRows(rows: readonly ChildRow[], fields: readonly FieldDefinition[], table: string | null | undefined): CellProblem[] {
  const out: CellProblem[] = [];
  rows.forEach((row, index) => {
    for (const f of fields) {
      const message = cellProblem(f, row[f.fieldName], row, fields, table);
      if (message) out.push({ rowKey: row.rowKey, index, field: f.fieldName, message });
    }
  });
  return out;
}

/** What the rows submit: the template's fields (trimmed, blanks null) and the id of rows that exist. */
export function toSubmitRows(rows: readonly ChildRow[], fields: readonly FieldDefinition[]): Record<string, unknown>[] {
  return rows.map((row) => {
    const out: Record<string, unknown> = row.id ? { id: row.id } : {};
    for (const f of fields) {
      if (f.ishow === false && !f.ihidden) continue;
      let v = row[f.fieldName];
      if (typeof v === 'string') v = v.trim();
      out[f.fieldName] = isEmpty(v) ? null : v;
    }
    return out;
  });
}

/** The sum row 合计: each itotal field summed with the x1000 rule. */
export function childTotals(rows: readonly ChildRow[], fields: readonly FieldDefinition[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of fields) if (f.itotal) out[f.fieldName] = sumColumn(rows.map((r) => r[f.fieldName]));
  return out;
}
