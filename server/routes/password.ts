import type { FastifyInstance } from 'fastify';
import { hashPassword, passwordSafetyProblem, verifyPassword } from '../auth/passwords';
import { caller } from '../http/auth-hook';
import { MESSAGES, badRequest, forbidden } from '../http/app-error';
import { failure, ok } from '../http/envelope';

const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
const modifyBody = {
  type: 'object',
  additionalProperties: false,
  required: ['oldPassword', 'newPassword'],
  properties: { oldPassword: { type: 'string', minLength: 1, maxLength: 128 }, newPassword: { type: 'string', minLength: 1, maxLength: 128 } },
} as const;

/** 修改密码 of the signed-in user and the password-safety check; 重置密码 and 解锁 are administration (routes/admin/user-credentials.ts). */
export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const modify = async (request: { params: { id: number }; body: { oldPassword: string; newPassword: string } } & Parameters<typeof caller>[0]) => {
    const auth = caller(request);
    if (request.params.id !== auth.userId) throw forbidden('只能修改自己的密码');
    const { db, sessions } = app.svc;
    const user = await db.selectFrom('sysUser').select(['passwordHash']).where('id', '=', auth.userId).executeTakeFirstOrThrow();
    if (!(await verifyPassword(request.body.oldPassword, user.passwordHash))) throw badRequest('原密码错误', { field: 'oldPassword' });
    const problem = passwordSafetyProblem(request.body.newPassword);
    if (problem) throw badRequest(`新密码不符合要求：${problem}`, { field: 'newPassword' });
    if (request.body.newPassword === request.body.oldPassword) throw badRequest('新密码不能与原密码相同', { field: 'newPassword' });
    await db.updateTable('sysUser')
      .set({ passwordHash: await hashPassword(request.body.newPassword), passwordSafe: true, passwordChangedAt: app.svc.clock(), updatedAt: app.svc.clock() })
      .where('id', '=', auth.userId).execute();
    await sessions.revokeUserSessions(auth.userId, 'PASSWORD_CHANGED');
    return ok(null, '密码修改成功，请重新登录');
  };
  for (const method of ['PUT', 'POST'] as const) {
    for (const url of ['/sys-user/password/modify/:id', '/sys-user/pro/password/modify/:id']) {
      app.route<{ Params: { id: number }; Body: { oldPassword: string; newPassword: string } }>({
        method, url, config: { title: '修改密码', beforePasswordChange: true },
        schema: { tags: ['user'], summary: '修改本人密码（成功后本人所有会话失效）', params: idParams, body: modifyBody },
        handler: modify,
      });
    }
  }

  app.get('/sys-user/pwd/checkSafe', {
    config: { noOperationLog: true, beforePasswordChange: true },
    schema: { tags: ['user'], summary: '当前密码是否安全（初始或被重置的密码须修改）' },
  }, async (request, reply) => {
    const auth = caller(request);
    const user = await app.svc.db.selectFrom('sysUser').select('passwordSafe').where('id', '=', auth.userId).executeTakeFirstOrThrow();
    if (user.passwordSafe) return ok(true);
    return reply.send(failure('PWD_UNSAFE', MESSAGES.pwdUnsafe, false));
  });
}
