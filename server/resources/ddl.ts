import { sql, type Kysely, type RawBuilder } from 'kysely';
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
  const existing = await sql<{ column_name: string }>`select column_name from information_schema.columns where table_schema = current_schema() and table_name = ${def.tableName}`.execute(db);
  const have = new Set(existing.rows.map((r) => r.column_name));
  if (have.size === 0) {
    let create = db.schema.createTable(def.tableName).ifNotExists()
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
    for (const c of def.columns) create = create.addColumn(c.fieldDbName, columnDataType(c));
    await create.execute();
    await db.schema.createIndex(`${def.tableName}_org_idx`).ifNotExists().on(def.tableName).columns(['org_id', 'id desc']).where(sql.ref('deleted'), '=', false).execute();
    await db.schema.createIndex(`${def.tableName}_group_idx`).ifNotExists().on(def.tableName).columns(['group_id', 'id desc']).execute();
    if (def.kind === 'LINE' && def.parentKey) {
      const parentCol = def.columns.find((c) => c.fieldName === def.parentKey)!.fieldDbName;
      await db.schema.createIndex(`${def.tableName}_parent_idx`).ifNotExists().on(def.tableName).column(parentCol).execute();
    }
    return;
  }
  for (const c of def.columns) {
    if (!have.has(c.fieldDbName)) await db.schema.alterTable(def.tableName).addColumn(c.fieldDbName, columnDataType(c)).execute();
  }
}
