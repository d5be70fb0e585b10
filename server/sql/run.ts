import { sql, type Kysely } from 'kysely';
import type { Database, FieldResult } from '../db/database';
import { outsideRequestScope } from '../db/request-transaction';
import { WATCHDOG_CODE } from '../db/pglite-thread';
import { AppError } from '../http/app-error';
import { positionAt, type SqlPosition } from '../../src/schema/sql-params';
import type { CheckedSql } from './check';

/**
 * How a checked SQL source runs — the second line of defence, which holds even if the parser's
 * check missed something:
 * - in a transaction begun READ ONLY and always rolled back, on a connection of its own;
 * - `statement_timeout` and `lock_timeout` set for that transaction (SET LOCAL);
 * - as `cg_sql_reader` (SET LOCAL ROLE): NOLOGIN, SELECT on business tables only, and there only
 *   the live rows of the caller's organisation (row-level security on `app.org` / `app.group`,
 *   which the role cannot change: set_config is not executable by it);
 * - the source's text is wrapped (`select … from (<sql>) q`) with the server's own LIMIT, and sent
 *   as one prepared statement with bound parameters — never through a path that runs several
 *   statements;
 * - the planner's cost estimate for the whole result is read first (EXPLAIN under the same role)
 *   and a statement above the limit is refused before it runs: PGlite ignores statement_timeout;
 *   there a watchdog restarts the database thread as the last resort.
 */

export interface SqlLimits {
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  /** The planner's total cost above which a statement is refused before it runs. */
  maxCost: number;
}

export const DEFAULT_SQL_LIMITS: SqlLimits = { statementTimeoutMs: 5000, lockTimeoutMs: 1000, maxCost: 2_000_000 };

/** Who runs it: the values of :currentOrg, :currentUser, :currentGroup, and the rows RLS lets through. */
export interface SqlCaller { orgId: number; userId: number; groupId: number | null }

/** A statement around the source's text: the text comes between `before` and `after`; parameters after the source's own. */
export interface Wrapped { before: string; after: string; parameters: unknown[] }

export class SqlRunError extends AppError {
  constructor(message: string, readonly position: SqlPosition | null = null) {
    super(400, message, '400', { message, position });
  }
}

/** A refusal of the check as the API answers it: 400 with `{ message, position }`. */
export const refusal = (message: string, position: SqlPosition | null) => new SqlRunError(message, position);

export const TIMEOUT_MESSAGE = (ms: number) => `查询超时（超过 ${ms / 1000} 秒），已中止`;

const TYPE_NAMES: Record<number, string> = {
  16: 'boolean', 18: 'char', 19: 'name', 20: 'bigint', 21: 'smallint', 23: 'integer', 25: 'text', 26: 'oid', 114: 'json', 700: 'real',
  701: 'double precision', 1042: 'character', 1043: 'character varying', 1082: 'date', 1083: 'time', 1114: 'timestamp', 1184: 'timestamptz',
  1186: 'interval', 1700: 'numeric', 3802: 'jsonb', 1000: 'boolean[]', 1005: 'smallint[]', 1007: 'integer[]', 1016: 'bigint[]', 1009: 'text[]',
  1231: 'numeric[]', 1015: 'character varying[]', 2950: 'uuid', 17: 'bytea',
};
export const typeName = (oid: number) => TYPE_NAMES[oid] ?? `oid ${oid}`;

/** How a column of that type is searched (the list's operators). */
export function searchKind(oid: number): 'number' | 'text' | 'boolean' | 'date' | null {
  if ([20, 21, 23, 700, 701, 1700, 26].includes(oid)) return 'number';
  if ([25, 1042, 1043, 19, 18].includes(oid)) return 'text';
  if (oid === 16) return 'boolean';
  if ([1082, 1114, 1184].includes(oid)) return 'date';
  return null;
}

/**
 * The parameter values in `$n` order: the built-ins from the caller (never from the request), the
 * declared ones as given (already checked by the caller of this function).
 */
export function parameterValues(checked: CheckedSql, caller: SqlCaller, values: Readonly<Record<string, unknown>>): unknown[] {
  return checked.names.map((name) => {
    if (name === 'currentOrg') return caller.orgId;
    if (name === 'currentUser') return caller.userId;
    if (name === 'currentGroup') return caller.groupId;
    return values[name] ?? null;
  });
}

