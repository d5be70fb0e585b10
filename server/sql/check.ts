import { loadModule, parseSync } from 'libpg-query';
import { BUILTIN_SQL_PARAMS, positionAt, scanSqlParams, SQL_PARAM_TYPES, SqlParamError, type SqlParamDecl, type SqlPosition } from '../../src/schema/sql-params';

/**
 * The check of a SQL data source's statement, by PostgreSQL's own grammar (libpg-query: the
 * server's parser compiled to WebAssembly, no native addon). Whatever the parse tree holds must be
 * on an allow-list — node kinds, tables, functions, cast types — so something the grammar can
 * express that we did not think of is refused, not let through. A refusal names the clause, table or
 * function and where it is (line and column as the editor counts them).
 *
 * This is the first line. The second is how the statement runs (run.ts): read-only, as a role that
 * may only SELECT business tables, under row-level security by organisation.
 */

export class SqlCheckError extends Error {
  constructor(message: string, readonly position: SqlPosition | null) { super(message); }
}

let ready: Promise<void> | null = null;
/** Loads the parser (once); checkSql needs it loaded. */
export function sqlParserReady(): Promise<void> {
  ready ??= loadModule();
  return ready;
}

export interface CheckOptions {
  /** Tables the author may read (published data-source tables its role may view). */
  tables: ReadonlySet<string>;
  /** Declared parameters (the built-in ones are always there). */
  declared?: readonly SqlParamDecl[];
  /** Most rows a constant generate_series may make. */
  maxSeriesRows?: number;
}

export interface CheckedSql {
  /** The statement with `$n` placeholders, as parsed. */
  text: string;
  /** Pieces of `text` around the placeholders, and the parameter name at each (for binding). */
  parts: string[];
  uses: string[];
  /** The distinct parameter names. */
  names: string[];
  /** The tables it reads. */
  tables: string[];
  /** Maps an offset in `text` to one in the statement as written. */
  original(offset: number): number;
}

/** Functions a statement may call (lower case). Anything else — pg_sleep, set_config, lo_*, dblink… — is refused. */
export const ALLOWED_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates
  'count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every',
  'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp', 'percentile_cont', 'percentile_disc', 'mode',
  // window functions
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  // numbers
  'abs', 'round', 'trunc', 'ceil', 'ceiling', 'floor', 'sign', 'mod', 'power', 'sqrt', 'div',
  // text
  'lower', 'upper', 'length', 'char_length', 'character_length', 'substr', 'substring', 'btrim', 'ltrim', 'rtrim',
  'concat', 'concat_ws', 'replace', 'left', 'right', 'lpad', 'rpad', 'position', 'strpos', 'split_part', 'reverse', 'initcap', 'translate',
  'to_char', 'to_number', 'to_date', 'to_timestamp',
  // dates
  'date_trunc', 'date_part', 'extract', 'age', 'now', 'make_date', 'make_timestamp', 'make_interval', 'justify_days', 'justify_hours',
  'date_bin', 'isfinite', 'timezone', 'overlaps',
  // rows and arrays
  'generate_series', 'unnest', 'array_length', 'cardinality',
]);

/** Functions that make rows: their arguments must be constants, and the count is capped. */
const ROW_GENERATORS = new Set(['generate_series']);

/** Types a value may be cast to. */
const ALLOWED_TYPES = new Set([
  'int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint', 'numeric', 'decimal', 'float4', 'float8', 'real', 'double precision',
  'text', 'varchar', 'bpchar', 'char', 'character', 'character varying', 'date', 'timestamp', 'timestamptz', 'time', 'timetz', 'interval', 'bool', 'boolean',
]);

/** Parse-tree node kinds a SELECT may hold. Anything else is refused by name. */
const ALLOWED_NODES = new Set([
  'SelectStmt', 'ResTarget', 'ColumnRef', 'A_Star', 'String', 'Integer', 'Float', 'Boolean', 'A_Const', 'RangeVar', 'RangeSubselect',
  'RangeFunction', 'JoinExpr', 'A_Expr', 'BoolExpr', 'FuncCall', 'TypeCast', 'SortBy', 'ParamRef', 'CommonTableExpr', 'SubLink',
  'CaseExpr', 'CaseWhen', 'CoalesceExpr', 'MinMaxExpr', 'NullTest', 'BooleanTest', 'A_Indirection', 'A_Indices', 'A_ArrayExpr',
  'RowExpr', 'WindowDef', 'List', 'GroupingSet', 'SQLValueFunction', 'NamedArgExpr', 'Alias', 'TypeName', 'BitString',
]);

