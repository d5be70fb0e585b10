import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuiltinResources } from '../../server/seed/resources';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };
type Method = 'GET' | 'POST' | 'PUT';

/**
 * A save may name (noticeId, registryId, assayGroupId…) only rows the caller's company may see, and
 * what a document's audit or 弃审 recalculates stays in that document's company: the probe's attacks
 * from 华北钢铁 (HBGT) on 东方能源's (DFNY) assay groups, notices and weigh records.
 */
describe.each(DATABASES)('references name only rows of the current company on %s', (kind) => {
  let t: TestApp;
  /** The administrator signed in twice: one session in DFNY (the victim), one switched to HBGT. */
  let dfny: string;
  let hbgt: string;
  const orgs: Record<string, number> = {};
  beforeAll(async () => {
    t = await createTestApp(kind);
    dfny = (await t.login('admin')).access;
    hbgt = (await t.login('admin')).access;
    for (const o of await t.database.db.selectFrom('sysOrg').select(['id', 'orgCode']).execute()) orgs[o.orgCode] = o.id;
    expect((await call(hbgt, 'POST', `/switchOrg/${orgs.HBGT}`)).json()).toMatchObject({ success: true });
    expect((await call(dfny, 'GET', '/sys-info/me')).json().data.currentOrgName).toBe('东方能源有限公司');
    expect((await call(hbgt, 'GET', '/sys-info/me')).json().data.currentOrgName).toBe('华北钢铁有限公司');
  });
  afterAll(async () => { await t.close(); });

  const call = (token: string, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const ok = async (token: string, method: Method, url: string, payload?: unknown) => {
    const res = await call(token, method, url, payload);
    expect(res.json(), `${url} ${res.body}`).toMatchObject({ success: true });
    return res.json().data as Row;
  };
  /** A row straight from the database, whoever's it is. */
  const stored = async (table: string, id: number) => (await sql<Row>`select * from ${sql.table(table)} where id = ${id}`.execute(t.database.db)).rows[0];
  const figures = async (id: number) => {
    const w = await stored('mm_pu_weigh', id);
    return { waterRate: w.waterRate, impurityRate: w.impurityRate, assayCode: w.assayCode, net: w.net, settleWeight: w.settleWeight, version: w.version };
  };

  /** Two weighed trucks of a material on 2026-11-30 in the token's company, a group that collected them (sampled), and a step table. */
  const sampledGroup = async (token: string, material: string) => {
    const weighs: number[] = [];
    for (const [gross, tare] of [['50', '20'], ['40', '10']]) weighs.push((await ok(token, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: '甘M20001', materialName: material, gross, tare })).id);
    await sql`update mm_pu_weigh set gross_time = ${new Date('2026-11-30T02:00:00Z')} where id in (${sql.join(weighs)})`.execute(t.database.db);
    await ok(token, 'POST', '/quality/qc-deduct-step/create', { materialName: material, itemCode: '001', deductKind: 'WATER', fromValue: '10', rate: '2' });
    const group = await ok(token, 'POST', '/quality/qc-assay-group/create', { materialName: material, beginTime: '2026-11-30 00:00:00', endTime: '2026-11-30 23:59:59' });
    expect((await ok(token, 'POST', '/quality/qc-assay-group/endGroup', { ids: [group.id] })).collected).toBe(2);
    await ok(token, 'POST', '/quality/qc-assay-group/endSample', { ids: [group.id] });
    return { group: await ok(token, 'GET', `/quality/qc-assay-group/detail/${group.id}`), weighs };
  };
  const assayBody = (group: Row, material: string) => ({
    assayGroupId: group.id, groupCode: group.groupCode, materialName: material, assayTime: '2026-11-30 23:00:00', assayer: 'x',
    children: { qc_assay_result: [{ itemCode: '001', value: '20', unit: '%' }, { itemCode: '003', value: '3', unit: '%' }] },
  });

  it('1a: a 化验单 cannot name another company’s 化验组, nor rewrite its trucks when one is planted', async () => {
    const MATERIAL = `越权化验原煤${kind}`;
    const { group, weighs } = await sampledGroup(dfny, MATERIAL);
    await ok(hbgt, 'POST', '/quality/qc-deduct-step/create', { materialName: MATERIAL, itemCode: '001', deductKind: 'WATER', fromValue: '10', rate: '5' });
    // precondition: the group and its trucks are DFNY's, and HBGT cannot see the group
    expect(Number((await stored('qc_assay_group', group.id)).orgId)).toBe(orgs.DFNY);
    for (const id of weighs) expect(Number((await stored('mm_pu_weigh', id)).orgId)).toBe(orgs.DFNY);
    expect((await call(hbgt, 'GET', `/quality/qc-assay-group/detail/${group.id}`)).statusCode).toBe(404);
    const before = await Promise.all(weighs.map(figures));
    expect(before[0]).toMatchObject({ waterRate: null, assayCode: null });

    const refused = await call(hbgt, 'POST', '/quality/qc-assay/create', assayBody(group, MATERIAL));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({ msg: '化验组编号(assayGroupId) 「化验组」不存在或不属于当前公司', data: { field: 'assayGroupId' } });
    const made = await ok(hbgt, 'POST', '/quality/qc-assay-group/create', { materialName: MATERIAL, beginTime: '2026-12-01 00:00:00', endTime: '2026-12-01 23:59:59' });
    const own = await ok(hbgt, 'GET', `/quality/qc-assay-group/detail/${made.id}`);
    const mine = await ok(hbgt, 'POST', '/quality/qc-assay/create', assayBody(own, MATERIAL));
    const update = await call(hbgt, 'PUT', '/quality/qc-assay/update', { id: mine.id, version: mine.version, assayGroupId: group.id });
    expect(update.json()).toMatchObject({ success: false, data: { field: 'assayGroupId' } });

    // a group's trucks are collected by 结束分组: a line sent with the group (another company's weigh record) is not taken
    const sent = await ok(hbgt, 'POST', '/quality/qc-assay-group/create', {
      materialName: MATERIAL, beginTime: '2026-12-02 00:00:00', endTime: '2026-12-02 23:59:59', children: { qc_assay_group_weigh: [{ billCode: 'x', weighId: weighs[0] }] },
    });
    expect((await ok(hbgt, 'GET', `/quality/qc-assay-group/detail/${sent.id}`) as Row & { children: Record<string, Row[]> }).children.qc_assay_group_weigh).toEqual([]);

    // a foreign group planted in the database (data from before the check): the audit finds no group of its company
    await sql`update qc_assay set assay_group_id = ${group.id} where id = ${mine.id}`.execute(t.database.db);
    const audit = await call(hbgt, 'POST', '/quality/qc-assay/audit', { ids: [mine.id] });
    expect(audit.statusCode).toBe(400);
    expect(audit.json().msg).toMatch(/的化验组不存在$/);
    expect(await Promise.all(weighs.map(figures))).toEqual(before);

    // DFNY's own 化验单 of that group rewrites its trucks: what the attack would have done
    const theirs = await ok(dfny, 'POST', '/quality/qc-assay/create', assayBody(group, MATERIAL));
    await ok(dfny, 'POST', '/quality/qc-assay/audit', { ids: [theirs.id] });
    expect(await figures(weighs[0])).toMatchObject({ waterRate: '2.00', net: '30.000', settleWeight: '29.400' });
  });

  it('1b: 弃审 of a 化验单 clears only its own group’s trucks, not another company’s with the same number', async () => {
    const MATERIAL = `同号化验原煤${kind}`;
    const a = await sampledGroup(dfny, MATERIAL);
    const b = await sampledGroup(hbgt, MATERIAL);
    const assayA = await ok(dfny, 'POST', '/quality/qc-assay/create', assayBody(a.group, MATERIAL));
    const assayB = await ok(hbgt, 'POST', '/quality/qc-assay/create', assayBody(b.group, MATERIAL));
    // precondition: each company numbers its 化验单 by the same default rule; make the two collide whatever came before
    const codeA = String((await stored('qc_assay', assayA.id)).assayCode);
    await sql`update qc_assay set assay_code = ${codeA} where id = ${assayB.id}`.execute(t.database.db);
    expect([Number((await stored('qc_assay', assayA.id)).orgId), Number((await stored('qc_assay', assayB.id)).orgId)]).toEqual([orgs.DFNY, orgs.HBGT]);
    await ok(dfny, 'POST', '/quality/qc-assay/audit', { ids: [assayA.id] });
    await ok(hbgt, 'POST', '/quality/qc-assay/audit', { ids: [assayB.id] });
    const auditedA = await Promise.all(a.weighs.map(figures));
    expect(auditedA[0]).toMatchObject({ waterRate: '2.00', assayCode: codeA, settleWeight: '29.400' });
    expect(await figures(b.weighs[0])).toMatchObject({ waterRate: '2.00', assayCode: codeA, settleWeight: '29.400' });

    await ok(hbgt, 'POST', '/quality/qc-assay/mulInit', { ids: [assayB.id] });
    expect(await Promise.all(a.weighs.map(figures))).toEqual(auditedA);
    // its own trucks are back to what they were before the audit
    expect(await figures(b.weighs[0])).toMatchObject({ waterRate: null, impurityRate: null, assayCode: null, net: '30.000', settleWeight: '30.000' });
    expect(await figures(b.weighs[1])).toMatchObject({ waterRate: null, assayCode: null, net: '30.000', settleWeight: '30.000' });
  });

  /** A DFNY notice with one line and a registry and weighing for it: 已执行量 40 t. */
  const noticeWithWeighing = async () => {
    const notice = await ok(dfny, 'POST', '/purorder/pu-notice/create', { vendorName: '山西恒通矿业有限公司', materialName: '石英砂', children: { pu_notice_line: [{ invName: '石英砂', planQty: '100' }] } });
    const n = await ok(dfny, 'GET', `/purorder/pu-notice/detail/${notice.id}`);
    const registry = await ok(dfny, 'POST', '/purorder/pu-registry/create', {
      plateNumber: '甘M20098', registerTime: '2026-12-01 09:00:00', children: { pu_registry_sub: [{ noticeId: n.id, noticeCode: n.noticeCode, vendorName: '山西恒通矿业有限公司', materialName: '石英砂' }] },
    });
    await ok(dfny, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: '甘M20098', materialName: '石英砂', vendorName: '山西恒通矿业有限公司', registryId: registry.id, gross: '60', tare: '20', net: '40' });
    return { notice: n, registry };
  };
  const doneQty = async (noticeId: number) => (await sql<{ doneQty: string }>`select done_qty from pu_notice_line where notice_id = ${noticeId} and not deleted`.execute(t.database.db)).rows.map((r) => r.doneQty);

  it('1c: a registry line cannot name another company’s 通知单, nor a weigh record another company’s registry; a planted one changes nothing there', async () => {
    const { notice, registry } = await noticeWithWeighing();
    // precondition: DFNY's notice and registry, 40 t executed
    expect(Number((await stored('pu_notice', notice.id)).orgId)).toBe(orgs.DFNY);
    expect(Number((await stored('pu_registry', registry.id)).orgId)).toBe(orgs.DFNY);
    expect(await doneQty(notice.id)).toEqual(['40.000']);

    const sub = { noticeId: notice.id, noticeCode: notice.noticeCode, vendorName: 'x', materialName: '石英砂', planQuantity: '10' };
    const registryBody = { plateNumber: '甘M20099', driverName: '胡超', mobile: '13874694650', registerTime: '2026-12-01 10:00:00' };
    const refused = await call(hbgt, 'POST', '/purorder/pu-registry/create', { ...registryBody, children: { pu_registry_sub: [sub] } });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      msg: '采购登记明细第 1 行：通知单(noticeId) 「采购通知单」不存在或不属于当前公司', data: { field: 'children.pu_registry_sub[0].noticeId' },
    });
    const weighBody = { plateNumber: '甘M20099', materialName: '石英砂', vendorName: 'x', gross: '30', tare: '10', net: '20' };
    const foreignRegistry = await call(hbgt, 'POST', '/measure/mm-pu-weigh/create', { ...weighBody, registryId: registry.id });
    expect(foreignRegistry.json()).toMatchObject({ success: false, msg: '登记单(registryId) 「采购登记」不存在或不属于当前公司', data: { field: 'registryId' } });
    const theirWeigh = await ok(hbgt, 'POST', '/measure/mm-pu-weigh/create', weighBody);
    const moved = await call(hbgt, 'PUT', '/measure/mm-pu-weigh/update', { id: theirWeigh.id, version: theirWeigh.version, registryId: registry.id });
    expect(moved.json()).toMatchObject({ success: false, data: { field: 'registryId' } });
    expect(await doneQty(notice.id)).toEqual(['40.000']);

    // HBGT's own notice and registry are taken
    const own = await ok(hbgt, 'POST', '/purorder/pu-notice/create', { vendorName: 'x', children: { pu_notice_line: [{ invName: '石英砂', planQty: '10' }] } });
    const ownCode = (await ok(hbgt, 'GET', `/purorder/pu-notice/detail/${own.id}`)).noticeCode;
    const ownRegistry = await ok(hbgt, 'POST', '/purorder/pu-registry/create', { ...registryBody, children: { pu_registry_sub: [{ ...sub, noticeId: own.id, noticeCode: ownCode }] } });
    // a registry line of HBGT pointing at DFNY's notice, planted in the database: weighing on it leaves DFNY's notice alone
    await sql`update pu_registry_sub set notice_id = ${notice.id} where registry_id = ${ownRegistry.id}`.execute(t.database.db);
    await ok(hbgt, 'POST', '/measure/mm-pu-weigh/create', { ...weighBody, registryId: ownRegistry.id });
    await ok(hbgt, 'POST', '/measure/mm-pu-weigh/obsolete', { ids: [theirWeigh.id] });
    expect(await doneQty(notice.id)).toEqual(['40.000']);
  });

  it('a settlement cannot name another company’s 通知单 (update, create or datax); its own is taken', async () => {
    const { notice } = await noticeWithWeighing();
    expect(Number((await stored('pu_notice', notice.id)).orgId)).toBe(orgs.DFNY);
    const body = { vendorName: '山西恒通矿业有限公司', settleDate: '2026-12-01', children: { fd_pu_settlement: [{ billCode: 'B1', net: '5', price: '100' }] } };
    const settlement = await ok(hbgt, 'POST', '/purorder/fd-pu-settlement-main/create', { ...body, settleCode: 'JS-REF-0001' });
    const update = await call(hbgt, 'PUT', '/purorder/fd-pu-settlement-main/update', { id: settlement.id, version: settlement.version, noticeId: notice.id });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json()).toMatchObject({ msg: '通知单(noticeId) 「采购通知单」不存在或不属于当前公司', data: { field: 'noticeId' } });
    expect((await stored('fd_pu_settlement_main', settlement.id)).noticeId).toBeNull();
    const create = await call(hbgt, 'POST', '/purorder/fd-pu-settlement-main/create', { ...body, settleCode: 'JS-REF-0002', noticeId: notice.id });
    expect(create.json()).toMatchObject({ success: false, data: { field: 'noticeId' } });
    const datax = await call(hbgt, 'POST', '/purorder/fd-pu-settlement-main/datax', { rows: [{ settleCode: 'JS-REF-0001', vendorName: 'x', settleDate: '2026-12-01', noticeId: notice.id }] });
    expect(datax.json()).toMatchObject({ success: false, msg: '第 1 行：通知单(noticeId) 「采购通知单」不存在或不属于当前公司', data: { field: 'rows[0].noticeId' } });
    // a deleted notice of its own company is no better
    const own = await ok(hbgt, 'POST', '/purorder/pu-notice/create', { vendorName: 'x', children: { pu_notice_line: [{ invName: '石英砂', planQty: '10' }] } });
    const gone = await ok(hbgt, 'POST', '/purorder/pu-notice/create', { vendorName: 'x', children: { pu_notice_line: [{ invName: '石英砂', planQty: '10' }] } });
    await ok(hbgt, 'PUT', '/purorder/fd-pu-settlement-main/update', { id: settlement.id, version: settlement.version, noticeId: own.id });
    expect(Number((await stored('fd_pu_settlement_main', settlement.id)).noticeId)).toBe(own.id);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/purorder/pu-notice/deletes', headers: bearer(hbgt), payload: { ids: [gone.id] } })).json()).toMatchObject({ success: true });
    const deleted = await call(hbgt, 'PUT', '/purorder/fd-pu-settlement-main/update', { id: settlement.id, version: settlement.version + 1, noticeId: gone.id });
    expect(deleted.json()).toMatchObject({ success: false, data: { field: 'noticeId' } });
  });

  it('a database seeded before a built-in column named its table gets the reference when the seed runs again (a restart)', async () => {
    type Definition = { columns: { fieldName: string; refTable?: string | null }[] };
    const { id, definition } = await t.database.db.selectFrom('cgCustomTable').select(['id', 'definition']).where('tableName', '=', 'mm_sa_weigh').executeTakeFirstOrThrow();
    const seeded = definition as Definition;
    expect(seeded.columns.find((c) => c.fieldName === 'registryId')?.refTable).toBe('sa_registry');
    const older = { ...seeded, columns: seeded.columns.map((c) => (c.fieldName === 'registryId' ? { ...c, refTable: null } : c)) };
    await t.database.db.updateTable('cgCustomTable').set({ definition: JSON.stringify(older) }).where('id', '=', id).execute();
    await ensureBuiltinResources(t.database.db);
    const after = (await t.database.db.selectFrom('cgCustomTable').select('definition').where('id', '=', id).executeTakeFirstOrThrow()).definition as Definition;
    expect(after.columns.find((c) => c.fieldName === 'registryId')?.refTable).toBe('sa_registry');
    expect(after.columns.map((c) => c.fieldName)).toEqual(seeded.columns.map((c) => c.fieldName));
  });
});
