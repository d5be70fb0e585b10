import { describe, expect, it } from 'vitest';
import { DATABASES, bearer, sharedTestApp, type TestApp } from './support/test-app';
import { twinRole, twinUser } from './support/twins';

interface MenuNode { title: string; children: MenuNode[] }
const titles = (nodes: MenuNode[]): string[] => nodes.flatMap((n) => [n.title, ...titles(n.children)]);

describe.each(DATABASES)('roles, menus, organisations and online users on %s', (kind) => {
  // One app for most tests (building one per test took most of this file's time): a test that changes
  // a role's menus or companies changes a twin of the demo role, held by a twin of the demo user, and
  // what it creates has names of its own. The two tests that change what every user sees (they delete
  // a seeded menu, or read the whole operation log) get apps of their own.
  let t: TestApp;
  let admin: string;
  const { ownApp } = sharedTestApp(kind, (app, token) => { t = app; admin = token; });
  let twins = 0;
  /** A twin of the demo role `model` and a user like the demo user of that name holding only it; answers the role's id and the user's name and id. */
  const twinWithRole = async (model: 'weigher' | 'finance') => {
    const n = ++twins;
    const role = await twinRole(t, model, `${model}_${n}`);
    const username = `${model}_${n}`;
    return { role, username, id: await twinUser(t, model, username, [role]) };
  };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const menuId = async (uuid: string) => (await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;

  it('role menus decide the menu tree and the permission-guarded routes', async () => {
    const twin = await twinWithRole('weigher');
    const w = (await t.login(twin.username)).access;
    expect((await call('POST', '/api/sys-user/list', {}, w)).statusCode).toBe(403);
    const weigher = twin.role;
    const current = (await call('GET', `/api/sys-role/menu/${weigher}`)).json().data as number[];
    const res = await call('PUT', '/api/sys-role/menu', { roleId: weigher, menuIds: [...current, await menuId('sys_user')] });
    expect(res.json()).toMatchObject({ success: true });
    expect(titles((await call('GET', '/api/sys-menu/list', undefined, w)).json().data)).toEqual(expect.arrayContaining(['系统管理', '用户管理']));
    expect((await call('POST', '/api/sys-user/list', {}, w)).statusCode).toBe(200);
    expect((await call('PUT', '/api/sys-role/menu', { roleId: weigher, menuIds: [999999] })).json()).toMatchObject({ msg: '菜单不存在：999999' });
  });

  it('the menu generation moves with 菜单管理 and role changes, so a signed-in user reads the new menu without signing in again', async () => {
    const twin = await twinWithRole('weigher');
    const w = (await t.login(twin.username)).access;
    const generation = async () => (await call('GET', '/api/sys-menu/generation', undefined, w)).json().data.generation as number;
    const g0 = await generation();
    expect(await generation()).toBe(g0); // reading changes nothing
    const weigher = twin.role;
    // a new page under 称重作业, granted to the weigher's role
    const parent = (await t.database.db.selectFrom('sysMenu').select('parentId').where('uuid', '=', 'measure_weigh').executeTakeFirstOrThrow()).parentId;
    const created = await call('POST', '/api/sys-menu/create', { title: '地磅巡检', menuType: 'MENU', parentId: parent, urlPath: '/modules/measure/inspection', component: 'views/template/list' });
    expect(created.json(), created.body).toMatchObject({ success: true });
    const g1 = await generation();
    expect(g1).toBeGreaterThan(g0);
    const current = (await call('GET', `/api/sys-role/menu/${weigher}`)).json().data as number[];
    await call('PUT', '/api/sys-role/menu', { roleId: weigher, menuIds: [...current, created.json().data.id] });
    const g2 = await generation();
    expect(g2).toBeGreaterThan(g1);
    // the same token reads the new entry
    expect(titles((await call('GET', '/api/sys-menu/list', undefined, w)).json().data)).toContain('地磅巡检');
    // renaming it moves the generation again
    const info = (await call('GET', `/api/sys-menu/info/${created.json().data.id}`)).json().data;
    await call('PUT', '/api/sys-menu/update', { id: info.id, version: info.version, title: '地磅日检' });
    expect(await generation()).toBeGreaterThan(g2);
    expect(titles((await call('GET', '/api/sys-menu/list', undefined, w)).json().data)).toContain('地磅日检');
    // a business write does not move it
    const g3 = await generation();
    await call('POST', '/api/material/as-vendor/create', { vendorCode: 'GEN01', vendorName: '代数供应商' });
    expect(await generation()).toBe(g3);
  });

  it('a role linked to an organisation grants its menus only there', async () => {
    const twin = await twinWithRole('finance');
    const finance = twin.role;
    const f = await t.login(twin.username);
    const orgs = (await call('GET', '/api/sys-info/me', undefined, f.access)).json().data.orgs as { id: number }[];
    await call('PUT', '/api/sys-role/orgs', { roleId: finance, orgIds: [orgs[1].id] });
    expect(titles((await call('GET', '/api/sys-menu/list', undefined, f.access)).json().data)).not.toContain('采购结算');
    await call('POST', `/api/switchOrg/${orgs[1].id}`, undefined, f.access);
    expect(titles((await call('GET', '/api/sys-menu/list', undefined, f.access)).json().data)).toContain('采购结算');
    expect((await call('GET', `/api/sys-role/orgs/${finance}`)).json().data).toEqual([orgs[1].id]);
  });

  it('creates, updates and deletes roles with the version rule', async () => {
    const created = await call('POST', '/api/sys-role/create', { roleCode: 'gate', roleName: '门岗' });
    const id = created.json().data.id;
    expect((await call('POST', '/api/sys-role/create', { roleCode: 'gate', roleName: '又一个' })).json()).toMatchObject({ msg: '角色编码已存在', data: { field: 'roleCode' } });
    expect((await call('PUT', '/api/sys-role/update', { id, version: 1, roleName: '门卫' })).json().success).toBe(true);
    expect((await call('PUT', '/api/sys-role/update', { id, version: 1, roleName: '过期' })).statusCode).toBe(409);
    expect((await call('GET', `/api/sys-role/detail/${id}`)).json().data).toMatchObject({ roleName: '门卫', version: 2 });
    expect((await call('DELETE', '/api/sys-role/deletes', { ids: [id] })).json().success).toBe(true);
    expect((await call('POST', '/api/sys-role/create', { roleCode: 'bad code!', roleName: 'x' })).statusCode).toBe(400);
  });

  it('keeps organisations that still have users, and creates new ones in a group', async () => {
    const group = (await t.database.db.selectFrom('sysGroup').select('id').executeTakeFirstOrThrow()).id;
    const org = (await call('POST', '/api/sys-org/create', { orgCode: 'NMGT', orgName: '内蒙古钢铁有限公司', groupId: group })).json().data.id;
    expect((await call('POST', '/api/sys-org/list', { search: [{ key: 'orgName', op: 'like', val: '内蒙古' }] })).json().data.total).toBe(1);
    const used = (await t.database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow()).id;
    expect((await call('DELETE', '/api/sys-org/deletes', { ids: [used] })).json().msg).toBe('仍有用户属于该公司，不能删除');
    expect((await call('DELETE', '/api/sys-org/deletes', { ids: [org] })).json().success).toBe(true);
    expect((await call('POST', '/api/sys-org/create', { orgCode: 'X1', orgName: 'x', groupId: 99999 })).json()).toMatchObject({ msg: '集团不存在：99999' });
  });

  it('manages menus: a menu cannot move under itself, and deleting takes its buttons', async () => {
    await ownApp(); // it deletes a seeded page
    const area = await menuId('area_system');
    const page = await menuId('sys_user');
    const info = (await call('GET', `/api/sys-menu/info/${area}`)).json().data;
    const loop = await call('PUT', '/api/sys-menu/update', { id: area, version: info.version, parentId: page });
    expect(loop.json()).toMatchObject({ msg: '不能把菜单移到它自己或它的下级之下' });
    const created = (await call('POST', '/api/sys-menu/create', { parentId: page, menuType: 'BUTTON', title: '导入', permission: 'sys_user_import' })).json().data.id;
    expect((await call('GET', `/api/sys-menu/manage_button_list?menuId=${page}`)).json().data.map((b: { title: string }) => b.title)).toContain('导入');
    expect((await call('DELETE', `/api/sys-menu/${page}`)).json().success).toBe(true);
    expect(await t.database.db.selectFrom('sysMenu').select('id').where('id', '=', created).executeTakeFirst()).toBeUndefined();
  });

  it('lists online users and forces one out; the user’s other session keeps working', async () => {
    const weigher = `weigher_${++twins}`;
    const weigherId = await twinUser(t, 'weigher', weigher);
    const a = await t.login(weigher);
    const b = await t.login(weigher);
    const list = (await call('POST', '/api/sys-online/list', { search: [{ key: 'username', op: 'eq', val: weigher }] })).json().data;
    expect(list.total).toBe(2);
    const meA = (await call('GET', '/api/sys-info/me', undefined, a.access)).json().data;
    expect(meA.username).toBe(weigher);
    const sessionA = (await t.database.db.selectFrom('authSession').select('id').where('userId', '=', weigherId).orderBy('id', 'desc').offset(1).limit(1).executeTakeFirstOrThrow()).id;
    expect((await call('POST', `/api/sys-online/forceOut/${sessionA}`)).json()).toMatchObject({ success: true, msg: '已强制下线' });
    const gone = await call('GET', '/api/sys-info/me', undefined, a.access);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toMatchObject({ code: 'FORCED_OFFLINE', msg: '您已被管理员强制下线，请重新登录' });
    expect((await call('GET', '/api/sys-info/me', undefined, b.access)).statusCode).toBe(200);
    expect((await call('POST', `/api/sys-online/forceOut/${sessionA}`, undefined, b.access)).statusCode).toBe(403);
  });

  it('keeps and shows the operation log, takes client error logs, and edits settings', async () => {
    await ownApp(); // it reads the whole operation log and changes a setting every user reads
    await call('PUT', '/api/sys-setting/update', { paramKey: 'data_desensitization', paramValue: '1' });
    expect((await call('PUT', '/api/sys-setting/update', { paramKey: 'data_desensitization', paramValue: 'yes' })).statusCode).toBe(400);
    expect((await call('POST', '/api/index/getDefineSetVal', { paramName: 'data_desensitization' })).json().data).toBe('1');
    const w = (await t.login('weigher')).access;
    expect((await call('POST', '/api/admin/log/logs', [{ type: 'error', message: 'TypeError: x is undefined', url: '/clouds/index' }], w)).json().success).toBe(true);
    const page = (await call('GET', '/api/admin/log/page?current=1&size=10')).json().data;
    expect(page.records.map((r: { title: string }) => r.title)).toEqual(['error', '修改系统参数', '修改系统参数']);
    expect((await call('GET', '/api/admin/log/page?logType=CLIENT')).json().data.records[0]).toMatchObject({ username: 'weigher', exception: 'TypeError: x is undefined' });
    expect((await call('DELETE', `/api/admin/log/${page.records[0].id}`)).json().success).toBe(true);
    expect((await call('GET', '/api/admin/log/page', undefined, w)).statusCode).toBe(403);
    const logins = (await call('POST', '/api/sys-login-log/list', { search: [{ key: 'username', op: 'eq', val: 'weigher' }] })).json().data;
    expect(logins.list[0]).toMatchObject({ username: 'weigher', success: true });
  });
});
