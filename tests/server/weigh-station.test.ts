import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveValue } from '../../src/schema/weigh';
import { WeighStation } from '../../server/weigh/station/station';
import { takePgOverlaps } from './support/pg-overlaps';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };

/** Reads an SSE stream until `count` data events or `ms` have passed. */
async function readEvents(url: string, token: string, count: number, ms = 5000): Promise<{ status: number; values: (LiveValue & { receivedAt: number })[] }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  const values: (LiveValue & { receivedAt: number })[] = [];
  try {
    const res = await fetch(url, { headers: bearer(token), signal: controller.signal });
    if (res.status !== 200 || !res.body) return { status: res.status, values };
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    while (values.length < count) {
      const { value, done } = await reader.read();
      if (done) break;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const event = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (event.startsWith('data: ')) values.push({ ...JSON.parse(event.slice(6)), receivedAt: Date.now() });
      }
    }
    return { status: 200, values };
  } catch (error) {
    if ((error as Error).name === 'AbortError') return { status: 200, values };
    throw error;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}

describe.each(DATABASES)('称重设备 and live weights on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let weigher: string;
  let station: WeighStation;
  let base: string;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const scale = (scaleCode: string, extra: Record<string, unknown> = {}) => ({
    scaleCode, scaleName: '测试汽车衡', station: '3号磅房', protocol: 'toledo', connection: '127.0.0.1:8153', division: 20, maxCapacity: 100_000, ...extra,
  });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    weigher = (await t.login('weigher')).access;
    // the station as `npm start` runs it on one process: every enabled scale, values kept in memory
    station = new WeighStation({ db: t.database.db, owner: 'test-process' });
    t.app.svc.weigh = station;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api`;
    await station.start();
  });
  afterAll(async () => {
    await station.stop();
    await t.close();
  });

  it('lists the seeded scales of the organisation through the resource engine', async () => {
    const list = (await call('POST', '/measure/mm-scale/list', { limit: { pn: 1, ps: 50 } }, weigher)).json().data;
    expect(list.list.map((r: Row) => [r.scaleName, r.protocol, r.connection])).toEqual(expect.arrayContaining([
      ['1号汽车衡', 'yaohua-tf0', 'simulator'], ['2号汽车衡', 'toledo', 'simulator'],
    ]));
  });

  it('refuses a scale whose n = Max/e is outside 500–10,000 (class Ⅲ), on create and on update, naming the field', async () => {
    const small = await call('POST', '/measure/mm-scale/create', scale('T-N-1', { maxCapacity: 8000 }));
    expect(small.statusCode).toBe(400);
    expect(small.json()).toMatchObject({ success: false, msg: '检定分度数 n = Max/e = 400，Ⅲ级秤应为 500–10000 的整数', data: { field: 'maxCapacity' } });
    const big = await call('POST', '/measure/mm-scale/create', scale('T-N-1', { division: 5 }));
    expect(big.json()).toMatchObject({ msg: '检定分度数 n = Max/e = 20000，Ⅲ级秤应为 500–10000 的整数', data: { field: 'maxCapacity' } });
    const made = await call('POST', '/measure/mm-scale/create', scale('T-N-1'));
    expect(made.json(), made.body).toMatchObject({ success: true });
    const { id, version } = made.json().data as Row;
    // the stored Max with a new e: judged on the whole row
    const update = await call('PUT', '/measure/mm-scale/update', { id, version, division: 500 });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toMatchObject({ msg: '检定分度数 n = Max/e = 200，Ⅲ级秤应为 500–10000 的整数', data: { field: 'maxCapacity' } });
    expect((await call('GET', `/measure/mm-scale/detail/${id}`)).json().data).toMatchObject({ division: '20.000' });
  });

  it('refuses a bad connection address, a Min under 20 e and an unknown protocol', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ connection: 'COM3' }, 'connection', '连接地址应为 主机:端口（串口服务器）或 simulator'],
      [{ connection: '10.0.0.5:70000' }, 'connection', '连接地址应为 主机:端口（串口服务器）或 simulator'],
      [{ minCapacity: 200 }, 'minCapacity', '最小称量不得小于 20e（400 kg）'],
      [{ protocol: 'modbus' }, 'protocol', ''],
    ];
    for (const [extra, field, msg] of cases) {
      const res = await call('POST', '/measure/mm-scale/create', scale('T-BAD', extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().data.field).toBe(field);
      if (msg) expect(res.json().msg).toBe(msg);
    }
  });

  it('answers the weighing page its scales with defaults, a certificate warning within 30 days, and the live value', async () => {
    await new Promise((r) => setTimeout(r, 600));
    const scales = (await call('GET', '/measure/weigh/scales', undefined, weigher)).json().data as Record<string, unknown>[];
    const [one, two] = scales.filter((s) => String(s.scaleName).match(/^[12]号汽车衡$/));
    expect(one).toMatchObject({ scaleName: '1号汽车衡', division: 20, minCapacity: 400, stableBand: 20, stableWindow: 1, certWarning: null });
    expect(two).toMatchObject({ scaleName: '2号汽车衡', certWarning: expect.stringMatching(/^检定证书 (19|20) 天后到期$/) });
    expect(one.live).toMatchObject({ scaleId: one.id, owner: 'test-process', stale: false });
  });

  it('streams a scale\'s live values over SSE at 5 Hz or more, frames decoded from the simulator', async () => {
    const [one] = (await call('GET', '/measure/weigh/scales', undefined, weigher)).json().data as { id: number }[];
    const { status, values } = await readEvents(`${base}/measure/weigh/live/${one.id}`, weigher, 21);
    expect(status).toBe(200);
    expect(values.length).toBe(21);
    const seconds = (values.at(-1)!.receivedAt - values[1].receivedAt) / 1000;
    expect(19 / seconds).toBeGreaterThanOrEqual(5);
    expect(values.every((v) => v.scaleId === one.id && v.raw.startsWith('02') && v.weight! % 20 === 0)).toBe(true);
  });

  it('answers 404 for a scale of another organisation and 403 without the weighing page', async () => {
    const own = (await call('GET', '/measure/weigh/scales', undefined, weigher)).json().data as { id: number }[];
    // every demo organisation has its scales: one of another organisation exists
    const rows = await t.database.db.selectFrom('mm_scale' as never).select('id' as never).execute() as { id: number }[];
    const other = rows.find((r) => !own.some((o) => o.id === Number(r.id)));
    expect(other).toBeTruthy();
    const res = await fetch(`${base}/measure/weigh/live/${other!.id}`, { headers: bearer(weigher) });
    expect(res.status).toBe(404);
    const finance = (await t.login('finance')).access;
    expect((await call('GET', '/measure/weigh/scales', undefined, finance)).statusCode).toBe(403);
    expect((await fetch(`${base}/measure/weigh/live/${own[0].id}`, { headers: bearer(finance) })).status).toBe(403);
  });

  it('answers 404 for an unknown scale on a process that runs no station (WEIGH_STATION=0); only a real scale is told the service is off', async () => {
    const own = (await call('GET', '/measure/weigh/scales', undefined, weigher)).json().data as { id: number }[];
    t.app.svc.weigh = undefined;
    try {
      for (const id of [900022, 2147483648]) {
        const res = await call('GET', `/measure/weigh/live/${id}`, undefined, weigher);
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: '404' });
      }
      const real = await call('GET', `/measure/weigh/live/${own[0].id}`, undefined, weigher);
      expect(real.json()).toMatchObject({ success: false, msg: '称重服务未启动' });
    } finally {
      t.app.svc.weigh = station;
    }
  });

  it.skipIf(kind !== 'postgres')('on PostgreSQL, shares its own connection between the scale locks and the live values\' NOTIFY one statement at a time', async () => {
    // as `npm start` runs it over PostgreSQL: scales taken by advisory locks, values passed by LISTEN/NOTIFY,
    // both on the station's one connection (polled often here, so the locks' statements meet the values')
    const own = new WeighStation({ db: t.database.db, databaseUrl: t.databaseUrl, owner: 'pg-process', pollMs: 50 });
    const heard = new Map<number, number[]>();
    own.subscribe((v) => { if (v.owner === 'pg-process') heard.set(v.scaleId, [...(heard.get(v.scaleId) ?? []), v.at]); });
    takePgOverlaps();
    let owned: number[] = [];
    await own.start();
    try {
      const started = Date.now();
      while ([...heard.values()].reduce((n, at) => n + at.length, 0) < 120 && Date.now() - started < 15_000) await new Promise((r) => setTimeout(r, 50));
      owned = own.owned();
    } finally {
      await own.stop();
    }
    // it read several scales at once and heard their values back through PostgreSQL, each scale's in order
    expect(owned.length).toBeGreaterThanOrEqual(2);
    expect(heard.size).toBeGreaterThanOrEqual(2);
    expect([...heard.values()].reduce((n, at) => n + at.length, 0)).toBeGreaterThanOrEqual(120);
    for (const at of heard.values()) expect(at).toEqual([...at].sort((a, b) => a - b));
    // and never sent a statement while its connection ran another (pg: DeprecationWarning, refused from pg@9)
    expect(takePgOverlaps()).toEqual([]);
  });
});
