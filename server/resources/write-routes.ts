import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition } from '../../src/schema/resource';
import { caller } from '../http/auth-hook';
import { AppError, badRequest, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { routeParams, resolveResource, scopedRows, type RouteParams } from './list-route';
import { currentOrg, requireAction, type ResourceAction } from './scope';
import { checkFormRules } from './form-rules';
import { rowValues } from './values';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Row = Record<string, unknown> & { id: number; status: string; version: number };

const idParams = { ...routeParams, required: ['module', 'resource', 'id'], properties: { ...routeParams.properties, id: { type: 'integer', minimum: 1 } } } as const;
const idsBody = { type: 'object', additionalProperties: false, required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } } } } as const;
const anyBody = { type: 'object', additionalProperties: true } as const;

export const STATUS_LABELS: Record<string, string> = { FREE: '自由', AUDITED: '已审核', OBSOLETE: '已作废' };

/** How a row is named in a message: its first unique column (磅单号 DFNY…), else its id. */
function rowName(def: ResourceDefinition, row: Row): string {
  const key = def.columns.find((c) => c.unique);
  return key && row[key.fieldName] ? `${key.fieldExplain} ${String(row[key.fieldName])}` : `编号 ${row.id}`;
}

async function loadRows(app: FastifyInstance, request: FastifyRequest, def: ResourceDefinition, ids: number[]): Promise<Row[]> {
  const rows = (await (await scopedRows(app, request, def)).selectAll('t').where('t.id', 'in', ids).execute()) as Row[];
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`${def.tableExplain}不存在：${missing.join(', ')}`);
  return rows;
}

async function assertUnique(db: AnyDb, def: ResourceDefinition, orgId: number, values: Record<string, unknown>, exceptId?: number): Promise<void> {
  for (const c of def.columns.filter((x) => x.unique)) {
    const v = values[c.fieldDbName];
    if (v === undefined || v === null) continue;
    let q = db.selectFrom(def.tableName).select('id').where(c.fieldDbName, '=', v).where('deleted', '=', false).where('org_id', '=', orgId);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw badRequest(`${c.fieldExplain} ${String(v)} 已存在`, { field: c.fieldName });
  }
}

/** Lifecycle rules: which status each action needs and what it leaves. */
const TRANSITIONS: Record<string, { from: string[]; to: string; refuse: (status: string) => string }> = {
  audit: { from: ['FREE'], to: 'AUDITED', refuse: (s) => (s === 'OBSOLETE' ? '该单据已作废，不能审核' : '该单据已审核，不能重复审核') },
  mulAudit: { from: ['FREE'], to: 'AUDITED', refuse: (s) => (s === 'OBSOLETE' ? '该单据已作废，不能审核' : '该单据已审核，不能重复审核') },
  mulInit: { from: ['AUDITED'], to: 'FREE', refuse: () => '只有已审核的单据可以弃审' },
  obsolete: { from: ['FREE'], to: 'OBSOLETE', refuse: (s) => (s === 'AUDITED' ? '已审核的单据不能作废，请先弃审' : '该单据已作废') },
  recover: { from: ['OBSOLETE'], to: 'FREE', refuse: () => '只有已作废的单据可以恢复' },
};

