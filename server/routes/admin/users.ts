import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { added, assertMayGrantOrgs, assertMayGrantRoles, assertMaySetAdmin, assertNotOwnGrant } from '../../auth/grant-limits';
import { hashPassword, passwordSafetyProblem } from '../../auth/passwords';
import type { DB } from '../../db/schema';
import { caller } from '../../http/auth-hook';
import { badRequest, notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { writeUnlessTaken } from '../../http/taken-key';
import { listRequestSchema, pageOf, sortOf, whereSearch, type ColumnSpec, type ListRequest } from '../../http/list-query';
import { assertIdsExist, idList, idParams, idsBody, page, staleVersion } from './common';

const COLUMNS: Record<string, ColumnSpec> = {
  id: { ref: 'u.id', type: 'number' },
  username: { ref: 'u.username', type: 'text' },
  realName: { ref: 'u.realName', type: 'text' },
  mobile: { ref: 'u.mobile', type: 'text' },
  email: { ref: 'u.email', type: 'text' },
  enabled: { ref: 'u.enabled', type: 'boolean' },
  locked: { ref: 'u.locked', type: 'boolean' },
  createdAt: { ref: 'u.createdAt', type: 'date' },
};

const userFields = {
  realName: { type: 'string', minLength: 1, maxLength: 50 },
  mobile: { type: ['string', 'null'], pattern: '^(1\\d{10})?$' },
  email: { type: ['string', 'null'], maxLength: 100, pattern: '^([^@\\s]+@[^@\\s]+\\.[^@\\s]+)?$' },
  admin: { type: 'boolean' },
  orgIds: idList,
  roleIds: idList,
} as const;

interface UserBody { realName: string; mobile?: string | null; email?: string | null; admin?: boolean; orgIds?: number[]; roleIds?: number[] }
interface CreateBody extends UserBody { username: string; password: string; initialPassword?: boolean }
interface UpdateBody extends UserBody { id: number; version: number }

/** 用户名已存在 (400 naming the field) when an account has `username`. */
export async function refuseTakenUsername(db: Kysely<DB>, username: string): Promise<void> {
  if (await db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirst()) throw badRequest('用户名已存在', { field: 'username' });
}

export async function userAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  app.post<{ Body: ListRequest }>('/sys-user/list', {
    config: { permission: 'sys_user_view', noOperationLog: true },
    schema: { tags: ['admin'], summary: '用户列表', body: listRequestSchema },
  }, async (request) => {
    const { ps, offset } = pageOf(request.body);
    const sort = sortOf(request.body, COLUMNS);
    const base = db.selectFrom('sysUser as u').where((eb) => whereSearch(eb, request.body.search, COLUMNS));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let q = base.select([
      'u.id', 'u.username', 'u.realName', 'u.mobile', 'u.email', 'u.admin', 'u.enabled', 'u.locked', 'u.lockedAt', 'u.passwordSafe', 'u.createdAt', 'u.version',
      sql<string>`(select string_agg(o.org_name, ',' order by o.id) from sys_user_org uo join sys_org o on o.id = uo.org_id where uo.user_id = u.id)`.as('orgNames'),
      sql<string>`(select string_agg(r.role_name, ',' order by r.id) from sys_user_role ur join sys_role r on r.id = ur.role_id where ur.user_id = u.id)`.as('roleNames'),
    ]);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- refs come from COLUMNS
    for (const s of sort) q = q.orderBy(s.ref as any, s.dir);
    return ok(page(await q.orderBy('u.id').limit(ps).offset(offset).execute(), total.n));
  });

  app.get<{ Params: { id: number } }>('/sys-user/detail/:id', {
    config: { permission: 'sys_user_view' },
    schema: { tags: ['admin'], summary: '用户详情（含所属公司与角色）', params: idParams },
  }, async (request) => {
    const user = await db.selectFrom('sysUser').select(['id', 'username', 'realName', 'mobile', 'email', 'admin', 'enabled', 'locked', 'lockedAt', 'passwordSafe', 'groupId', 'currentOrgId', 'createdAt', 'updatedAt', 'version'])
      .where('id', '=', request.params.id).executeTakeFirst();
    if (!user) throw notFound('用户不存在');
    const orgIds = (await db.selectFrom('sysUserOrg').select('orgId').where('userId', '=', user.id).orderBy('orgId').execute()).map((r) => r.orgId);
    const roleIds = (await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', user.id).orderBy('roleId').execute()).map((r) => r.roleId);
    return ok({ ...user, orgIds, roleIds });
  });

  app.post<{ Body: CreateBody }>('/sys-user/create', {
    config: { permission: 'sys_user_add', title: '新增用户' },
    schema: {
      tags: ['admin'], summary: '新增用户（initialPassword 为真时用户首次登录须修改密码）',
      body: {
        type: 'object', additionalProperties: false, required: ['username', 'realName', 'password'],
        properties: { ...userFields, username: { type: 'string', minLength: 2, maxLength: 32, pattern: '^[A-Za-z0-9_.-]+$' }, password: { type: 'string', minLength: 6, maxLength: 128 }, initialPassword: { type: 'boolean' } },
      },
    },
  }, async (request) => {
    const b = request.body;
    if (!b.initialPassword) {
      const problem = passwordSafetyProblem(b.password);
      if (problem) throw badRequest(`密码不符合要求：${problem}`, { field: 'password' });
    }
    const usernameFree = () => refuseTakenUsername(db, b.username);
    await usernameFree();
    await assertIdsExist(db, 'sysOrg', b.orgIds ?? [], '公司', 'orgIds');
    await assertIdsExist(db, 'sysRole', b.roleIds ?? [], '角色', 'roleIds');
    const auth = caller(request);
    assertMaySetAdmin(auth, false, b.admin);
    await assertMayGrantOrgs(db, auth, added([], b.orgIds ?? []));
    await assertMayGrantRoles(db, auth, added([], b.roleIds ?? []));
    const firstOrg = b.orgIds?.[0] ?? null;
    const group = firstOrg ? await db.selectFrom('sysOrg').select('groupId').where('id', '=', firstOrg).executeTakeFirst() : undefined;
    const id = await writeUnlessTaken(db, usernameFree, async (trx) => {
      const user = await trx.insertInto('sysUser').values({
        username: b.username, realName: b.realName.trim(), passwordHash: await hashPassword(b.password), passwordSafe: !b.initialPassword,
        mobile: b.mobile || null, email: b.email || null, admin: b.admin ?? false, currentOrgId: firstOrg, groupId: group?.groupId ?? null,
      }).returning('id').executeTakeFirstOrThrow();
      if (b.orgIds?.length) await trx.insertInto('sysUserOrg').values([...new Set(b.orgIds)].map((orgId) => ({ userId: user.id, orgId }))).execute();
      if (b.roleIds?.length) await trx.insertInto('sysUserRole').values([...new Set(b.roleIds)].map((roleId) => ({ userId: user.id, roleId }))).execute();
      return user.id;
    });
    return ok({ id }, '新增成功');
  });

  app.put<{ Body: UpdateBody }>('/sys-user/update', {
    config: { permission: 'sys_user_edit', title: '修改用户' },
    schema: {
      tags: ['admin'], summary: '修改用户（带 version 乐观锁；过期的 version 返回 409）',
      body: { type: 'object', additionalProperties: false, required: ['id', 'version', 'realName'], properties: { ...userFields, id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const b = request.body;
    if (b.orgIds) await assertIdsExist(db, 'sysOrg', b.orgIds, '公司', 'orgIds');
    if (b.roleIds) await assertIdsExist(db, 'sysRole', b.roleIds, '角色', 'roleIds');
    const exists = await db.selectFrom('sysUser').select(['id', 'admin']).where('id', '=', b.id).executeTakeFirst();
    if (!exists) throw notFound('用户不存在');
    const auth = caller(request);
    assertMaySetAdmin(auth, exists.admin, b.admin);
    if (!auth.admin) {
      const orgsAdded = b.orgIds ? added((await db.selectFrom('sysUserOrg').select('orgId').where('userId', '=', b.id).execute()).map((r) => r.orgId), b.orgIds) : [];
      const rolesAdded = b.roleIds ? added((await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', b.id).execute()).map((r) => r.roleId), b.roleIds) : [];
      assertNotOwnGrant(auth, b.id, [...orgsAdded, ...rolesAdded]);
      await assertMayGrantOrgs(db, auth, orgsAdded);
      await assertMayGrantRoles(db, auth, rolesAdded);
    }
    await db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('sysUser').set({
        realName: b.realName.trim(), mobile: b.mobile || null, email: b.email || null,
        ...(b.admin === undefined ? {} : { admin: b.admin }), updatedAt: app.svc.clock(), version: sql<number>`version + 1`,
      }).where('id', '=', b.id).where('version', '=', b.version).returning('id').executeTakeFirst();
      if (!updated) throw staleVersion();
      if (b.orgIds) {
        await trx.deleteFrom('sysUserOrg').where('userId', '=', b.id).execute();
        if (b.orgIds.length) await trx.insertInto('sysUserOrg').values([...new Set(b.orgIds)].map((orgId) => ({ userId: b.id, orgId }))).execute();
      }
      if (b.roleIds) {
        await trx.deleteFrom('sysUserRole').where('userId', '=', b.id).execute();
        if (b.roleIds.length) await trx.insertInto('sysUserRole').values([...new Set(b.roleIds)].map((roleId) => ({ userId: b.id, roleId }))).execute();
      }
    });
    return ok(null, '修改成功');
  });

  for (const [action, enabled] of [['enable', true], ['disable', false]] as const) {
    app.post<{ Body: { ids: number[] } }>(`/sys-user/${action}`, {
      config: { permission: 'sys_user_enable', title: enabled ? '启用用户' : '停用用户' },
      schema: { tags: ['admin'], summary: enabled ? '启用用户' : '停用用户（其所有会话立即失效）', body: idsBody },
    }, async (request) => {
      const auth = caller(request);
      if (!enabled && request.body.ids.includes(auth.userId)) throw badRequest('不能停用自己的账号', { field: 'ids' });
      await assertIdsExist(db, 'sysUser', request.body.ids, '用户', 'ids');
      await db.updateTable('sysUser').set({ enabled, updatedAt: app.svc.clock(), version: sql<number>`version + 1` }).where('id', 'in', request.body.ids).execute();
      if (!enabled) for (const id of request.body.ids) await app.svc.sessions.revokeUserSessions(id, 'USER_DISABLED');
      return ok(null, enabled ? '启用成功' : '停用成功');
    });
  }

  app.delete<{ Body: { ids: number[] } }>('/sys-user/deletes', {
    config: { permission: 'sys_user_del', title: '删除用户' },
    schema: { tags: ['admin'], summary: '删除用户（其会话随之删除）', body: idsBody },
  }, async (request) => {
    const auth = caller(request);
    if (request.body.ids.includes(auth.userId)) throw badRequest('不能删除自己的账号', { field: 'ids' });
    await assertIdsExist(db, 'sysUser', request.body.ids, '用户', 'ids');
    await db.deleteFrom('sysUser').where('id', 'in', request.body.ids).execute();
    return ok(null, '删除成功');
  });
}