const DATE_VALUE_FUNCTIONS = new Set([
  'SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIME', 'SVFOP_CURRENT_TIME_N', 'SVFOP_CURRENT_TIMESTAMP', 'SVFOP_CURRENT_TIMESTAMP_N',
  'SVFOP_LOCALTIME', 'SVFOP_LOCALTIME_N', 'SVFOP_LOCALTIMESTAMP', 'SVFOP_LOCALTIMESTAMP_N',
]);

/** Table names never readable, whatever the allow-list says: platform, token and log tables. */
export const PLATFORM_TABLE = /^(sys_|cg_|pg_|auth_|kysely_|resource_generation)|token|(^|_)log(_|$)|session|captcha|idempot/;

const STATEMENT_WORDS: Record<string, string> = {
  InsertStmt: 'INSERT', UpdateStmt: 'UPDATE', DeleteStmt: 'DELETE', MergeStmt: 'MERGE', CopyStmt: 'COPY', DoStmt: 'DO',
  LockStmt: 'LOCK', VariableSetStmt: 'SET', CallStmt: 'CALL', ExplainStmt: 'EXPLAIN', TruncateStmt: 'TRUNCATE', TransactionStmt: 'BEGIN/COMMIT',
  CreateStmt: 'CREATE', DropStmt: 'DROP', AlterTableStmt: 'ALTER', GrantStmt: 'GRANT', ExecuteStmt: 'EXECUTE', PrepareStmt: 'PREPARE',
  CreateTableAsStmt: 'CREATE TABLE AS', ListenStmt: 'LISTEN', NotifyStmt: 'NOTIFY', DeclareCursorStmt: 'DECLARE', VacuumStmt: 'VACUUM',
};

const clauseWord = (kind: string) => STATEMENT_WORDS[kind] ?? kind.replace(/Stmt$/, '').toUpperCase();

type Node = Record<string, unknown>;

/** The kind and body of a parse-tree node ({ SelectStmt: {...} }), or null for a plain object. */
function kindOf(value: unknown): [string, Node] | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const keys = Object.keys(value);
  if (keys.length !== 1 || !/^[A-Z]/.test(keys[0])) return null;
  return [keys[0], (value as Node)[keys[0]] as Node];
}

const names = (list: unknown): string[] => (Array.isArray(list) ? list.map((x) => String(((x as Node).String as Node | undefined)?.sval ?? '')) : []);

function constantNumber(node: unknown): number | null {
  const k = kindOf(node);
  if (!k) return null;
  const [kind, body] = k;
  if (kind === 'A_Const') {
    const ival = body.ival as Node | undefined;
    if (ival) return Number(ival.ival ?? 0);
    const fval = body.fval as Node | undefined;
    if (fval) return Number(fval.fval);
    return null;
  }
  if (kind === 'TypeCast') return constantNumber(body.arg);
  if (kind === 'A_Expr' && names(body.name)[0] === '-' && !body.lexpr) {
    const v = constantNumber(body.rexpr);
    return v === null ? null : -v;
  }
  return null;
}

const isConstant = (node: unknown): boolean => {
  const k = kindOf(node);
  if (!k) return false;
  const [kind, body] = k;
  if (kind === 'A_Const') return true;
  if (kind === 'TypeCast') return isConstant(body.arg);
  if (kind === 'A_Expr' && !body.lexpr) return isConstant(body.rexpr);
  return false;
};

/** Byte offsets (libpg-query's locations) to character offsets of the parsed text. */
function byteToChar(text: string): (bytes: number) => number {
  const ends: number[] = [];
  let bytes = 0;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    for (let u = 0; u < ch.length; u += 1) ends.push(bytes);
  }
  return (at: number) => {
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] <= at) lo = mid + 1; else hi = mid;
    }
    return lo;
  };
}

/**
 * Checks a statement and answers it with its parameters as placeholders; throws SqlCheckError
 * naming why and where. Call sqlParserReady() once before.
 */
