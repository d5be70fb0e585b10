import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/app-error';
import { ok } from '../http/envelope';
import { resolveResource, routeParams, scopedRows, type RouteParams } from './list-route';
import { rowColumns } from './columns';
import { requireAction } from './scope';

/** Most nodes a tree answer carries (a category tree, not a data set). */
export const TREE_LIMIT = 5000;

interface TreeNode { id: number; text: string; jsonObject: Record<string, unknown>; children: TreeNode[] }

/**
 * `GET /{module}/{resource}/tree`: a tree resource (one with a parent column in its metadata) as
 * nested nodes `{ id, text, jsonObject, children }`, in the caller's scope — what left trees and
 * tree pickers read (spec 001 §7 "Tree": each node holds jsonObject and children).
 */
export async function treeRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: RouteParams }>('/:module/:resource/tree', {
    config: { noOperationLog: true },
    schema: { tags: ['resource'], summary: '树形资源（按上级字段组成的节点树）', params: routeParams },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'view');
    const parentField = def.treeParentField;
    const parent = parentField ? def.columns.find((c) => c.fieldName === parentField) : undefined;
    if (!parent) throw badRequest(`${def.tableExplain}(${def.tableName}) 不是树形资源`);
    const rows = (await (await scopedRows(app, request, def)).select(rowColumns(def)).orderBy('t.id').limit(TREE_LIMIT + 1).execute()) as Record<string, unknown>[];
    if (rows.length > TREE_LIMIT) throw badRequest(`${def.tableExplain}超过 ${TREE_LIMIT} 个节点，不能作为树读取`);
    // the node's label: its first required text column that is not the parent link
    const label = def.columns.find((c) => c.required && c.fieldType === 'CHAR' && /Name$/.test(c.fieldName))
      ?? def.columns.find((c) => c.fieldType === 'CHAR' && c.fieldName !== parentField);
    // the parent column names its parent by id, or by the parent's unique code
    const code = def.columns.find((c) => c.unique && c.fieldType === 'CHAR');
    const nodes = new Map<string, TreeNode>();
    const byCode = new Map<string, TreeNode>();
    for (const r of rows) {
      const node: TreeNode = { id: r.id as number, text: String(label ? r[label.fieldName] ?? '' : r.id), jsonObject: r, children: [] };
      nodes.set(String(r.id), node);
      if (code && r[code.fieldName] !== null && r[code.fieldName] !== undefined) byCode.set(String(r[code.fieldName]), node);
    }
    const roots: TreeNode[] = [];
    for (const node of nodes.values()) {
      const p = node.jsonObject[parentField!];
      const owner = p === null || p === undefined || p === '' ? undefined : nodes.get(String(p)) ?? byCode.get(String(p));
      if (owner && owner !== node) owner.children.push(node);
      else roots.push(node);
    }
    return ok(roots);
  });
}
