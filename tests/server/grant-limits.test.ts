import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPermissions } from '../../server/auth/permissions';
import { hashPassword } from '../../server/auth/passwords';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

/**
 * No self-promotion: a user manager without the admin flag hands out only what it holds, and every
 * refusal is in the operation log.
 */
describe.each(DATABASES)('a user manager without the admin flag on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let token: string;
  let manager: number;
  let ids: Record<string, number>;
  let orgs: Record<string, number>;
  let roles: Record<string, number>;
  let menus: Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    const { db } = t.database;
    orgs = Object.fromEntries((await db.selectFrom('sysOrg').select(['id', 'orgName']).execute()).map((o) => [o.orgName, o.id]));
    menus = Object.fromEntries((await db.selectFrom('sysMenu').select(['id', 'uuid']).execute()).map((m) => [m.uuid, m.id]));
    const role = await db.insertInto('sysRole').values({ roleCode: 'user_manager', roleName: '用户管理员' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('sysRoleMenu').values(['sys_user', 'sys_user_add', 'sys_user_edit', 'sys_role', 'sys_role_perm', 'sys_role_users', 'as_warehouse']
      .map((uuid) => ({ roleId: role.id, menuId: menus[uuid] }))).execute();
    manager = (await db.insertInto('sysUser').values({ username: 'manager', realName: '用户管理员', passwordHash: await hashPassword('Demo@2026'), currentOrgId: orgs['东方能源有限公司'] })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('sysUserOrg').values({ userId: manager, orgId: orgs['东方能源有限公司'] }).execute();
    await db.insertInto('sysUserRole').values({ userId: manager, roleId: role.id }).execute();
    ids = Object.fromEntries((await db.selectFrom('sysUser').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
    roles = Object.fromEntries((await db.selectFrom('sysRole').select(['id', 'roleCode']).execute()).map((r) => [r.roleCode, r.id]));
    token = (await t.login('manager')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, as = token) =>
    t.app.inject({ method, url, headers: bearer(as), ...(payload ? { payload } : {}) });
  const userRow = (id: number) => t.database.db.selectFrom('sysUser').select(['admin', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
  const idsOf = async (table: 'sysUserRole' | 'sysUserOrg' | 'sysRoleMenu' | 'sysRoleOrg', key: 'userId' | 'roleId', id: number) => {
    const column = table === 'sysUserRole' ? 'roleId' : table === 'sysUserOrg' || table === 'sysRoleOrg' ? 'orgId' : 'menuId';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the four link tables, named above
    const rows = await (t.database.db as any).selectFrom(table).select(column).where(key, '=', id).orderBy(column).execute();
    return rows.map((r: Record<string, number>) => r[column]) as number[];
  };
  /** The refusal is in the operation log: an error entry of the manager with the refusal's message. */
  const expectLogged = async (title: string, msg: string) => {
    const entries = await t.database.db.selectFrom('sysLog').select(['logType', 'title', 'statusCode', 'exception'])
      .where('userId', '=', manager).where('exception', '=', msg).where('title', '=', title).execute();
    expect(entries).toEqual([{ logType: 'ERROR', title, statusCode: 403, exception: msg }]);
  };
  const refused = async (res: Awaited<ReturnType<typeof call>>, title: string, msg: string) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, msg });
    await expectLogged(title, msg);
  };

  it('holds user management but neither the admin flag nor the log or admin permissions', async () => {
    expect(await userRow(manager)).toMatchObject({ admin: false });
    const held = await loadPermissions(t.database.db, manager, orgs['东方能源有限公司']);
    expect([...held].sort()).toEqual(['as_warehouse_view', 'sys_role_perm', 'sys_role_users', 'sys_role_view', 'sys_user_add', 'sys_user_edit', 'sys_user_view']);
  });

  it('cannot set the admin flag on itself or on a new user; an administrator can', async () => {
    const { version } = await userRow(manager);
    const self = await call('PUT', '/api/sys-user/update', { id: manager, version, realName: '用户管理员', admin: true });
    await refused(self, '修改用户', '只有管理员可以设置管理员标志');
    expect(await userRow(manager)).toEqual({ admin: false, version });

    const created = await call('POST', '/api/sys-user/create', { username: 'sneaky', realName: '新管理员', password: 'Scale#2026', admin: true });
    await refused(created, '新增用户', '只有管理员可以设置管理员标志');
    expect(await t.database.db.selectFrom('sysUser').select('id').where('username', '=', 'sneaky').executeTakeFirst()).toBeUndefined();

    // its own edits without the flag go through; the administrator sets the flag
    expect((await call('PUT', '/api/sys-user/update', { id: manager, version, realName: '用户管理员甲' })).json()).toMatchObject({ success: true });
    const weigher = await userRow(ids.weigher);
    expect((await call('PUT', '/api/sys-user/update', { id: ids.weigher, version: weigher.version, realName: '张司磅', admin: true }, admin)).json().success).toBe(true);
    expect((await userRow(ids.weigher)).admin).toBe(true);
    // nor may the manager clear it again
    const demote = await call('PUT', '/api/sys-user/update', { id: ids.weigher, version: weigher.version + 1, realName: '张司磅', admin: false });
    expect(demote.statusCode).toBe(403);
    expect((await userRow(ids.weigher)).admin).toBe(true);
    await call('PUT', '/api/sys-user/update', { id: ids.weigher, version: weigher.version + 1, realName: '张司磅', admin: false }, admin);
  });

  it('cannot give a user a role beyond its own permissions or a company it does not belong to', async () => {
    const { version } = await userRow(ids.assayer);
    const before = { roles: await idsOf('sysUserRole', 'userId', ids.assayer), orgs: await idsOf('sysUserOrg', 'userId', ids.assayer) };
    expect(before.orgs).not.toContain(orgs['华北钢铁有限公司']);
    expect(await idsOf('sysUserOrg', 'userId', manager)).toEqual([orgs['东方能源有限公司']]);

    const role = await call('PUT', '/api/sys-user/update', { id: ids.assayer, version, realName: '李化验', roleIds: [...before.roles, roles.admin] });
    await refused(role, '修改用户', '不能分配权限超出自己权限的角色');
    const org = await call('PUT', '/api/sys-user/update', { id: ids.assayer, version, realName: '李化验', orgIds: [...before.orgs, orgs['华北钢铁有限公司']] });
    await refused(org, '修改用户', '不能分配自己不属于的公司');
    const create = await call('POST', '/api/sys-user/create', { username: 'weigher9', realName: '新司磅', password: 'Scale#2026', roleIds: [roles.weigher] });
    expect(create.statusCode).toBe(403);
    expect(create.json().msg).toBe('不能分配权限超出自己权限的角色');
    expect({ roles: await idsOf('sysUserRole', 'userId', ids.assayer), orgs: await idsOf('sysUserOrg', 'userId', ids.assayer) }).toEqual(before);

    // roles and companies the user already has may stay while the manager edits the rest
    const kept = await call('PUT', '/api/sys-user/update', { id: ids.assayer, version, realName: '李化验员', roleIds: before.roles, orgIds: before.orgs });
    expect(kept.json()).toMatchObject({ success: true });
    // a role within the manager's permissions, in its company, may be given
    const mine = await call('POST', '/api/sys-user/create', { username: 'manager2', realName: '第二管理员', password: 'Scale#2026', roleIds: [roles.user_manager], orgIds: [orgs['东方能源有限公司']] });
    expect(mine.json()).toMatchObject({ success: true });
  });

  it('cannot add roles or companies to its own account, through the user form or a role\'s users', async () => {
    const { version } = await userRow(manager);
    const own = await call('PUT', '/api/sys-user/update', { id: manager, version, realName: '用户管理员', roleIds: [roles.user_manager, roles.assayer] });
    await refused(own, '修改用户', '不能给自己增加角色或公司');
    expect(await idsOf('sysUserRole', 'userId', manager)).toEqual([roles.user_manager]);

    const holders = (await t.database.db.selectFrom('sysUserRole').select('userId').where('roleId', '=', roles.weigher).execute()).map((r) => r.userId);
    const viaRole = await call('PUT', `/api/sys-role/${roles.weigher}/users`, { userIds: [...holders, manager] });
    expect(viaRole.statusCode).toBe(403);
    expect(await idsOf('sysUserRole', 'userId', manager)).toEqual([roles.user_manager]);
  });

  it('cannot grant a role a menu, button or permission key it lacks, nor a company it does not belong to (分配权限)', async () => {
    const held = await loadPermissions(t.database.db, manager, orgs['东方能源有限公司']);
    expect(held.has('sys_log_view')).toBe(false);
    const current = await idsOf('sysRoleMenu', 'roleId', roles.weigher);
    const menu = await call('PUT', '/api/sys-role/menu', { roleId: roles.weigher, menuIds: [...current, menus.sys_log] });
    await refused(menu, '分配角色菜单', '不能分配自己没有的菜单或权限');
    const button = await call('PUT', '/api/sys-role/menu', { roleId: roles.weigher, menuIds: [...current, menus.sys_user_del] });
    expect(button.json().msg).toBe('不能分配自己没有的菜单或权限');
    expect(await idsOf('sysRoleMenu', 'roleId', roles.weigher)).toEqual(current);

    const org = await call('PUT', '/api/sys-role/orgs', { roleId: roles.weigher, orgIds: [orgs['华北钢铁有限公司']] });
    await refused(org, '分配角色公司', '不能分配自己不属于的公司');
    expect(await idsOf('sysRoleOrg', 'roleId', roles.weigher)).toEqual([]);

    // what the manager holds it may grant, keeping what the role already had
    const ok = await call('PUT', '/api/sys-role/menu', { roleId: roles.weigher, menuIds: [...current, menus.as_warehouse] });
    expect(ok.json()).toMatchObject({ success: true });
    expect(await idsOf('sysRoleMenu', 'roleId', roles.weigher)).toEqual([...current, menus.as_warehouse].sort((a, b) => a - b));
  });
});
