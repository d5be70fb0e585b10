import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };
const VENDOR = '结算测试供应商';

describe.each(DATABASES)('settlements from weigh records (选择磅单) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  const weighs: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    finance = (await t.login('finance')).access;
    // five weighed trucks of the vendor: four audited, one still free; one of another vendor
    for (const [i, vendor] of [VENDOR, VENDOR, VENDOR, VENDOR, VENDOR, '别的供应商'].entries()) {
      const res = await call(admin, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: `蒙K3000${i}`, materialName: '原煤', vendorName: vendor, gross: '50.000', tare: '20.000', net: `${30 + i}.000` });
      expect(res.json(), res.body).toMatchObject({ success: true });
      weighs.push(res.json().data.id);
    }
    // the deductions the station and the assay wrote: net − settle weight
    await sql`update mm_pu_weigh set settle_weight = net - 0.5, gross_time = ${new Date('2026-11-20T02:00:00Z')} where id in (${sql.join(weighs)})`.execute(t.database.db);
    const audited = await call(admin, 'POST', '/measure/mm-pu-weigh/audit', { ids: [weighs[0], weighs[1], weighs[2], weighs[3], weighs[5]] });
    expect(audited.json(), audited.body).toMatchObject({ success: true });
  });
  afterAll(async () => { await t.close(); });

  const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const pick = async (token = finance) => (await call(token, 'POST', '/purorder/fd-pu-settlement-main/weighs', { partner: VENDOR, from: '2026-11-19T16:00:00.000Z', to: '2026-11-21T15:59:59.000Z' })).json().data as Row[];
  const settle = (weighIds: number[], extra: Record<string, unknown> = {}) => call(finance, 'POST', '/purorder/fd-pu-settlement-main/create', {
    vendorName: VENDOR, settleDate: '2026-11-24', children: { fd_pu_settlement: weighIds.map((weighId) => ({ weighId, price: '600', net: '999', deductWeight: '0', billCode: 'TYPED' })) }, ...extra,
  });
  const weigh = async (id: number) => (await call(admin, 'GET', `/measure/mm-pu-weigh/detail/${id}`)).json().data as Row;
  /** An audited truck of the vendor weighed on `day` (YYYY-MM-DD) without deductions: its settle weight is its net, 30 t. */
  const auditedTruck = async (plateNumber: string, materialName: string, day: string) => {
    const made = await call(admin, 'POST', '/measure/mm-pu-weigh/create', { plateNumber, materialName, vendorName: VENDOR, gross: '50', tare: '20', net: '30' });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const id = made.json().data.id as number;
    await sql`update mm_pu_weigh set settle_weight = net, gross_time = ${new Date(`${day}T02:00:00Z`)} where id = ${id}`.execute(t.database.db);
    expect((await call(admin, 'POST', '/measure/mm-pu-weigh/audit', { ids: [id] })).json()).toMatchObject({ success: true });
    return id;
  };
  /** The assayer's 化验单 (not audited) of the day's trucks of the material, which puts 2 % 扣水 on them: its id. */
  const assayOfDay = async (assayer: string, materialName: string, day: string) => {
    const step = await call(assayer, 'POST', '/quality/qc-deduct-step/create', { materialName, itemCode: '001', deductKind: 'WATER', fromValue: '12', rate: '2' });
    expect(step.json(), step.body).toMatchObject({ success: true });
    const group = await call(assayer, 'POST', '/quality/qc-assay-group/create', { materialName, beginTime: `${day} 00:00:00`, endTime: `${day} 23:59:59`, itemCodes: '001' });
    expect(group.json(), group.body).toMatchObject({ success: true });
    const gid = group.json().data.id as number;
    expect((await call(assayer, 'POST', '/quality/qc-assay-group/endGroup', { ids: [gid] })).json()).toMatchObject({ success: true, data: { collected: 1 } });
    expect((await call(assayer, 'POST', '/quality/qc-assay-group/endSample', { ids: [gid] })).json()).toMatchObject({ success: true });
    const { groupCode } = (await call(assayer, 'GET', `/quality/qc-assay-group/detail/${gid}`)).json().data as Row;
    const assay = await call(assayer, 'POST', '/quality/qc-assay/create', {
      groupCode, assayGroupId: gid, materialName, assayTime: `${day} 10:00:00`, children: { qc_assay_result: [{ itemCode: '001', value: '13', unit: '%' }] },
    });
    expect(assay.json(), assay.body).toMatchObject({ success: true });
    return assay.json().data.id as number;
  };

  it.each(['pu', 'sa'])('the demo\'s %s settlements are made of its weigh records as 选择磅单 makes them; an audited one has settled its records', async (k) => {
    const db = t.database.db;
    const partner = k === 'pu' ? 'vendor_name' : 'customer_name';
    // each seeded line with its settlement and its weigh record (if it names one)
    const { rows } = await sql<{ settleId: number; settleCode: string; status: string; partner: string; weighId: number | null; lineNet: string; lineDeduct: string; lineBill: string;
      weighBill: string | null; weighNet: string | null; weighSettleWeight: string | null; weighPartner: string | null; weighStatus: string | null; weighSettleId: number | null; weighSettleCode: string | null }>`
      select m.id::int as "settleId", m.settle_code as "settleCode", m.status, m.${sql.ref(partner)} as partner, l.weigh_id::int as "weighId", l.net::text as "lineNet",
        l.deduct_weight::text as "lineDeduct", l.bill_code as "lineBill", w.bill_code as "weighBill", w.net::text as "weighNet", w.settle_weight::text as "weighSettleWeight",
        w.${sql.ref(partner)} as "weighPartner", w.status as "weighStatus", w.settle_id::int as "weighSettleId", w.settle_code as "weighSettleCode"
      from ${sql.table(`fd_${k}_settlement_main`)} m join ${sql.table(`fd_${k}_settlement`)} l on l.settle_id = m.id and not l.deleted
      left join ${sql.table(`mm_${k}_weigh`)} w on w.id = l.weigh_id
      where not m.deleted and m.settle_code like ${'%' + (k === 'pu' ? 'PJ' : 'SJ') + '%'}`.execute(db);
    // precondition: the demo has settlements, audited and free
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['AUDITED', 'FREE']));
    for (const r of rows) {
      const where = `${r.settleCode} ${r.lineBill}`;
      expect(r.weighId, where).not.toBeNull();
      expect([r.weighBill, r.weighPartner, r.weighStatus], where).toEqual([r.lineBill, r.partner, 'AUDITED']);
      expect(Number(r.lineNet), where).toBe(Number(r.weighNet));
      expect(Number(r.lineDeduct), where).toBeCloseTo(Number(r.weighNet) - Number(r.weighSettleWeight ?? r.weighNet), 3);
      expect([r.weighSettleId, r.weighSettleCode], where).toEqual(r.status === 'AUDITED' ? [r.settleId, r.settleCode] : [null, null]);
    }
    // no weigh record in two settlements
    expect(new Set(rows.map((r) => r.weighId)).size).toBe(rows.length);
  });

  it('选择磅单 offers the audited, unsettled weigh records of the vendor and period, with their net and deductions', async () => {
    const offered = await pick();
    expect(offered.map((r) => r.weighId)).toEqual(weighs.slice(0, 4));
    expect(offered[1]).toMatchObject({ net: '31.000', deductWeight: '0.500', invName: '原煤', plateNumber: '蒙K30001' });
    const outside = (await call(finance, 'POST', '/purorder/fd-pu-settlement-main/weighs', { partner: VENDOR, from: '2026-11-22T00:00:00.000Z' })).json().data as Row[];
    expect(outside).toEqual([]);
    // the weigher may not read it (no settlement permission)
    const weigher = (await t.login('weigher')).access;
    expect((await call(weigher, 'POST', '/purorder/fd-pu-settlement-main/weighs', { partner: VENDOR })).statusCode).toBe(403);
    // a period bound that passes as a date-time but is no instant (a leap second, the year 0) is named, not a 500
    for (const [key, value] of [['from', '2024-06-30T23:59:60Z'], ['to', '0000-01-01T00:00:00Z']]) {
      const res = await call(finance, 'POST', '/purorder/fd-pu-settlement-main/weighs', { partner: VENDOR, [key]: value });
      expect(res.statusCode, value).toBe(400);
      expect(res.json().data).toEqual({ field: key });
    }
  });

  it('fills the lines from the weigh records (typed figures are replaced); a free, foreign or already held record is refused', async () => {
    const made = await settle([weighs[0], weighs[1]]);
    expect(made.json(), made.body).toMatchObject({ success: true });
    const doc = (await call(finance, 'GET', `/purorder/fd-pu-settlement-main/detail/${made.json().data.id}`)).json().data as Row & { children: { fd_pu_settlement: Row[] } };
    expect(doc.children.fd_pu_settlement.map((l) => [l.billCode, l.net, l.deductWeight, l.settleWeight, l.amount])).toEqual([
      [(await weigh(weighs[0])).billCode, '30.000', '0.500', '29.500', '17700.00'], [(await weigh(weighs[1])).billCode, '31.000', '0.500', '30.500', '18300.00'],
    ]);
    expect(doc.totalWeight).toBe('60.000');
    const free = await settle([weighs[4]]);
    expect(free.statusCode).toBe(400);
    expect(free.json()).toMatchObject({ msg: expect.stringMatching(/未审核，不能结算$/), data: { field: 'children.fd_pu_settlement[0].weighId' } });
    const foreign = await settle([weighs[5]]);
    expect(foreign.json().msg).toMatch(/的供应商是 别的供应商，不是 结算测试供应商$/);
    const twice = await settle([weighs[1]]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe(`第 1 行：磅单 ${String((await weigh(weighs[1])).billCode)}已在结算单 ${String(doc.settleCode)} 中`);
    expect((await pick()).map((r) => r.weighId)).toEqual([weighs[2], weighs[3]]);
  });

  it('auditing settles the weigh records once; 弃审 frees them', async () => {
    const made = (await settle([weighs[2]])).json().data as Row;
    const code = (await call(finance, 'GET', `/purorder/fd-pu-settlement-main/detail/${made.id}`)).json().data.settleCode;
    expect((await call(finance, 'POST', '/purorder/fd-pu-settlement-main/audit', { ids: [made.id] })).json()).toMatchObject({ success: true });
    expect(await weigh(weighs[2])).toMatchObject({ settleCode: code, settleId: String(made.id) });
    // a settled weigh record cannot be un-audited, voided or corrected, and no update sets its settlement
    const unaudit = await call(admin, 'POST', '/measure/mm-pu-weigh/mulInit', { ids: [weighs[2]] });
    expect(unaudit.statusCode).toBe(400);
    expect(unaudit.json().msg).toMatch(/已由结算单 .* 结算，不能弃审/);
    const corrected = await call(admin, 'POST', '/measure/mm-pu-weigh/weighCorrect', { id: weighs[2], version: (await weigh(weighs[2])).version, gross: 51, reason: '复核' });
    expect(corrected.statusCode).toBe(400);
    expect((await pick()).map((r) => r.weighId)).toEqual([weighs[3]]);
    const freed = await call(finance, 'POST', '/purorder/fd-pu-settlement-main/mulInit', { ids: [made.id] });
    expect(freed.json(), freed.body).toMatchObject({ success: true });
    expect(await weigh(weighs[2])).toMatchObject({ settleCode: null, settleId: null });
    // freed, but still a line of the (free) settlement: offered again only to that settlement
    expect((await pick()).map((r) => r.weighId)).toEqual([weighs[3]]);
    expect((await call(finance, 'POST', '/purorder/fd-pu-settlement-main/weighs', { partner: VENDOR, settleId: made.id })).json().data.map((r: Row) => r.weighId)).toEqual([weighs[2], weighs[3]]);
  });

  it('of two settlements audited at once holding the same weigh record, one is refused', async () => {
    const a = (await settle([weighs[3]])).json().data as Row;
    const other = await call(admin, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: '蒙K39999', materialName: '原煤', vendorName: VENDOR, gross: '40', tare: '15', net: '25.000' });
    await call(admin, 'POST', '/measure/mm-pu-weigh/audit', { ids: [other.json().data.id] });
    const b = (await settle([other.json().data.id])).json().data as Row;
    expect(b).toBeDefined();
    // two saves that raced past the check: b's line now names a's weigh record too
    await sql`update fd_pu_settlement set weigh_id = ${weighs[3]} where settle_id = ${b.id}`.execute(t.database.db);
    const results = await Promise.all([a, b].map((s) => call(finance, 'POST', '/purorder/fd-pu-settlement-main/audit', { ids: [s.id] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.statusCode === 400)!.json().msg).toMatch(/已由结算单 .* 结算，不能重复结算$/);
    const statuses = await sql<{ status: string }>`select status from fd_pu_settlement_main where id in (${a.id}, ${b.id}) order by status`.execute(t.database.db);
    expect(statuses.rows.map((r) => r.status)).toEqual(['AUDITED', 'FREE']);
    const w = await weigh(weighs[3]);
    expect([a.id, b.id]).toContain(Number(w.settleId));
  });

  it('a settlement saved before a 化验单 changed its truck\'s settle weight is refused at its audit, naming the line\'s field, until it is saved again', async () => {
    const assayer = (await t.login('assayer')).access;
    const MATERIAL = '结算化验原煤';
    const wid = await auditedTruck('蒙K31000', MATERIAL, '2026-11-26');
    const { billCode } = await weigh(wid);
    expect(await weigh(wid)).toMatchObject({ net: '30.000', settleWeight: '30.000', settleId: null });
    const saved = await settle([wid]);
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const id = saved.json().data.id as number;
    const settlement = async () => (await call(finance, 'GET', `/purorder/fd-pu-settlement-main/detail/${id}`)).json().data as Row & { children: { fd_pu_settlement: Row[] } };
    const lineFigures = async () => (await settlement()).children.fd_pu_settlement.map((l) => [l.net, l.deductWeight, l.settleWeight, l.amount]);
    expect(await lineFigures()).toEqual([['30.000', '0.000', '30.000', '18000.00']]);

    // the assayer's 化验单 puts 2 % 扣水 on the truck: its settle weight is 29.400 t now
    const assay = await assayOfDay(assayer, MATERIAL, '2026-11-26');
    expect((await call(assayer, 'POST', '/quality/qc-assay/audit', { ids: [assay] })).json()).toMatchObject({ success: true });
    expect(await weigh(wid)).toMatchObject({ net: '30.000', settleWeight: '29.400', settleId: null });

    const doc = await settlement();
    const refused = await call(finance, 'POST', '/purorder/fd-pu-settlement-main/audit', { ids: [id] });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      data: { field: 'children.fd_pu_settlement[0].deductWeight' },
      msg: `结算单 ${String(doc.settleCode)} 第 1 行：磅单 ${String(billCode)} 的结算重量已由 30.000 吨变为 29.400 吨，请重新保存结算单`,
    });
    // nothing changed: the settlement is free, the truck unsettled
    expect((await settlement()).status).toBe('FREE');
    expect(await weigh(wid)).toMatchObject({ settleId: null, settleCode: null });
    // a corrected gross changes the net: the line's 净重 is named
    const corrected = await call(admin, 'POST', '/measure/mm-pu-weigh/weighCorrect', { id: wid, version: (await weigh(wid)).version, gross: 51, reason: '复核' });
    expect(corrected.json(), corrected.body).toMatchObject({ success: true });
    expect(await weigh(wid)).toMatchObject({ net: '31.000', settleWeight: '30.380' });
    const netRefused = await call(finance, 'POST', '/purorder/fd-pu-settlement-main/audit', { ids: [id] });
    expect(netRefused.json()).toMatchObject({
      success: false, data: { field: 'children.fd_pu_settlement[0].net' },
      msg: `结算单 ${String(doc.settleCode)} 第 1 行：磅单 ${String(billCode)} 的净重已由 30.000 吨变为 31.000 吨，请重新保存结算单`,
    });

    // saved again as its detail answered it: the line is copied from the truck afresh, and the audit settles on it
    const again = await call(finance, 'PUT', '/purorder/fd-pu-settlement-main/update', { id, version: doc.version, children: { fd_pu_settlement: doc.children.fd_pu_settlement } });
    expect(again.json(), again.body).toMatchObject({ success: true });
    expect(await lineFigures()).toEqual([['31.000', '0.620', '30.380', '18228.00']]);
    const audited = await call(finance, 'POST', '/purorder/fd-pu-settlement-main/audit', { ids: [id] });
    expect(audited.statusCode, audited.body).toBe(200);
    expect(await settlement()).toMatchObject({ status: 'AUDITED', totalWeight: '30.380' });
    expect(await weigh(wid)).toMatchObject({ settleId: String(id), settleCode: doc.settleCode, settleWeight: '30.380' });
  });

  // two connections at once: PostgreSQL's (the embedded database runs one transaction at a time)
  it.runIf(kind === 'postgres')('a 化验单 audited while a settlement\'s audit is marking its truck settled waits for it, and is then refused', async () => {
    const assayer = (await t.login('assayer')).access;
    const MATERIAL = '竞态化验原煤';
    const wid = await auditedTruck('蒙K32000', MATERIAL, '2026-11-27');
    const assay = await assayOfDay(assayer, MATERIAL, '2026-11-27');

    // a settlement's audit marks the truck settled and has not committed yet when the 化验单's audit comes
    const { audit } = await t.database.db.transaction().execute(async (trx) => {
      await sql`update mm_pu_weigh set settle_id = 424242, settle_code = 'JS-RACE' where id = ${wid}`.execute(trx);
      // sent now (an injected request goes once it is awaited), answered after this transaction commits
      const audit = Promise.resolve(call(assayer, 'POST', '/quality/qc-assay/audit', { ids: [assay] }));
      // precondition: the 化验单's audit is waiting on the truck's row, held by the settlement's transaction
      await expect.poll(async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.database.db)).rows[0].n, { timeout: 10_000 }).toBe(1);
      return { audit };
    });
    // the settlement's audit committed: the 化验单's audit sees the truck settled
    const answer = await audit;
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json().msg).toContain('已由结算单 JS-RACE 结算');
    expect(await weigh(wid)).toMatchObject({ settleWeight: '30.000', settleCode: 'JS-RACE' });
  });
});