/** Renumbers the `$i` placeholders of a compiled piece to follow `shift` earlier parameters. */
export const shiftPlaceholders = (text: string, shift: number) => text.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + shift}`);

export interface RunOutcome { results: FieldResult[]; cost: number; ms: number }

/**
 * Runs statements around a checked source under the restrictions above. `costOf` is the statement
 * whose plan cost is bounded (the whole result); `statements` run after it, in the same transaction.
 */
export async function runGuarded(
  database: Pick<Database, 'readOnly'>, limits: SqlLimits, caller: SqlCaller, checked: CheckedSql, sourceValues: unknown[],
  costOf: Wrapped, statements: Wrapped[], log: (message: string) => void, source: string,
): Promise<RunOutcome> {
  const started = performance.now();
  const textOf = (w: Wrapped) => `${w.before}${checked.text}${w.after}`;
  const paramsOf = (w: Wrapped) => [...sourceValues, ...w.parameters];
  // a PostgreSQL error's position (in the statement sent) back to the source as written
  const positionOf = (w: Wrapped, error: { position?: string | number }) => {
    const at = Number(error.position) - 1 - w.before.length;
    if (!Number.isFinite(at) || at < 0 || at > checked.text.length) return null;
    return positionAt(source, checked.original(at));
  };
  let current: Wrapped = costOf;
  try {
    return await database.readOnly(async (conn) => {
      const ms = limits.statementTimeoutMs;
      await conn.query(
        `select set_config('statement_timeout', $1, true), set_config('lock_timeout', $2, true), set_config('app.org', $3, true),
          set_config('app.group', $4, true), set_config('plan_cache_mode', 'force_custom_plan', true)`,
        [String(ms), String(limits.lockTimeoutMs), String(caller.orgId), caller.groupId === null ? '' : String(caller.groupId)], ms,
      );
      await conn.command('set local role cg_sql_reader');
      const explain = { ...costOf, before: `explain (format json) ${costOf.before}` };
      current = explain;
      const plan = await conn.query(textOf(explain), paramsOf(explain), ms);
      const cost = planCost(plan.rows[0]);
      if (cost > limits.maxCost) {
        throw new SqlRunError(`查询的估计开销 ${Math.round(cost).toLocaleString('en-US')} 超过上限 ${limits.maxCost.toLocaleString('en-US')}，未执行（请缩小范围、加条件或先汇总）`);
      }
      const results: FieldResult[] = [];
      for (const w of statements) {
        current = w;
        results.push(await conn.query(textOf(w), paramsOf(w), ms, () => log(`SQL 数据源查询超过 ${ms} ms，重启嵌入式数据库线程以中止它：${source.slice(0, 500)}`)));
      }
      return { results, cost, ms: Math.round(performance.now() - started) };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const e = error as { code?: string; message?: string; position?: string | number };
    if (e.code === WATCHDOG_CODE || e.code === '57014') throw new SqlRunError(TIMEOUT_MESSAGE(limits.statementTimeoutMs));
    if (e.code === '55P03') throw new SqlRunError('等待锁超时，查询已中止');
    // an error of the statement itself (an unknown column, a division by zero…): said in our words, at its place
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) throw new SqlRunError(statementError(e.code, e.message ?? ''), positionOf(current, e));
    throw error;
  }
}

/**
 * The cost bound is only as good as the planner's statistics, and the embedded database runs no
 * autovacuum: a table never analysed (or changed much since) is analysed before its first use by a
 * SQL source. Table names come from the check's allow-list.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function freshenStatistics(db: Kysely<any>, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  // on its own, never in a request's write transaction (which the read-only run would then wait for)
  await outsideRequestScope(async () => {
  const stale = await sql<{ name: string }>`
    select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_stat_user_tables s on s.relid = c.oid
    where n.nspname = current_schema() and c.relname = any(${[...tables]}::text[])
      and (c.reltuples < 0 or coalesce(s.n_mod_since_analyze, 0) > 1000 + c.reltuples * 0.2)`.execute(db);
  for (const { name } of stale.rows) await sql`analyze ${sql.table(name)}`.execute(db);
  });
}

/** PostgreSQL's error about the author's statement, in the words of the editor (the name it is about kept). */
function statementError(code: string, message: string): string {
  const named = /"([^"]{1,80})"/.exec(message)?.[1];
  const name = named ? ` ${named}` : '';
  switch (code) {
    case '42501': return `没有读取权限${name}`;
    case '42703': return `列${name} 不存在`;
    case '42P01': return `表${name} 不存在`;
    case '42702': return `列${name} 不明确（请加表别名）`;
    case '42803': return `列${name} 须出现在 GROUP BY 中或用于聚合函数`;
    case '42883': return '函数或运算符不存在（参数类型不符？）';
    case '42804': case '42846': return '类型不匹配';
    case '42601': return 'SQL 语法错误';
    case '22P02': case '22007': case '22008': return '值的格式不对';
    case '22012': return '除数为零';
    case '22003': return '数值超出范围';
    case '0A000': return '不支持的 SQL 用法';
    case '25006': return '只读查询，不能修改数据';
    default: return `SQL 执行出错（${code}）`;
  }
}

function planCost(row: Record<string, unknown> | undefined): number {
  const plan = row?.['QUERY PLAN'];
  const parsed = typeof plan === 'string' ? JSON.parse(plan) : plan;
  const top = Array.isArray(parsed) ? parsed[0]?.Plan : undefined;
  const cost = Number(top?.['Total Cost']);
  return Number.isFinite(cost) ? cost : Infinity;
}
