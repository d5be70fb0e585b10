import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BASIC_WEB, DATABASES, bearer, createTestApp, manualClock, type TestApp } from './support/test-app';

const captcha = { code: () => '4711', image: () => Buffer.from('png') };

describe.each(DATABASES)('sign-in on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock();
  beforeEach(async () => { t = await createTestApp(kind, { clock, captcha }); });
  afterEach(async () => { await t.close(); });

  const wrong = (username = 'weigher', extra: Record<string, string> = {}) =>
    t.token({ grant_type: 'password', username, password: 'not-the-password', ...extra });

  it('answers the token pair in the envelope for the right password', async () => {
    const { res } = await t.login('admin');
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: '0', data: { token_type: 'bearer', expires_in: 7200, username: 'admin' } });
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.refresh_token).not.toBe(body.data.access_token);
    expect(body.access_token).toBe(body.data.access_token);
  });

  it('refuses a wrong password and an unknown user with 426 and the catalogue message', async () => {
    for (const res of [await wrong('weigher'), await wrong('nobody-here')]) {
      expect(res.statusCode).toBe(426);
      expect(res.json()).toMatchObject({ success: false, code: '426', msg: '用户名不存在或者密码错误' });
    }
  });

  it('refuses a missing or wrong client credential', async () => {
    const none = await t.token({ grant_type: 'password', username: 'admin', password: 'Demo@2026' }, { authorization: '' });
    expect(none.statusCode).toBe(401);
    const bad = await t.token({ grant_type: 'password', username: 'admin', password: 'Demo@2026' }, { authorization: `Basic ${Buffer.from('web:nope').toString('base64')}` });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().msg).toBe('客户端认证失败');
  });

  it('asks for a captcha after 3 failures and refuses a missing or wrong one with 428', async () => {
    expect((await wrong()).json().data).toEqual({ captchaRequired: false });
    await wrong();
    expect((await wrong()).json().data).toEqual({ captchaRequired: true });

    const missing = await t.token({ grant_type: 'password', username: 'weigher', password: 'Demo@2026' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ msg: '验证码错误,请重新输入', data: { captchaRequired: true } });

    const image = await t.app.inject({ method: 'GET', url: '/api/code/image?randomStr=abc123' });
    expect(image.headers['content-type']).toBe('image/png');
    const wrongCode = await t.token({ grant_type: 'password', username: 'weigher', password: 'Demo@2026', randomStr: 'abc123', code: '0000' });
    expect(wrongCode.statusCode).toBe(428);
    // the captcha was spent by the wrong try: the right code no longer works without a new image
    const spent = await t.token({ grant_type: 'password', username: 'weigher', password: 'Demo@2026', randomStr: 'abc123', code: '4711' });
    expect(spent.statusCode).toBe(428);

    await t.app.inject({ method: 'GET', url: '/api/code/image?randomStr=abc124' });
    const ok = await t.token({ grant_type: 'password', username: 'weigher', password: 'Demo@2026', randomStr: 'abc124', code: '4711' });
    expect(ok.statusCode).toBe(200);
    // a success clears the failures: no captcha next time
    expect((await t.app.inject({ method: 'GET', url: '/api/code/required?username=weigher' })).json().data).toEqual({ captchaRequired: false });
  });

  it('locks the account after 5 failures in 15 minutes until an administrator unlocks it', async () => {
    for (let i = 1; i <= 4; i++) {
      if (i > 3) await t.app.inject({ method: 'GET', url: `/api/code/image?randomStr=r${i}` });
      const res = await wrong('weigher', i > 3 ? { randomStr: `r${i}`, code: '4711' } : {});
      expect(res.statusCode).toBe(426);
    }
    await t.app.inject({ method: 'GET', url: '/api/code/image?randomStr=r5' });
    const fifth = await wrong('weigher', { randomStr: 'r5', code: '4711' });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', msg: '账号已被锁定，请联系管理员解锁' });

    clock.advance(16 * 60_000); // the window has passed, but a lock holds until unlocked
    const right = await t.token({ grant_type: 'password', username: 'weigher', password: 'Demo@2026' });
    expect(right.json().code).toBe('ACCOUNT_LOCKED');

    const admin = await t.login('admin');
    const users = await t.database.db.selectFrom('sysUser').select(['id']).where('username', '=', 'weigher').executeTakeFirstOrThrow();
    const unlock = await t.app.inject({ method: 'POST', url: `/api/sys-user/unlock/${users.id}`, headers: bearer(admin.access) });
    expect(unlock.json()).toMatchObject({ success: true });
    expect((await t.token({ grant_type: 'password', username: 'weigher', password: 'Demo@2026' })).statusCode).toBe(200);
  });

  it('does not lock when the failures are spread over more than 15 minutes', async () => {
    for (let i = 0; i < 6; i++) {
      expect((await wrong('assayer')).statusCode).toBe(426);
      clock.advance(6 * 60_000);
    }
    // at most two failures fall in any 15-minute window: neither captcha nor lock
    expect((await t.token({ grant_type: 'password', username: 'assayer', password: 'Demo@2026' })).statusCode).toBe(200);
  });

  it('writes every attempt, success or failure, to the login log', async () => {
    await wrong('finance');
    await t.login('finance');
    const rows = await t.database.db.selectFrom('sysLoginLog').select(['username', 'success', 'msg']).where('username', '=', 'finance').orderBy('id').execute();
    expect(rows).toEqual([
      { username: 'finance', success: false, msg: '用户名不存在或者密码错误' },
      { username: 'finance', success: true, msg: '登录成功' },
    ]);
  });

  it('rejects unknown form fields and names them', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/oauth/token',
      headers: { authorization: BASIC_WEB, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=admin&password=x&evil=1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('evil');
  });
});
