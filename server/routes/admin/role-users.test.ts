import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from '../../../tests/server/support/test-app';

interface Node { key: string; title: string; children?: Node[] }
interface MenuNode { title: string; children: MenuNode[] }
const titles = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children)]);

describe.each(DATABASES)('分配用户 of a role on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let ids: Record<string, number>;
  let weigherRole: number;
  let outsider: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    const { db } = t.database;
    ids = Object.fromEntries((await db.selectFrom('sysUser').select(['id', 'username']).execute()).map((u) => [u.username, u.id]));
    weigherRole = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'weigher').executeTakeFirstOrThrow()).id;
    // a user of another group, in a company of that group
    const group = await db.insertInto('sysGroup').values({ groupCode: 'OTHER', groupName: '其他集团' }).returning('id').executeTakeFirstOrThrow();
    const org = await db.insertInto('sysOrg').values({ groupId: group.id, orgCode: 'OTH', orgName: '其他公司' }).returning('id').executeTakeFirstOrThrow();
    outsider = (await db.insertInto('sysUser').values({ username: 'outsider', realName: '外人', passwordHash: 'x', groupId: group.id, email: 'outsider@other.example.com' })
      .returning('id').executeTakeFirstOrThrow()).id;
    await db.insertInto('sysUserOrg').values({ userId: outsider, orgId: org.id }).execute();
    await db.insertInto('sysUserRole').values({ userId: outsider, roleId: weigherRole }).execute();
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('answers the role\'s users of the caller\'s group and the group\'s companies with their users, each user once', async () => {
    const res = (await call('GET', `/api/sys-role/${weigherRole}/users`)).json();
    expect(res.success).toBe(true);
    expect(res.data.userIds).toEqual([ids.weigher, ids.newuser].sort((a, b) => a - b));
    const tree = res.data.tree as Node[];
    expect(tree.map((n) => n.title)).toEqual(['东方能源有限公司', '华北钢铁有限公司', '西部煤业有限公司']);
    const under = (company: number) => (tree[company].children ?? []).map((l) => l.title);
    expect(under(0)).toEqual(expect.arrayContaining(['张司磅（weigher）', '王财务（finance）', '系统管理员（admin）']));
    expect(under(1)).toEqual(['系统管理员（admin）', '王财务（finance）']);
    // a user of two companies shows under both, with keys naming the user and the company
    const leaves = tree.flatMap((n) => n.children ?? []);
    expect(leaves.filter((l) => l.key.startsWith(`${ids.finance}@`))).toHaveLength(2);
    expect(leaves.map((l) => l.key.split('@')[0])).not.toContain(String(outsider));
    expect(new Set(leaves.map((l) => l.key)).size).toBe(leaves.length);
  });

  it('replaces the role\'s users of the group in one go; the assigned user gets the role\'s menus and loses them again', async () => {
    const assayer = await t.login('assayer');
    const menus = async () => titles((await call('GET', '/api/sys-menu/list', undefined, assayer.access)).json().data);
    expect(await menus()).not.toContain('称重');
    const res = await call('PUT', `/api/sys-role/${weigherRole}/users`, { userIds: [ids.weigher, ids.assayer] });
    expect(res.json()).toMatchObject({ success: true, msg: '分配成功' });
    expect((await call('GET', `/api/sys-role/${weigherRole}/users`)).json().data.userIds).toEqual([ids.weigher, ids.assayer].sort((a, b) => a - b));
    // newuser lost the role, the other group's user kept it
    const holders = (await t.database.db.selectFrom('sysUserRole').select('userId').where('roleId', '=', weigherRole).execute()).map((r) => r.userId);
    expect(holders.sort((a, b) => a - b)).toEqual([ids.weigher, ids.assayer, outsider].sort((a, b) => a - b));
    // the refreshed session of the assayer has the weigher's menus
    const refreshed = await t.token({ grant_type: 'refresh_token', refresh_token: assayer.refresh });
    const access = refreshed.json().access_token as string;
    expect(titles((await call('GET', '/api/sys-menu/list', undefined, access)).json().data)).toContain('称重');

    expect((await call('PUT', `/api/sys-role/${weigherRole}/users`, { userIds: [ids.weigher, ids.newuser] })).json().success).toBe(true);
    expect(titles((await call('GET', '/api/sys-menu/list', undefined, access)).json().data)).not.toContain('称重');
  });

  it('refuses unknown users and users of another group, naming them, and changes nothing', async () => {
    const bad = await call('PUT', `/api/sys-role/${weigherRole}/users`, { userIds: [ids.weigher, 999999] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ success: false, msg: '用户不存在：999999', data: { field: 'userIds' } });
    expect((await call('PUT', `/api/sys-role/${weigherRole}/users`, { userIds: [outsider] })).json()).toMatchObject({ msg: `用户不存在：${outsider}` });
    expect((await call('GET', `/api/sys-role/${weigherRole}/users`)).json().data.userIds).toEqual([ids.weigher, ids.newuser].sort((a, b) => a - b));
    expect((await call('PUT', `/api/sys-role/${weigherRole}/users`, { userIds: ['x'] })).statusCode).toBe(400);
    expect((await call('PUT', '/api/sys-role/999999/users', { userIds: [] })).statusCode).toBe(404);
    expect((await call('GET', '/api/sys-role/999999/users')).statusCode).toBe(404);
  });

  it('needs sys_role_users, and a non-administrator may not hand out a role beyond their own permissions', async () => {
    const weigher = (await t.login('weigher')).access;
    expect((await call('GET', `/api/sys-role/${weigherRole}/users`, undefined, weigher)).statusCode).toBe(403);
    expect((await call('PUT', `/api/sys-role/${weigherRole}/users`, { userIds: [ids.weigher] }, weigher)).statusCode).toBe(403);

    const { db } = t.database;
    const menu = (uuid: string) => db.selectFrom('sysMenu').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    for (const uuid of ['sys_role', 'sys_role_users']) await db.insertInto('sysRoleMenu').values({ roleId: weigherRole, menuId: (await menu(uuid)).id }).execute();
    const granted = (await t.login('weigher')).access;
    expect((await call('GET', `/api/sys-role/${weigherRole}/users`, undefined, granted)).json().success).toBe(true);
    expect((await call('PUT', `/api/sys-role/${weigherRole}/users`, { userIds: [ids.weigher, ids.newuser] }, granted)).json()).toMatchObject({ success: true });
    const adminRole = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'admin').executeTakeFirstOrThrow()).id;
    const escalate = await call('PUT', `/api/sys-role/${adminRole}/users`, { userIds: [ids.admin, ids.weigher] }, granted);
    expect(escalate.statusCode).toBe(403);
    expect(escalate.json().msg).toBe('不能分配权限超出自己权限的角色');
  });
});
