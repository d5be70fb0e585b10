import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { dateTextProblem } from '../../src/schema/date-text';
import { OPERATORS, type ListRequest, type Operator, type SearchCondition } from '../../src/schema/search';
import { badRequest } from './app-error';

export { OPERATORS };
export type { ListRequest, Operator, SearchCondition };

export const MAX_PAGE_SIZE = 1000;
export const MAX_IN_VALUES = 1000;
/** Deepest nesting of `list` groups in a search, and most values over the whole search (bind parameters). */
export const MAX_SEARCH_DEPTH = 5;
export const MAX_SEARCH_VALUES = 5000;

/** Refuses a search nested too deep or carrying too many values, before any SQL is built. */
function checkSearchSize(conditions: unknown, depth: number, count: { values: number }): void {
  if (!Array.isArray(conditions)) return;
  if (depth > MAX_SEARCH_DEPTH) throw badRequest(`查询条件嵌套不能超过 ${MAX_SEARCH_DEPTH} 层`, { field: 'search' });
  for (const c of conditions as SearchCondition[]) {
    if (c && typeof c === 'object' && Array.isArray(c.list)) checkSearchSize(c.list, depth + 1, count);
    else count.values += Array.isArray(c?.val) ? c.val.length : 1;
    if (count.values > MAX_SEARCH_VALUES) throw badRequest(`查询条件的值总数不能超过 ${MAX_SEARCH_VALUES} 个`, { field: 'search' });
  }
}

const condition = {
  type: 'object',
  additionalProperties: false,
  properties: {
    key: { type: 'string', maxLength: 100 },
    op: { type: 'string', enum: [...OPERATORS, 'lk'] },
    val: {},
    keyId: { type: ['string', 'number', 'null'] },
    customTable: { type: ['string', 'null'], maxLength: 100 },
    label: { type: ['string', 'null'] },
    conj: { type: 'string', enum: ['or'] },
    list: { type: 'array', maxItems: 100, items: { type: 'object' } },
  },
} as const;

/** JSON schema of a list request body. */
export const listRequestSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: { type: 'array', maxItems: 100, items: condition },
    limit: {
      type: 'object',
      additionalProperties: false,
      properties: { pn: { type: 'integer', minimum: 1, default: 1 }, ps: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: 10 } },
    },
    sort: {
      type: 'array',
      maxItems: 10,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['key'],
        properties: { key: { type: 'string', maxLength: 100 }, dir: { type: 'string', enum: ['asc', 'desc'] }, keyId: { type: ['string', 'number', 'null'] } },
      },
    },
    tplId: { type: ['string', 'number', 'null'] },
    param: {},
  },
} as const;

/** A searchable column: the SQL reference comes from this table of ours, never from the request. */
export interface ColumnSpec {
  ref: string;
  type: 'text' | 'number' | 'boolean' | 'date';
  /** A column of pinyin initials: a letters-only `like` matches it too (dfny finds 东方能源). */
  pinyinRef?: string;
}

/** Escapes % _ and \ so a `like` value matches itself. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const DECIMAL = /^-?\d{1,20}(\.\d{1,20})?$/;
/** Column refs of ids (`t.id`, `t.groupId`). */
const KEY_COLUMN = /(^|\.)id$|Id$/;

function coerce(key: string, spec: ColumnSpec, value: unknown): string | number | boolean | RawBuilder<unknown> {
  if (spec.type === 'number') {
    // decimal digits only ("0x10" and "1e5" are not numbers here); beyond 2^53 neither JavaScript nor a bigint id compares exactly
    const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isFinite(n)) throw badRequest(`查询条件 ${key} 的值须为数字`, { field: key });
    if (Math.abs(n) > Number.MAX_SAFE_INTEGER) throw badRequest(`查询条件 ${key} 的值超出范围`, { field: key });
    // ids and references to them are bigint columns: PostgreSQL reads the bound value as a bigint
    if (KEY_COLUMN.test(spec.ref) && !Number.isInteger(n)) throw badRequest(`查询条件 ${key} 的值须为整数`, { field: key });
    return n;
  }
  if (spec.type === 'boolean') {
    if (value === true || value === 'true' || value === 1 || value === '1') return true;
    if (value === false || value === 'false' || value === 0 || value === '0') return false;
    throw badRequest(`查询条件 ${key} 的值须为是或否`, { field: key });
  }
  if (spec.type === 'date') {
    // a bound text cast by the database, read in the server's time zone (TIMEZONE)
    // a bound to search by (an open end such as 9999-12-31 included): any date on the calendar
    if (dateTextProblem(value) === 'format') throw badRequest(`查询条件 ${key} 的值须为日期（yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss）`, { field: key });
    return sql`${value}::timestamptz`;
  }
  if (typeof value !== 'string' && typeof value !== 'number') throw badRequest(`查询条件 ${key} 的值须为文本`, { field: key });
  return String(value);
}

