import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import { badRequest } from '../http/app-error';
import type { CheckedLines } from './children';
import { scopedRows } from './list-route';

/** One checked row of a save: its table, its values by database column, and how a message and a field name it. */
export interface SavedRow {
  def: ResourceDefinition;
  values: Record<string, unknown>;
  /** Before the message: `采购登记明细第 1 行：`, `第 3 行：` or nothing. */
  where: string;
  /** Before the field name: `children.pu_registry_sub[0].`, `rows[2].` or nothing. */
  path: string;
}

/** The rows of a document save: the document's own values and every sent line. */
export function savedRows(def: ResourceDefinition, values: Record<string, unknown>, lines: CheckedLines): SavedRow[] {
  return [
    { def, values, where: '', path: '' },
    ...lines.flatMap(({ line, rows }) => rows.map((r) => ({
      def: line, values: r.values, where: `${line.tableExplain}第 ${r.index + 1} 行：`, path: `children.${line.tableName}[${r.index}].`,
    }))),
  ];
}

/** The columns of a table that name a row of another (or the same) table; a line's link to its document is the server's. */
const referenceColumns = (def: ResourceDefinition): ResourceColumn[] =>
  def.columns.filter((c) => c.refTable && !(def.kind === 'LINE' && c.fieldName === def.parentKey));

/** A referenced row is named by its id (a number column) or by its table's unique code (存货分类编码). */
const keyOf = (c: ResourceColumn, target: ResourceDefinition | undefined): string =>
  c.fieldType === 'NUMBER' ? 'id' : target?.columns.find((x) => x.unique)?.fieldDbName ?? 'id';

/**
 * Every column whose metadata names a referenced table (`refTable`: noticeId, registryId,
 * assayGroupId, weighId, driverId…) names a row that exists, is not deleted and is one the caller
 * may read there — the scope of that table's list and detail (the current company's rows, the
 * group's for group-wide tables, a line through its document). Anything else is a 400 naming the
 * field, as if the row did not exist: a row of another company is not told apart from a missing one.
 * One query per referenced table, however many rows name it.
 */
export async function refuseForeignReferences(app: FastifyInstance, request: FastifyRequest, rows: SavedRow[]): Promise<void> {
  const wanted = new Map<string, { target?: ResourceDefinition; key: string; values: Set<string> }>();
  const named: { row: SavedRow; column: ResourceColumn; value: string }[] = [];
  for (const row of rows) {
    for (const column of referenceColumns(row.def)) {
      const v = row.values[column.fieldDbName];
      if (v === undefined || v === null) continue;
      const table = column.refTable!;
      if (!wanted.has(table)) {
        const target = await app.svc.resources.byTable(table);
        wanted.set(table, { target, key: keyOf(column, target), values: new Set() });
      }
      const ref = wanted.get(table)!;
      // an id as the database answers it (0012 is 12); what is no id at all is never found
      const value = ref.key === 'id' && /^\d+$/.test(String(v)) ? String(Number(v)) : String(v);
      ref.values.add(value);
      named.push({ row, column, value });
    }
  }
  if (!named.length) return;
  const found = new Map<string, Set<string>>();
  for (const [table, { target, key, values }] of wanted) {
    const keys = key === 'id' ? [...values].filter((v) => /^\d+$/.test(v) && Number.isSafeInteger(Number(v))).map(Number) : [...values];
    // a table the engine does not serve has no scope to check against: nothing in it can be named
    if (!target || !keys.length) { found.set(table, new Set()); continue; }
    const hits = await (await scopedRows(app, request, target)).select(`t.${key} as k`).where(`t.${key}`, 'in', keys).execute() as { k: unknown }[];
    found.set(table, new Set(hits.map((h) => String(h.k))));
  }
  for (const { row, column, value } of named) {
    const table = column.refTable!;
    if (found.get(table)!.has(value)) continue;
    const target = wanted.get(table)!.target;
    const scope = target?.scope === 'GROUP' ? '当前集团' : '当前公司';
    throw badRequest(`${row.where}${column.fieldExplain}(${column.fieldName}) 「${target?.tableExplain ?? table}」不存在或不属于${scope}`, { field: `${row.path}${column.fieldName}` });
  }
}
