import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import { pinyinColumnOf, pinyinColumns } from './pinyin';
import type { ColumnSpec } from '../http/list-query';

const SYSTEM: Record<string, ColumnSpec> = {
  id: { ref: 't.id', type: 'number' },
  status: { ref: 't.status', type: 'text' },
  enabled: { ref: 't.enabled', type: 'boolean' },
  createdByName: { ref: 't.created_by_name', type: 'text' },
  createdAt: { ref: 't.created_at', type: 'date' },
  updatedAt: { ref: 't.updated_at', type: 'date' },
};

function specOf(c: ResourceColumn): ColumnSpec | null {
  const ref = `t.${c.fieldDbName}`;
  switch (c.fieldType) {
    case 'NUMBER': return { ref, type: 'number' };
    case 'DATE': return { ref, type: 'date' };
    case 'BOOLEAN': return { ref, type: 'boolean' };
    case 'JSON': return null;
    default: return { ref, type: 'text' };
  }
}

/** The searchable and sortable columns of a resource: its own columns plus the system ones. */
export function searchColumns(def: ResourceDefinition): Record<string, ColumnSpec> {
  const out: Record<string, ColumnSpec> = { ...SYSTEM };
  const pinyin = new Set(pinyinColumns(def).map((c) => c.fieldName));
  for (const c of def.columns) {
    const spec = specOf(c);
    if (spec) out[c.fieldName] = pinyin.has(c.fieldName) ? { ...spec, pinyinRef: `t.${pinyinColumnOf(c)}` } : spec;
  }
  return out;
}

/** The engine's own columns of every business table (see ddl.ts). */
const SYSTEM_DB = ['id', 'org_id', 'group_id', 'status', 'enabled', 'deleted', 'created_by', 'created_by_name', 'created_at', 'updated_by', 'updated_at', 'version'];

/**
 * What a row of a resource answers: the system columns, the metadata's columns and their pinyin
 * shadows — never a column the metadata dropped (a tombstone kept in the table) or one added by hand.
 */
export function rowColumns(def: ResourceDefinition, alias = 't'): string[] {
  const own = def.columns.map((c) => c.fieldDbName);
  const shadows = pinyinColumns(def).map(pinyinColumnOf);
  return [...SYSTEM_DB, ...own, ...shadows].map((c) => (alias ? `${alias}.${c}` : c));
}
