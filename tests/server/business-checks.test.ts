import { describe, expect, it } from 'vitest';
import { noticeHeader } from '../../src/schema/document-header';
import { DATABASES, resourceTestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };

describe.each(DATABASES)('business checks of the operators’ documents on %s', (kind) => {
  const { call } = resourceTestApp(kind);

  const detail = async (base: string, id: number) => (await call('GET', `${base}/detail/${id}`)).json().data as Row;

  it('a new notice takes its 物料 and 计划量 from its lines (what the client sends for them is ignored); an update with lines follows them, one without keeps them', async () => {
    const made = await call('POST', '/purorder/pu-notice/create', {
      vendorName: '山西恒通矿业有限公司', materialName: '随便', planQty: '1',
      children: { pu_notice_line: [{ invName: '原煤', planQty: '120.5' }, { invName: '精煤', planQty: '30' }] },
    });
    expect(made.json(), made.body).toMatchObject({ success: true });
    let doc = await detail('/purorder/pu-notice', made.json().data.id);
    expect([doc.materialName, doc.planQty]).toEqual(['原煤、精煤', '150.500']);
    // the list's quick search finds it by its material, and its 合计 counts it
    const found = (await call('POST', '/purorder/pu-notice/list', { search: [{ key: 'materialName', op: 'like', val: '原煤、精煤' }, { key: 'noticeCode', op: 'eq', val: doc.noticeCode }] })).json().data;
    expect(found.list.map((r: Row) => r.id)).toEqual([doc.id]);

    const lines = (doc.children as { pu_notice_line: Row[] }).pu_notice_line;
    const changed = await call('PUT', '/purorder/pu-notice/update', {
      id: doc.id, version: doc.version, children: { pu_notice_line: [{ id: lines[1].id, invName: '精煤', planQty: '40' }, { invName: '焦煤', planQty: '0.25' }] },
    });
    expect(changed.json(), changed.body).toMatchObject({ success: true });
    doc = await detail('/purorder/pu-notice', doc.id);
    expect([doc.materialName, doc.planQty]).toEqual(['精煤、焦煤', '40.250']);
    // sent back as detail answered it, or changed by hand, without the lines: the stored header stays
    const kept = await call('PUT', '/purorder/pu-notice/update', { id: doc.id, version: doc.version, remark: '只改备注', materialName: '别的', planQty: '9' });
    expect(kept.json(), kept.body).toMatchObject({ success: true });
    doc = await detail('/purorder/pu-notice', doc.id);
    expect([doc.materialName, doc.planQty, doc.remark]).toEqual(['精煤、焦煤', '40.250', '只改备注']);
  });

  it('a sale notice does the same; one made without lines has no 物料 or 计划量', async () => {
    const made = await call('POST', '/sale/sa-notice/create', { customerName: '包头华源钢铁有限公司', children: { sa_notice_line: [{ invName: '焦炭', planQty: '800' }] } });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const doc = await detail('/sale/sa-notice', made.json().data.id);
    expect([doc.materialName, doc.planQty]).toEqual(['焦炭', '800.000']);
    const bare = await call('POST', '/sale/sa-notice/create', { customerName: '包头华源钢铁有限公司', materialName: '焦炭', planQty: '5' });
    const none = await detail('/sale/sa-notice', bare.json().data.id);
    expect([none.materialName, none.planQty]).toEqual([null, null]);
  });

  it('the demo seed made its notices\' headers by the same rule', async () => {
    const list = (await call('POST', '/purorder/pu-notice/list', { limit: { pn: 1, ps: 3 }, search: [{ key: 'noticeCode', op: 'like', val: 'PN' }] })).json().data.list as Row[];
    expect(list.length).toBeGreaterThan(0);
    for (const { id } of list) {
      const doc = await detail('/purorder/pu-notice', id);
      expect({ materialName: doc.materialName, planQty: doc.planQty }).toEqual(noticeHeader((doc.children as { pu_notice_line: Row[] }).pu_notice_line));
    }
  });

  const expect400 = (res: { statusCode: number; json(): { success: boolean; code: string; msg: string; data: { field?: string } | null } }, field: string, msg: string) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: '400', msg, data: { field } });
  };

  it('refuses a notice whose 结束日期 is before its 开始日期, naming 结束日期, on create and on an update of either date', async () => {
    const notice = { vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '10' }] } };
    expect400(await call('POST', '/purorder/pu-notice/create', { ...notice, beginDate: '2026-12-05', endDate: '2026-12-04' }), 'endDate', '结束日期不能早于开始日期');
    expect400(await call('POST', '/sale/sa-notice/create', { customerName: '包头华源钢铁有限公司', beginDate: '2026-12-05', endDate: '2026-12-04' }), 'endDate', '结束日期不能早于开始日期');
    // the same day is a period of one day
    const made = await call('POST', '/purorder/pu-notice/create', { ...notice, beginDate: '2026-12-05', endDate: '2026-12-05' });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const doc = await detail('/purorder/pu-notice', made.json().data.id);
    // an update sending one date is judged with the stored other one
    expect400(await call('PUT', '/purorder/pu-notice/update', { id: doc.id, version: doc.version, endDate: '2026-12-04' }), 'endDate', '结束日期不能早于开始日期');
    expect400(await call('PUT', '/purorder/pu-notice/update', { id: doc.id, version: doc.version, beginDate: '2026-12-06' }), 'endDate', '结束日期不能早于开始日期');
    const later = await call('PUT', '/purorder/pu-notice/update', { id: doc.id, version: doc.version, endDate: '2026-12-31' });
    expect(later.json(), later.body).toMatchObject({ success: true });
  });

  it('refuses the other periods the same way: an IC card expiring before it is issued, an assay group ending before it starts', async () => {
    expect400(await call('POST', '/material/as-ic-card/create', { cardNo: 'BC-0001', cardType: 'TEMP', issueDate: '2026-12-05', expireDate: '2026-11-30' }), 'expireDate', '有效期至不能早于发卡日期');
    expect((await call('POST', '/material/as-ic-card/create', { cardNo: 'BC-0002', cardType: 'TEMP', issueDate: '2026-12-05', expireDate: '2026-12-30' })).statusCode).toBe(200);
    expect400(await call('POST', '/quality/qc-assay-group/create', {
      groupCode: 'BC-HYZ-1', bizType: 'PU', materialName: '原煤', beginTime: '2026-12-05 08:00:00', endTime: '2026-12-05 07:00:00',
    }), 'endTime', '结束时间不能早于开始时间');
  });

  it('refuses a negative 预置皮重 of a vehicle, on create and update; 0 is a tare', async () => {
    expect400(await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙Z98765', tareWeight: -5 }), 'tareWeight', '预置皮重不能小于0');
    expect400(await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙Z98765', tareWeight: '-0.5' }), 'tareWeight', '预置皮重不能小于0');
    const made = await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙Z98765', tareWeight: '0' });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const vehicle = await detail('/material/as-vehicle', made.json().data.id);
    expect400(await call('PUT', '/material/as-vehicle/update', { id: vehicle.id, version: vehicle.version, tareWeight: '-5' }), 'tareWeight', '预置皮重不能小于0');
    expect((await detail('/material/as-vehicle', vehicle.id)).tareWeight).toBe('0.000');
  });

  it('refuses a negative quantity of a document\'s line, naming the line\'s field, on create and update; 0 passes', async () => {
    const notice = (planQty: string, maxLimit = '10') => ({ vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '10' }, { invName: '精煤', planQty, maxLimit }] } });
    // the same notice with its quantities at 0 is taken
    const made = await call('POST', '/purorder/pu-notice/create', notice('0', '0'));
    expect(made.json(), made.body).toMatchObject({ success: true });
    const negative = await call('POST', '/purorder/pu-notice/create', notice('-5'));
    expect400(negative, 'children.pu_notice_line[1].planQty', '采购通知单明细第 2 行：计划量不能小于0');
    expect400(await call('POST', '/purorder/pu-notice/create', notice('5', '-0.001')), 'children.pu_notice_line[1].maxLimit', '采购通知单明细第 2 行：上限量不能小于0');
    const doc = await detail('/purorder/pu-notice', made.json().data.id);
    const [first] = (doc.children as { pu_notice_line: Row[] }).pu_notice_line;
    expect400(await call('PUT', '/purorder/pu-notice/update', { id: doc.id, version: doc.version, children: { pu_notice_line: [{ id: first.id, invName: '原煤', planQty: '-1' }] } }),
      'children.pu_notice_line[0].planQty', '采购通知单明细第 1 行：计划量不能小于0');
    expect((await detail('/purorder/pu-notice', doc.id)).planQty).toBe('10.000');
    // a settlement line's 单价, a receipt's amount
    expect400(await call('POST', '/purorder/fd-pu-settlement-main/create', {
      vendorName: '山西恒通矿业有限公司', settleDate: '2026-11-24', children: { fd_pu_settlement: [{ billCode: 'BC-1', net: '10', price: '-600' }] },
    }), 'children.fd_pu_settlement[0].price', '采购结算单明细第 1 行：单价不能小于0');
    expect400(await call('POST', '/account/recive-payment/create', { billCode: 'BC-SK-1', customerName: '包头华源钢铁有限公司', receiveDate: '2026-11-24', payMethod: 'CASH', amount: '-100' }), 'amount', '收款金额不能小于0');
  });

  it('takes a negative 金额 or 单价 on a table an administrator defined (数据源): the rule is the business tables\', not every field of that name', async () => {
    // the same values on the business tables are refused
    expect400(await call('POST', '/purorder/fd-pu-settlement-main/create', {
      vendorName: '山西恒通矿业有限公司', settleDate: '2026-11-24', children: { fd_pu_settlement: [{ billCode: 'BC-2', net: '10', price: '-5' }] },
    }), 'children.fd_pu_settlement[0].price', '采购结算单明细第 1 行：单价不能小于0');
    expect400(await call('POST', '/account/recive-payment/create', { billCode: 'BC-SK-2', customerName: '包头华源钢铁有限公司', receiveDate: '2026-11-24', payMethod: 'CASH', amount: '-5' }), 'amount', '收款金额不能小于0');
    // 返利单 and its lines, made and synced through the data-source screen's API
    const defineTable = async (body: Record<string, unknown>) => {
      const made = await call('POST', '/optimus_prime/cg-custom-table/create', body);
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().data.id as number;
      const { hash } = (await call('POST', `/optimus_prime/cg-custom-table/plan/${id}`)).json().data as { hash: string };
      const synced = await call('POST', `/optimus_prime/cg-custom-table/sync/${id}`, { hash });
      expect(synced.statusCode, synced.body).toBe(200);
    };
    await defineTable({
      tableName: 'tr_rebate', tableExplain: '返利单', module: 'transport', kind: 'DOCUMENT', scope: 'ORG',
      tableSubList: [
        { fieldDbName: 'rebate_code', fieldType: 'CHAR', length: 32, fieldExplain: '返利单号', required: true, unique: true },
        { fieldDbName: 'amount', fieldType: 'NUMBER', length: 14, scale: 2, fieldExplain: '金额' },
      ],
    });
    await defineTable({
      tableName: 'tr_rebate_line', tableExplain: '返利单明细', module: 'transport', kind: 'LINE', parentTable: 'tr_rebate', parentKey: 'rebateId',
      tableSubList: [
        { fieldDbName: 'rebate_id', fieldType: 'NUMBER', length: 18, scale: 0, fieldExplain: '返利单' },
        { fieldDbName: 'price', fieldType: 'NUMBER', length: 10, scale: 2, fieldExplain: '单价' },
        { fieldDbName: 'net', fieldType: 'NUMBER', length: 12, scale: 3, fieldExplain: '净值' },
      ],
    });
    const made = await call('POST', '/transport/tr-rebate/create', { rebateCode: 'FL-1', amount: '-5', children: { tr_rebate_line: [{ price: '-5', net: '-0.5' }] } });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const doc = await detail('/transport/tr-rebate', made.json().data.id);
    expect([doc.amount, (doc.children as { tr_rebate_line: Row[] }).tr_rebate_line.map((l) => [l.price, l.net])]).toEqual(['-5.00', [['-5.00', '-0.500']]]);
    const changed = await call('PUT', '/transport/tr-rebate/update', { id: doc.id, version: doc.version, amount: '-7.5' });
    expect(changed.json(), changed.body).toMatchObject({ success: true });
    expect((await detail('/transport/tr-rebate', doc.id)).amount).toBe('-7.50');
  });
});
