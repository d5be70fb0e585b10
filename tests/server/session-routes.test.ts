import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

interface MenuNode { title: string; urlPath: string | null; children: MenuNode[]; buttonUrls: { permission: string }[] }
const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

describe.each(DATABASES)('session routes on %s', (kind) => {
  // one app for the file: the tests only read, and the one that switches companies does it as a user of its own
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t?.close(); });

  const get = (url: string, access: string) => t.app.inject({ method: 'GET', url, headers: bearer(access) });
  const post = (url: string, access: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: bearer(access), payload });

  it('tells who is signed in, in which organisation and group, with roles and permissions', async () => {
    const s = await t.login('finance');
    const me = (await get('/api/sys-info/me', s.access)).json().data;
    expect(me).toMatchObject({
      username: 'finance', realName: '王财务', admin: false, currentOrgName: '东方能源有限公司', currentGroupName: '演示集团', roles: ['finance'],
    });
    expect(me.orgs.map((o: { orgName: string }) => o.orgName)).toEqual(['东方能源有限公司', '华北钢铁有限公司']);
    expect(me.permissions).toContain('fd_pu_settlement_main_audit');
    expect(me.permissions).not.toContain('sys_user_add');
    const admin = (await get('/api/sys-info/me', (await t.login('admin')).access)).json().data;
    expect(admin.admin).toBe(true);
    expect(admin.orgs).toHaveLength(3);
    expect(admin.permissions).toContain('sys_user_add');
  });

  it('answers each user the menu tree of their roles, with buttons and permission keys', async () => {
    const admin = flatten((await get('/api/sys-menu/list', (await t.login('admin')).access)).json().data);
    expect(admin.map((m) => m.title)).toEqual(expect.arrayContaining(['系统管理', '用户管理', '计量管理', '采购过磅记录']));
    const weigher = (await get('/api/sys-menu/list', (await t.login('weigher')).access)).json().data as MenuNode[];
    expect(weigher.map((m) => m.title)).toEqual(['基础档案', '采购管理', '销售管理', '计量管理']);
    const pu = flatten(weigher).find((m) => m.title === '采购过磅记录')!;
    expect(pu.urlPath).toBe('/modules/measure/mm-pu-weigh');
    expect(pu.buttonUrls.map((b) => b.permission).sort()).toEqual(['mm_pu_weigh_add', 'mm_pu_weigh_edit', 'mm_pu_weigh_export']);
    expect(flatten(weigher).some((m) => m.title === '用户管理')).toBe(false);
  });

  it('lists the companies the user may switch to, marking the current one', async () => {
    const s = await t.login('finance');
    const res = await post('/api/sys-user-org/currentOrgs', s.access, { limit: { pn: 1, ps: 100 } });
    expect(res.json().data).toMatchObject({ total: 2, list: [{ orgName: '东方能源有限公司', selected: true }, { orgName: '华北钢铁有限公司', selected: false }] });
    const filtered = await post('/api/sys-user-org/currentOrgs', s.access, { limit: { pn: 1, ps: 100 }, search: [{ key: 'orgName', op: 'like', val: '华北' }] });
    expect(filtered.json().data.total).toBe(1);
    const bad = await post('/api/sys-user-org/currentOrgs', s.access, { search: [{ key: 'passwordHash', op: 'like', val: 'x' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('不支持的查询字段 passwordHash');
  });

  it('switches the company of the session, and the refreshed token keeps it', async () => {
    // a user of its own with finance's role and companies: the switch is remembered for the next sign-in
    const admin = await t.login('admin');
    const finance = (await get('/api/sys-info/me', (await t.login('finance')).access)).json().data;
    const role = await t.database.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'finance').executeTakeFirstOrThrow();
    const made = await post('/api/sys-user/create', admin.access, {
      username: 'switcher', realName: '切换公司', password: 'Switch#2026', orgIds: finance.orgs.map((o: { id: number }) => o.id), roleIds: [role.id],
    });
    expect(made.json()).toMatchObject({ success: true });
    const s = await t.login('switcher', 'Switch#2026');
    const orgs = (await get('/api/sys-info/me', s.access)).json().data.orgs as { id: number; orgName: string }[];
    const same = await post(`/api/switchOrg/${orgs[0].id}`, s.access);
    expect(same.json()).toMatchObject({ success: false, msg: '现在所使用的就是当前公司！' });
    const res = await post(`/api/switchOrg/${orgs[1].id}`, s.access);
    expect(res.json()).toMatchObject({ success: true, data: { currentOrg: orgs[1].id, currentOrgName: '华北钢铁有限公司' } });
    expect((await get('/api/sys-info/me', s.access)).json().data.currentOrgName).toBe('华北钢铁有限公司');
    const refreshed = (await t.token({ grant_type: 'refresh_token', refresh_token: s.refresh })).json().data;
    expect((await get('/api/sys-info/me', refreshed.access_token)).json().data.currentOrgName).toBe('华北钢铁有限公司');
    // the next sign-in starts in the last company used
    expect((await get('/api/sys-info/me', (await t.login('switcher', 'Switch#2026')).access)).json().data.currentOrgName).toBe('华北钢铁有限公司');
    // finance, whose companies these are, still starts in the first
    expect((await get('/api/sys-info/me', (await t.login('finance')).access)).json().data.currentOrgName).toBe('东方能源有限公司');
  });

  it('refuses to switch to a company the user does not belong to', async () => {
    const admin = await t.login('admin');
    const third = (await get('/api/sys-info/me', admin.access)).json().data.orgs[2].id;
    const w = await t.login('weigher');
    const res = await post(`/api/switchOrg/${third}`, w.access);
    expect(res.statusCode).toBe(404);
    expect((await get('/api/sys-info/me', w.access)).json().data.currentOrgName).toBe('东方能源有限公司');
  });

  it('tells whether the password must be changed', async () => {
    const fresh = await t.login('newuser', '123456');
    expect((await get('/api/sys-user/pwd/checkSafe', fresh.access)).json()).toMatchObject({ success: false, code: 'PWD_UNSAFE' });
    expect((await get('/api/sys-user/pwd/checkSafe', (await t.login('admin')).access)).json()).toMatchObject({ success: true, data: true });
  });

  it('keeps a session with an initial password to the password change until it is changed', async () => {
    const fresh = await t.login('newuser', '123456');
    // what the sign-in and the change need answers such a session
    const me = await get('/api/sys-info/me', fresh.access);
    expect(me.statusCode).toBe(200);
    expect((await get('/api/sys-menu/list', fresh.access)).statusCode).toBe(200);
    expect((await get('/api/sys-menu/generation', fresh.access)).statusCode).toBe(200);
    // precondition: the same list answers newuser's session once the password is changed (below), and another user's now
    const list = (access: string) => t.app.inject({ method: 'POST', url: '/api/measure/mm-pu-weigh/list', headers: { authorization: `Bearer ${access}` }, payload: { limit: { pn: 1, ps: 1 } } });
    expect((await list((await t.login('weigher')).access)).statusCode).toBe(200);
    // everything else is refused, reads and writes alike, with the code the client turns into the change page
    for (const res of [
      await list(fresh.access),
      await get('/api/sys-info/global-config', fresh.access),
      await t.app.inject({ method: 'POST', url: '/api/material/as-vehicle/create', headers: { authorization: `Bearer ${fresh.access}` }, payload: { plateNumber: '晋B99991' } }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 'PWD_UNSAFE', msg: '请修改初始密码！' });
    }
    const id = me.json().data.user;
    const changed = await t.app.inject({ method: 'PUT', url: `/api/sys-user/password/modify/${id}`, headers: { authorization: `Bearer ${fresh.access}` }, payload: { oldPassword: '123456', newPassword: 'Fresh#2026x' } });
    expect(changed.json()).toMatchObject({ success: true });
    const after = await t.login('newuser', 'Fresh#2026x');
    expect((await list(after.access)).statusCode).toBe(200);
  });

  it('reads the desensitisation setting and refuses unknown parameters', async () => {
    const s = await t.login('weigher');
    expect((await post('/api/index/getDefineSetVal', s.access, { paramName: 'data_desensitization' })).json()).toMatchObject({ success: true, data: '0' });
    const bad = await post('/api/index/getDefineSetVal', s.access, { paramName: 'jwt_secret' });
    expect(bad.statusCode).toBe(400);
  });

  it('answers the global configuration with the version code', async () => {
    const res = await get('/api/sys-info/global-config', (await t.login('weigher')).access);
    expect(res.json().data).toMatchObject({ appName: '汽车衡统一管控平台', versionCode: expect.any(String) });
  });
});
