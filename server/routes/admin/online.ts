import type { FastifyInstance } from 'fastify';
import { caller } from '../../http/auth-hook';
import { badRequest, notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { listRequestSchema, pageOf, whereSearch, type ColumnSpec, type ListRequest } from '../../http/list-query';
import { idParams, page } from './common';

const COLUMNS: Record<string, ColumnSpec> = {
  username: { ref: 'u.username', type: 'text' },
  realName: { ref: 'u.realName', type: 'text' },
  ip: { ref: 's.ip', type: 'text' },
};

export async function onlineAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  app.post<{ Body: ListRequest }>('/sys-online/list', {
    config: { permission: 'sys_online_view', noOperationLog: true },
    schema: { tags: ['admin'], summary: '在线用户（未退出、未过期的会话）', body: listRequestSchema },
  }, async (request) => {
    const auth = caller(request);
    const { ps, offset } = pageOf(request.body);
    const now = app.svc.clock();
    const base = db.selectFrom('authSession as s').innerJoin('sysUser as u', 'u.id', 's.userId').leftJoin('sysOrg as o', 'o.id', 's.orgId')
      .where('s.revokedAt', 'is', null).where('s.expiresAt', '>', now)
      .where((eb) => whereSearch(eb, request.body.search, COLUMNS));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base.select(['s.id', 'u.id as userId', 'u.username', 'u.realName', 'o.orgName', 's.ip', 's.userAgent', 's.clientId', 's.createdAt', 's.lastSeenAt'])
      .orderBy('s.lastSeenAt', 'desc').orderBy('s.id', 'desc').limit(ps).offset(offset).execute();
    return ok(page(rows.map((r) => ({ ...r, current: r.id === auth.sessionId })), total.n));
  });

  app.post<{ Params: { id: number } }>('/sys-online/forceOut/:id', {
    config: { permission: 'sys_online_force', title: '强制下线' },
    schema: { tags: ['admin'], summary: '强制下线（该会话下一次请求得到 401：您已被管理员强制下线，请重新登录）', params: idParams },
  }, async (request) => {
    const auth = caller(request);
    if (request.params.id === auth.sessionId) throw badRequest('不能强制下线自己当前的会话', { field: 'id' });
    const session = await db.selectFrom('authSession').select(['id', 'revokedAt']).where('id', '=', request.params.id).executeTakeFirst();
    if (!session || session.revokedAt) throw notFound('该会话不存在或已下线');
    await app.svc.sessions.revokeSession(session.id, 'FORCED');
    return ok(null, '已强制下线');
  });
}
