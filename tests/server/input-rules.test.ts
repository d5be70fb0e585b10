import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

/** Issue 12 items 4a and 10: text PostgreSQL cannot store, typed ids and numbers, bounds, and the envelope. */
describe.each(DATABASES)('typed, bounded input on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { rateLimitPerMinute: 100_000 } });
    admin = (await t.login('admin')).access;
  });
  afterAll(async () => { await t.close(); });

  const json = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api${url}`, headers: { ...bearer(admin), ...headers }, ...(payload !== undefined ? { payload: JSON.stringify(payload), headers: { ...bearer(admin), 'content-type': 'application/json', ...headers } } : {}) });
  const expect400 = (res: { statusCode: number; json(): { success: boolean; code: string; msg: string; data: { field?: string } | null } }, field: string, msg?: RegExp) => {
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, code: '400' });
    expect(body.data?.field).toBe(field);
    if (msg) expect(body.msg).toMatch(msg);
  };
  const vendorIds = async () => (await t.database.db.selectFrom('as_vendor' as never).select('id' as never).where('deleted' as never, '=', false as never).orderBy('id' as never).execute()).map((r) => Number((r as { id: number }).id));

  it('refuses NUL and lone surrogates with a 400 naming the field, in JSON, form, query, path and multipart', async () => {
    // a registry with lines: the path names the line and its field
    const body = `{"billCode":"R1","plateNumber":"京A1","registerTime":"2026-11-22 10:00:00","children":{"pu_registry_sub":[{"noticeCode":"N1"},{"noticeCode":"N2","remark":"a\\u0000b"}]}}`;
    const res = await t.app.inject({ method: 'POST', url: '/api/purorder/pu-registry/create', headers: { ...bearer(admin), 'content-type': 'application/json' }, payload: body });
    expect400(res, 'children.pu_registry_sub[1].remark', /空字符/);
    const surrogate = await t.app.inject({ method: 'POST', url: '/api/material/as-vendor/create', headers: { ...bearer(admin), 'content-type': 'application/json' }, payload: '{"vendorCode":"V\\ud800","vendorName":"x"}' });
    expect400(surrogate, 'vendorCode', /代理项/);
    // the public sign-in route (form-encoded)
    expect400(await t.token({ grant_type: 'password', username: 'ad\u0000min', password: 'x' }), 'username');
    expect400(await json('GET', '/optimus_prime/cg-format/list?formatName=a%00b'), 'formatName');
    expect400(await json('GET', '/material/as-vendor/detail/%00'), 'id');
    const boundary = 'b0';
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a\u0000.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n0000\r\n--${boundary}--\r\n`;
    const upload = await t.app.inject({ method: 'POST', url: '/api/sys-file-type/upload', headers: { ...bearer(admin), 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: Buffer.from(multipart, 'latin1') });
    expect400(upload, 'filename');
  });

  it('takes ids as JSON numbers only: "0x9f0" or true does not delete another row', async () => {
    const [first] = await vendorIds();
    expect(first).toBeGreaterThan(0);
    for (const id of [`0x${first.toString(16)}`, String(first), true, first + 0.5, 1e300]) {
      const res = await json('DELETE', '/material/as-vendor/deletes', { ids: [id] });
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json().data.field).toBe('ids[0]');
    }
    expect(await vendorIds()).toContain(first);
    // path parameters and queries are text, read as digits only and within the column's range
    for (const id of ['0x9f0', '1e3', '1.5', '99999999999999999999', '-1', 'true']) {
      const res = await json('GET', `/material/as-vendor/detail/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ success: false, data: { field: 'id' } });
    }
    expect((await json('GET', `/material/as-vendor/detail/${first}`)).statusCode).toBe(200);
    expect((await json('GET', '/optimus_prime/cg-format/list?ps=0x10')).statusCode).toBe(400);
    expect((await json('GET', '/optimus_prime/cg-format/list?ps=10')).statusCode).toBe(200);
  });

  it('keeps NUMBER columns on decimal strings and refuses what PostgreSQL cannot store, naming the field', async () => {
    const base = { plateNumber: '京Q12345' };
    expect400(await json('POST', '/material/as-vehicle/create', { ...base, tareWeight: 1e300 }), 'tareWeight', /预置皮重/);
    expect400(await json('POST', '/material/as-vehicle/create', { ...base, tareWeight: '12345678.5' }), 'tareWeight', /超出范围/);
    expect400(await json('POST', '/material/as-vehicle/create', { ...base, tareWeight: '0x10' }), 'tareWeight');
    const ok = await json('POST', '/material/as-vehicle/create', { ...base, tareWeight: '17.500' });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses impossible calendar dates in values and in the list search', async () => {
    const notice = { noticeCode: 'PN-DATE-1', vendorName: '东方', beginDate: '2024-02-30' };
    expect400(await json('POST', '/purorder/pu-notice/create', notice), 'beginDate', /日期/);
    const search = await json('POST', '/purorder/pu-notice/list', { search: [{ key: 'beginDate', op: 'ge', val: '2026-13-01' }] });
    expect(search.statusCode).toBe(400);
    expect(search.json().msg).toMatch(/beginDate.*日期/);
    expect((await json('POST', '/purorder/pu-notice/create', { ...notice, beginDate: '2024-02-29' })).statusCode).toBe(200);
  });

  it('bounds TXT columns at 10,000 characters unless the column sets maxLength', async () => {
    const vendor = (n: number, address: string) => ({ vendorCode: `VTXT${n}`, vendorName: '长文本', address });
    expect((await json('POST', '/material/as-vendor/create', vendor(1, '址'.repeat(10_000)))).statusCode).toBe(200);
    expect400(await json('POST', '/material/as-vendor/create', vendor(2, '址'.repeat(10_001))), 'address', /10000/);
    // a column's own maxLength (metadata in cg_custom_table) replaces the default
    const row = await t.database.db.selectFrom('cgCustomTable').select(['id', 'definition']).where(sql`definition->>'tableName'`, '=', 'as_vendor').executeTakeFirstOrThrow();
    const def = row.definition as { columns: { fieldName: string; maxLength?: number }[] };
    def.columns.find((c) => c.fieldName === 'address')!.maxLength = 20;
    await t.database.db.updateTable('cgCustomTable').set({ definition: JSON.stringify(def) as never }).where('id', '=', row.id).execute();
    t.app.svc.resources.invalidate();
    expect400(await json('POST', '/material/as-vendor/create', vendor(3, 'x'.repeat(21))), 'address', /20/);
    expect((await json('POST', '/material/as-vendor/create', vendor(4, 'x'.repeat(20)))).statusCode).toBe(200);
  });

  it('bounds the nesting of any body and the depth and number of values of a search', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i += 1) deep = [deep];
    const nested = await json('POST', '/material/as-vendor/create', { vendorCode: 'D', vendorName: 'D', address: deep });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().msg).toMatch(/嵌套/);
    let condition: Record<string, unknown> = { key: 'vendorName', op: 'eq', val: 'x' };
    for (let i = 0; i < 8; i += 1) condition = { list: [condition] };
    expect400(await json('POST', '/material/as-vendor/list', { search: [condition] }), 'search', /嵌套/);
    const many = Array.from({ length: 6 }, () => ({ key: 'id', op: 'in', val: Array.from({ length: 1000 }, (_, i) => i + 1) }));
    expect400(await json('POST', '/material/as-vendor/list', { search: many }), 'search', /5000/);
    expect((await json('POST', '/material/as-vendor/list', { search: many.slice(0, 4) })).statusCode).toBe(200);
    // an id is compared as a bigint: a fraction is refused rather than failing in PostgreSQL
    expect400(await json('POST', '/material/as-vendor/list', { search: [{ key: 'id', op: 'eq', val: 0.1 }] }), 'id', /整数/);
    expect400(await json('POST', '/material/as-vendor/export', { search: [{ key: 'id', op: 'in', val: ['1', '0x10'] }] }), 'id', /数字/);
  });

  it('answers router and parser errors in the envelope', async () => {
    const cases = [
      await json('GET', '/no/such/route'),
      await json('GET', '/material/as-vendor/detail/%E0%A4%A'),
      await t.app.inject({ method: 'POST', url: '/api/material/as-vendor/create', headers: { ...bearer(admin), 'content-type': 'application/json' }, payload: '{"a":' }),
      await t.app.inject({ method: 'POST', url: '/api/material/as-vendor/create', headers: { ...bearer(admin), 'content-type': 'application/xml' }, payload: '<a/>' }),
      await json('GET', `/material/as-vendor/detail/${'9'.repeat(600)}`),
    ];
    expect(cases.map((r) => r.statusCode)).toEqual([404, 400, 400, 415, 414]);
    for (const r of cases) expect(Object.keys(r.json()).sort()).toEqual(['code', 'data', 'msg', 'success']);
  });
});
