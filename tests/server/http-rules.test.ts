import net from 'node:net';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PENDING_TAKEOVER_MS } from '../../server/http/idempotency';
import { DATABASES, bearer, createTestApp, manualClock, type TestApp } from './support/test-app';
import { twinUser } from './support/twins';

/** A local port nothing listens on: taken from the system, then closed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.each(DATABASES)('HTTP rules on %s', (kind) => {
  // Building an app per test took most of this file's time. The tests with the default configuration
  // share one app, and those that move the clock share another; a test that switches companies or
  // reads the operation log does it as a user of its own (a twin of finance). A test with limits of its
  // own (counted per app) or one that breaks the database keeps an app of its own.
  let shared: TestApp;
  let clocked: TestApp;
  const clock = manualClock();
  beforeAll(async () => {
    shared = await createTestApp(kind);
    clocked = await createTestApp(kind, { clock });
  });
  afterAll(async () => {
    await shared?.close();
    await clocked?.close();
  });
  let t: TestApp | undefined;
  afterEach(async () => {
    if (t !== shared && t !== clocked) await t?.close();
    t = undefined;
  });
  let twins = 0;
  /** A new user like finance (its companies, roles and password) in the app `app`; answers its name. */
  const twinFinance = async (app: TestApp) => {
    const username = `finance_${++twins}`;
    await twinUser(app, 'finance', username);
    return username;
  };

  it('answers health when the database is ready, and serves the OpenAPI document', async () => {
    t = shared;
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({ success: true, data: { status: 'ok', database: kind } });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/oauth/token', '/api/sys-info/me', '/api/switchOrg/{id}']));
  });

  it('answers 404 with the catalogue message for an unknown route', async () => {
    t = shared;
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: '404', msg: '资源不存在', data: null });
  });

  it('limits by the real client address: a forged X-Forwarded-For gets no fresh bucket', async () => {
    t = await createTestApp(kind, { config: { rateLimitPerMinute: 3 } });
    const hit = (xff?: string) => t!.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.8.7', headers: xff ? { 'x-forwarded-for': xff } : {} });
    for (let i = 0; i < 3; i++) expect((await hit()).statusCode).toBe(200);
    const limited = await hit();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: '429', msg: '请求过频繁' });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await hit('1.2.3.4')).statusCode).toBe(429);
    expect((await hit('5.6.7.8, 1.2.3.4')).statusCode).toBe(429);
  });

  it('goes on with per-process limits when REDIS_URL points at a Redis that is down, counting an IPv6 /64 as one client', async () => {
    t = await createTestApp(kind, { config: { rateLimitPerMinute: 3, redisUrl: `redis://127.0.0.1:${await closedPort()}` } });
    const hit = (ip: string) => t!.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
    for (const ip of ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:ffff::9']) expect((await hit(ip)).statusCode).toBe(200);
    const limited = await hit('2001:db8:7:1::4'); // a fourth address of the same /64
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: '429', msg: '请求过频繁' });
    expect((await hit('2001:db8:7:2::1')).statusCode).toBe(200); // the next /64 is another client
  });

  it('uses the forwarded address only from a configured trusted proxy', async () => {
    t = await createTestApp(kind, { config: { rateLimitPerMinute: 1, trustProxy: ['10.9.8.7'] } });
    const hit = (xff: string) => t!.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.8.7', headers: { 'x-forwarded-for': xff } });
    expect((await hit('1.1.1.1')).statusCode).toBe(200);
    expect((await hit('1.1.1.1')).statusCode).toBe(429);
    expect((await hit('2.2.2.2')).statusCode).toBe(200);
  });

  it('answers a duplicate submission with 409 code 000 while the first is in flight, and replays it after', async () => {
    t = shared;
    const s = await t.login(await twinFinance(t));
    const orgs = (await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(s.access) })).json().data.orgs;
    const me = (await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(s.access) })).json().data;
    await t.database.db.insertInto('idempotencyKey')
      .values({ userId: me.user, key: 'in-flight-0001', method: 'POST', path: `/api/switchOrg/${orgs[1].id}`, state: 'PENDING', createdAt: new Date() }).execute();
    const dup = await t.app.inject({ method: 'POST', url: `/api/switchOrg/${orgs[1].id}`, headers: { ...bearer(s.access), 'idempotency-key': 'in-flight-0001' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ success: false, code: '000', msg: '操作太频繁，请勿重复请求' });

    const headers = { ...bearer(s.access), 'idempotency-key': 'switch-key-0002' };
    const [a, b] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/switchOrg/${orgs[1].id}`, headers }),
      t.app.inject({ method: 'POST', url: `/api/switchOrg/${orgs[1].id}`, headers }),
    ]);
    const results = [a, b].map((r) => r.json());
    expect(results.filter((r) => r.success)).toHaveLength(results.filter((r) => r.code !== '000').length);
    const replay = await t.app.inject({ method: 'POST', url: `/api/switchOrg/${orgs[1].id}`, headers });
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toMatchObject({ success: true, data: { currentOrgName: '华北钢铁有限公司' } });
  });

  it('lets a retry take over a key whose request died (pending past the timeout), but not one still running', async () => {
    t = clocked;
    const s = await t.login(await twinFinance(t));
    const me = (await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(s.access) })).json().data;
    const url = `/api/switchOrg/${me.orgs[1].id}`;
    // the request that made this key died with its process: the row stayed PENDING
    await t.database.db.insertInto('idempotencyKey')
      .values({ userId: me.user, key: 'died-0001', method: 'POST', path: url, state: 'PENDING', createdAt: clock() }).execute();
    const headers = { ...bearer(s.access), 'idempotency-key': 'died-0001' };
    expect((await t.app.inject({ method: 'POST', url, headers })).statusCode).toBe(409); // may still be running
    clock.advance(PENDING_TAKEOVER_MS + 1000);
    const retry = await t.app.inject({ method: 'POST', url, headers });
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({ success: true, data: { currentOrgName: me.orgs[1].orgName } });
    const replay = await t.app.inject({ method: 'POST', url, headers });
    expect(replay.headers['idempotent-replay']).toBe('true');
  });

  it('rolls back a write whose key a retry took over while it still ran: the vehicle is made once, by the retry', async () => {
    t = clocked;
    const s = await t.login('admin');
    const db = t.database.db;
    // no request timeout ends a slow write: this one's key is taken over by its retry (as after
    // PENDING_TAKEOVER_MS) the moment it is claimed, while the write itself has yet to run
    await sql`create function take_over_key() returns trigger language plpgsql as $$
      begin
        if new.key = 'slow-write-0001' then new.created_at := new.created_at + interval '1 second'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger take_over_key before insert on idempotency_key for each row execute function take_over_key()`.execute(db);
    const vehicles = async () => Number((await sql<{ n: number }>`select count(*) as n from as_vehicle where plate_number = '蒙L30001'`.execute(db)).rows[0].n);
    const send = () => t!.app.inject({
      method: 'POST', url: '/api/material/as-vehicle/create', headers: { ...bearer(s.access), 'idempotency-key': 'slow-write-0001' },
      payload: { plateNumber: '蒙L30001', driverName: '慢请求' },
    });
    const slow = await send();
    expect(slow.statusCode, slow.body).toBe(409);
    expect(slow.json()).toMatchObject({ success: false, code: '000', msg: '操作太频繁，请勿重复请求' });
    expect(await vehicles()).toBe(0);
    const key = await db.selectFrom('idempotencyKey').select(['state']).where('key', '=', 'slow-write-0001').executeTakeFirstOrThrow();
    expect(key.state).toBe('PENDING'); // the retry's, untouched by the rolled-back write
    await sql`drop trigger take_over_key on idempotency_key`.execute(db);

    clock.advance(PENDING_TAKEOVER_MS + 5000);
    const retry = await send();
    expect(retry.json(), retry.body).toMatchObject({ success: true, msg: '新增成功' });
    expect(await vehicles()).toBe(1);
    const replay = await send();
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(retry.json());
    expect(await vehicles()).toBe(1);
    const refused = await db.selectFrom('sysLog').select(['logType', 'statusCode']).where('path', '=', '/api/material/as-vehicle/create').where('statusCode', '=', 409).execute();
    expect(refused).toEqual([{ logType: 'ERROR', statusCode: 409 }]);
  });

  it('refuses with 422 a key used again with a different body, instead of replaying the other answer', async () => {
    t = shared;
    const s = await t.login('weigher');
    const headers = { ...bearer(s.access), 'idempotency-key': 'setting-read-01' };
    const first = await t.app.inject({ method: 'POST', url: '/api/index/getDefineSetVal', headers, payload: { paramName: 'data_desensitization' } });
    expect(first.statusCode).toBe(200);
    const same = await t.app.inject({ method: 'POST', url: '/api/index/getDefineSetVal', headers, payload: { paramName: 'data_desensitization' } });
    expect(same.headers['idempotent-replay']).toBe('true');
    expect(same.json()).toEqual(first.json());
    const other = await t.app.inject({ method: 'POST', url: '/api/index/getDefineSetVal', headers, payload: { paramName: 'weigh_mode' } });
    expect(other.statusCode).toBe(422);
    expect(other.headers['idempotent-replay']).toBeUndefined();
    expect(other.json()).toMatchObject({ success: false, code: '422', data: { field: 'idempotency-key' } });
  });

  it('rejects unknown body properties and wrong types, naming the field', async () => {
    t = shared;
    const s = await t.login('weigher');
    const extra = await t.app.inject({ method: 'POST', url: '/api/index/getDefineSetVal', headers: bearer(s.access), payload: { paramName: 'data_desensitization', sneaky: 1 } });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().msg).toBe('请求体包含不允许的字段 sneaky');
    const type = await t.app.inject({ method: 'POST', url: '/api/sys-user-org/currentOrgs', headers: bearer(s.access), payload: { limit: { pn: 'first' } } });
    expect(type.statusCode).toBe(400);
    expect(type.json().msg).toContain('limit.pn');
    const big = await t.app.inject({ method: 'POST', url: '/api/sys-user-org/currentOrgs', headers: bearer(s.access), payload: { limit: { pn: 1, ps: 5000 } } });
    expect(big.statusCode).toBe(400);
  });

  it('writes signed-in writes to the operation log with secrets masked', async () => {
    t = shared;
    const finance = await twinFinance(t);
    const s = await t.login(finance);
    const me = (await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(s.access) })).json().data;
    await t.app.inject({ method: 'POST', url: `/api/switchOrg/${me.orgs[1].id}`, headers: bearer(s.access) });
    await t.app.inject({ method: 'PUT', url: `/api/sys-user/password/modify/${me.user}`, headers: bearer(s.access), payload: { oldPassword: 'wrong', newPassword: 'Better#2027' } });
    const rows = await t.database.db.selectFrom('sysLog').select(['title', 'username', 'statusCode', 'params', 'logType']).where('username', '=', finance).orderBy('id').execute();
    expect(rows.map((r) => [r.title, r.username, r.statusCode, r.logType])).toEqual([
      ['切换公司', finance, 200, 'OPERATION'],
      ['修改密码', finance, 400, 'ERROR'],
    ]);
    expect(JSON.stringify(rows[1].params)).not.toContain('Better#2027');
  });

  it('never shows SQL or a stack trace in a 500', async () => {
    t = await createTestApp(kind);
    const s = await t.login('weigher');
    await t.database.db.schema.dropTable('sys_menu_user_define').execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/sys-menu/list', headers: bearer(s.access) });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, code: '500', msg: '系统内部错误，请联系管理员', data: null });
  });
});
