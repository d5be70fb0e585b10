import type { FastifyInstance } from 'fastify';
import { loadRoles } from '../auth/permissions';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { userOrgs } from './user-orgs';

export async function sysInfoRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sys-info/me', { config: { beforePasswordChange: true }, schema: { tags: ['session'], summary: '当前用户信息' } }, async (request) => {
    const auth = caller(request);
    const { db } = app.svc;
    const user = await db.selectFrom('sysUser').select(['id', 'username', 'realName', 'avatar', 'admin', 'groupId', 'mobile', 'email'])
      .where('id', '=', auth.userId).executeTakeFirstOrThrow();
    const orgs = await userOrgs(db, auth.userId);
    const current = orgs.find((o) => o.id === auth.orgId) ?? null;
    const groupId = current?.pkGroup ?? user.groupId;
    const group = groupId ? await db.selectFrom('sysGroup').select(['id', 'groupName']).where('id', '=', groupId).executeTakeFirst() : undefined;
    return ok({
      user: user.id,
      username: user.username,
      realName: user.realName,
      avatar: user.avatar,
      mobile: user.mobile,
      email: user.email,
      currentOrg: current?.id ?? null,
      currentOrgName: current?.orgName ?? null,
      currentGroup: group?.id ?? null,
      currentGroupName: group?.groupName ?? null,
      orgs,
      admin: user.admin,
      roles: await loadRoles(db, auth.userId),
      permissions: [...(await request.permissionSet())].sort(),
    });
  });

  app.get('/sys-info/global-config', { schema: { tags: ['session'], summary: '全局配置（含版本号）' } }, async () => {
    return ok({ versionCode: app.svc.config.versionCode, appName: '汽车衡统一管控平台', tokenTime: 6000, database: app.svc.dbKind, devAid: app.svc.config.devAid });
  });

  for (const [method, url] of [['POST', '/base/logout'], ['GET', '/logout']] as const) {
    app.route({
      method,
      url,
      config: { title: '退出登录', beforePasswordChange: true },
      schema: { tags: ['session'], summary: '退出登录（吊销本次会话的全部令牌）' },
      handler: async (request) => {
        const auth = caller(request);
        await app.svc.sessions.revokeSession(auth.sessionId, 'LOGOUT');
        return ok(null, '退出成功');
      },
    });
  }
}
