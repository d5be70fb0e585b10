import crypto from 'node:crypto';
import { fillPinyin } from './pinyin';
import { sql, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';

/** The database type of a metadata column (identifiers come only from parsed metadata). */
export function columnDataType(c: ResourceColumn): RawBuilder<unknown> {
  switch (c.fieldType) {
    case 'CHAR': return sql`varchar(${sql.lit(c.length ?? 255)})`;
    case 'NUMBER': return sql`numeric(${sql.lit(c.length ?? 18)}, ${sql.lit(c.scale ?? 0)})`;
    case 'DATE': return sql`timestamptz`;
    case 'BOOLEAN': return sql`boolean`;
    case 'JSON': return sql`jsonb`;
    default: return sql`text`;
  }
}

/**
 * Creates the physical table of a resource, or adds the columns it lacks. Every business table has
 * the system columns: id, org_id, group_id, status, enabled, deleted, created_by(_name),
 * created_at, updated_by, updated_at, version.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata, not by static types
export async function ensureResourceTable(db: Kysely<any>, def: ResourceDefinition): Promise<void> {
  // aliased: a camel-casing plugin on the connection would rename column_name in the answer
  const existing = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = ${def.tableName}`.execute(db);
  const have = new Set(existing.rows.map((r) => r.name));
  if (have.size === 0) {
    let create = withSystemColumns(db.schema.createTable(def.tableName).ifNotExists());
    for (const c of def.columns) create = create.addColumn(c.fieldDbName, columnDataType(c));
    await create.execute();
    await db.schema.createIndex(`${def.tableName}_org_idx`).ifNotExists().on(def.tableName).columns(['org_id', 'id desc']).where(sql.ref('deleted'), '=', false).execute();
    await db.schema.createIndex(`${def.tableName}_group_idx`).ifNotExists().on(def.tableName).columns(['group_id', 'id desc']).execute();
    if (def.kind === 'LINE' && def.parentKey) {
      const parentCol = def.columns.find((c) => c.fieldName === def.parentKey)!.fieldDbName;
      await db.schema.createIndex(`${def.tableName}_parent_idx`).ifNotExists().on(def.tableName).column(parentCol).execute();
    }
  } else {
    for (const c of def.columns) {
      if (!have.has(c.fieldDbName)) await db.schema.alterTable(def.tableName).addColumn(c.fieldDbName, columnDataType(c)).execute();
    }
  }
  await ensureListSupport(db, def);
  await protectForSqlSources(db, def);
  await fillPinyin(db, def);
}

/**
 * What a SQL data source may read of a business table (server/sql): SELECT by the reader role,
 * live rows of the current organisation (or group) only, by row-level security. Idempotent.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
export async function protectForSqlSources(db: Kysely<any>, def: Pick<ResourceDefinition, 'tableName' | 'scope'>): Promise<void> {
  await sql`select cg_sql_reader_protect(${def.tableName}, ${scopeColumn(def as ResourceDefinition)})`.execute(db);
}

/** The column that scopes a resource's rows: org_id, or group_id for group-wide tables. */
export function scopeColumn(def: ResourceDefinition): 'org_id' | 'group_id' {
  return def.scope === 'GROUP' ? 'group_id' : 'org_id';
}

/** An index name made from metadata only; over PostgreSQL's 63 characters it ends in a hash. */
export function indexName(table: string, part: string, suffix: string): string {
  const name = `${table}_${part}_${suffix}`;
  if (name.length <= 63) return name;
  const hash = crypto.createHash('sha1').update(name).digest('hex').slice(0, 8);
  return `${name.slice(0, 63 - suffix.length - 10)}_${hash}_${suffix}`;
}

/** A list-template field as far as indexes care (the published JSON of a LIST template). */
interface ListField { fieldName: string; customTable?: string | null; isortField?: boolean; iallowQuery?: boolean }

const SYSTEM_DATES: Record<string, string> = { createdAt: 'created_at', updatedAt: 'updated_at' };

/**
 * Which columns of a resource get list indexes, decided by its published LIST templates (what
 * users can actually sort and quick-search by) and the column types:
 * - sort: fields marked `isortField` whose column is a DATE or NUMBER (incl. createdAt and
 *   updatedAt) — btree (scope, column, id) over live rows, so a sorted page walks an index;
 *   text, enum and boolean sorts are not indexed (rare, or too few distinct values to help);
 * - search: fields marked `iallowQuery` whose column is CHAR or TXT — trigram GIN over live rows
 *   for `like` (ilike '%…%'), which the quick-search box sends.
 * Fields of another table and calculated fields are ignored.
 */
export function listIndexColumns(def: ResourceDefinition, templates: { customTable?: string | null; listSubList?: ListField[] | null }[]): { sort: string[]; search: string[] } {
  const sort = new Set<string>();
  const search = new Set<string>();
  for (const t of templates) {
    for (const f of t.listSubList ?? []) {
      if ((f.customTable ?? t.customTable) !== def.tableName) continue;
      const column = def.columns.find((c) => c.fieldName === f.fieldName);
      if (f.isortField) {
        if (column && (column.fieldType === 'DATE' || column.fieldType === 'NUMBER')) sort.add(column.fieldDbName);
        else if (SYSTEM_DATES[f.fieldName]) sort.add(SYSTEM_DATES[f.fieldName]);
      }
      if (f.iallowQuery && column && (column.fieldType === 'CHAR' || column.fieldType === 'TXT')) search.add(column.fieldDbName);
    }
  }
  return { sort: [...sort], search: [...search] };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/** Makes sure pg_trgm is installed; false (with a warning) when the database refuses it. */
export async function ensureTrigram(db: AnyDb, warn: (message: string) => void = console.warn): Promise<boolean> {
  const have = await sql`select 1 from pg_extension where extname = 'pg_trgm'`.execute(db);
  if (have.rows.length) return true;
  // inside a transaction (seed, migration) a refused statement must not abort the whole of it
  const inTransaction = db.isTransaction;
  if (inTransaction) await sql`savepoint ensure_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    if (inTransaction) await sql`release savepoint ensure_trgm`.execute(db);
    return true;
  } catch (error) {
    if (inTransaction) await sql`rollback to savepoint ensure_trgm`.execute(db);
    warn(`pg_trgm is not available (${error instanceof Error ? error.message : String(error)}); like searches run without trigram indexes`);
    return false;
  }
}

/**
 * What the list endpoint relies on, made idempotently (every name comes from metadata):
 * the write-generation trigger, a live-rows index for group-wide tables, and the sort and
 * trigram indexes that the table's published LIST templates call for (see listIndexColumns).
 * Call it again after publishing a LIST template.
 */
export async function ensureListSupport(db: AnyDb, def: ResourceDefinition): Promise<void> {
  const table = def.tableName;
  await sql`create or replace trigger ${sql.id(indexName(table, 'generation', 'trg'))} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function resource_generation_bump()`.execute(db);
  const scope = scopeColumn(def);
  if (scope === 'group_id') {
    await db.schema.createIndex(indexName(table, 'group', 'live_idx')).ifNotExists().on(table).columns(['group_id', 'id desc']).where(sql.ref('deleted'), '=', false).execute();
  }
  const published = await sql<{ published: { customTable?: string | null; listSubList?: ListField[] | null } }>`
    select published from cg_format where custom_table = ${table} and format_type = 'LIST' and published is not null`.execute(db);
  const { sort, search } = listIndexColumns(def, published.rows.map((r) => r.published));
  for (const column of sort) {
    await db.schema.createIndex(indexName(table, column, 'sort_idx')).ifNotExists().on(table).columns([scope, column, 'id']).where(sql.ref('deleted'), '=', false).execute();
  }
  if (search.length && (await ensureTrigram(db))) {
    for (const column of search) {
      await sql`create index if not exists ${sql.id(indexName(table, column, 'trgm_idx'))} on ${sql.table(table)} using gin (${sql.ref(column)} gin_trgm_ops) where deleted = false`.execute(db);
    }
  }
}

/** The system columns every business table has (identity, scope, lifecycle, audit, version): described once. */
export function withSystemColumns<T extends string>(create: CreateTableBuilder<T, never>): CreateTableBuilder<T, never> {
  return create
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('org_id', 'bigint', (c) => c.notNull())
    .addColumn('group_id', 'bigint')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('FREE'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('deleted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_by', 'bigint')
    .addColumn('created_by_name', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_by', 'bigint')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}
