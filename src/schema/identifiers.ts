/**
 * Rules for the identifiers an administrator gives a data source (数据源): table and column names
 * become PostgreSQL identifiers, so the screens and the server check them with these same rules.
 * A name that passes is still quoted by the query builder; the rules keep names readable,
 * portable and clear of what the platform itself uses.
 */

/** PostgreSQL's reserved key words (those that cannot be a table or column name unquoted). */
export const RESERVED_WORDS: ReadonlySet<string> = new Set([
  'all', 'analyse', 'analyze', 'and', 'any', 'array', 'as', 'asc', 'asymmetric', 'authorization', 'binary', 'both', 'case', 'cast',
  'check', 'collate', 'collation', 'column', 'concurrently', 'constraint', 'create', 'cross', 'current_catalog', 'current_date',
  'current_role', 'current_schema', 'current_time', 'current_timestamp', 'current_user', 'default', 'deferrable', 'desc', 'distinct',
  'do', 'else', 'end', 'except', 'false', 'fetch', 'for', 'foreign', 'freeze', 'from', 'full', 'grant', 'group', 'having', 'ilike', 'in',
  'initially', 'inner', 'intersect', 'into', 'is', 'isnull', 'join', 'lateral', 'leading', 'left', 'like', 'limit', 'localtime',
  'localtimestamp', 'natural', 'not', 'notnull', 'null', 'offset', 'on', 'only', 'or', 'order', 'outer', 'overlaps', 'placing', 'primary',
  'references', 'returning', 'right', 'select', 'session_user', 'similar', 'some', 'symmetric', 'system_user', 'table', 'tablesample',
  'then', 'to', 'trailing', 'true', 'union', 'unique', 'user', 'using', 'variadic', 'verbose', 'when', 'where', 'window', 'with',
]);

/** Columns every business table has (managed by the engine) and PostgreSQL's own hidden columns. */
export const SYSTEM_DB_COLUMNS: ReadonlySet<string> = new Set([
  'id', 'org_id', 'group_id', 'status', 'enabled', 'deleted', 'created_by', 'created_by_name', 'created_at', 'updated_by', 'updated_at',
  'version', 'oid', 'tableoid', 'xmin', 'xmax', 'cmin', 'cmax', 'ctid',
]);

/** Prefixes of the platform's own tables and PostgreSQL's catalogue. */
export const PLATFORM_PREFIXES = ['sys_', 'cg_', 'pg_', 'auth_', 'kysely_'] as const;

/** PostgreSQL truncates identifiers longer than this many bytes. */
export const MAX_IDENTIFIER_BYTES = 63;

const SNAKE = /^[a-z][a-z0-9]*(_[a-z][a-z0-9]*)*$/;

const byteLength = (s: string) => new TextEncoder().encode(s).length;

/**
 * Why a table or column name is refused, or null when it is fine: lower-case snake case (a letter
 * first, single underscores each followed by a letter), at most 63 bytes (less `reserve` for a
 * suffix the engine adds, e.g. `_py`), not a reserved word; a column not a system column, a table
 * not a platform table.
 */
export function identifierProblem(name: string, kind: 'table' | 'column', reserve = 0): string | null {
  if (!name) return '不能为空';
  if (byteLength(name) > MAX_IDENTIFIER_BYTES - reserve) return `长度不能超过 ${MAX_IDENTIFIER_BYTES - reserve} 字节`;
  if (!SNAKE.test(name)) return '须为小写字母开头的下划线命名（小写字母、数字，单个下划线后接字母）';
  if (RESERVED_WORDS.has(name)) return `${name} 是 PostgreSQL 保留字`;
  if (kind === 'column' && SYSTEM_DB_COLUMNS.has(name)) return `${name} 是系统列`;
  if (kind === 'table') {
    const prefix = PLATFORM_PREFIXES.find((p) => name.startsWith(p));
    if (prefix) return `${prefix}开头的是平台表`;
  }
  return null;
}

/** `plate_number` → `plateNumber` (the field name templates and the API use for a column). */
export function camelCase(snake: string): string {
  return snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}
