import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };

describe.each(DATABASES)('datax (sync by unique key) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, token = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const vendor = async (code: string) => ((await call('POST', '/material/as-vendor/list', { search: [{ key: 'vendorCode', op: 'eq', val: code }], limit: { pn: 1, ps: 5 } })).json().data.list as Row[])[0];

  it('adds the rows whose key is new and changes the ones that exist, in one go', async () => {
    const first = ((await call('POST', '/material/as-vendor/list', { limit: { pn: 1, ps: 1 } })).json().data.list as Row[])[0];
    const res = await call('POST', '/material/as-vendor/datax', { rows: [
      { vendorCode: first.vendorCode, vendorName: '同步改名供应商', mobile: '13900001111' },
      { vendorCode: 'SYNC-V-001', vendorName: '同步新增供应商', email: 'erp@example.com' },
    ] });
    expect(res.json(), res.body).toMatchObject({ success: true, data: { inserted: 1, updated: 1, total: 2 }, msg: '同步成功：新增 1 条，修改 1 条' });
    const changed = await vendor(String(first.vendorCode));
    expect([changed.vendorName, changed.version]).toEqual(['同步改名供应商', first.version + 1]);
    expect((await vendor('SYNC-V-001')).vendorName).toBe('同步新增供应商');
    // the pinyin initials follow the new name (the picker finds 同步新增 by tbxz)
    const byInitials = (await call('POST', '/material/as-vendor/list', { search: [{ key: 'vendorName', op: 'like', val: 'tbxz' }], limit: { pn: 1, ps: 5 } })).json().data.list as Row[];
    expect(byInitials.map((r) => r.vendorCode)).toContain('SYNC-V-001');
  });

  it('refuses the whole batch for one bad row, naming the row and the field; nothing is written', async () => {
    const bad = await call('POST', '/material/as-vendor/datax', { rows: [
      { vendorCode: 'SYNC-V-002', vendorName: '不应写入' },
      { vendorCode: 'SYNC-V-003', vendorName: '手机号错误', mobile: '12345' },
    ] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ msg: '第 2 行：手机号格式错误!', data: { field: 'rows[1].mobile' } });
    expect(await vendor('SYNC-V-002')).toBeUndefined();
    const twice = await call('POST', '/material/as-vendor/datax', { rows: [{ vendorCode: 'SYNC-V-004', vendorName: 'a' }, { vendorCode: 'SYNC-V-004', vendorName: 'b' }] });
    expect(twice.json()).toMatchObject({ msg: '第 2 行：供应商编码 SYNC-V-004 与第 1 行重复', data: { field: 'rows[1].vendorCode' } });
    const noKey = await call('POST', '/material/as-vendor/datax', { rows: [{ vendorName: '无编码' }] });
    expect(noKey.json().msg).toBe('第 1 行：供应商编码不能为空');
  });

  it('keeps to the rules of documents and permissions: an audited document is not changed, a line table is not synced alone, a weigher may not sync vendors', async () => {
    const [audited] = (await call('POST', '/purorder/pu-notice/list', { search: [{ key: 'status', op: 'eq', val: 'AUDITED' }], limit: { pn: 1, ps: 1 } })).json().data.list as Row[];
    const res = await call('POST', '/purorder/pu-notice/datax', { rows: [{ noticeCode: audited.noticeCode, vendorName: '改不了' }] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ msg: `第 1 行：通知单号 ${String(audited.noticeCode)}：已审核的单据不能修改`, data: { field: 'rows[0].noticeCode' } });
    expect((await call('POST', '/purorder/pu-notice-line/datax', { rows: [{ invName: 'x' }] })).json().msg).toBe('采购通知单明细随其单据保存，不能单独同步，请保存采购通知单');
    const weigher = (await t.login('weigher')).access;
    expect((await call('POST', '/material/as-vendor/datax', { rows: [{ vendorCode: 'SYNC-V-009', vendorName: 'x' }] }, weigher)).statusCode).toBe(403);
  });

  it('names every row\'s field as rows[i].<field>, whichever check refuses it: the key, a column, the table\'s rules, a reference', async () => {
    const refused = async (url: string, rows: Record<string, unknown>[]) => {
      const res = await call('POST', url, { rows });
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { msg: string; data: { field: string } };
    };
    const ok = { plateNumber: '蒙S00001', tareWeight: '15' };
    expect(await refused('/material/as-vehicle/datax', [ok, { plateNumber: '' }])).toMatchObject({ msg: '第 2 行：车牌号不能为空', data: { field: 'rows[1].plateNumber' } });
    expect(await refused('/material/as-vehicle/datax', [ok, { plateNumber: '蒙S00002', tareWeight: 'abc' }])).toMatchObject({ data: { field: 'rows[1].tareWeight' } });
    expect(await refused('/material/as-vehicle/datax', [ok, { plateNumber: '蒙S00003', noSuchField: 'x' }])).toMatchObject({ data: { field: 'rows[1].noSuchField' } });
    expect(await refused('/material/as-vehicle/datax', [ok, { plateNumber: '蒙S00004', tareWeight: '-5' }])).toMatchObject({ msg: '第 2 行：预置皮重不能小于0', data: { field: 'rows[1].tareWeight' } });
    expect(await refused('/measure/mm-pu-weigh/datax', [{ billCode: 'SYNC-CB-1', plateNumber: '蒙S00005', materialName: '原煤', registryId: 999999999 }]))
      .toMatchObject({ data: { field: 'rows[0].registryId' } });
    // nothing of the refused batches was written
    expect((await call('POST', '/material/as-vehicle/list', { search: [{ key: 'plateNumber', op: 'eq', val: '蒙S00001' }] })).json().data.list).toEqual([]);
  });

  it('refuses a value of a second unique column that another row holds, naming the row and the field (it was not checked)', async () => {
    // a data source keyed by 泊位编码 with a second unique column, 泊位名称
    const made = await call('POST', '/optimus_prime/cg-custom-table/create', {
      tableName: 'dx_berth', tableExplain: '泊位', module: 'transport', kind: 'MASTER', scope: 'ORG',
      tableSubList: [
        { fieldDbName: 'berth_code', fieldType: 'CHAR', length: 32, fieldExplain: '泊位编码', required: true, unique: true },
        { fieldDbName: 'berth_name', fieldType: 'CHAR', length: 50, fieldExplain: '泊位名称', unique: true },
      ],
    });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.id as number;
    const { hash } = (await call('POST', `/optimus_prime/cg-custom-table/plan/${id}`)).json().data as { hash: string };
    expect((await call('POST', `/optimus_prime/cg-custom-table/sync/${id}`, { hash })).statusCode).toBe(200);
    const first = await call('POST', '/transport/dx-berth/datax', { rows: [{ berthCode: 'B1', berthName: '一号泊位' }, { berthCode: 'B2', berthName: '二号泊位' }] });
    expect(first.json(), first.body).toMatchObject({ success: true, data: { inserted: 2 } });
    const stored = async () => (await call('POST', '/transport/dx-berth/list', { limit: { pn: 1, ps: 10 } })).json().data.list.map((r: Row) => [r.berthCode, r.berthName]);
    // a new key with a taken name, and an existing key renamed to a taken name: each the row's 400, nothing written
    const taken = await call('POST', '/transport/dx-berth/datax', { rows: [{ berthCode: 'B3', berthName: '三号泊位' }, { berthCode: 'B4', berthName: '一号泊位' }] });
    expect(taken.statusCode, taken.body).toBe(400);
    expect(taken.json()).toMatchObject({ msg: '第 2 行：泊位名称 一号泊位 已存在', data: { field: 'rows[1].berthName' } });
    const renamed = await call('POST', '/transport/dx-berth/datax', { rows: [{ berthCode: 'B2', berthName: '一号泊位' }] });
    expect(renamed.json()).toMatchObject({ msg: '第 1 行：泊位名称 一号泊位 已存在', data: { field: 'rows[0].berthName' } });
    expect((await stored()).sort()).toEqual([['B1', '一号泊位'], ['B2', '二号泊位']]);
    // keeping its own name is no conflict
    expect((await call('POST', '/transport/dx-berth/datax', { rows: [{ berthCode: 'B2', berthName: '二号泊位' }] })).json()).toMatchObject({ success: true, data: { updated: 1 } });
  });
});
