import type { FastifyInstance } from 'fastify';
import { hashPassword, passwordSafetyProblem } from '../auth/passwords';
import { badRequest } from '../http/app-error';
import { ok } from '../http/envelope';
import { writeUnlessTaken } from '../http/taken-key';
import { refuseTakenUsername } from './admin/users';

const MOBILE = '^1[3-9]\\d{9}$';

/**
 * /register and /forgetpwd (spec 000 §2.1). A registration makes a disabled account in the chosen
 * company that an administrator enables; a password-recovery request is recorded in the operation
 * log for an administrator to act on. The recovery answers the same whatever exists, so it reveals
 * nothing. A registration does say that a username is taken (用户名已存在) or a company code unknown:
 * the person registering has to choose another, and an answer of success for an account that is never
 * made would leave them waiting for it. Both are rate-limited as sign-in is (bucket `login`), which
 * keeps anyone from trying names in bulk.
 */
export async function selfServiceRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  app.post<{ Body: { username: string; realName: string; mobile: string; password: string; orgCode: string } }>('/sys-user/register', {
    config: { public: true, rateLimitBucket: 'login', noOperationLog: true },
    schema: {
      tags: ['session'], summary: '注册账号（停用状态，管理员审核后启用）',
      body: {
        type: 'object', additionalProperties: false, required: ['username', 'realName', 'mobile', 'password', 'orgCode'],
        properties: {
          username: { type: 'string', minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' },
          realName: { type: 'string', minLength: 1, maxLength: 50 },
          mobile: { type: 'string', pattern: MOBILE },
          password: { type: 'string', minLength: 6, maxLength: 128 },
          orgCode: { type: 'string', minLength: 1, maxLength: 32 },
        },
      },
    },
  }, async (request) => {
    const b = request.body;
    const problem = passwordSafetyProblem(b.password);
    if (problem) throw badRequest(`密码不符合要求：${problem}`, { field: 'password' });
    const org = await db.selectFrom('sysOrg').select(['id', 'groupId']).where('orgCode', '=', b.orgCode.trim()).where('enabled', '=', true).executeTakeFirst();
    if (!org) throw badRequest('公司编码不存在', { field: 'orgCode' });
    const usernameFree = () => refuseTakenUsername(db, b.username);
    await usernameFree();
    await writeUnlessTaken(db, usernameFree, async (trx) => {
      const user = await trx.insertInto('sysUser').values({
        username: b.username, realName: b.realName.trim(), passwordHash: await hashPassword(b.password), passwordSafe: true,
        mobile: b.mobile, enabled: false, currentOrgId: org.id, groupId: org.groupId,
      }).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('sysUserOrg').values({ userId: user.id, orgId: org.id }).execute();
      await trx.insertInto('sysLog').values({
        logType: 'OPERATION', title: '注册账号', bizKey: `sys_user:${user.id}`, action: 'POST', userId: user.id, username: b.username, orgId: org.id,
        ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null, method: 'POST', path: '/api/sys-user/register',
        params: JSON.stringify({ username: b.username, realName: b.realName, mobile: b.mobile, orgCode: b.orgCode }), result: null, exception: null,
        statusCode: 200, executeTime: 0, createdAt: app.svc.clock(),
      }).execute();
    });
    return ok(null, '注册成功，请等待管理员审核启用');
  });

  app.post<{ Body: { username: string; mobile: string } }>('/sys-user/forgetPwd', {
    config: { public: true, rateLimitBucket: 'login', noOperationLog: true },
    schema: {
      tags: ['session'], summary: '找回密码：登记申请，管理员核实后重置',
      body: { type: 'object', additionalProperties: false, required: ['username', 'mobile'], properties: { username: { type: 'string', minLength: 1, maxLength: 32 }, mobile: { type: 'string', pattern: MOBILE } } },
    },
  }, async (request) => {
    const user = await db.selectFrom('sysUser').select(['id', 'username', 'currentOrgId']).where('username', '=', request.body.username.trim()).where('mobile', '=', request.body.mobile).executeTakeFirst();
    if (user) {
      await db.insertInto('sysLog').values({
        logType: 'PASSWORD_RESET_REQUEST', title: '申请重置密码', bizKey: `sys_user:${user.id}`, action: 'POST', userId: user.id, username: user.username,
        orgId: user.currentOrgId, ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null, method: 'POST', path: '/api/sys-user/forgetPwd',
        params: JSON.stringify({ username: user.username }), result: null, exception: null, statusCode: 200, executeTime: 0, createdAt: app.svc.clock(),
      }).execute();
    }
    return ok(null, '申请已提交，管理员核实身份后将为您重置密码');
  });
}
