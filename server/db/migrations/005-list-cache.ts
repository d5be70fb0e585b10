import { sql, type Kysely } from 'kysely';
import { parseResourceDefinition } from '../../../src/schema/resource';
import { ensureListSupport } from '../../resources/ddl';

/**
 * The per-table write generation that keys the list endpoint's cached totals and page anchors.
 * A statement-level trigger on every resource table bumps it in the writing transaction, so
 * every writer (the API, seeds, imports, another process) invalidates every process's cache.
 * Tables that exist already get the trigger and the list indexes here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table resource_generation (
      table_name text primary key,
      generation bigint not null default 0
    );
    create or replace function resource_generation_bump() returns trigger language plpgsql as $$
    begin
      insert into resource_generation as g (table_name, generation) values (tg_table_name, 1)
        on conflict (table_name) do update set generation = g.generation + 1;
      return null;
    end
    $$;
  `.execute(db);
  const rows = await sql<{ definition: unknown }>`select definition from cg_custom_table order by id`.execute(db);
  for (const row of rows.rows) {
    const def = parseResourceDefinition(row.definition);
    const exists = await sql`select 1 from information_schema.tables where table_schema = current_schema() and table_name = ${def.tableName}`.execute(db);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
    if (exists.rows.length) await ensureListSupport(db as Kysely<any>, def);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists resource_generation_bump() cascade; drop table if exists resource_generation`.execute(db);
}
