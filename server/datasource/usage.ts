import { sql, type Kysely } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import type { DB } from '../db/schema';

/** At most this many names in a refusal message; the rest are counted. */
const MAX_NAMED = 10;

/** `a、b、c 等 12 项`: the names a refusal gives. */
export function namesOf(names: string[]): string {
  const shown = names.slice(0, MAX_NAMED).join('、');
  return names.length > MAX_NAMED ? `${shown} 等 ${names.length} 项` : shown;
}

/** Every data source's served and draft metadata (a table not yet synced has only a draft). */
export async function allDefinitions(db: Kysely<DB>): Promise<ResourceDefinition[]> {
  const rows = await db.selectFrom('cgCustomTable').select(['definition', 'draft']).orderBy('id').execute();
  return rows.flatMap((r) => [r.definition, r.draft].filter((d) => d !== null) as ResourceDefinition[]);
}

/** The columns (as `表名称(表).字段名称(列)`) of any data source, synced or draft, that match. */
export async function columnUsers(db: Kysely<DB>, uses: (c: ResourceColumn) => boolean): Promise<string[]> {
  const names = new Set<string>();
  for (const def of await allDefinitions(db)) {
    for (const c of def.columns) if (uses(c)) names.add(`${def.tableExplain}(${def.tableName}).${c.fieldExplain}(${c.fieldDbName})`);
  }
  return [...names];
}

/** How many live rows of the synced tables hold one of these values of an enum, per column. */
export async function enumValueHolders(db: Kysely<DB>, enumCode: string, values: string[]): Promise<string[]> {
  if (!values.length) return [];
  const out: string[] = [];
  const rows = await db.selectFrom('cgCustomTable').select('definition').where('definition', 'is not', null).execute();
  for (const def of rows.map((r) => r.definition as ResourceDefinition)) {
    for (const c of def.columns.filter((x) => x.enumCode === enumCode)) {
      const n = await sql<{ n: string }>`select count(*) as n from ${sql.table(def.tableName)} where deleted = false and ${sql.ref(c.fieldDbName)} in (${sql.join(values)})`.execute(db);
      if (Number(n.rows[0].n) > 0) out.push(`${def.tableExplain}.${c.fieldExplain} ${n.rows[0].n} 行`);
    }
  }
  return out;
}
