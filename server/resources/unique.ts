import { sql, type Kysely } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import { badRequest } from '../http/app-error';
import { columnDataType, scopeColumn } from './ddl';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/** First key of the advisory locks that serialise the writers of one unique value (the second is a hash of it). */
const UNIQUE_LOCK_SPACE = 0x554b; // 'UK'

/** The rows a unique column is unique among: the organisation's, or the group's for a group-wide table. */
interface UniqueScope { column: 'org_id' | 'group_id'; id: number }

async function scopeOf(db: AnyDb, def: ResourceDefinition, orgId: number): Promise<UniqueScope> {
  const column = scopeColumn(def);
  if (column === 'org_id') return { column, id: orgId };
  const org = (await db.selectFrom('sys_org').select('group_id').where('id', '=', orgId).executeTakeFirstOrThrow()) as unknown as { groupId: number };
  return { column, id: org.groupId };
}

/** The unique columns `values` sets (a null or an absent value is no key). */
const keysOf = (def: ResourceDefinition, values: Record<string, unknown>) =>
  def.columns.filter((c) => c.unique && values[c.fieldDbName] !== undefined && values[c.fieldDbName] !== null);

async function refuseTaken(db: AnyDb, def: ResourceDefinition, scope: UniqueScope, keys: ResourceColumn[], values: Record<string, unknown>, exceptId?: number): Promise<void> {
  for (const c of keys) {
    const v = values[c.fieldDbName];
    let q = db.selectFrom(def.tableName).select('id').where(c.fieldDbName, '=', v).where('deleted', '=', false).where(scope.column, '=', scope.id);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw badRequest(`${c.fieldExplain} ${String(v)} 已存在`, { field: c.fieldName });
  }
}

/**
 * Refuses a value of a unique column that a live row of the scope already holds (400 naming the field:
 * `仓库编码 CK01 已存在`); `exceptId` is the row being updated.
 */
export async function assertUnique(db: AnyDb, def: ResourceDefinition, orgId: number, values: Record<string, unknown>, exceptId?: number): Promise<void> {
  const keys = keysOf(def, values);
  if (keys.length) await refuseTaken(db, def, await scopeOf(db, def, orgId), keys, values, exceptId);
}

/**
 * assertUnique made one with the write that follows it in `trx`: no unique index holds the rule on
 * every table (unique among the live rows of a scope is the metadata's; the built-in tables have no
 * index for it), so each value is locked first — an advisory transaction lock keyed on the table,
 * the column, the scope and the value as the column compares it — and checked after. A request
 * writing the same value holds that lock until it commits: this one waits for it, then its check
 * (a statement after the lock: READ COMMITTED) sees the row and refuses, as the check up front would.
 * Locks are taken in the columns' order, so two writers of several keys never wait for each other's.
 */
export async function claimUnique(trx: AnyDb, def: ResourceDefinition, orgId: number, values: Record<string, unknown>, exceptId?: number): Promise<void> {
  const keys = keysOf(def, values);
  if (!keys.length) return;
  const scope = await scopeOf(trx, def, orgId);
  for (const c of keys) await lockValue(trx, def, scope, c, values[c.fieldDbName]);
  await refuseTaken(trx, def, scope, keys, values, exceptId);
}

/** The advisory transaction lock of one value of a unique column in its scope (claimUnique's key space). */
async function lockValue(trx: AnyDb, def: ResourceDefinition, scope: UniqueScope, c: ResourceColumn, value: unknown): Promise<void> {
  const key = `${def.tableName}.${c.fieldDbName}@${scope.column}=${scope.id}:`;
  // a number or a date as the column holds it ('1.5' and '1.50' are one key); text as it is (a varchar(n) cast would cut it)
  const type = c.fieldType === 'CHAR' ? sql`text` : columnDataType(c);
  await sql`select pg_advisory_xact_lock(${UNIQUE_LOCK_SPACE}, hashtext(${key}::text || cast(${value} as ${type})::text))`.execute(trx);
}

/**
 * Locks `values` of the unique column `fieldName` in `trx` as claimUnique locks them, without the check: for
 * a writer that answers a taken value otherwise than with a 400 (datax updates the row holding it, 编码规则's
 * auto skips it). It reads what it will write after this call: a request writing one of the values commits
 * first, and its row is seen. The values are locked in one order (sorted as text): two such writers of
 * several values queue, never deadlock.
 */
export async function lockUniqueValues(trx: AnyDb, def: ResourceDefinition, orgId: number, fieldName: string, values: readonly unknown[]): Promise<void> {
  const c = def.columns.find((col) => col.fieldName === fieldName && col.unique);
  if (!c) throw new Error(`${def.tableName}.${fieldName} is not a unique column`);
  const scope = await scopeOf(trx, def, orgId);
  const byText = new Map(values.filter((v) => v !== undefined && v !== null).map((v) => [String(v), v]));
  for (const text of [...byText.keys()].sort()) await lockValue(trx, def, scope, c, byText.get(text));
}
