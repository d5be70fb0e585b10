import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import { AppError, badRequest } from '../http/app-error';
import { lineError, type CheckedLines } from './children';
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

/** Which of the scope's live rows a check counts, when not all: not the row being updated, not the lines a save replaces. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type Counted = (eb: ExpressionBuilder<any, any>) => Expression<SqlBool>;
const exceptRow = (id?: number): Counted | undefined => (id ? (eb) => eb('id', '<>', id) : undefined);

async function refuseTaken(db: AnyDb, def: ResourceDefinition, scope: UniqueScope, keys: ResourceColumn[], values: Record<string, unknown>, counted?: Counted): Promise<void> {
  for (const c of keys) {
    const v = values[c.fieldDbName];
    let q = db.selectFrom(def.tableName).select('id').where(c.fieldDbName, '=', v).where('deleted', '=', false).where(scope.column, '=', scope.id);
    if (counted) q = q.where(counted);
    if (await q.executeTakeFirst()) throw badRequest(`${c.fieldExplain} ${String(v)} 已存在`, { field: c.fieldName });
  }
}

/**
 * Refuses a value of a unique column that a live row of the scope already holds (400 naming the field:
 * `仓库编码 CK01 已存在`); `exceptId` is the row being updated.
 */
export async function assertUnique(db: AnyDb, def: ResourceDefinition, orgId: number, values: Record<string, unknown>, exceptId?: number): Promise<void> {
  const keys = keysOf(def, values);
  if (keys.length) await refuseTaken(db, def, await scopeOf(db, def, orgId), keys, values, exceptRow(exceptId));
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
  await refuseTaken(trx, def, scope, keys, values, exceptRow(exceptId));
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
  await lockValues(trx, def, await scopeOf(trx, def, orgId), c, values);
}

/** lockValue of each of `values` (none, null and repeated ones aside), in one order: sorted as text. */
async function lockValues(trx: AnyDb, def: ResourceDefinition, scope: UniqueScope, c: ResourceColumn, values: readonly unknown[]): Promise<void> {
  const byText = new Map(values.filter((v) => v !== undefined && v !== null).map((v) => [String(v), v]));
  for (const text of [...byText.keys()].sort()) await lockValue(trx, def, scope, c, byText.get(text));
}

/*
 * A line table's unique column (the metadata may declare one; no seeded line table does) is unique as any
 * table's: among the live rows of the line table in the organisation, or the group for a group-wide line
 * table — what the unique index a sync builds holds, (org_id or group_id, column) over the live rows — not
 * only among the lines of one document. The lines a save sends replace the document's lines of their table,
 * so the stored ones it deletes or sets the column of are not counted; one it keeps with its value (sent with
 * its id, without the column) is, as is a line of another document.
 */

/** The column of a line table holding its document's id. */
const parentColumnOf = (line: ResourceDefinition) => line.columns.find((c) => c.fieldName === line.parentKey)!.fieldDbName;

/** `fn`'s refusal as the line's (第 n 行, `children.{table}[i].{field}`). */
async function asLine(line: ResourceDefinition, index: number, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    throw error instanceof AppError ? lineError(line, index, error) : error;
  }
}

/** Two sent lines of one table holding one unique value: the later refused, naming the earlier. */
function refuseRepeated({ line, rows }: CheckedLines[number]): void {
  for (const c of line.columns.filter((col) => col.unique)) {
    const seen = new Map<string, number>();
    for (const r of rows) {
      const v = r.values[c.fieldDbName];
      if (v === undefined || v === null) continue;
      const first = seen.get(String(v));
      if (first !== undefined) throw badRequest(`${line.tableExplain}第 ${r.index + 1} 行：${c.fieldExplain} ${String(v)} 与第 ${first + 1} 行重复`, { field: `children.${line.tableName}[${r.index}].${c.fieldName}` });
      seen.set(String(v), r.index);
    }
  }
}

/**
 * Refuses a unique value of a sent line that another line of the table holds (400 naming the line and the
 * field: 铅封明细第 2 行：铅封号 QF01 已存在, `children.ul_doc_line[1].sealNo`); `docId` is the document
 * being updated.
 */
export async function assertLinesUnique(db: AnyDb, lines: CheckedLines, orgId: number, docId?: number): Promise<void> {
  for (const sent of lines) {
    refuseRepeated(sent);
    const { line, rows } = sent;
    if (!line.columns.some((c) => c.unique)) continue;
    const scope = await scopeOf(db, line, orgId);
    const counted = (c: ResourceColumn): Counted | undefined => {
      if (!docId) return undefined;
      const keeping = rows.filter((r) => r.id !== undefined && r.values[c.fieldDbName] === undefined).map((r) => r.id!);
      return (eb) => (keeping.length ? eb.or([eb(parentColumnOf(line), '<>', docId), eb('id', 'in', keeping)]) : eb(parentColumnOf(line), '<>', docId));
    };
    for (const r of rows) {
      for (const c of keysOf(line, r.values)) await asLine(line, r.index, () => refuseTaken(db, line, scope, [c], r.values, counted(c)));
    }
  }
}

/**
 * assertLinesUnique made one with the save in `trx` (claimUnique for lines): every unique value of the sent
 * lines locked first — the tables by name, each column's values in one order — then checked.
 */
export async function claimLinesUnique(trx: AnyDb, lines: CheckedLines, orgId: number, docId?: number): Promise<void> {
  const sorted = [...lines].filter((l) => l.line.columns.some((c) => c.unique)).sort((a, b) => a.line.tableName.localeCompare(b.line.tableName));
  for (const { line, rows } of sorted) {
    const scope = await scopeOf(trx, line, orgId);
    for (const c of line.columns.filter((col) => col.unique)) await lockValues(trx, line, scope, c, rows.map((r) => r.values[c.fieldDbName]));
  }
  await assertLinesUnique(trx, sorted, orgId, docId);
}

/** A document's unique values, its own and its sent lines' (assertUnique and assertLinesUnique): a save's check. */
export async function assertDocumentUnique(db: AnyDb, def: ResourceDefinition, orgId: number, values: Record<string, unknown>, lines: CheckedLines, exceptId?: number): Promise<void> {
  await assertUnique(db, def, orgId, values, exceptId);
  await assertLinesUnique(db, lines, orgId, exceptId);
}
