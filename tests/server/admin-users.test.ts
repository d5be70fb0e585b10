import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';
import { twinUser } from './support/twins';

describe.each(DATABASES)('user administration on %s', (kind) => {
  // one app for the file (building one per test took most of its time): the users a test disables or
  // deletes are twins of the demo users, made by that test; only one test changes a demo user (the
  // assayer's name), and no other reads it. No finance twin: the first test counts the users named 财务.
  let t: TestApp;
  let admin: string;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t?.close(); });
  beforeEach(async () => { admin = (await t.login('admin')).access; });
  let twins = 0;
  /** A new user like the demo user `model`, with the demo password; answers its name and id. */
  const twin = async (model: 'weigher' | 'assayer') => {
    const username = `${model}_${++twins}`;
    return { username, id: await twinUser(t, model, username) };
  };

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const idOf = async (username: string) => (await t.database.db.selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const orgIds = async () => (await t.database.db.selectFrom('sysOrg').select('id').orderBy('id').execute()).map((o) => o.id);

  it('lists users with their companies and roles, searchable, never with a password hash', async () => {
    const res = await call('POST', '/api/sys-user/list', { search: [{ key: 'realName', op: 'like', val: '财务' }], limit: { pn: 1, ps: 10 } });
    const data = res.json().data;
    expect(data.total).toBe(1);
    expect(data.list[0]).toMatchObject({ username: 'finance', orgNames: '东方能源有限公司,华北钢铁有限公司', roleNames: '财务' });
    expect(JSON.stringify(data)).not.toContain('scrypt');
    expect((await call('POST', '/api/sys-user/list', { sort: [{ key: 'password_hash' }] })).statusCode).toBe(400);
  });

  it('creates a user who can sign in, refusing a taken name and unknown companies with the field named', async () => {
    const [org1] = await orgIds();
    const role = (await t.database.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'weigher').executeTakeFirstOrThrow()).id;
    const res = await call('POST', '/api/sys-user/create', { username: 'weigher2', realName: '赵司磅', password: 'Scale#2026', orgIds: [org1], roleIds: [role], mobile: '13812345678' });
    expect(res.json()).toMatchObject({ success: true, msg: '新增成功' });
    const me = (await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer((await t.login('weigher2', 'Scale#2026')).access) })).json().data;
    expect(me).toMatchObject({ realName: '赵司磅', currentOrgName: '东方能源有限公司', roles: ['weigher'] });

    const taken = await call('POST', '/api/sys-user/create', { username: 'weigher2', realName: 'x', password: 'Scale#2026' });
    expect(taken.json()).toMatchObject({ msg: '用户名已存在', data: { field: 'username' } });
    const unknown = await call('POST', '/api/sys-user/create', { username: 'u3', realName: 'x', password: 'Scale#2026', orgIds: [999999] });
    expect(unknown.json()).toMatchObject({ msg: '公司不存在：999999', data: { field: 'orgIds' } });
    const weak = await call('POST', '/api/sys-user/create', { username: 'u4', realName: 'x', password: '1234567' });
    expect(weak.json().data).toEqual({ field: 'password' });
    const mobile = await call('POST', '/api/sys-user/create', { username: 'u5', realName: 'x', password: 'Scale#2026', mobile: '12345' });
    expect(mobile.statusCode).toBe(400);
    expect(mobile.json().msg).toContain('mobile');
  });

  it('an initial password must be changed at first sign-in', async () => {
    await call('POST', '/api/sys-user/create', { username: 'temp1', realName: '临时', password: '123456', initialPassword: true });
    const s = await t.login('temp1', '123456');
    expect((await t.app.inject({ method: 'GET', url: '/api/sys-user/pwd/checkSafe', headers: bearer(s.access) })).json().code).toBe('PWD_UNSAFE');
  });

  it('updates with the version and answers 409 on a stale one, changing nothing', async () => {
    const id = await idOf('assayer');
    const detail = (await call('GET', `/api/sys-user/detail/${id}`)).json().data;
    expect(detail).toMatchObject({ username: 'assayer', version: 1 });
    const first = await call('PUT', '/api/sys-user/update', { id, version: 1, realName: '李化验员' });
    expect(first.json().success).toBe(true);
    const stale = await call('PUT', '/api/sys-user/update', { id, version: 1, realName: '别人的修改' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据已被他人修改，请刷新后重试');
    expect((await call('GET', `/api/sys-user/detail/${id}`)).json().data).toMatchObject({ realName: '李化验员', version: 2 });
  });

  it('disabling a user ends every session at once', async () => {
    const weigher = await twin('weigher');
    const w = await t.login(weigher.username);
    const res = await call('POST', '/api/sys-user/disable', { ids: [weigher.id] });
    expect(res.json()).toMatchObject({ success: true });
    expect((await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(w.access) })).statusCode).toBe(401);
    expect((await t.token({ grant_type: 'refresh_token', refresh_token: w.refresh })).statusCode).toBe(401);
    expect((await t.token({ grant_type: 'password', username: weigher.username, password: 'Demo@2026' })).json().code).toBe('ACCOUNT_DISABLED');
    await call('POST', '/api/sys-user/enable', { ids: [weigher.id] });
    expect((await t.token({ grant_type: 'password', username: weigher.username, password: 'Demo@2026' })).statusCode).toBe(200);
  });

  it('refuses to disable or delete yourself, and refuses a user without the permission', async () => {
    const me = await idOf('admin');
    expect((await call('POST', '/api/sys-user/disable', { ids: [me] })).json().msg).toBe('不能停用自己的账号');
    expect((await call('DELETE', '/api/sys-user/deletes', { ids: [me] })).json().msg).toBe('不能删除自己的账号');
    const w = (await t.login('weigher')).access;
    for (const [method, url, body] of [['POST', '/api/sys-user/list', {}], ['POST', '/api/sys-user/disable', { ids: [me] }], ['DELETE', '/api/sys-user/deletes', { ids: [me] }]] as const) {
      expect((await call(method, url, body, w)).statusCode).toBe(403);
    }
  });

  it('deletes a user together with its sessions', async () => {
    const assayer = await twin('assayer');
    const s = await t.login(assayer.username);
    expect((await call('DELETE', '/api/sys-user/deletes', { ids: [assayer.id] })).json().success).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(s.access) })).statusCode).toBe(401);
  });
});
