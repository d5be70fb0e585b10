import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };
const MATERIAL = '化验测试原煤';

describe.each(DATABASES)('化验组 and 化验单: the assayer\'s results feed the trucks\' settle weight on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let assayer: string;
  const weighs: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    assayer = (await t.login('assayer')).access;
    for (const [gross, tare] of [['50', '20'], ['45.5', '15.25']]) {
      const res = await call(admin, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: '蒙K40001', materialName: MATERIAL, vendorName: '山西恒通矿业有限公司', gross, tare });
      expect(res.json(), res.body).toMatchObject({ success: true });
      weighs.push(res.json().data.id);
    }
    // one weighed outside the period
    const late = await call(admin, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: '蒙K40002', materialName: MATERIAL, gross: '40', tare: '10' });
    await sql`update mm_pu_weigh set gross_time = ${new Date('2026-11-20T02:00:00Z')} where id in (${sql.join(weighs)})`.execute(t.database.db);
    await sql`update mm_pu_weigh set gross_time = ${new Date('2026-11-23T02:00:00Z')} where id = ${late.json().data.id}`.execute(t.database.db);
  });
  afterAll(async () => { await t.close(); });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const group = async (id: number) => (await call(assayer, 'GET', `/quality/qc-assay-group/detail/${id}`)).json().data as Row & { children: { qc_assay_group_weigh: Row[] } };
  const weigh = async (id: number) => (await call(admin, 'GET', `/measure/mm-pu-weigh/detail/${id}`)).json().data as Row;
  const act = (action: string, id: number, token = assayer) => call(token, 'POST', `/quality/qc-assay-group/${action}`, { ids: [id] });

  it('runs as the assayer from the step table to the settle weight, exactly, and back on 弃审', async () => {
    for (const [itemCode, deductKind, fromValue, rate] of [['001', 'WATER', '12.5', '1'], ['001', 'WATER', '13', '2'], ['003', 'IMPURITY', '1.2', '0.5']]) {
      const step = await call(assayer, 'POST', '/quality/qc-deduct-step/create', { materialName: MATERIAL, itemCode, deductKind, fromValue, rate });
      expect(step.json(), step.body).toMatchObject({ success: true });
    }
    const base = { materialName: MATERIAL, beginTime: '2026-11-20 00:00:00', endTime: '2026-11-20 23:59:59', itemCodes: '001,003' };
    const tooMany = await call(assayer, 'POST', '/quality/qc-assay-group/create', { ...base, sampleCars: 501 });
    expect(tooMany.json()).toMatchObject({ success: false, data: { field: 'sampleCars' } });
    const made = await call(assayer, 'POST', '/quality/qc-assay-group/create', { ...base, sampleCars: 2, groupState: 'SAMPLED' });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const gid = made.json().data.id as number;
    const g0 = await group(gid);
    expect(g0).toMatchObject({ groupState: 'OPEN', recheckState: 'NONE' });
    expect(g0.groupCode).toMatch(/^HYZ\d{8}-\d{4}$/);
    expect((await act('endSample', gid)).json().msg).toMatch(/请先结束分组/);
    const ended = await act('endGroup', gid);
    expect(ended.json(), ended.body).toMatchObject({ success: true, data: { collected: 2 } });
    expect((await group(gid)).children.qc_assay_group_weigh.map((l) => Number(l.weighId)).sort()).toEqual([...weighs].sort());
    // the weigher may not end a group
    expect((await act('endSample', gid, (await t.login('weigher')).access)).statusCode).toBe(403);

    const assay = await call(assayer, 'POST', '/quality/qc-assay/create', {
      groupCode: g0.groupCode, assayGroupId: gid, materialName: MATERIAL, assayTime: '2026-11-20 10:00:00',
      children: { qc_assay_result: [{ itemCode: '001', value: '13.000', unit: '%', upperLimit: '12', passed: true }, { itemCode: '003', value: '1.3', unit: '%' }] },
    });
    expect(assay.json(), assay.body).toMatchObject({ success: true });
    const aid = assay.json().data.id as number;
    const detail = (await call(assayer, 'GET', `/quality/qc-assay/detail/${aid}`)).json().data as Row & { children: { qc_assay_result: Row[] } };
    expect(detail.assayCode).toMatch(/^HY\d{8}-\d{4}$/);
    expect(detail.children.qc_assay_result.map((r) => r.passed)).toEqual([false, true]);
    const early = await call(assayer, 'POST', '/quality/qc-assay/audit', { ids: [aid] });
    expect(early.json().msg).toMatch(/尚未结束取样，化验单不能审核$/);
    expect((await act('endSample', gid)).json()).toMatchObject({ success: true });

    const audited = await call(assayer, 'POST', '/quality/qc-assay/audit', { ids: [aid] });
    expect(audited.json(), audited.body).toMatchObject({ success: true });
    // moisture 13 % → 2 %, S 1.3 → 0.5 %: settle = net − net × 2.5 %
    expect(await weigh(weighs[0])).toMatchObject({ waterRate: '2.00', impurityRate: '0.50', assayCode: detail.assayCode, net: '30.000', settleWeight: '29.250' });
    expect(await weigh(weighs[1])).toMatchObject({ net: '30.250', settleWeight: '29.494' });
    const back = await call(assayer, 'POST', '/quality/qc-assay/mulInit', { ids: [aid] });
    expect(back.json(), back.body).toMatchObject({ success: true });
    expect(await weigh(weighs[1])).toMatchObject({ waterRate: null, impurityRate: null, assayCode: null, settleWeight: '30.250' });
  });

  it('the recheck cycle and 取消结束取样 follow their states', async () => {
    const made = await call(assayer, 'POST', '/quality/qc-assay-group/create', { materialName: MATERIAL, beginTime: '2026-11-25 00:00:00', endTime: '2026-11-25 23:59:59' });
    const gid = made.json().data.id as number;
    expect((await group(gid)).sampleCars).toBeNull();
    expect((await act('handleRecheck', gid)).json().msg).toMatch(/只有已申请复检的化验组可以处理$/);
    for (const [action, state] of [['applyRecheck', 'APPLIED'], ['handleRecheck', 'HANDLED'], ['cancelHandle', 'APPLIED'], ['handleRecheck', 'HANDLED']]) {
      expect((await act(action, gid)).json(), action).toMatchObject({ success: true });
      expect((await group(gid)).recheckState).toBe(state);
    }
    expect((await act('endGroup', gid)).json().data.collected).toBe(0);
    for (const [action, state] of [['endSample', 'SAMPLED'], ['cancelEndSample', 'GROUPED']]) {
      expect((await act(action, gid)).json(), action).toMatchObject({ success: true });
      expect((await group(gid)).groupState).toBe(state);
    }
    expect((await act('endGroup', gid)).statusCode).toBe(400);
  });

  it('a sale group samples the product before it leaves: it collects sale trucks only, and its audit feeds their settle weight', async () => {
    const PRODUCT = `化验测试焦炭${kind}`;
    const CUSTOMER = '北京测试电力有限公司';
    const sale: number[] = [];
    for (const [customerName, gross, tare] of [[CUSTOMER, '40', '15'], ['天津别家电力有限公司', '38', '14']]) {
      const res = await call(admin, 'POST', '/measure/mm-sa-weigh/create', { plateNumber: '蒙K50001', materialName: PRODUCT, customerName, gross, tare });
      expect(res.json(), res.body).toMatchObject({ success: true });
      sale.push(res.json().data.id);
    }
    // a purchase truck of the same material and day is not the product's sample
    const bought = await call(admin, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: '蒙K50002', materialName: PRODUCT, gross: '30', tare: '10' });
    await sql`update mm_sa_weigh set gross_time = ${new Date('2026-11-21T02:00:00Z')} where id in (${sql.join(sale)})`.execute(t.database.db);
    await sql`update mm_pu_weigh set gross_time = ${new Date('2026-11-21T02:00:00Z')} where id = ${bought.json().data.id}`.execute(t.database.db);
    const step = await call(assayer, 'POST', '/quality/qc-deduct-step/create', { materialName: PRODUCT, itemCode: '001', deductKind: 'WATER', fromValue: '8', rate: '1.5' });
    expect(step.json(), step.body).toMatchObject({ success: true });

    const base = { materialName: PRODUCT, beginTime: '2026-11-21 00:00:00', endTime: '2026-11-21 23:59:59', itemCodes: '001' };
    // the partner follows the type: a purchase group names no customer, a sale group no vendor
    const wrong = await call(assayer, 'POST', '/quality/qc-assay-group/create', { ...base, customerName: CUSTOMER });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ success: false, data: { field: 'customerName' }, msg: expect.stringContaining('采购来料的化验组不能填写客户') });
    const wrongSa = await call(assayer, 'POST', '/quality/qc-assay-group/create', { ...base, bizType: 'SA', vendorName: '山西恒通矿业有限公司' });
    expect(wrongSa.json()).toMatchObject({ success: false, data: { field: 'vendorName' } });

    const made = await call(assayer, 'POST', '/quality/qc-assay-group/create', { ...base, bizType: 'SA', customerName: CUSTOMER });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const gid = made.json().data.id as number;
    expect(await group(gid)).toMatchObject({ bizType: 'SA', customerName: CUSTOMER });
    expect((await act('endGroup', gid)).json()).toMatchObject({ success: true, data: { collected: 1 } });
    expect((await group(gid)).children.qc_assay_group_weigh.map((l) => Number(l.weighId))).toEqual([sale[0]]);
    const g = await group(gid);
    const changed = await call(assayer, 'PUT', '/quality/qc-assay-group/update', { ...g, children: undefined, bizType: 'PU', customerName: null });
    expect(changed.json()).toMatchObject({ success: false, data: { field: 'bizType' } });
    expect((await act('endSample', gid)).json()).toMatchObject({ success: true });

    const assay = await call(assayer, 'POST', '/quality/qc-assay/create', {
      groupCode: g.groupCode, assayGroupId: gid, materialName: PRODUCT, assayTime: '2026-11-21 10:00:00',
      children: { qc_assay_result: [{ itemCode: '001', value: '9.2', unit: '%', upperLimit: '10' }] },
    });
    expect(assay.json(), assay.body).toMatchObject({ success: true });
    const aid = assay.json().data.id as number;
    expect((await call(assayer, 'POST', '/quality/qc-assay/audit', { ids: [aid] })).json()).toMatchObject({ success: true });
    const saleWeigh = async (id: number) => (await call(admin, 'GET', `/measure/mm-sa-weigh/detail/${id}`)).json().data as Row;
    // net 25 t, moisture 9.2 % ≥ 8 → 1.5 %: settle 24.625 t
    expect(await saleWeigh(sale[0])).toMatchObject({ waterRate: '1.50', net: '25.000', settleWeight: '24.625' });
    expect(await saleWeigh(sale[1])).toMatchObject({ waterRate: null, assayCode: null });
    // the purchase truck of the same material and day is untouched
    expect((await call(admin, 'GET', `/measure/mm-pu-weigh/detail/${bought.json().data.id}`)).json().data).toMatchObject({ waterRate: null, assayCode: null });
    expect((await call(assayer, 'POST', '/quality/qc-assay/mulInit', { ids: [aid] })).json()).toMatchObject({ success: true });
    expect(await saleWeigh(sale[0])).toMatchObject({ waterRate: null, assayCode: null, settleWeight: '25.000' });
  });
});
