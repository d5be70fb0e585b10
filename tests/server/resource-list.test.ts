import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

describe.each(DATABASES)('resource engine list on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let weigher: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    weigher = (await t.login('weigher')).access;
  });
  afterAll(async () => { await t.close(); });

  const list = (url: string, body: object, token = admin) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload: body });
  const ok = async (url: string, body: object, token = admin) => {
    const res = await list(url, body, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: Record<string, unknown>[]; total: number; tongji: Record<string, string> };
  };

  it('answers a page of the current organisation with the total and the sums of the whole filtered set', async () => {
    const data = await ok('/measure/mm-pu-weigh/list', { limit: { pn: 1, ps: 10 } });
    expect(data.total).toBe(600);
    expect(data.list).toHaveLength(10);
    expect(data.list[0]).toMatchObject({ billCode: expect.stringMatching(/^DFNYPU/), plateNumber: expect.any(String), net: expect.any(String) });
    const all = await ok('/measure/mm-pu-weigh/v2/list', { limit: { pn: 1, ps: 1000 } });
    const net = all.list.reduce((sum, r) => sum + Math.round(Number(r.net ?? 0) * 1000), 0) / 1000;
    expect(Number(data.tongji.net)).toBeCloseTo(net, 3);
  });

  it('searches, sorts and pages by the resource’s own columns', async () => {
    const plate = (await ok('/measure/mm-pu-weigh/list', { limit: { pn: 1, ps: 1 } })).list[0].plateNumber as string;
    const byPlate = await ok('/measure/mm-pu-weigh/list', { search: [{ key: 'plateNumber', op: 'like', val: plate.slice(1) }], limit: { pn: 1, ps: 100 } });
    expect(byPlate.total).toBeGreaterThan(0);
    expect(byPlate.list.every((r) => (r.plateNumber as string).includes(plate.slice(1)))).toBe(true);
    const heavy = await ok('/measure/mm-pu-weigh/list', { search: [{ key: 'net', op: 'ge', val: 30 }], sort: [{ key: 'net', dir: 'asc' }], limit: { pn: 2, ps: 20 } });
    const nets = heavy.list.map((r) => Number(r.net));
    expect(nets.every((n) => n >= 30)).toBe(true);
    expect([...nets].sort((a, b) => a - b)).toEqual(nets);
    const range = await ok('/measure/mm-pu-weigh/list', { search: [{ key: 'grossTime', op: 'ge', val: '2000-01-01 00:00:00' }, { key: 'grossTime', op: 'le', val: '2000-01-02 00:00:00' }] });
    expect(range.total).toBe(0);
    const statuses = await ok('/measure/mm-pu-weigh/list', { search: [{ key: 'weighStatus', op: 'in', val: 'GROSS' }] });
    expect(statuses.total).toBe(60);
    expect(Number(statuses.tongji.tare)).toBe(0);
  });

  it('puts blank numbers last whichever way they are sorted, on every page and filtered or not', async () => {
    const blanks = (await ok('/measure/mm-pu-weigh/list', { search: [{ key: 'weighStatus', op: 'in', val: 'GROSS' }], limit: { pn: 1, ps: 1 } })).total;
    expect(blanks).toBeGreaterThan(0); // the precondition: some records have no net yet
    for (const dir of ['asc', 'desc'] as const) {
      for (const search of [[], [{ key: 'createdAt', op: 'ge', val: '2000-01-01 00:00:00' }]]) {
        const all = await ok('/measure/mm-pu-weigh/v2/list', { search, sort: [{ key: 'net', dir }], limit: { pn: 1, ps: 1000 } });
        const nets = all.list.map((r) => (r.net === null ? null : Number(r.net)));
        const filled = nets.filter((n): n is number => n !== null);
        expect(nets.slice(filled.length).every((n) => n === null), `${dir} ${search.length}`).toBe(true);
        expect(nets.length - filled.length).toBe(blanks);
        expect(filled).toEqual([...filled].sort((a, b) => (dir === 'asc' ? a - b : b - a)));
        // the first and the last page (walked from the end) agree with the whole order
        const first = await ok('/measure/mm-pu-weigh/list', { search, sort: [{ key: 'net', dir }], limit: { pn: 1, ps: 20 } });
        expect(first.list.map((r) => r.id)).toEqual(all.list.slice(0, 20).map((r) => r.id));
        const lastPn = Math.ceil(all.total / 20);
        const last = await ok('/measure/mm-pu-weigh/list', { search, sort: [{ key: 'net', dir }], limit: { pn: lastPn, ps: 20 } });
        expect(last.list.map((r) => r.id)).toEqual(all.list.slice((lastPn - 1) * 20).map((r) => r.id));
        expect(last.list.every((r) => r.net === null)).toBe(true);
      }
    }
  });

  it('escapes like wildcards: a % matches only a %', async () => {
    expect((await ok('/material/as-vendor/list', { search: [{ key: 'vendorName', op: 'like', val: '%' }] })).total).toBe(0);
    expect((await ok('/material/as-vendor/list', { search: [{ key: 'vendorName', op: 'like', val: '_' }] })).total).toBe(0);
  });

  it('refuses injection attempts with a 400 that names the problem, and the tables stay intact', async () => {
    const attempts: [object, string][] = [
      [{ sort: [{ key: 'id;drop table mm_pu_weigh' }] }, '不支持的排序字段 id;drop table mm_pu_weigh'],
      [{ sort: [{ key: '(case when (1=1) then bill_code else plate_number end)' }] }, '不支持的排序字段'],
      [{ search: [{ key: 'extractvalue(1,concat(0x7e,version()))', op: 'eq', val: 1 }] }, '不支持的查询字段'],
      [{ search: [{ key: '"plate_number"', op: 'eq', val: 'x' }] }, '不支持的查询字段 "plate_number"'],
      [{ search: [{ key: 'plate_number', op: 'eq', val: 'x' }] }, '不支持的查询字段 plate_number'],
      [{ search: [{ key: 'net', op: 'eq', val: '0 UNION SELECT password_hash FROM sys_user' }] }, '查询条件 net 的值须为数字'],
      [{ search: [{ key: 'grossTime', op: 'ge', val: "2026-01-01' or '1'='1" }] }, '查询条件 grossTime 的值须为日期'],
      [{ search: [{ key: 'net', op: 'in', val: Array.from({ length: 1001 }, (_, i) => i) }] }, '不能超过 1000 个值'],
      [{ limit: { pn: 1, ps: 1001 } }, '请求体字段 limit.ps 不能大于 1000'],
      [{ limit: { pn: 0, ps: 10 } }, '请求体字段 limit.pn 不能小于 1'],
      [{ search: [{ key: 'net', op: 'regexp', val: '1' }] }, '请求体字段 search[0].op 取值无效'],
      [{ search: [{ key: 'net', op: 'like', val: '1' }] }, '查询字段 net 不支持模糊查询'],
      [{ search: [{ key: 'enabled', op: 'eq', val: { $ne: 1 } }] }, '查询条件 enabled 的值须为是或否'],
      [{ search: [{ key: 'plateNumber', op: 'eq', val: ['a'] }] }, '查询条件 plateNumber 的值须为文本'],
    ];
    for (const [body, message] of attempts) {
      const res = await list('/measure/mm-pu-weigh/list', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(message);
      // every refusal names the field it is about
      expect(res.json().data?.field, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await ok('/measure/mm-pu-weigh/list', {})).total).toBe(600);
    const users = await t.database.db.selectFrom('sysUser').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(5);
  });

  it('shows each organisation only its own rows, and follows a company switch', async () => {
    const first = await ok('/measure/mm-pu-weigh/list', { limit: { pn: 1, ps: 1000 } }, weigher);
    expect(first.list.every((r) => String(r.billCode).startsWith('DFNY'))).toBe(true);
    const f = await t.login('finance');
    const orgs = (await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer(f.access) })).json().data.orgs;
    await t.app.inject({ method: 'POST', url: `/api/switchOrg/${orgs[1].id}`, headers: bearer(f.access) });
    const second = await ok('/measure/mm-pu-weigh/list', { limit: { pn: 1, ps: 1000 } }, f.access);
    expect(second.total).toBe(600);
    expect(second.list.every((r) => String(r.billCode).startsWith('HBGT'))).toBe(true);
  });

  it('needs the resource’s view permission, and answers 404 for an unknown resource', async () => {
    expect((await list('/material/as-warehouse/list', {}, weigher)).statusCode).toBe(403);
    expect((await list('/material/as-vehicle/list', {}, weigher)).statusCode).toBe(200);
    // the weigh record's pickers: the weigher reads vendors, customers and the inventory, and changes none
    for (const url of ['/material/as-vendor', '/material/as-customer', '/material/as-inventory']) {
      expect((await ok(`${url}/list`, { limit: { pn: 1, ps: 5 } }, weigher)).total, url).toBeGreaterThan(0);
      expect((await list(`${url}/create`, {}, weigher)).statusCode, url).toBe(403);
    }
    expect((await list('/material/no-such-thing/list', {})).statusCode).toBe(404);
  });
});