/**
 * Turns search conditions into a where-expression over the columns named in `columns`. An
 * unknown key, operator or a value of the wrong type is a 400 naming the problem.
 */
export function whereSearch<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  conditions: SearchCondition[] | undefined,
  columns: Record<string, ColumnSpec>,
  nested = false,
): Expression<SqlBool> {
  if (!nested) checkSearchSize(conditions, 1, { values: 0 });
  const parts: Expression<SqlBool>[] = [];
  for (const c of conditions ?? []) {
    if (c.list) {
      const inner = c.list.map((x) => whereSearch(eb, [x], columns, true));
      if (inner.length) parts.push(c.conj === 'or' ? eb.or(inner) : eb.and(inner));
      continue;
    }
    if (!c.key) throw badRequest('查询条件缺少 key', { field: 'search' });
    const spec = Object.prototype.hasOwnProperty.call(columns, c.key) ? columns[c.key] : undefined;
    if (!spec) throw badRequest(`不支持的查询字段 ${c.key}`, { field: c.key });
    if (c.val === undefined || c.val === null || c.val === '') continue;
    const op = (c.op === ('lk' as Operator) ? 'like' : c.op ?? 'like') as Operator;
    if (!OPERATORS.includes(op)) throw badRequest(`不支持的查询操作符 ${String(c.op)}`, { field: c.key });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- column refs come from our own table, typed as strings
    const ref = eb.ref(spec.ref as any);
    if (op === 'in') {
      const values = Array.isArray(c.val) ? c.val : String(c.val).split(',');
      if (values.length > MAX_IN_VALUES) throw badRequest(`查询条件 ${c.key} 的 in 列表不能超过 ${MAX_IN_VALUES} 个值`, { field: c.key });
      parts.push(eb(ref, 'in', values.map((v) => coerce(c.key!, spec, v))));
    } else if (op === 'like') {
      if (spec.type !== 'text') throw badRequest(`查询字段 ${c.key} 不支持模糊查询`, { field: c.key });
      const text = String(coerce(c.key, spec, c.val));
      const like = eb(ref, 'ilike', `%${escapeLike(text)}%`);
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
      parts.push(spec.pinyinRef && /^[A-Za-z]{2,40}$/.test(text) ? eb.or([like, eb(eb.ref(spec.pinyinRef as any), 'like', `%${text.toLowerCase()}%`)]) : like);
    } else {
      const sqlOp = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' }[op] as '=' | '<>' | '>' | '>=' | '<' | '<=';
      parts.push(eb(ref, sqlOp, coerce(c.key, spec, c.val)));
    }
  }
  return parts.length ? eb.and(parts) : eb.lit(true);
}

/** Page bounds of a list request. */
export function pageOf(req: ListRequest): { pn: number; ps: number; offset: number } {
  const pn = req.limit?.pn ?? 1;
  const ps = req.limit?.ps ?? 10;
  if (pn < 1) throw badRequest('页码不能小于1', { field: 'limit.pn' });
  if (ps < 1 || ps > MAX_PAGE_SIZE) throw badRequest(`每页条数须在1到${MAX_PAGE_SIZE}之间`, { field: 'limit.ps' });
  return { pn, ps, offset: (pn - 1) * ps };
}

/** Validated sort entries mapped to column refs. */
export function sortOf(req: ListRequest, columns: Record<string, ColumnSpec>): { ref: string; dir: 'asc' | 'desc' }[] {
  return (req.sort ?? []).map((s) => {
    const spec = Object.prototype.hasOwnProperty.call(columns, s.key) ? columns[s.key] : undefined;
    if (!spec) throw badRequest(`不支持的排序字段 ${s.key}`, { field: 'sort' });
    return { ref: spec.ref, dir: s.dir ?? 'desc' };
  });
}