export function checkSql(source: string, options: CheckOptions): CheckedSql {
  const declared = options.declared ?? [];
  const typeOf = (name: string): string | null => {
    if ((BUILTIN_SQL_PARAMS as readonly string[]).includes(name)) return 'bigint';
    const d = declared.find((p) => p.name === name);
    return d ? SQL_PARAM_TYPES[d.type] : null;
  };
  const at = (offset: number | null) => (offset === null ? null : positionAt(source, offset));
  if (!source.trim()) throw new SqlCheckError('SQL 不能为空', null);
  let scan;
  try {
    scan = scanSqlParams(source, typeOf);
  } catch (error) {
    if (error instanceof SqlParamError) throw new SqlCheckError(error.message, at(error.offset));
    throw error;
  }
  const toChar = byteToChar(scan.text);
  const where = (location: unknown) => (typeof location === 'number' && location >= 0 ? at(scan.original(toChar(location))) : null);
  const refuse = (message: string, location?: unknown): never => { throw new SqlCheckError(message, where(location)); };

  let tree: { stmts?: { stmt?: unknown; stmt_location?: number }[] };
  try {
    tree = parseSync(scan.text);
  } catch (error) {
    const details = (error as { sqlDetails?: { cursorPosition?: number } }).sqlDetails;
    const cursor = details?.cursorPosition;
    const raw = (error as Error).message;
    const near = /^syntax error at or near "(.*)"$/.exec(raw);
    const message = near ? `SQL 语法错误：在 "${near[1]}" 附近` : raw === 'syntax error at end of input' ? 'SQL 语法错误：语句不完整' : `SQL 语法错误：${raw}`;
    throw new SqlCheckError(message, typeof cursor === 'number' && cursor >= 0 ? at(scan.original(cursor)) : null);
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length === 0) refuse('SQL 不能为空');
  if (stmts.length > 1) {
    // the second statement where its first word is (its location starts right after the semicolon)
    const from = toChar(stmts[1].stmt_location ?? 0);
    const skipped = scan.text.slice(from).length - scan.text.slice(from).trimStart().length;
    throw new SqlCheckError('只能有一条 SELECT 语句（不允许用分号连接多条语句）', at(scan.original(from + skipped)));
  }
  const top = kindOf(stmts[0].stmt);
  if (!top || top[0] !== 'SelectStmt') refuse(`只允许 SELECT 查询，不允许 ${clauseWord(top?.[0] ?? '?')}`, stmts[0].stmt_location ?? 0);

  const maxSeries = options.maxSeriesRows ?? 100_000;
  const read = new Set<string>();

  /** Walks a node with the CTE names in scope. `near` is the nearest location seen (for nodes without one). */
  const walk = (value: unknown, ctes: ReadonlySet<string>, near: unknown): void => {
    if (Array.isArray(value)) { for (const v of value) walk(v, ctes, near); return; }
    if (!value || typeof value !== 'object') return;
    const k = kindOf(value);
    if (!k) {
      // a plain object (an unwrapped TypeName, Alias, the value of a constant): its fields
      const plain = value as Node;
      const loc = typeof plain.location === 'number' ? plain.location : near;
      if (Array.isArray(plain.names) && 'typemod' in plain) checkType(plain, loc);
      for (const v of Object.values(plain)) walk(v, ctes, loc);
      return;
    }
    const [kind, body] = k;
    const loc = typeof body.location === 'number' && body.location >= 0 ? body.location : near;
    if (!ALLOWED_NODES.has(kind)) {
      if (kind.endsWith('Stmt')) refuse(`只允许 SELECT 查询，不允许 ${clauseWord(kind)}`, loc);
      refuse(`不支持的 SQL 语法（${kind}）`, loc);
    }
    switch (kind) {
      case 'SelectStmt': return selectStmt(body, ctes, loc);
      case 'RangeVar': return rangeVar(body, ctes, loc);
      case 'FuncCall': funcCall(body, loc); break;
      case 'A_Expr': {
        const op = names(body.name);
        if (op.length !== 1) refuse(`不允许带模式名的运算符 OPERATOR(${op.join('.')})`, loc);
        break;
      }
      case 'SQLValueFunction':
        if (!DATE_VALUE_FUNCTIONS.has(String(body.op))) refuse(`不允许使用 ${String(body.op).replace(/^SVFOP_/, '')}`, loc);
        break;
      case 'TypeCast': if (body.typeName) checkType(body.typeName as Node, loc); break;
      case 'ParamRef': break;
      default: break;
    }
    for (const [field, v] of Object.entries(body)) {
      if (kind === 'TypeCast' && field === 'typeName') continue;
      walk(v, ctes, loc);
    }
  };

  const checkType = (typeName: Node, loc: unknown) => {
    const parts = names(typeName.names);
    const name = parts.at(-1) ?? '';
    if ((parts.length > 1 && parts[0] !== 'pg_catalog') || !ALLOWED_TYPES.has(name)) refuse(`不允许转换为类型 ${parts.join('.')}`, typeName.location ?? loc);
  };

  const funcCall = (body: Node, loc: unknown) => {
    const parts = names(body.funcname);
    const name = parts.at(-1)!.toLowerCase();
    const qualified = parts.length > 1 && parts[0] !== 'pg_catalog';
    if (qualified || !ALLOWED_FUNCTIONS.has(name)) refuse(`不允许使用函数 ${parts.join('.')}`, loc);
    if (ROW_GENERATORS.has(name)) {
      const args = (body.args as unknown[] | undefined) ?? [];
      if (!args.every(isConstant)) refuse(`${name} 的参数须为常量`, loc);
      const [from, to, step = 1] = args.map(constantNumber);
      if (from !== null && to !== null && step !== null) {
        const rows = step === 0 ? Infinity : Math.floor((to - from) / step) + 1;
        if (!(rows <= maxSeries)) refuse(`${name} 最多生成 ${maxSeries} 行`, loc);
      }
    }
  };

  const rangeVar = (body: Node, ctes: ReadonlySet<string>, loc: unknown) => {
    const schema = body.schemaname as string | undefined;
    const name = String(body.relname);
    const full = [body.catalogname, schema, name].filter(Boolean).join('.');
    if (!schema && ctes.has(name)) return;
    if (body.catalogname || (schema && schema !== 'public')) refuse(`不允许读取 ${full}`, loc);
    if (PLATFORM_TABLE.test(name) || !options.tables.has(name)) refuse(`不允许读取表 ${full}（只能读取已发布且有权限的数据源表）`, loc);
    read.add(name);
  };

  const selectStmt = (body: Node, outer: ReadonlySet<string>, loc: unknown) => {
    if (body.intoClause) refuse('不允许 SELECT … INTO', (body.intoClause as Node & { rel?: Node }).rel?.location ?? loc);
    if (Array.isArray(body.lockingClause) && body.lockingClause.length) refuse('不允许 FOR UPDATE / FOR SHARE（只读查询）', loc);
    let ctes = outer;
    const withClause = body.withClause as Node | undefined;
    if (withClause) {
      if (withClause.recursive) refuse('不允许递归查询 WITH RECURSIVE', withClause.location ?? loc);
      const scope = new Set(outer);
      for (const item of (withClause.ctes as unknown[]) ?? []) {
        const cte = kindOf(item);
        if (!cte || cte[0] !== 'CommonTableExpr') refuse('WITH 中只允许 SELECT', loc);
        const [, c] = cte!;
        const query = kindOf(c.ctequery);
        if (!query || query[0] !== 'SelectStmt') refuse(`WITH 中只允许 SELECT，不允许 ${clauseWord(query?.[0] ?? '?')}`, c.location ?? loc);
        // a CTE sees the ones before it
        walk(c.ctequery, new Set(scope), c.location ?? loc);
        for (const col of (c.aliascolnames as unknown[]) ?? []) walk(col, scope, loc);
        scope.add(String(c.ctename));
      }
      ctes = scope;
    }
    for (const [field, v] of Object.entries(body)) {
      if (field === 'withClause') continue;
      walk(v, ctes, loc);
    }
  };

  walk(stmts[0].stmt, new Set(), stmts[0].stmt_location ?? 0);
  // the statement without a trailing semicolon or what follows it (it is wrapped in a subquery)
  const stmt = stmts[0] as { stmt_location?: number; stmt_len?: number };
  const end = stmt.stmt_len ? toChar((stmt.stmt_location ?? 0) + stmt.stmt_len) : scan.text.length;
  return { text: scan.text.slice(0, end), parts: scan.parts, uses: scan.uses, names: scan.names, tables: [...read], original: scan.original };
}
