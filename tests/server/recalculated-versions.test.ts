import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASES, resourceTestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };
type Res = { statusCode: number; body: string; json(): { success: boolean; msg: string } };
const VENDOR = '山西恒通矿业有限公司';

/**
 * What the server recalculates or writes on a record as a side effect of another action — a notice
 * line's 已执行量 after a weighing, a weigh record's 化验 figures and settle weight after a 化验单's
 * audit or 弃审, the on-site deduction and the second weighing at the station, the settlement that
 * holds it — gives the record a new version as a save would: a form opened before then and saved
 * after is a 409 (reload), not a save over what its user never saw. Each test first shows that the
 * server changed the record, then saves what was read before.
 */
describe.each(DATABASES)('a record the server recalculated is stale for a form opened before on %s', (kind) => {
  const api = resourceTestApp(kind);
  const { call } = api;

  const detail = async (base: string, id: number) => (await call('GET', `${base}/detail/${id}`)).json().data as Row;
  const succeeds = (res: Res) => expect(res.json(), res.body).toMatchObject({ success: true });
  const stale = (res: Res) => {
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ success: false, msg: '数据已被他人修改，请刷新后重试' });
  };
  /** What a form opened on `row` saves: its fields as read (not the system columns detail adds). */
  const formOf = (row: Row, fields: string[]) => ({ id: row.id, version: row.version, ...Object.fromEntries(fields.map((f) => [f, row[f]])) });
  const WEIGH_FORM = ['plateNumber', 'materialName', 'vendorName', 'gross', 'tare', 'net', 'deduct', 'deductRate', 'settleWeight'];

  it('a notice whose 已执行量 a weighing changed; a change of the weigh record that leaves it leaves the notice\'s version', async () => {
    const made = await call('POST', '/purorder/pu-notice/create', { vendorName: VENDOR, children: { pu_notice_line: [{ invName: '原煤', planQty: '100', maxLimit: '100' }] } });
    succeeds(made);
    const opened = await detail('/purorder/pu-notice', made.json().data.id);
    const registry = await call('POST', '/purorder/pu-registry/create', {
      plateNumber: '蒙A20001', registerTime: '2026-11-24 08:00:00',
      children: { pu_registry_sub: [{ noticeCode: opened.noticeCode, noticeId: opened.id, vendorName: VENDOR, materialName: '原煤' }] },
    });
    succeeds(registry);
    const weighed = await call('POST', '/measure/mm-pu-weigh/create', {
      plateNumber: '蒙A20001', materialName: '原煤', vendorName: VENDOR, registryId: registry.json().data.id, gross: '60', tare: '20', net: '40',
    });
    succeeds(weighed);
    const lineOf = (n: Row) => (n.children as { pu_notice_line: Row[] }).pu_notice_line[0];
    const now = await detail('/purorder/pu-notice', opened.id);
    expect([lineOf(opened).doneQty, lineOf(now).doneQty]).toEqual([null, '40.000']);
    // the form opened before the weighing, its lines as it showed them (已执行量 empty), a remark typed
    const lineFields = (n: Row) => ({ id: lineOf(n).id, invName: lineOf(n).invName, planQty: lineOf(n).planQty, doneQty: lineOf(n).doneQty, maxLimit: lineOf(n).maxLimit });
    stale(await call('PUT', '/purorder/pu-notice/update', { ...formOf(opened, ['vendorName', 'remark']), remark: '旧表单', children: { pu_notice_line: [lineFields(opened)] } }));
    const after = await detail('/purorder/pu-notice', opened.id);
    expect([after.version, after.remark, lineOf(after).doneQty]).toEqual([now.version, now.remark, '40.000']);

    // a weigh record change that leaves the 已执行量 leaves the notice: the form opened after the weighing saves
    const w = await detail('/measure/mm-pu-weigh', weighed.json().data.id);
    succeeds(await call('PUT', '/measure/mm-pu-weigh/update', { id: w.id, version: w.version, plateNumber: '蒙A20002' }));
    expect((await detail('/purorder/pu-notice', opened.id)).version).toBe(now.version);
    succeeds(await call('PUT', '/purorder/pu-notice/update', { ...formOf(now, ['vendorName', 'remark']), remark: '新表单', children: { pu_notice_line: [lineFields(now)] } }));
    expect(lineOf(await detail('/purorder/pu-notice', opened.id)).doneQty).toBe('40.000');
  });

  it('a weigh record whose 扣水, 化验单号 and settle weight a 化验单\'s audit, then its 弃审, recalculated; and one its settlement\'s audit and 弃审 marked', async () => {
    const MATERIAL = `版本测试原煤${kind}`;
    const weighed = await call('POST', '/measure/mm-pu-weigh/create', { plateNumber: '蒙K60001', materialName: MATERIAL, vendorName: VENDOR, gross: '50', tare: '20', net: '30' });
    succeeds(weighed);
    const weighId = weighed.json().data.id as number;
    await sql`update mm_pu_weigh set gross_time = ${new Date('2026-11-20T02:00:00Z')} where id = ${weighId}`.execute(api.t.database.db);
    succeeds(await call('POST', '/quality/qc-deduct-step/create', { materialName: MATERIAL, itemCode: '001', deductKind: 'WATER', fromValue: '12', rate: '2' }));
    const group = await call('POST', '/quality/qc-assay-group/create', { materialName: MATERIAL, beginTime: '2026-11-20 00:00:00', endTime: '2026-11-20 23:59:59', itemCodes: '001' });
    succeeds(group);
    const groupId = group.json().data.id as number;
    const { groupCode } = await detail('/quality/qc-assay-group', groupId);
    expect((await call('POST', '/quality/qc-assay-group/endGroup', { ids: [groupId] })).json()).toMatchObject({ success: true, data: { collected: 1 } });
    succeeds(await call('POST', '/quality/qc-assay-group/endSample', { ids: [groupId] }));
    const assay = await call('POST', '/quality/qc-assay/create', {
      groupCode, assayGroupId: groupId, materialName: MATERIAL, assayTime: '2026-11-20 10:00:00', children: { qc_assay_result: [{ itemCode: '001', value: '13', unit: '%' }] },
    });
    succeeds(assay);
    const assayId = assay.json().data.id as number;

    const beforeAudit = await detail('/measure/mm-pu-weigh', weighId);
    succeeds(await call('POST', '/quality/qc-assay/audit', { ids: [assayId] }));
    const audited = await detail('/measure/mm-pu-weigh', weighId);
    expect([beforeAudit.waterRate, beforeAudit.assayCode, beforeAudit.settleWeight]).toEqual([null, null, null]);
    expect(audited).toMatchObject({ waterRate: '2.00', settleWeight: '29.400', assayCode: expect.stringMatching(/^HY/) });
    // the form opened before the audit, as it was read, and with only a field the audit did not touch
    stale(await call('PUT', '/measure/mm-pu-weigh/update', formOf(beforeAudit, WEIGH_FORM)));
    stale(await call('PUT', '/measure/mm-pu-weigh/update', { id: weighId, version: beforeAudit.version, plateNumber: '蒙K60009' }));

    succeeds(await call('POST', '/quality/qc-assay/mulInit', { ids: [assayId] }));
    const freed = await detail('/measure/mm-pu-weigh', weighId);
    expect(freed).toMatchObject({ waterRate: null, assayCode: null, settleWeight: '30.000', plateNumber: '蒙K60001' });
    stale(await call('PUT', '/measure/mm-pu-weigh/update', { id: weighId, version: audited.version, plateNumber: '蒙K60009' }));
    expect((await detail('/measure/mm-pu-weigh', weighId)).plateNumber).toBe('蒙K60001');

    // a settlement's audit marks the weigh record settled, its 弃审 frees it: a 称重更正 opened before is stale
    succeeds(await call('POST', '/measure/mm-pu-weigh/audit', { ids: [weighId] }));
    const beforeSettle = await detail('/measure/mm-pu-weigh', weighId);
    const settlement = await call('POST', '/purorder/fd-pu-settlement-main/create', { vendorName: VENDOR, settleDate: '2026-11-24', children: { fd_pu_settlement: [{ weighId, price: '600' }] } });
    succeeds(settlement);
    const settleId = settlement.json().data.id as number;
    expect((await detail('/measure/mm-pu-weigh', weighId)).version).toBe(beforeSettle.version);
    succeeds(await call('POST', '/purorder/fd-pu-settlement-main/audit', { ids: [settleId] }));
    const settled = await detail('/measure/mm-pu-weigh', weighId);
    expect(Number(settled.settleId)).toBe(settleId);
    succeeds(await call('POST', '/purorder/fd-pu-settlement-main/mulInit', { ids: [settleId] }));
    expect((await detail('/measure/mm-pu-weigh', weighId)).settleId).toBeNull();
    for (const { version } of [beforeSettle, settled]) {
      stale(await call('POST', '/measure/mm-pu-weigh/weighCorrect', { id: weighId, version, tare: 21, reason: '皮重复核' }));
    }
    expect((await detail('/measure/mm-pu-weigh', weighId)).tare).toBe('20.000');
  });

  it('a weigh record whose 扣重 the on-site confirmation set and whose weights the second weighing completed', async () => {
    const org = await api.t.database.db.selectFrom('sysOrg').select('id').where('orgName', '=', '东方能源有限公司').executeTakeFirstOrThrow();
    const registry = await sql<{ id: number }>`select id from pu_registry where org_id = ${org.id} and deleted = false order by id limit 1`.execute(api.t.database.db);
    const registryId = Number(registry.rows[0].id);
    await sql`update pu_registry set plate_number = ${'蒙K7V001'} where id = ${registryId}`.execute(api.t.database.db);
    const scale = await sql<{ id: number }>`select id from mm_scale where org_id = ${org.id} and deleted = false and enabled = true order by id limit 1`.execute(api.t.database.db);
    const body = { kind: 'PU', registryId };
    for (const step of ['queue', 'updateCall']) succeeds(await call('POST', `/flow/inf/${step}`, body));
    succeeds(await call('POST', '/flow/inf/door', { ...body, direction: 'IN' }));
    const hand = { ...body, scaleId: Number(scale.rows[0].id), reason: '仪表故障，按地磅显示屏读数录入' };
    const gross = await call('POST', '/flow/inf/handWeigh', { ...hand, type: 'GROSS', weight: 31_000 });
    succeeds(gross);
    const weighId = gross.json().data.weigh.id as number;
    // the inspector handles the site checks on the weigh record (a save), and keeps its form open
    const record = await detail('/measure/mm-pu-weigh', weighId) as Row & { siteChecks: Row[] };
    const siteChecks = record.siteChecks.map((r) => ({ ...r, result: ({ 1: 'CONFIRM', 2: 'CONFIRM', 3: 'SINGLE_WEIGH' } as Record<number, string>)[Number(r.id)] ?? r.result ?? null }));
    succeeds(await call('PUT', '/measure/mm-pu-weigh/update', { id: weighId, version: record.version, siteChecks }));
    const opened = await detail('/measure/mm-pu-weigh', weighId);

    // 现场确认 deducts 0.5 t on the record
    succeeds(await call('POST', '/flow/inf/confirm', { ...body, deduct: 0.5 }));
    const confirmed = await detail('/measure/mm-pu-weigh', weighId);
    expect([opened.deduct, confirmed.deduct]).toEqual([null, '0.500']);
    // the form opened before it saves its fields as it read them: the deduction would be gone
    stale(await call('PUT', '/measure/mm-pu-weigh/update', formOf(opened, WEIGH_FORM)));
    expect((await detail('/measure/mm-pu-weigh', weighId)).deduct).toBe('0.500');

    // the second weighing completes it, with the deduction
    succeeds(await call('POST', '/flow/inf/handWeigh', { ...hand, type: 'TARE', weight: 14_000 }));
    expect(await detail('/measure/mm-pu-weigh', weighId)).toMatchObject({ tare: '14.000', net: '17.000', deduct: '0.500', settleWeight: '16.500', weighStatus: 'DONE' });
    stale(await call('PUT', '/measure/mm-pu-weigh/update', formOf(confirmed, ['plateNumber', 'deduct'])));
  });
});
