import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };
type Registry = Row & { children: Record<string, Row[]> };

/** The purchase and the sale registry: where they live and what their lines name. */
const KINDS = [
  { title: '采购登记', base: '/purorder/pu-registry', notices: '/purorder/pu-notice', sub: 'pu_registry_sub', partner: 'vendorName', code: 'PR', noticeCode: 'PN', menu: 'pu_registry', url: '/modules/purorder/pu_registry' },
  { title: '销售登记', base: '/sale/sa-registry', notices: '/sale/sa-notice', sub: 'sa_registry_sub', partner: 'customerName', code: 'SR', noticeCode: 'SN', menu: 'sa_registry', url: '/modules/sale/sa_registry' },
] as const;

describe.each(DATABASES.flatMap((kind) => KINDS.map((r) => [kind, r.title, r] as const)))('registries (single-child mode) on %s: %s', (kind, _title, r) => {
  let t: TestApp;
  let finance: string;
  let notice: Row;
  beforeAll(async () => {
    t = await createTestApp(kind);
    finance = (await t.login('finance')).access;
    notice = (await call('POST', `${r.notices}/list`, { limit: { pn: 1, ps: 1 } })).json().data.list[0];
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = finance) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const detail = async (id: number, token = finance) => call('GET', `${r.base}/detail/${id}`, undefined, token);
  const line = (extra: Record<string, unknown> = {}) => ({
    noticeCode: notice.noticeCode, noticeId: notice.id, [r.partner]: notice[r.partner], materialName: notice.materialName, planQuantity: '120', ...extra,
  });
  const registry = (billCode: string, extra: Record<string, unknown> = {}) => ({
    billCode, plateNumber: '蒙A12345', driverName: '王强', mobile: '13912345678', registerTime: '2026-11-20 08:30:00', ...extra,
  });

  it('saves a registry with its one line, and answers it with the line', async () => {
    const res = await call('POST', `${r.base}/create`, { ...registry('DJ-T-0001'), children: { [r.sub]: [line()] } });
    expect(res.json(), res.body).toMatchObject({ success: true, msg: '新增成功' });
    const doc = (await detail(res.json().data.id)).json().data as Registry;
    // the number is the 编码规则's (CGDJ/XSDJ, the day, a serial), not the one sent
    expect(doc.billCode).toMatch(/^(CG|XS)DJ\d{8}-\d{4}$/);
    expect([doc.plateNumber, doc.status]).toEqual(['蒙A12345', 'FREE']);
    expect(doc.children[r.sub].map((l) => [l.noticeCode, l[r.partner], l.planQuantity])).toEqual([[notice.noticeCode, notice[r.partner], '120.000']]);
  });

  it('refuses a second line with 只能有一条子表信息 (on create and on update), and a registry without its line', async () => {
    const two = await call('POST', `${r.base}/create`, { ...registry('DJ-T-0002'), children: { [r.sub]: [line(), line({ planQuantity: '5' })] } });
    expect(two.statusCode).toBe(400);
    expect(two.json()).toMatchObject({ success: false, msg: `${r.title}明细：只能有一条子表信息`, data: { field: `children.${r.sub}` } });
    const none = await call('POST', `${r.base}/create`, { ...registry('DJ-T-0002'), children: { [r.sub]: [] } });
    expect(none.statusCode).toBe(400);
    expect(none.json().msg).toBe(`${r.title}明细：子表未新增数据`);
    expect((await call('POST', `${r.base}/create`, registry('DJ-T-0002'))).statusCode).toBe(400);
    const list = (await call('POST', `${r.base}/list`, { search: [{ key: 'billCode', op: 'eq', val: 'DJ-T-0002' }], limit: { pn: 1, ps: 10 } })).json().data;
    expect(list.total).toBe(0);

    const made = (await call('POST', `${r.base}/create`, { ...registry('DJ-T-0003'), children: { [r.sub]: [line()] } })).json().data as Row;
    const [own] = ((await detail(made.id)).json().data as Registry).children[r.sub];
    const added = await call('PUT', `${r.base}/update`, { id: made.id, version: made.version, children: { [r.sub]: [line({ id: own.id }), line()] } });
    expect(added.statusCode).toBe(400);
    expect(added.json().msg).toBe(`${r.title}明细：只能有一条子表信息`);
    // the line itself may change, and the registry alone (its line not sent) keeps its line
    const changed = await call('PUT', `${r.base}/update`, { id: made.id, version: made.version, children: { [r.sub]: [line({ id: own.id, planQuantity: '80' })] } });
    expect(changed.json(), changed.body).toMatchObject({ success: true });
    const mainOnly = await call('PUT', `${r.base}/update`, { id: made.id, version: made.version + 1, remark: '只改备注' });
    expect(mainOnly.json(), mainOnly.body).toMatchObject({ success: true });
    const after = (await detail(made.id)).json().data as Registry;
    expect([after.remark, after.children[r.sub].length, after.children[r.sub][0].planQuantity]).toEqual(['只改备注', 1, '80.000']);
    // datax does not carry lines: a registry cannot be added through it
    const synced = await call('POST', `${r.base}/datax`, { rows: [registry('DJ-T-0004')] });
    expect(synced.statusCode).toBe(400);
    expect(synced.json().msg).toBe(`第 1 行：${r.title}明细：子表未新增数据`);
  });

  it('checks the plate, the mobile and the required fields like the form does', async () => {
    const bad = async (extra: Record<string, unknown>) => {
      const res = await call('POST', `${r.base}/create`, { ...registry('DJ-T-0010', extra), children: { [r.sub]: [line()] } });
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { msg: string; data: { field?: string } };
    };
    expect(await bad({ plateNumber: '蒙a12345' })).toMatchObject({ msg: '车牌号格式错误!', data: { field: 'plateNumber' } });
    expect(await bad({ plateNumber: 'AB12345' })).toMatchObject({ msg: '车牌号格式错误!' });
    expect(await bad({ mobile: '1391234567' })).toMatchObject({ msg: '手机号格式错误!', data: { field: 'mobile' } });
    expect((await bad({ plateNumber: '' })).data.field).toBe('plateNumber');
    expect((await bad({ registerTime: null })).data.field).toBe('registerTime');
    const noNotice = await call('POST', `${r.base}/create`, { ...registry('DJ-T-0011'), children: { [r.sub]: [line({ noticeCode: '' })] } });
    expect(noNotice.statusCode).toBe(400);
    expect(noNotice.json().msg).toMatch(new RegExp(`^${r.title}明细第 1 行：通知单号`));
  });

  it('keeps a registry in its organisation: another organisation gets a 404, and the number may repeat there', async () => {
    const made = (await call('POST', `${r.base}/create`, { ...registry('DJ-T-0020'), children: { [r.sub]: [line()] } })).json().data as Row;
    const admin = (await t.login('admin')).access;
    const orgs = (await call('POST', '/sys-user-org/currentOrgs', { limit: { pn: 1, ps: 100 } }, admin)).json().data.list as { id: number; orgCode: string }[];
    await call('POST', `/switchOrg/${orgs.find((o) => o.orgCode === 'HBGT')!.id}`, undefined, admin);
    expect((await detail(made.id, admin)).statusCode).toBe(404);
    const update = await call('PUT', `${r.base}/update`, { id: made.id, version: made.version, remark: 'x' }, admin);
    expect(update.statusCode).toBe(404);
    const theirNotice = (await call('POST', `${r.notices}/list`, { limit: { pn: 1, ps: 1 } }, admin)).json().data.list[0] as Row;
    const same = await call('POST', `${r.base}/create`, {
      ...registry('DJ-T-0020'), children: { [r.sub]: [{ noticeCode: theirNotice.noticeCode, noticeId: theirNotice.id }] },
    }, admin);
    expect(same.json(), same.body).toMatchObject({ success: true });
  });

  it('is seeded per organisation with one line each, from the notices, vehicles, drivers and cards', async () => {
    const list = (await call('POST', `${r.base}/list`, { search: [{ key: 'billCode', op: 'like', val: `DFNY${r.code}` }], limit: { pn: 1, ps: 100 } })).json().data as { list: Row[]; total: number };
    expect(list.total).toBe(8);
    expect(new Set(list.list.map((row) => row.status))).toEqual(new Set(['FREE', 'AUDITED']));
    for (const row of list.list.slice(0, 3)) {
      const doc = (await detail(row.id)).json().data as Registry;
      expect(doc.children[r.sub]).toHaveLength(1);
      expect(doc.children[r.sub][0].noticeCode).toMatch(new RegExp(`^DFNY${r.noticeCode}`));
      expect([doc.driverId, doc.cardCode, doc.mobile].every(Boolean)).toBe(true);
    }
  });

  it('publishes the FORM in single-child mode as an edit page, its line picking the notice', async () => {
    const menu = (await call('GET', '/sys-menu/list')).json().data as { uuid: string; id: number; urlPath: string; children: unknown[] }[];
    const find = (nodes: typeof menu): (typeof menu)[number] | undefined => {
      for (const n of nodes) { if (n.uuid === r.menu) return n; const f = find(n.children as typeof menu); if (f) return f; }
      return undefined;
    };
    const entry = find(menu)!;
    expect(entry.urlPath).toBe(r.url);
    const form = (await call('GET', `/optimus_prime/optimusPrime?formatType=FORM&menuId=${entry.id}`)).json().data;
    expect([form.singleChild, form.validTable, form.formatStyle]).toEqual([true, true, 'FORMAT_MASTER_CHILD']);
    const pick = form.childSubLists[0].fields.find((f: { fieldName: string }) => f.fieldName === 'noticeCode');
    expect(pick).toMatchObject({ formSubmitType: 'RESOURCE_CONTROLS', cgFormatResId: expect.any(Number) });
    expect(pick.resourceList.map((m: { fieldSub1: { fieldName: string } }) => m.fieldSub1.fieldName)).toEqual(['noticeCode', 'noticeId', r.partner, 'materialName', 'planQuantity']);
    const driver = form.formSubList.find((f: { fieldName: string }) => f.fieldName === 'driverName');
    expect(driver).toMatchObject({ formSubmitType: 'RESOURCE_CONTROLS', cgFormatResId: expect.any(Number) });
    const list = (await call('GET', `/optimus_prime/optimusPrime?formatType=LIST&menuId=${entry.id}`)).json().data;
    expect(list.formPage).toBe(true);
  });
});
