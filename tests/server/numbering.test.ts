import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, manualClock, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };

describe.each(DATABASES)('编码规则: documents numbered by the server on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  const clock = manualClock(new Date('2026-11-24T02:00:00Z'));
  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = (await t.login('admin')).access;
    finance = (await t.login('finance')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const notice = (extra: Record<string, unknown> = {}) => ({ vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '100' }] }, ...extra });

  it('20 concurrent creates get 20 consecutive numbers; what the client sends is replaced', async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => call(admin, 'POST', '/purorder/pu-notice/create', notice({ noticeCode: `MINE-${i}` }))));
    for (const r of results) expect(r.json(), r.body).toMatchObject({ success: true });
    const ids = results.map((r) => (r.json().data as Row).id);
    const codes = await Promise.all(ids.map(async (id) => (await call(admin, 'GET', `/purorder/pu-notice/detail/${id}`)).json().data.noticeCode as string));
    expect([...codes].sort()).toEqual(Array.from({ length: 20 }, (_, i) => `CGTZ20261124-${String(i + 1).padStart(4, '0')}`));
  });

  it('a refused create takes no number; the next one follows without a gap', async () => {
    const bad = await call(admin, 'POST', '/purorder/pu-notice/create', notice({ children: { pu_notice_line: [{ planQty: '1' }] } }));
    expect(bad.statusCode).toBe(400);
    const next = await call(admin, 'POST', '/purorder/pu-notice/create', notice());
    const id = (next.json().data as Row).id;
    expect((await call(admin, 'GET', `/purorder/pu-notice/detail/${id}`)).json().data.noticeCode).toBe('CGTZ20261124-0021');
    // the number cannot be changed afterwards
    const made = (await call(admin, 'GET', `/purorder/pu-notice/detail/${id}`)).json().data as Row;
    const changed = await call(admin, 'PUT', '/purorder/pu-notice/update', { id, version: made.version, noticeCode: 'X-1' });
    expect(changed.statusCode).toBe(400);
    expect(changed.json().data.field).toBe('noticeCode');
  });

  it('an organisation\'s rule set on the 编码规则 screen numbers its next documents; a rule that would repeat numbers is refused', async () => {
    const repeat = await call(admin, 'POST', '/material/as-number-prefix/create', { billType: 'fd_pu_settlement_main', prefix: 'JS', dateFormat: 'YYYYMM', separator: '-', serialLength: 3, resetPeriod: 'DAY' });
    expect(repeat.statusCode).toBe(400);
    expect(repeat.json().data.field).toBe('resetPeriod');
    const rule = await call(admin, 'POST', '/material/as-number-prefix/create', { billType: 'fd_pu_settlement_main', prefix: 'JS', dateFormat: 'YYYYMM', separator: '/', serialLength: 3, resetPeriod: 'MONTH' });
    expect(rule.json(), rule.body).toMatchObject({ success: true });
    const twice = await call(admin, 'POST', '/material/as-number-prefix/create', { billType: 'fd_pu_settlement_main', prefix: 'JJ', dateFormat: 'YYYYMM', serialLength: 3, resetPeriod: 'MONTH' });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().data.field).toBe('billType');
    expect((await call(admin, 'GET', '/material/as-number-prefix/preview?billType=fd_pu_settlement_main')).json().data.next).toBe('JS202611/001');
    const made = await call(finance, 'POST', '/purorder/fd-pu-settlement-main/create', {
      vendorName: '山西恒通矿业有限公司', settleDate: '2026-11-24', children: { fd_pu_settlement: [{ billCode: 'B1', net: '1', price: '1' }] },
    });
    expect(made.json(), made.body).toMatchObject({ success: true });
    expect((await call(finance, 'GET', `/purorder/fd-pu-settlement-main/detail/${made.json().data.id}`)).json().data.settleCode).toBe('JS202611/001');
    // finance may not edit the rules
    expect((await call(finance, 'POST', '/material/as-number-prefix/create', { billType: 'qc_assay', prefix: 'H', dateFormat: 'NONE', serialLength: 5, resetPeriod: 'NEVER' })).statusCode).toBe(403);
  });

  it('auto writes the default rule of every document type the organisation lacks (the demo seeds the assay ones); the forms show the number read-only', async () => {
    const auto = await call(admin, 'POST', '/material/as-number-prefix/auto', {});
    expect(auto.json(), auto.body).toMatchObject({ success: true, data: { created: 7 } });
    const list = (await call(admin, 'POST', '/material/as-number-prefix/list', { limit: { pn: 1, ps: 50 } })).json().data.list as Row[];
    expect(list.map((r) => r.billType).sort()).toEqual(['fd_pu_settlement_main', 'fd_sa_settlement_main', 'mm_pu_weigh', 'mm_sa_weigh', 'pu_notice', 'pu_registry', 'qc_assay', 'qc_assay_group', 'sa_notice', 'sa_registry']);
    expect(list.find((r) => r.billType === 'mm_pu_weigh')).toMatchObject({ prefix: 'CB', dateFormat: 'YYYYMMDD', separator: '-', serialLength: '4', resetPeriod: 'DAY' });
    expect((await call(admin, 'POST', '/material/as-number-prefix/auto', {})).json().data.created).toBe(0);
    const form = await t.database.db.selectFrom('cgFormat').select('published').where('formatCode', '=', 'pu_notice_form').executeTakeFirstOrThrow();
    const published = (typeof form.published === 'string' ? JSON.parse(form.published) : form.published) as { formSubList: Record<string, unknown>[] };
    const field = published.formSubList.find((f) => f.fieldName === 'noticeCode');
    expect(field).toMatchObject({ iautoCode: true, irequired: false, iupdate: false });
  });
});
