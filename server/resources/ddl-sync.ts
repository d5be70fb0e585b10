import { sql, type Kysely } from 'kysely';
import type { ResourceColumn } from '../../src/schema/resource';
import type { Catalogue, Plan } from './ddl-plan';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/** How long a sync waits for a lock on the table before it gives up (rows being written, a long export). */
export const SYNC_LOCK_TIMEOUT = '5s';

/** Most sample rows a blocked change names. */
export const MAX_SAMPLES = 20;

/** The real table as PostgreSQL's catalogue has it (names and format_type() types, index and constraint names). */
export async function readCatalogue(db: AnyDb, table: string): Promise<Catalogue> {
  const columns = await sql<{ name: string; type: string }>`
    select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = ${table} and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
    order by a.attnum`.execute(db);
  const exists = columns.rows.length > 0 || (await sql`select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = current_schema() and c.relname = ${table}`.execute(db)).rows.length > 0;
  const indexes = await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`.execute(db);
  const constraints = await sql<{ name: string }>`
    select con.conname as name from pg_constraint con join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = ${table}`.execute(db);
  return { exists, columns: columns.rows, indexes: indexes.rows.map((r) => r.name), constraints: constraints.rows.map((r) => r.name) };
}

/** A step the data does not allow: how many live rows fail and up to 20 of them. */
export interface Blocked { field: string; problem: string; count: number; samples: { id: number; value: string | null }[] }

/**
 * Runs the checks a plan's steps need against the data: a type change that is not a widening
 * needs every value to convert (counted with cg_convertible, the target type being the server's
 * own mapping), a new unique index needs the live values unique within the scope.
 */
export async function blockedSteps(db: AnyDb, plan: Plan): Promise<Blocked[]> {
  const out: Blocked[] = [];
  const table = plan.tableName;
  for (const step of plan.steps) {
    if (step.convert) {
      const { column, target } = step.convert;
      const failing = sql`${sql.ref(column)} is not null and not cg_convertible(${sql.ref(column)}::text, ${target})`;
      const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${failing}`.execute(db);
      const n = Number(count.rows[0].n);
      if (n > 0) {
        const samples = await sql<{ id: number; value: string | null }>`select id, ${sql.ref(column)}::text as value from ${sql.table(table)} where ${failing} order by id limit ${MAX_SAMPLES}`.execute(db);
        out.push({ field: step.field!, problem: `${n} 行的值不能转换为 ${target}`, count: n, samples: samples.rows.map((r) => ({ id: Number(r.id), value: r.value })) });
      }
    }
    if (step.unique) {
      const { column, scope } = step.unique;
      const dup = await sql<{ id: number; value: string | null; n: string }>`
        select min(id) as id, ${sql.ref(column)}::text as value, count(*) as n from ${sql.table(table)}
        where deleted = false and ${sql.ref(column)} is not null group by ${sql.ref(scope)}, ${sql.ref(column)} having count(*) > 1 order by 1 limit ${MAX_SAMPLES}`.execute(db);
      if (dup.rows.length) {
        const n = dup.rows.reduce((sum, r) => sum + Number(r.n), 0);
        out.push({ field: step.field!, problem: `有重复值，不能设为唯一（${n} 行）`, count: n, samples: dup.rows.map((r) => ({ id: Number(r.id), value: r.value })) });
      }
    }
    if (step.orphans) {
      const { column, parentTable } = step.orphans;
      const orphan = sql`${sql.ref(`t.${column}`)} is not null and not exists (select 1 from ${sql.table(parentTable)} p where p.id = ${sql.ref(`t.${column}`)})`;
      const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} t where ${orphan}`.execute(db);
      const n = Number(count.rows[0].n);
      if (n > 0) {
        const samples = await sql<{ id: number; value: string | null }>`select t.id, ${sql.ref(`t.${column}`)}::text as value from ${sql.table(table)} t where ${orphan} order by t.id limit ${MAX_SAMPLES}`.execute(db);
        out.push({ field: step.field!, problem: `${n} 行的主表记录不存在，不能建外键`, count: n, samples: samples.rows.map((r) => ({ id: Number(r.id), value: r.value })) });
      }
    }
  }
  return out;
}

/**
 * The views (and rules) of the database that read a table: PostgreSQL refuses to change the type of
 * a column a view uses, so a sync names them.
 */
export async function dependentViews(db: AnyDb, table: string): Promise<string[]> {
  const rows = await sql<{ name: string }>`
    select distinct v.relname as name
    from pg_depend d join pg_rewrite r on r.oid = d.objid join pg_class v on v.oid = r.ev_class
    join pg_class t on t.oid = d.refobjid join pg_namespace n on n.oid = t.relnamespace
    where d.classid = 'pg_rewrite'::regclass and n.nspname = current_schema() and t.relname = ${table} and v.oid <> t.oid
    order by 1`.execute(db);
  return rows.rows.map((r) => r.name);
}

/** Runs a plan's statements (inside the caller's transaction, under SYNC_LOCK_TIMEOUT). */
export async function applyPlan(trx: AnyDb, plan: Plan): Promise<void> {
  await sql`select set_config('lock_timeout', ${SYNC_LOCK_TIMEOUT}, true)`.execute(trx);
  for (const statement of plan.steps.flatMap((s) => s.sql)) await sql.raw(statement).execute(trx);
}

/** The live rows holding a value in a column: how many, and the first 20 by id. */
export async function rowsHolding(db: AnyDb, table: string, column: ResourceColumn, nameColumn: ResourceColumn | undefined): Promise<{ count: number; samples: { id: number; name: string }[] }> {
  const count = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column.fieldDbName)} is not null`.execute(db);
  const name = nameColumn ? sql`${sql.ref(nameColumn.fieldDbName)}::text` : sql`id::text`;
  const rows = await sql<{ id: number; name: string | null }>`select id, ${name} as name from ${sql.table(table)} where ${sql.ref(column.fieldDbName)} is not null order by id limit ${MAX_SAMPLES}`.execute(db);
  return { count: Number(count.rows[0].n), samples: rows.rows.map((r) => ({ id: Number(r.id), name: r.name ?? String(r.id) })) };
}
