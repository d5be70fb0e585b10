import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_WEB, DATABASES, bearer, createTestApp, manualClock, type TestApp } from './support/test-app';
import { twinUser } from './support/twins';

const captcha = { code: () => '4711', image: () => Buffer.from('png') };

describe.each(DATABASES)('sign-in on %s', (kind) => {
  // one app for the file (building one per test took most of its time): failures, captchas and locks
  // are counted per user name, so each test signs in as users of its own (twins of the demo users);
  // the clock only moves forward, and every window a test relies on starts with its own first attempt.
  // The two tests of 40 and 10 sign-ins at once share a second app without the per-address sign-in
  // limit (60 a minute), which the others stay well below.
  let t: TestApp;
  let burst: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    t = await createTestApp(kind, { clock, captcha });
    burst = await createTestApp(kind, { clock, captcha, config: { loginRateLimitPerMinute: 0 } });
  });
  afterAll(async () => {
    await t?.close();
    await burst?.close();
  });
  let twins = 0;
  /** A new user like the demo user `model`, with the demo password; answers its name. */
  const twin = async (model: 'weigher' | 'assayer' | 'finance', app = t) => {
    const username = `${model}_${++twins}`;
    await twinUser(app, model, username);
    return username;
  };

  const wrong = (username: string, extra: Record<string, string> = {}, app = t) =>
    app.token({ grant_type: 'password', username, password: 'not-the-password', ...extra });

  it('answers the token pair in the envelope for the right password', async () => {
    const { res } = await t.login('admin');
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: '0', data: { token_type: 'bearer', expires_in: 7200, username: 'admin' } });
    expect(body.data.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.data.refresh_token).not.toBe(body.data.access_token);
    expect(body.access_token).toBe(body.data.access_token);
  });

  it('refuses a wrong password and an unknown user with 426 and the catalogue message', async () => {
    for (const res of [await wrong(await twin('weigher')), await wrong('nobody-here')]) {
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
    const weigher = await twin('weigher');
    expect((await wrong(weigher)).json().data).toEqual({ captchaRequired: false });
    await wrong(weigher);
    expect((await wrong(weigher)).json().data).toEqual({ captchaRequired: true });

    const missing = await t.token({ grant_type: 'password', username: weigher, password: 'Demo@2026' });
    expect(missing.statusCode).toBe(428);
    expect(missing.json()).toMatchObject({ msg: '验证码错误,请重新输入', data: { captchaRequired: true } });

    const image = await t.app.inject({ method: 'GET', url: '/api/code/image?randomStr=abc123' });
    expect(image.headers['content-type']).toBe('image/png');
    const wrongCode = await t.token({ grant_type: 'password', username: weigher, password: 'Demo@2026', randomStr: 'abc123', code: '0000' });
    expect(wrongCode.statusCode).toBe(428);
    // the captcha was spent by the wrong try: the right code no longer works without a new image
    const spent = await t.token({ grant_type: 'password', username: weigher, password: 'Demo@2026', randomStr: 'abc123', code: '4711' });
    expect(spent.statusCode).toBe(428);

    await t.app.inject({ method: 'GET', url: '/api/code/image?randomStr=abc124' });
    const ok = await t.token({ grant_type: 'password', username: weigher, password: 'Demo@2026', randomStr: 'abc124', code: '4711' });
    expect(ok.statusCode).toBe(200);
    // a success clears the failures: no captcha next time
    expect((await t.app.inject({ method: 'GET', url: `/api/code/required?username=${weigher}` })).json().data).toEqual({ captchaRequired: false });
  });

  it('locks the account after 5 failures in 15 minutes until an administrator unlocks it', async () => {
    const weigher = await twin('weigher');
    for (let i = 1; i <= 4; i++) {
      if (i > 3) await t.app.inject({ method: 'GET', url: `/api/code/image?randomStr=r${i}` });
      const res = await wrong(weigher, i > 3 ? { randomStr: `r${i}`, code: '4711' } : {});
      expect(res.statusCode).toBe(426);
    }
    await t.app.inject({ method: 'GET', url: '/api/code/image?randomStr=r5' });
    const fifth = await wrong(weigher, { randomStr: 'r5', code: '4711' });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toMatchObject({ code: 'ACCOUNT_LOCKED', msg: '账号已被锁定，请联系管理员解锁' });

    clock.advance(16 * 60_000); // the window has passed, but a lock holds until unlocked
    const right = await t.token({ grant_type: 'password', username: weigher, password: 'Demo@2026' });
    expect(right.json().code).toBe('ACCOUNT_LOCKED');

    const admin = await t.login('admin');
    const users = await t.database.db.selectFrom('sysUser').select(['id']).where('username', '=', weigher).executeTakeFirstOrThrow();
    const unlock = await t.app.inject({ method: 'POST', url: `/api/sys-user/unlock/${users.id}`, headers: bearer(admin.access) });
    expect(unlock.json()).toMatchObject({ success: true });
    expect((await t.token({ grant_type: 'password', username: weigher, password: 'Demo@2026' })).statusCode).toBe(200);
  });

  it('counts concurrent sign-ins atomically: 40 at once (39 wrong, 1 right) get the captcha after 3, as 40 in a row would', async () => {
    const weigher = await twin('weigher', burst);
    const attempts = Array.from({ length: 40 }, (_, i) => burst.token({ grant_type: 'password', username: weigher, password: i === 17 ? 'Demo@2026' : 'not-the-password' }));
    const statuses = (await Promise.all(attempts)).map((r) => r.statusCode);
    expect(statuses.every((s) => [200, 426, 428].includes(s))).toBe(true);
    // a password is judged without a captcha only while fewer than 3 attempts came before it
    // (a success in between starts the count again): at most 5 wrong guesses in any order
    const judged = statuses.filter((s) => s !== 428).length;
    expect(judged).toBeGreaterThanOrEqual(3);
    expect(judged).toBeLessThanOrEqual(6);
    expect(statuses.filter((s) => s === 428).length).toBe(40 - judged);
    const wrongJudged = await burst.database.db.selectFrom('sysLoginLog').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', weigher).where('msg', '=', '用户名不存在或者密码错误').executeTakeFirstOrThrow();
    expect(Number(wrongJudged.n)).toBe(statuses.filter((s) => s === 426).length);
    expect(Number(wrongJudged.n)).toBeLessThanOrEqual(5);
  });

  it('locks after 5 failures under concurrency: 10 wrong guesses at once, each with a good captcha', async () => {
    const weigher = await twin('weigher', burst);
    for (let i = 0; i < 11; i++) await burst.app.inject({ method: 'GET', url: `/api/code/image?randomStr=burst${i}` });
    const res = await Promise.all(Array.from({ length: 10 }, (_, i) => wrong(weigher, { randomStr: `burst${i}`, code: '4711' }, burst)));
    expect(res.filter((r) => r.statusCode === 426)).toHaveLength(4);
    expect(res.filter((r) => r.json().code === 'ACCOUNT_LOCKED')).toHaveLength(6);
    const user = await burst.database.db.selectFrom('sysUser').select('locked').where('username', '=', weigher).executeTakeFirstOrThrow();
    expect(user.locked).toBe(true);
    const right = await burst.token({ grant_type: 'password', username: weigher, password: 'Demo@2026', randomStr: 'burst10', code: '4711' });
    expect(right.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
  });

  it('keeps failures made while a success is judged: the right password does not wipe a concurrent guess', async () => {
    const weigher = await twin('weigher');
    await wrong(weigher);
    const [ok, guess] = await Promise.all([t.token({ grant_type: 'password', username: weigher, password: 'Demo@2026' }), wrong(weigher)]);
    expect([ok.statusCode, guess.statusCode].sort()).toEqual([200, 426]);
    // the earlier failure is cleared by the success; the concurrent guess stays counted
    // (whichever of the two was recorded first)
    const left = await t.database.db.selectFrom('authLoginFailure').select(['id']).where('username', '=', weigher).execute();
    expect(left.length).toBeGreaterThanOrEqual(1);
    const settled = await t.database.db.selectFrom('authLoginFailure').select(['pending']).where('id', '=', left[0].id).executeTakeFirstOrThrow();
    expect(settled.pending).toBe(false);
  });

  it('does not lock when the failures are spread over more than 15 minutes', async () => {
    const assayer = await twin('assayer');
    for (let i = 0; i < 6; i++) {
      expect((await wrong(assayer)).statusCode).toBe(426);
      clock.advance(6 * 60_000);
    }
    // at most two failures fall in any 15-minute window: neither captcha nor lock
    expect((await t.token({ grant_type: 'password', username: assayer, password: 'Demo@2026' })).statusCode).toBe(200);
  });

  it('writes every attempt, success or failure, to the login log', async () => {
    const finance = await twin('finance');
    await wrong(finance);
    await t.login(finance);
    const rows = await t.database.db.selectFrom('sysLoginLog').select(['username', 'success', 'msg']).where('username', '=', finance).orderBy('id').execute();
    expect(rows).toEqual([
      { username: finance, success: false, msg: '用户名不存在或者密码错误' },
      { username: finance, success: true, msg: '登录成功' },
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
