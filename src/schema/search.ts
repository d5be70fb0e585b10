import type { FieldDefinition } from './field-definition';
import { timeRangeDefault } from './time-dialogs';

/**
 * Search conditions of list requests (spec 000 §3 and §5, spec 001 §3 and §5): what a search
 * panel, the quick-search box and the advanced query send, and what the server accepts.
 */
export type Operator = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le' | 'like' | 'in';
export const OPERATORS: readonly Operator[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'in'];

export interface SearchCondition {
  key?: string;
  op?: Operator;
  val?: unknown;
  keyId?: string | number | null;
  customTable?: string | null;
  label?: string | null;
  conj?: 'or';
  list?: SearchCondition[];
}

export interface SortEntry { key: string; dir?: 'asc' | 'desc'; keyId?: string | number | null }

export interface ListRequest {
  search?: SearchCondition[];
  limit?: { pn?: number; ps?: number };
  sort?: SortEntry[];
  tplId?: string | number | null;
  param?: unknown;
}

export interface ListResponse<Row = Record<string, unknown>> {
  list: Row[];
  total: number;
  tongji?: Record<string, unknown> | null;
}

/** Input kinds of a search field (detailsUrl / formSubmitType); anything else is text. */
export type SearchInputKind = 'DATA_BOX_TIM' | 'DATA_BOX' | 'TIME_RANGE_BOX' | 'DATA_RANGE_BOX' | 'NUMBER' | 'SELECT' | 'SELECT_MORE' | 'BOOLEAN' | string;

export interface SearchField {
  fieldName: string;
  /** The input kind. */
  detailsUrl?: SearchInputKind | null;
  customTable?: string | null;
  id?: string | number | null;
  fieldExplain?: string | null;
}

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0);

/**
 * Maps filled inputs to conditions: a date box gives eq; range boxes give ge and le, only when
 * both ends are set; a number gives the chosen operator (default le); select eq; multi-select in
 * with a comma-joined value; boolean eq; everything else like. Empty values are skipped, 0 and
 * false are values.
 */
export function buildSearchConditions(
  fields: readonly SearchField[],
  values: Readonly<Record<string, unknown>>,
  numberOps: Readonly<Record<string, Operator>> = {},
): SearchCondition[] {
  const out: SearchCondition[] = [];
  for (const field of fields) {
    const value = values[field.fieldName];
    if (isEmpty(value)) continue;
    const base = { key: field.fieldName, keyId: field.id ?? null, customTable: field.customTable ?? null };
    switch (field.detailsUrl) {
      case 'TIME_RANGE_BOX':
      case 'DATA_RANGE_BOX': {
        if (!Array.isArray(value) || value.length !== 2 || isEmpty(value[0]) || isEmpty(value[1])) break;
        out.push({ ...base, op: 'ge', val: value[0] }, { ...base, op: 'le', val: value[1] });
        break;
      }
      case 'DATA_BOX_TIM':
      case 'DATA_BOX':
      case 'SELECT':
      case 'BOOLEAN':
        out.push({ ...base, op: 'eq', val: value });
        break;
      case 'NUMBER':
        out.push({ ...base, op: numberOps[field.fieldName] ?? 'le', val: value });
        break;
      case 'SELECT_MORE':
        out.push({ ...base, op: 'in', val: Array.isArray(value) ? value.join(',') : String(value) });
        break;
      default:
        out.push({ ...base, op: 'like', val: typeof value === 'string' ? value.trim() : value });
    }
  }
  return out;
}

/** The quick-search box: one OR group of like conditions over every quick-search field. */
export function quickSearchCondition(fields: readonly SearchField[], text: string): SearchCondition | null {
  const value = text.trim();
  if (value === '' || fields.length === 0) return null;
  return {
    conj: 'or',
    list: fields.map((f) => ({ key: f.fieldName, op: 'like' as const, val: value, keyId: f.id ?? null, customTable: f.customTable ?? null })),
  };
}

const pad = (n: number) => String(n).padStart(2, '0');
const formatDateTime = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/**
 * The starting value of a range field (TIME_RANGE_BOX, DATA_RANGE_BOX) of the advanced query: a
 * field with a configured time-of-day range (选择时间范围) starts with today from its start to its
 * end, and the list starts filtered by it; a field without one starts empty. (A fixed default for
 * every list's first time field — today 09:30 to tomorrow 09:30 — was shown without being applied;
 * applied, it would have hidden all but today's rows of every list, master data included, since
 * every list carries 创建时间.)
 */
export function advancedRangeStart(field: SearchField & { defaultValue?: FieldDefinition['defaultValue'] }, now: Date): [string, string] | null {
  if (field.detailsUrl !== 'TIME_RANGE_BOX' && field.detailsUrl !== 'DATA_RANGE_BOX') return null;
  const configured = timeRangeDefault(field);
  if (!configured) return null;
  const day = formatDateTime(now).slice(0, 10);
  return [`${day} ${configured[0]}`, `${day} ${configured[1]}`];
}

/** Sort entries from a table's sorter state; `ascend`/`descend` map to asc/desc, default desc. */
export function sortEntries(
  sorters: readonly { field: string; order?: 'ascend' | 'descend' | null }[],
  fields: readonly SearchField[] = [],
): SortEntry[] {
  return sorters
    .filter((s) => s.order)
    .map((s) => ({ key: s.field, dir: s.order === 'ascend' ? 'asc' as const : 'desc' as const, keyId: fields.find((f) => f.fieldName === s.field)?.id ?? null }));
}