/** create, detail/{id}, update, deletes, enable, disable, audit, mulAudit, mulInit, obsolete, recover, copy/{id}. */
export async function writeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.svc.db as AnyDb;

  app.get<{ Params: RouteParams & { id: number } }>('/:module/:resource/detail/:id', {
    schema: { tags: ['resource'], summary: '资源详情（当前公司之外的记录返回 404）', params: idParams },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'view');
    const [row] = await loadRows(app, request, def, [request.params.id]);
    return ok(row);
  });

  app.get<{ Params: RouteParams & { id: number } }>('/:module/:resource/copy/:id', {
    schema: { tags: ['resource'], summary: '复制：返回可作为新记录的字段值（不含系统字段与唯一字段）', params: idParams },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'copy');
    const [row] = await loadRows(app, request, def, [request.params.id]);
    return ok(Object.fromEntries(def.columns.filter((c) => !c.unique).map((c) => [c.fieldName, row[c.fieldName] ?? null])));
  });

  app.post<{ Params: RouteParams; Body: Record<string, unknown> }>('/:module/:resource/create', {
    config: { title: '新增' },
    schema: { tags: ['resource'], summary: '新增（可带 Idempotency-Key 防止重复提交）', params: routeParams, body: anyBody },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'add');
    const auth = caller(request);
    const orgId = currentOrg(request);
    await checkFormRules(app.svc.db, def.tableName, request.body, 'create');
    const values = await rowValues(app.svc.db, def, request.body, 'create');
    await assertUnique(db, def, orgId, values);
    const org = await app.svc.db.selectFrom('sysOrg').select('groupId').where('id', '=', orgId).executeTakeFirstOrThrow();
    const row = await db.insertInto(def.tableName)
      .values({ ...values, org_id: orgId, group_id: org.groupId, created_by: auth.userId, created_by_name: auth.realName, updated_by: auth.userId })
      .returning(['id', 'version']).executeTakeFirstOrThrow();
    return ok(row, '新增成功');
  });

  app.put<{ Params: RouteParams; Body: Record<string, unknown> & { id: number; version: number } }>('/:module/:resource/update', {
    config: { title: '修改' },
    schema: {
      tags: ['resource'], summary: '修改（须带 version；过期的 version 返回 409，数据不变）', params: routeParams,
      body: { type: 'object', additionalProperties: true, required: ['id', 'version'], properties: { id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'edit');
    const auth = caller(request);
    const [row] = await loadRows(app, request, def, [request.body.id]);
    if (def.kind === 'DOCUMENT' && row.status !== 'FREE') throw badRequest(`${rowName(def, row)}：${STATUS_LABELS[row.status] ?? row.status}的单据不能修改`);
    await checkFormRules(app.svc.db, def.tableName, request.body, 'update', row);
    const values = await rowValues(app.svc.db, def, request.body, 'update');
    await assertUnique(db, def, currentOrg(request), values, row.id);
    const updated = await db.updateTable(def.tableName)
      .set({ ...values, updated_by: auth.userId, updated_at: app.svc.clock(), version: sql`version + 1` })
      .where('id', '=', row.id).where('version', '=', request.body.version).returning(['id', 'version']).executeTakeFirst();
    if (!updated) throw new AppError(409, '数据已被他人修改，请刷新后重试', '409');
    return ok(updated, '修改成功');
  });

  app.delete<{ Params: RouteParams; Body: { ids: number[] } }>('/:module/:resource/deletes', {
    config: { title: '删除' },
    schema: { tags: ['resource'], summary: '删除（单据只能删除自由状态的）', params: routeParams, body: idsBody },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'del');
    const rows = await loadRows(app, request, def, request.body.ids);
    const locked = def.kind === 'DOCUMENT' ? rows.find((r) => r.status !== 'FREE') : undefined;
    if (locked) throw badRequest(`${rowName(def, locked)}：${STATUS_LABELS[locked.status] ?? locked.status}的单据不能删除`);
    await db.updateTable(def.tableName).set({ deleted: true, updated_by: caller(request).userId, updated_at: app.svc.clock(), version: sql`version + 1` })
      .where('id', 'in', request.body.ids).execute();
    return ok(null, '删除成功');
  });

  for (const [action, enabled] of [['enable', true], ['disable', false]] as const) {
    app.post<{ Params: RouteParams; Body: { ids: number[] } }>(`/:module/:resource/${action}`, {
      config: { title: enabled ? '启用' : '停用' },
      schema: { tags: ['resource'], summary: enabled ? '启用' : '停用', params: routeParams, body: idsBody },
    }, async (request) => {
      const def = await resolveResource(app, request);
      await requireAction(request, def, action);
      await loadRows(app, request, def, request.body.ids);
      await db.updateTable(def.tableName).set({ enabled, updated_by: caller(request).userId, updated_at: app.svc.clock(), version: sql`version + 1` })
        .where('id', 'in', request.body.ids).execute();
      return ok(null, enabled ? '启用成功' : '停用成功');
    });
  }

  for (const [action, rule] of Object.entries(TRANSITIONS)) {
    app.post<{ Params: RouteParams; Body: { ids: number[] } }>(`/:module/:resource/${action}`, {
      config: { title: { audit: '审核', mulAudit: '批量审核', mulInit: '弃审', obsolete: '作废', recover: '恢复' }[action] },
      schema: { tags: ['resource'], summary: `单据${action}（检查单据状态）`, params: routeParams, body: idsBody },
    }, async (request) => {
      const def = await resolveResource(app, request);
      if (def.kind !== 'DOCUMENT') throw badRequest(`${def.tableExplain}不是单据，没有此操作`);
      await requireAction(request, def, action as ResourceAction);
      const rows = await loadRows(app, request, def, request.body.ids);
      const refused = rows.find((r) => !rule.from.includes(r.status));
      if (refused) throw badRequest(`${rowName(def, refused)}：${rule.refuse(refused.status)}`);
      const changed = await db.updateTable(def.tableName).set({ status: rule.to, updated_by: caller(request).userId, updated_at: app.svc.clock(), version: sql`version + 1` })
        .where('id', 'in', request.body.ids).where('status', 'in', rule.from).returning('id').execute();
      if (changed.length !== rows.length) throw new AppError(409, '数据已被他人修改，请刷新后重试', '409');
      return ok({ count: changed.length }, '操作成功');
    });
  }
}
