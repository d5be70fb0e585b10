import type { FastifyInstance } from 'fastify';
import type { ResourceDefinition } from '../../src/schema/resource';
import { AppError, badRequest } from '../http/app-error';
import { checkFormRules, checkTableRules, publishedFormFields } from './form-rules';
import { rowValues } from './values';

/** A document's lines as a save checks them: each line like a record of its own table. */
export type CheckedLines = Awaited<ReturnType<typeof checkedChildren>>;

/** Most lines one document may carry in a save. */
export const MAX_LINES = 1000;

/** The line tables of a document (LINE resources naming it as parent). */
export async function lineTablesOf(app: FastifyInstance, def: ResourceDefinition): Promise<ResourceDefinition[]> {
  if (def.kind === 'LINE') return [];
  return (await app.svc.resources.all()).filter((r) => r.kind === 'LINE' && r.parentTable === def.tableName);
}
/** The document's own fields and its `children` (line table name → rows). */
export function splitChildren(body: Record<string, unknown>): { main: Record<string, unknown>; children: Record<string, unknown> | undefined } {
  const { children, ...main } = body;
  if (children === undefined || children === null) return { main, children: undefined };
  if (typeof children !== 'object' || Array.isArray(children)) throw badRequest('children 应为对象（明细表名 → 行）', { field: 'children' });
  return { main, children: children as Record<string, unknown> };
}

/**
 * A refusal of a line as a save answers it: after the line table and the line's number (采购通知单明细第 2 行：…),
 * its field by its path (`children.pu_notice_line[1].planQty`: a document may have a field of the same name, a
 * notice's 计划量 is its lines' sum).
 */
export function lineError(line: ResourceDefinition, index: number, error: AppError): AppError {
  const field = (error.data as { field?: unknown } | null)?.field;
  const data = typeof field === 'string' && !field.startsWith('children.') ? { ...(error.data as object), field: `children.${line.tableName}[${index}].${field}` } : error.data;
  return new AppError(error.statusCode, `${line.tableExplain}第 ${index + 1} 行：${error.message}`, error.code, data);
}

/** Checks every sent line like a record of its own table; the parent link is set by the server. */
export async function checkedChildren(app: FastifyInstance, def: ResourceDefinition, children: Record<string, unknown> | undefined) {
  if (!children) return [];
  const lines = await lineTablesOf(app, def);
  const out: { line: ResourceDefinition; rows: { index: number; id?: number; values: Record<string, unknown> }[] }[] = [];
  for (const [table, rows] of Object.entries(children)) {
    const line = lines.find((l) => l.tableName === table);
    if (!line) throw badRequest(`${def.tableExplain}没有明细表 ${table}`, { field: `children.${table}` });
    if (!Array.isArray(rows)) throw badRequest(`${line.tableExplain}应为行的数组`, { field: `children.${table}` });
    if (rows.length > MAX_LINES) throw badRequest(`${line.tableExplain}最多 ${MAX_LINES} 行`, { field: `children.${table}` });
    const checked = [];
    const lineFields = await publishedFormFields(app.svc.db, line.tableName);
    for (const [index, raw] of rows.entries()) {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badRequest(`${line.tableExplain}第 ${index + 1} 行应为对象`, { field: `children.${table}[${index}]` });
      const { id, version: _version, [line.parentKey!]: _parent, ...fields } = raw as Record<string, unknown>;
      if (id !== undefined && id !== null && !(Number.isSafeInteger(id) && (id as number) > 0)) throw badRequest(`${line.tableExplain}第 ${index + 1} 行的 id 无效`, { field: `children.${table}[${index}].id` });
      try {
        checkFormRules(lineFields, fields, id ? 'update' : 'create');
        checkTableRules(line, fields, undefined, lineFields, app.svc.config.timezone);
        const values = await rowValues(app.svc.db, line, fields, id ? 'update' : 'create');
        checked.push({ index, ...(id ? { id: id as number } : {}), values });
      } catch (error) {
        throw error instanceof AppError ? lineError(line, index, error) : error;
      }
    }
    out.push({ line, rows: checked });
  }
  return out;
}
