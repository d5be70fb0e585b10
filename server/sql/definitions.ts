import type { Kysely } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import type { DB } from '../db/schema';
import { searchKind } from './run';

/** A result column as the SQL source keeps it (name, PostgreSQL type name and oid). */
export interface SourceColumn { name: string; type: string; oid: number }

/**
 * A SQL data source seen as a data source a template may be built on: its result columns are the
 * fields (name as returned, type from the PostgreSQL type). Templates name it by its code in
 * `customTable`, and their list is `/optimus_prime/cg-sql-source/{code}/list`.
 */
export function sqlSourceDefinition(source: { code: string; name: string; resultColumns: unknown }): ResourceDefinition {
  const columns = (Array.isArray(source.resultColumns) ? source.resultColumns : []) as SourceColumn[];
  return {
    tableName: source.code, tableExplain: source.name, module: 'optimus_prime', resource: `cg-sql-source/${source.code}`,
    permissionPrefix: 'custom_table', scope: 'ORG', kind: 'MASTER',
    columns: columns.map((c): ResourceColumn => {
      const kind = searchKind(c.oid);
      return {
        fieldName: c.name, fieldDbName: c.name, fieldExplain: c.name,
        fieldType: kind === 'number' ? 'NUMBER' : kind === 'date' ? 'DATE' : kind === 'boolean' ? 'BOOLEAN' : kind === 'text' ? 'CHAR' : 'TXT',
      } as ResourceColumn;
    }),
  };
}

/** Every SQL source as a data source (for checking templates built on them). */
export async function sqlSourceDefinitions(db: Kysely<DB>): Promise<ResourceDefinition[]> {
  const rows = await db.selectFrom('cgSqlSource').select(['code', 'name', 'resultColumns']).execute();
  return rows.map(sqlSourceDefinition);
}

/** The list URL of a SQL source (a LIST template's resUrl). */
export const sqlSourceListUrl = (code: string) => `/optimus_prime/cg-sql-source/${code}/list`;
