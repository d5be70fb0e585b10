import type { FastifyInstance } from 'fastify';
import { added, assertMayGrantRoles, assertNotOwnGrant } from '../../auth/grant-limits';
import { caller } from '../../http/auth-hook';
import { badRequest, notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { callerGroup, groupPeople, idList, idParams, peopleTree } from './common';

interface RoleUsersBody { userIds: number[] }

/**
 * 分配用户 of a role (spec 000 §6 "roles with their users"): the users of the caller's group under
 * their companies, and which of them hold the role; saving replaces the role's users of that group
 * (users of other groups keep it). Permissions are read from the roles on every request, so a user
 * who gains or loses the role has it, or not, from their next call, and their menus on their next
 * sign-in or token refresh.
 */
export async function roleUserRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  const roleOf = async (id: number) => {
    const role = await db.selectFrom('sysRole').select(['id', 'roleName']).where('id', '=', id).executeTakeFirst();
    if (!role) throw notFound('角色不存在');
    return role;
  };

  app.get<{ Params: { id: number } }>('/sys-role/:id/users', {
    config: { permission: 'sys_role_users', noOperationLog: true },
    schema: { tags: ['admin'], summary: '角色的用户（本集团）：userIds 为已有该角色的用户；tree 为按公司分组的可分配用户，叶子的 key 为 {userId}@{公司 id}（属于多个公司的用户在每个公司下各出现一次）', params: idParams },
  }, async (request) => {
    await roleOf(request.params.id);
    const group = await callerGroup(db, request);
    const { orgs, people } = await groupPeople(db, group);
    const inGroup = people.map((p) => p.id);
    const held = inGroup.length === 0 ? [] : await db.selectFrom('sysUserRole').select('userId')
      .where('roleId', '=', request.params.id).where('userId', 'in', inGroup).orderBy('userId').execute();
    // a user of several companies shows under each: the leaf key is `{userId}@{company}`, what moves is the user
    const tree = peopleTree(orgs, people, (p, orgId) => ({ key: `${p.id}@${orgId ?? 'none'}`, title: `${p.realName}（${p.username}）${p.enabled ? '' : '（已停用）'}` }));
    return ok({ userIds: held.map((r) => r.userId), tree });
  });

  app.put<{ Params: { id: number }; Body: RoleUsersBody }>('/sys-role/:id/users', {
    config: { permission: 'sys_role_users', title: '分配角色用户' },
    schema: {
      tags: ['admin'], summary: '设置角色的用户（整体替换本集团用户；其他集团的用户不变）', params: idParams,
      body: { type: 'object', additionalProperties: false, required: ['userIds'], properties: { userIds: idList } },
    },
  }, async (request) => {
    const roleId = (await roleOf(request.params.id)).id;
    const group = await callerGroup(db, request);
    const ids = [...new Set(request.body.userIds)];
    const auth = caller(request);
    // changing who holds the role needs its permissions; the caller may not add itself
    await assertMayGrantRoles(db, auth, [roleId]);
    const holders = (await db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roleId).execute()).map((r) => r.userId);
    assertNotOwnGrant(auth, auth.userId, added(holders, ids).filter((id) => id === auth.userId));
    await db.transaction().execute(async (trx) => {
      const inGroup = (await groupPeople(trx, group)).people.map((p) => p.id);
      const known = new Set(inGroup);
      // a user of another group is not named as such: to this caller it does not exist
      const unknown = ids.filter((id) => !known.has(id));
      if (unknown.length) throw badRequest(`用户不存在：${unknown.join(', ')}`, { field: 'userIds' });
      if (inGroup.length) await trx.deleteFrom('sysUserRole').where('roleId', '=', roleId).where('userId', 'in', inGroup).execute();
      if (ids.length) await trx.insertInto('sysUserRole').values(ids.map((userId) => ({ roleId, userId }))).execute();
    });
    return ok(null, '分配成功');
  });
}
