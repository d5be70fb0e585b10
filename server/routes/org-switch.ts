import type { FastifyInstance } from 'fastify';
import { caller } from '../http/auth-hook';
import { AppError, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { listRequestSchema, pageOf, sortOf, whereSearch, type ColumnSpec, type ListRequest } from '../http/list-query';

const ORG_COLUMNS: Record<string, ColumnSpec> = {
  orgCode: { ref: 'o.orgCode', type: 'text' },
  orgName: { ref: 'o.orgName', type: 'text' },
  id: { ref: 'o.id', type: 'number' },
};

export async function orgSwitchRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: ListRequest }>('/sys-user-org/currentOrgs', {
    config: { noOperationLog: true },
    schema: { tags: ['session'], summary: '当前用户可切换的公司（分页、按编码/名称模糊查询）', body: listRequestSchema },
  }, async (request) => {
    const auth = caller(request);
    const { db } = app.svc;
    const { ps, offset } = pageOf(request.body);
    const sort = sortOf(request.body, ORG_COLUMNS);
    const base = db
      .selectFrom('sysUserOrg as uo')
      .innerJoin('sysOrg as o', 'o.id', 'uo.orgId')
      .where('uo.userId', '=', auth.userId)
      .where('o.enabled', '=', true)
      .where((eb) => whereSearch(eb, request.body.search, ORG_COLUMNS));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let q = base.select(['o.id', 'o.orgCode', 'o.orgName', 'o.groupId as pkGroup']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- refs come from ORG_COLUMNS
    for (const s of sort) q = q.orderBy(s.ref as any, s.dir);
    const rows = await q.orderBy('o.id').limit(ps).offset(offset).execute();
    return ok({ list: rows.map((r) => ({ ...r, selected: r.id === auth.orgId })), total: Number(total.n) });
  });

  app.post<{ Params: { id: number } }>('/switchOrg/:id', {
    config: { title: '切换公司' },
    schema: {
      tags: ['session'], summary: '切换当前公司（本次会话的令牌随即带上新公司）',
      params: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const auth = caller(request);
    const { db, sessions } = app.svc;
    const org = await db
      .selectFrom('sysUserOrg as uo')
      .innerJoin('sysOrg as o', 'o.id', 'uo.orgId')
      .select(['o.id', 'o.orgName', 'o.enabled'])
      .where('uo.userId', '=', auth.userId)
      .where('o.id', '=', request.params.id)
      .executeTakeFirst();
    if (!org) throw notFound('您不属于该公司，无法切换');
    if (!org.enabled) throw new AppError(400, '该公司已停用，无法切换');
    if (org.id === auth.orgId) throw new AppError(400, '现在所使用的就是当前公司！', 'SAME_ORG');
    await sessions.setSessionOrg(auth.sessionId, org.id);
    await db.updateTable('sysUser').set({ currentOrgId: org.id }).where('id', '=', auth.userId).execute();
    return ok({ currentOrg: org.id, currentOrgName: org.orgName }, '切换成功');
  });
}
