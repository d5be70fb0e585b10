import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordLogin as login, startApiProcess, stopApiProcesses, suiteDatabase, type ApiProcess as Server } from './support/api-process';
import { BASIC_WEB } from './support/test-app';

const base = process.env.TEST_DATABASE_URL;

const me = (server: Server, token: string) => fetch(`${server.url}/api/sys-info/me`, { headers: { authorization: `Bearer ${token}` } });

describe.skipIf(!base)('two API processes over one PostgreSQL', () => {
  let a: Server;
  let b: Server;
  let database: Awaited<ReturnType<typeof suiteDatabase>> | undefined;
  let url: string;

  beforeAll(async () => {
    // an empty database: both start together, so migrations and seed must cope with a concurrent twin
    database = await suiteDatabase(base!, 'wb_two');
    url = database.url;
    [a, b] = await Promise.all([startApiProcess(url, {}, 60_000), startApiProcess(url, {}, 60_000)]);
  }, 120_000);

  afterAll(async () => {
    await stopApiProcesses([a, b]);
    await database?.drop();
  });

  it('accepts on one process a token issued by the other, and a logout on one ends it on both', async () => {
    const session = await login(a, 'weigher', 'Demo@2026');
    expect(session.status).toBe(200);
    const token = session.body.data.access_token;
    expect((await me(b, token)).status).toBe(200);
    const out = await fetch(`${b.url}/api/base/logout`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(out.status).toBe(200);
    expect((await me(a, token)).status).toBe(401);
    expect((await me(b, token)).status).toBe(401);
  });

  it('counts sign-in failures across processes: a lock-out counted on one holds on the other', async () => {
    const pool = new pg.Pool({ connectionString: url });
    /** Asks one process for a captcha and reads its 4 digits back from the shared store (stored hashed). */
    const captchaFrom = async (server: Server, randomStr: string) => {
      await fetch(`${server.url}/api/code/image?randomStr=${randomStr}`);
      const { rows } = await pool.query('select code_hash from auth_captcha where random_str = $1', [randomStr]);
      for (let n = 0; n < 10_000; n++) {
        const code = String(n).padStart(4, '0');
        if (crypto.createHash('sha256').update(`${randomStr}:${code}`).digest('hex') === rows[0].code_hash) return { randomStr, code };
      }
      throw new Error('captcha not found');
    };
    const attempt = (server: Server, password: string, captcha?: { randomStr: string; code: string }) =>
      fetch(`${server.url}/api/oauth/token`, {
        method: 'POST',
        headers: { authorization: BASIC_WEB, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: 'assayer', password, ...(captcha ?? {}) }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    try {
      for (let i = 0; i < 3; i++) expect((await attempt(i % 2 ? b : a, 'wrong')).status).toBe(426);
      expect((await attempt(b, 'Demo@2026')).status).toBe(428); // the failures counted on a hold on b
      expect((await attempt(b, 'wrong', await captchaFrom(a, 'twoproc4'))).status).toBe(426);
      const fifth = await attempt(a, 'wrong', await captchaFrom(b, 'twoproc5'));
      expect(fifth.body.code).toBe('ACCOUNT_LOCKED');
      const right = await attempt(b, 'Demo@2026', await captchaFrom(a, 'twoproc6'));
      expect(right.status).toBe(400);
      expect(right.body).toMatchObject({ code: 'ACCOUNT_LOCKED', msg: '账号已被锁定，请联系管理员解锁' });
    } finally {
      await pool.end();
    }
  });

  it('counts concurrent sign-in failures on both processes as one sequence: 3 judged, the rest asked for a captcha', async () => {
    const attempt = (server: Server) =>
      fetch(`${server.url}/api/oauth/token`, {
        method: 'POST',
        headers: { authorization: BASIC_WEB, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', username: 'finance', password: 'wrong' }),
      }).then((r) => r.status);
    const statuses = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i % 2 ? b : a)));
    expect(statuses.filter((s) => s === 426)).toHaveLength(3);
    expect(statuses.filter((s) => s === 428)).toHaveLength(17);
    const required = await fetch(`${b.url}/api/code/required?username=finance`).then((r) => r.json());
    expect(required.data).toEqual({ captchaRequired: true });
  });

  it('serves a data source synced through one process from the other at once (the registry follows the metadata generation)', async () => {
    const session = await login(a, 'admin', 'Demo@2026');
    const token = session.body.data.access_token as string;
    const call = async (server: Server, method: string, url: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api${url}`, {
        method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: await res.json() };
    };
    // b has read the registry before the table exists
    expect((await call(b, 'POST', '/custom/tp-route/list', { limit: { pn: 1, ps: 10 } })).status).toBe(404);
    const made = await call(a, 'POST', '/optimus_prime/cg-custom-table/create', {
      tableName: 'tp_route', tableExplain: '线路', kind: 'MASTER',
      tableSubList: [{ fieldDbName: 'route_name', fieldType: 'CHAR', length: 50, fieldExplain: '线路名称', required: true }],
    });
    expect(made.status).toBe(200);
    const id = made.body.data.id as number;
    const plan = await call(a, 'POST', `/optimus_prime/cg-custom-table/plan/${id}`);
    expect((await call(a, 'POST', `/optimus_prime/cg-custom-table/sync/${id}`, { hash: plan.body.data.hash })).status).toBe(200);
    const created = await call(b, 'POST', '/custom/tp-route/create', { routeName: '矿区-电厂' });
    expect(created.body).toMatchObject({ success: true });
    const listed = await call(a, 'POST', '/custom/tp-route/list', { limit: { pn: 1, ps: 10 } });
    expect(listed.body.data.list.map((r: { routeName: string }) => r.routeName)).toEqual(['矿区-电厂']);
    // a column added through b is answered by a at once
    const detail = await call(b, 'GET', `/optimus_prime/cg-custom-table/detail/${id}`);
    const { version, tableSubList } = detail.body.data;
    const edited = await call(b, 'PUT', '/optimus_prime/cg-custom-table/update', {
      id, version, tableName: 'tp_route', tableExplain: '线路', kind: 'MASTER',
      tableSubList: [...tableSubList, { fieldDbName: 'distance', fieldType: 'NUMBER', length: 8, scale: 1, fieldExplain: '里程', defaultValue: '12.5' }],
    });
    expect(edited.status).toBe(200);
    const plan2 = await call(b, 'POST', `/optimus_prime/cg-custom-table/plan/${id}`);
    expect((await call(b, 'POST', `/optimus_prime/cg-custom-table/sync/${id}`, { hash: plan2.body.data.hash })).status).toBe(200);
    const again = await call(a, 'POST', '/custom/tp-route/list', { limit: { pn: 1, ps: 10 } });
    expect(again.body.data.list[0]).toMatchObject({ routeName: '矿区-电厂', distance: '12.5' });
  });
});
