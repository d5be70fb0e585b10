import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

describe.each(DATABASES)('tokens on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => { t = await createTestApp(kind); });
  afterEach(async () => { await t.close(); });

  const me = (access: string) => t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(access) });
  const refresh = (refresh_token: string) => t.token({ grant_type: 'refresh_token', refresh_token });

  it('needs a valid access token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sys-info/me' })).statusCode).toBe(401);
    const res = await me('made-up-token');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false, code: '401' });
  });

  it('rotates refresh tokens: each use answers a new pair and ends the previous access token', async () => {
    const first = await t.login('weigher');
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
    const first = await t.login('weigher');
    const second = (await refresh(first.refresh)).json().data;
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toMatchObject({ code: 'INVALID_REFRESH', msg: '登录已失效，请重新登录' });
    // the newest pair, issued before the reuse, is gone too
    expect((await me(second.access_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('never accepts a refresh token as an access token, nor the reverse', async () => {
    const s = await t.login('weigher');
    expect((await me(s.refresh)).statusCode).toBe(401);
    expect((await refresh(s.access)).statusCode).toBe(401);
    expect((await me(s.access)).statusCode).toBe(200);
  });

  it('revokes the session at logout, in every token of it', async () => {
    const s = await t.login('weigher');
    const other = await t.login('weigher');
    const out = await t.app.inject({ method: 'POST', url: '/api/base/logout', headers: bearer(s.access) });
    expect(out.json()).toMatchObject({ success: true });
    expect((await me(s.access)).statusCode).toBe(401);
    expect((await refresh(s.refresh)).statusCode).toBe(401);
    expect((await me(other.access)).statusCode).toBe(200); // another sign-in is another session
  });

  it('revokes every session of the user when the password changes', async () => {
    const a = await t.login('finance');
    const b = await t.login('finance');
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
    expect((await t.token({ grant_type: 'password', username: 'finance', password: 'Better#2027' })).statusCode).toBe(200);
  });

  it('revokes every session when an administrator resets the password, and the user must change it', async () => {
    const admin = await t.login('admin');
    const w = await t.login('weigher');
    const id = (await me(w.access)).json().data.user;
    const res = await t.app.inject({ method: 'PUT', url: `/api/sys-user/${id}/password/reset`, headers: bearer(admin.access), payload: { password: 'Temp#2026x' } });
    expect(res.json()).toMatchObject({ success: true });
    expect((await me(w.access)).statusCode).toBe(401);
    const again = await t.login('weigher', 'Temp#2026x');
    const safe = await t.app.inject({ method: 'GET', url: '/api/sys-user/pwd/checkSafe', headers: bearer(again.access) });
    expect(safe.json()).toMatchObject({ success: false, code: 'PWD_UNSAFE', msg: '请修改初始密码！' });
  });

  it('revokes every session at once when the user is disabled', async () => {
    const w = await t.login('weigher');
    await t.database.db.updateTable('sysUser').set({ enabled: false }).where('username', '=', 'weigher').execute();
    const res = await me(w.access);
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('账号已被停用，请联系管理员');
    expect((await refresh(w.refresh)).statusCode).toBe(401);
  });

  it('refuses a route without its permission with 403, and lets the admin flag through', async () => {
    const w = await t.login('weigher');
    const admin = await t.login('admin');
    const id = (await me(admin.access)).json().data.user;
    const res = await t.app.inject({ method: 'PUT', url: `/api/sys-user/${id}/password/reset`, headers: bearer(w.access), payload: { password: 'Temp#2026x' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, msg: '当前操作没有权限' });
    expect((await me(admin.access)).statusCode).toBe(200); // nothing happened to the admin
  });
});
