import type { FastifyInstance, FastifyRequest } from 'fastify';
import { rolesExceedCaller } from '../../auth/grant-limits';
import { hashPassword, passwordSafetyProblem } from '../../auth/passwords';
import { caller } from '../../http/auth-hook';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { idParams } from './common';

/** What the administrator sends to 重置密码: the new password, and whether the user must change it at the next sign-in. */
export const resetPasswordBody = {
  type: 'object', additionalProperties: false, required: ['password'],
  properties: { password: { type: 'string', minLength: 1, maxLength: 128 }, mustChange: { type: 'boolean', default: true } },
} as const;
interface ResetBody { password: string; mustChange?: boolean }

export const CREDENTIAL_MESSAGES = {
  notFound: '用户不存在',
  adminOnly: '只有管理员可以重置或解锁管理员账号',
  stronger: '不能重置权限超出自己权限的用户的密码',
  self: '不能重置自己的密码，请在个人信息中修改',
  notLocked: '该用户未被锁定',
  resetDone: '密码已重置',
  unlockDone: '解锁成功',
} as const;

/**
 * 重置密码 and 解锁 of 用户管理 (spec 000 §6, §7.2). A caller without the admin flag acts only on
 * users of the organisation they are working in (any other user is "not found") and never on an
 * administrator, so the reset permission cannot take over a stronger account; nor, for the same
 * reason, does it reset the password of a user whose roles grant what the caller lacks.
 */
export async function userCredentialRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  const manageableUser = async (request: FastifyRequest, userId: number) => {
    const auth = caller(request);
    const user = await db.selectFrom('sysUser').select(['id', 'username', 'admin', 'locked']).where('id', '=', userId).executeTakeFirst();
    if (!user) throw notFound(CREDENTIAL_MESSAGES.notFound);
    if (auth.admin) return user;
    const inOrg = auth.orgId === null ? undefined
      : await db.selectFrom('sysUserOrg').select('userId').where('userId', '=', userId).where('orgId', '=', auth.orgId).executeTakeFirst();
    if (!inOrg) throw notFound(CREDENTIAL_MESSAGES.notFound);
    if (user.admin) throw forbidden(CREDENTIAL_MESSAGES.adminOnly);
    return user;
  };

  const reset = async (request: FastifyRequest<{ Params: { id: number }; Body: ResetBody }>) => {
    const auth = caller(request);
    const { id } = request.params;
    if (id === auth.userId) throw badRequest(CREDENTIAL_MESSAGES.self, { field: 'id' });
    await manageableUser(request, id);
    const roles = (await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', id).execute()).map((r) => r.roleId);
    if (await rolesExceedCaller(db, auth, roles)) throw forbidden(CREDENTIAL_MESSAGES.stronger);
    // the same rule as the change-password flow
    const problem = passwordSafetyProblem(request.body.password);
    if (problem) throw badRequest(`新密码不符合要求：${problem}`, { field: 'password' });
    const now = app.svc.clock();
    await db.updateTable('sysUser')
      .set({ passwordHash: await hashPassword(request.body.password), passwordSafe: request.body.mustChange === false, passwordChangedAt: now, updatedAt: now })
      .where('id', '=', id).execute();
    await app.svc.sessions.revokeUserSessions(id, 'PASSWORD_CHANGED');
    return ok(null, CREDENTIAL_MESSAGES.resetDone);
  };
  for (const method of ['PUT', 'POST'] as const) {
    app.route<{ Params: { id: number }; Body: ResetBody }>({
      method, url: '/sys-user/:id/password/reset',
      config: { permission: 'sys_user_reset_pwd', title: '重置密码' },
      schema: {
        tags: ['admin'], params: idParams, body: resetPasswordBody,
        summary: '管理员重置用户密码（与修改密码同样的规则；该用户所有会话失效；mustChange 默认为真：下次登录须修改密码）',
      },
      handler: reset,
    });
  }

  app.post<{ Params: { id: number } }>('/sys-user/unlock/:id', {
    config: { permission: 'sys_user_unlock', title: '解锁用户' },
    schema: { tags: ['admin'], summary: '解锁因连续登录失败被锁定的用户（清除其失败记录）', params: idParams },
  }, async (request) => {
    const user = await manageableUser(request, request.params.id);
    const failures = await app.svc.login.recentFailures(user.username);
    if (!user.locked && failures === 0) throw badRequest(CREDENTIAL_MESSAGES.notLocked, { field: 'id' });
    await app.svc.login.unlock(user.id);
    return ok(null, CREDENTIAL_MESSAGES.unlockDone);
  });
}
