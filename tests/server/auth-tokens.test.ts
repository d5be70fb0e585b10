import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFRESH_GRACE_MS } from '../../server/auth/session-service';
import { DATABASES, bearer, createTestApp, manualClock, type TestApp } from './support/test-app';
import { twinRole, twinUser } from './support/twins';

describe.each(DATABASES)('tokens on %s', (kind) => {
  // one app for the file: each test signs in as a user of its own (a twin of a demo user), so a test
  // that changes its user (a password, a role, a company) changes no other test's
  let t: TestApp;
  const clock = manualClock();
  beforeAll(async () => { t = await createTestApp(kind, { clock }); });
  afterAll(async () => { await t?.close(); });
  let twins = 0;
  /** A new user like the demo user `model`, with the demo password; answers its name and id. */
  const twin = async (model: 'weigher' | 'finance') => {
    const username = `${model}_${++twins}`;
    return { username, id: await twinUser(t, model, username) };
  };

  const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(access) });
  const refresh = (refresh_token: string) => t.token({ grant_type: 'refresh_token', refresh_token });

  it('needs a valid access token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sys-info/me' })).statusCode).toBe(401);
    const res = await me('made-up-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: '401' });
  });

  it('rotates refresh tokens: each use answers a new pair and ends the previous access token', async () => {
    const u = await twin('weigher');
    const first = await t.login(u.username);
    const r1 = await refresh(first.refresh);
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data;
    expect(second.refresh_token).not.toBe(first.refresh);
    expect((await me(second.access_token)).statusCode).toBe(200);
    expect((await me(first.access)).statusCode).toBe(401);
    const r2 = await refresh(second.refresh_token);
    expect(r2.statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const u = await twin('weigher');
    const first = await t.login(u.username);
    const second = (await refresh(first.refresh)).json().data;
    clock.advance(REFRESH_GRACE_MS + 1000);
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_REFRESH', msg: '登录已失效，请重新登录' });
    // the newest pair, issued before the reuse, is gone too
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('never accepts a refresh token as an access token, nor the reverse', async () => {
    const u = await twin('weigher');
    const s = await t.login(u.username);
    expect((await me(s.refresh)).statusCode).toBe(401);
    expect((await refresh(s.access)).statusCode).toBe(401);
    expect((await me(s.access)).statusCode).toBe(200);
  });

  it('revokes the session at logout, in every token of it', async () => {
    const u = await twin('weigher');
    const s = await t.login(u.username);
    const other = await t.login(u.username);
    const out = await t.app.inject({ method: 'POST', url: '/api/base/logout', headers: bearer(s.access) });
    expect(out.json()).toMatchObject({ success: true });
    expect((await me(s.access)).statusCode).toBe(401);
    expect((await refresh(s.refresh)).statusCode).toBe(401);
    expect((await me(other.access)).statusCode).toBe(200); // another sign-in is another session
  });

  it('revokes every session of the user when the password changes', async () => {
    const u = await twin('finance');
    const a = await t.login(u.username);
    const b = await t.login(u.username);
    const user = (await me(a.access)).json().data.user;
    const bad = await t.app.inject({ method: 'PUT', url: `/api/sys-user/password/modify/${user}`, headers: bearer(a.access), payload: { oldPassword: 'Demo@2026', newPassword: '123456' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toContain('新密码不符合要求');
    const wrongOld = await t.app.inject({ method: 'PUT', url: `/api/sys-user/password/modify/${user}`, headers: bearer(a.access), payload: { oldPassword: 'nope', newPassword: 'Better#2027' } });
    expect(wrongOld.json().msg).toBe('原密码错误');
    const res = await t.app.inject({ method: 'PUT', url: `/api/sys-user/password/modify/${user}`, headers: bearer(a.access), payload: { oldPassword: 'Demo@2026', newPassword: 'Better#2027' } });
    expect(res.json()).toMatchObject({ success: true });
    expect((await me(a.access)).statusCode).toBe(401);
    expect((await me(b.access)).statusCode).toBe(401);
    expect((await refresh(b.refresh)).statusCode).toBe(401);
    expect((await t.token({ grant_type: 'password', username: u.username, password: 'Better#2027' })).statusCode).toBe(200);
  });

  it('revokes every session when an administrator resets the password, and the user must change it', async () => {
    const u = await twin('weigher');
    const admin = await t.login('admin');
    const w = await t.login(u.username);
    const id = (await me(w.access)).json().data.user;
    const res = await t.app.inject({ method: 'PUT', url: `/api/sys-user/${id}/password/reset`, headers: bearer(admin.access), payload: { password: 'Temp#2026x' } });
    expect(res.json()).toMatchObject({ success: true });
    expect((await me(w.access)).statusCode).toBe(401);
    const again = await t.login(u.username, 'Temp#2026x');
    const safe = await t.app.inject({ method: 'GET', url: '/api/sys-user/pwd/checkSafe', headers: bearer(again.access) });
    expect(safe.json()).toMatchObject({ success: false, code: 'PWD_UNSAFE', msg: '请修改初始密码！' });
  });

  it('revokes every session at once when the user is disabled', async () => {
    const u = await twin('weigher');
    const w = await t.login(u.username);
    await t.database.db.updateTable('sysUser').set({ enabled: false }).where('username', '=', u.username).execute();
    const res = await me(w.access);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('账号已被停用，请联系管理员');
    expect((await refresh(w.refresh)).statusCode).toBe(401);
  });

  it('refuses a route without its permission with 403, and lets the admin flag through', async () => {
    const u = await twin('weigher');
    const w = await t.login(u.username);
    const admin = await t.login('admin');
    const id = (await me(admin.access)).json().data.user;
    const res = await t.app.inject({ method: 'PUT', url: `/api/sys-user/${id}/password/reset`, headers: bearer(w.access), payload: { password: 'Temp#2026x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, msg: '当前操作没有权限' });
    expect((await me(admin.access)).statusCode).toBe(200); // nothing happened to the admin
  });

  it('does not spend a refresh token presented with another client credential', async () => {
    const u = await twin('weigher');
    const s = await t.login(u.username);
    const lock = `Basic ${Buffer.from('lock:lock').toString('base64')}`;
    const foreign = await t.token({ grant_type: 'refresh_token', refresh_token: s.refresh }, { authorization: lock });
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json()).toMatchObject({ code: 'INVALID_REFRESH' });
    const own = await refresh(s.refresh);
    expect(own.statusCode).toBe(200);
    expect((await me(own.json().data.access_token)).statusCode).toBe(200);
  });

  it('answers two tabs refreshing the same token at once with the same new pair, and detects reuse after the grace window', async () => {
    const u = await twin('weigher');
    const s = await t.login(u.username);
    const [a, b] = await Promise.all([refresh(s.refresh), refresh(s.refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.refresh_token).toBe(b.json().data.refresh_token);
    expect(a.json().data.access_token).toBe(b.json().data.access_token);
    const pair = a.json().data;
    expect((await me(pair.access_token)).statusCode).toBe(200);
    // a third tab a moment later still gets the same pair
    clock.advance(REFRESH_GRACE_MS - 1000);
    expect((await refresh(s.refresh)).json().data.refresh_token).toBe(pair.refresh_token);
    // past the window the spent token is a reuse: the whole family ends
    clock.advance(2000);
    expect((await refresh(s.refresh)).statusCode).toBe(401);
    expect((await me(pair.access_token)).statusCode).toBe(401);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
  });

  it('keeps the successor pair sealed: the stored row does not hold the new tokens in the clear', async () => {
    const u = await twin('weigher');
    const s = await t.login(u.username);
    const pair = (await refresh(s.refresh)).json().data;
    const rows = await t.database.db.selectFrom('authToken').select(['successor']).where('successor', 'is not', null)
      .where('sessionId', 'in', t.database.db.selectFrom('authSession').select('id').where('userId', '=', u.id)).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].successor).not.toContain(pair.refresh_token);
    expect(rows[0].successor).not.toContain(pair.access_token);
  });

  it('ends the live sessions in an organisation the user is taken out of; a refresh does not restore them', async () => {
    const u = await twin('finance');
    const admin = await t.login('admin');
    const f = await t.login(u.username);
    const info = (await me(f.access)).json().data;
    expect(info.orgs.length).toBeGreaterThan(1);
    const current = info.currentOrg;
    expect(current).toEqual(expect.any(Number));
    const detail = (await t.app.inject({ method: 'GET', url: `/api/sys-user/detail/${info.user}`, headers: bearer(admin.access) })).json().data;
    expect(detail.orgIds).toContain(current);
    const res = await t.app.inject({
      method: 'PUT', url: '/api/sys-user/update', headers: bearer(admin.access),
      payload: { id: info.user, version: detail.version, realName: detail.realName, orgIds: detail.orgIds.filter((id: number) => id !== current) },
    });
    expect(res.json()).toMatchObject({ success: true });
    const next = await me(f.access);
    expect(next.statusCode).toBe(401);
    expect(next.json()).toMatchObject({ code: 'ACCESS_REMOVED', msg: '您在当前公司的权限已被移除，请重新登录' });
    expect((await refresh(f.refresh)).statusCode).toBe(401);
    // signing in again lands in an organisation the user still belongs to
    const again = await t.login(u.username);
    const orgs = (await me(again.access)).json().data.orgs.map((o: { id: number }) => o.id);
    expect(orgs).not.toContain(current);
  });

  it('judges the next call by the roles the user holds now: a disabled role takes its permissions at once', async () => {
    // a role of its own: disabling it takes no other test's permissions
    const roleId = await twinRole(t, 'weigher', `weigher_${twins + 1}`);
    const u = await twin('weigher');
    await t.database.db.deleteFrom('sysUserRole').where('userId', '=', u.id).execute();
    await t.database.db.insertInto('sysUserRole').values({ userId: u.id, roleId }).execute();
    const admin = await t.login('admin');
    const w = await t.login(u.username);
    expect((await me(w.access)).json().data.permissions).toContain('mm_pu_weigh_add');
    const role = await t.database.db.selectFrom('sysRole').select(['id', 'version']).where('id', '=', roleId).executeTakeFirstOrThrow();
    const create = (access: string) => t.app.inject({ method: 'POST', url: '/api/measure/mm-pu-weigh/create', headers: bearer(access), payload: {} });
    expect((await create(w.access)).statusCode).toBe(400); // allowed: refused only for the empty body
    const res = await t.app.inject({ method: 'PUT', url: '/api/sys-role/update', headers: bearer(admin.access), payload: { id: role.id, version: role.version, enabled: false } });
    expect(res.json()).toMatchObject({ success: true });
    expect((await me(w.access)).json().data.permissions).not.toContain('mm_pu_weigh_add');
    const refused = await create(w.access);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ data: { permission: 'mm_pu_weigh_add' } });
    // a refreshed pair does not bring the role back
    const renewed = (await refresh(w.refresh)).json().data;
    expect((await me(renewed.access_token)).json().data.permissions).not.toContain('mm_pu_weigh_add');
    expect((await create(renewed.access_token)).statusCode).toBe(403);
  });
});
