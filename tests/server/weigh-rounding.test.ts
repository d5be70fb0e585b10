import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { weighRates } from '../../src/schema/assay';
import { settleFigures, settleRuleOf } from '../../src/schema/settle';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown>;

describe.each(DATABASES)('the settle weight rounded by each material’s rule on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let orgId: number;
  let scaleId: number;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload === undefined ? {} : { payload: payload as object }) });

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    orgId = (await t.database.db.selectFrom('sysOrg').select('id').where('orgName', '=', '东方能源有限公司').executeTakeFirstOrThrow()).id;
    const scale = await sql<{ id: number }>`select id from mm_scale where org_id = ${orgId} and deleted = false and enabled = true order by id limit 1`.execute(t.database.db);
    scaleId = Number(scale.rows[0].id);
  });
  afterAll(async () => { await t.close(); });

  /** Declares a material's rounding through the 存货档案 form's API. */
  const declare = async (invName: string, settleScale: number | null, settleRounding: string | null) => {
    const { rows: [inv] } = await sql<{ id: number; version: number }>`select i.id, i.version from as_inventory i join sys_org o on o.group_id = i.group_id where o.id = ${orgId} and i.inv_name = ${invName} and i.deleted = false`.execute(t.database.db);
    return call('PUT', '/material/as-inventory/update', { id: Number(inv.id), version: Number(inv.version), settleScale, settleRounding });
  };

  /** A purchase truck of `material` weighed 30,150 kg gross and 14,220 kg tare, 0.2 t and 1.8 % deducted at the on-site confirmation. */
  const weighTruck = async (n: number, material: string) => {
    const { rows } = await sql<{ id: number }>`select id from pu_registry where org_id = ${orgId} and deleted = false order by id`.execute(t.database.db);
    const registryId = Number(rows[n].id);
    await sql`update pu_registry set plate_number = ${`蒙K8R00${n}`} where id = ${registryId}`.execute(t.database.db);
    await sql`update pu_registry_sub set material_name = ${material} where registry_id = ${registryId}`.execute(t.database.db);
    const body = { kind: 'PU', registryId };
    for (const step of ['queue', 'updateCall']) expect((await call('POST', `/flow/inf/${step}`, body)).json()).toMatchObject({ success: true });
    expect((await call('POST', '/flow/inf/door', { ...body, direction: 'IN' })).json()).toMatchObject({ success: true });
    const reason = '仪表检定中，按检定秤读数录入';
    const gross = await call('POST', '/flow/inf/handWeigh', { ...body, scaleId, type: 'GROSS', weight: 30_150, reason });
    expect(gross.json(), gross.body).toMatchObject({ success: true });
    const weighId = gross.json().data.weigh.id as number;
    const record = (await call('GET', `/measure/mm-pu-weigh/detail/${weighId}`)).json().data as Row & { siteChecks: Row[]; version: number };
    const results: Record<number, string> = { 1: 'CONFIRM', 2: 'CONFIRM', 3: 'SINGLE_WEIGH' };
    const siteChecks = record.siteChecks.map((r) => ({ ...r, result: results[Number(r.id)] ?? r.result ?? null }));
    const confirmed = await call('PUT', '/measure/mm-pu-weigh/update', { id: weighId, version: record.version, siteChecks });
    expect(confirmed.json(), confirmed.body).toMatchObject({ success: true });
    // the deduction is stated at 现场确认 and checked there
    expect((await call('POST', '/flow/inf/confirm', { ...body, deduct: -0.1 })).statusCode).toBe(400);
    expect((await call('POST', '/flow/inf/confirm', { ...body, deduct: 0.2, deductRate: 1.805 })).json()).toMatchObject({ data: { field: 'deductRate' } });
    expect((await call('POST', '/flow/inf/confirm', { ...body, deduct: 31 })).json()).toMatchObject({ msg: '扣重 31 吨须小于已称重量 30.150 吨', data: { field: 'deduct' } });
    const passed = await call('POST', '/flow/inf/confirm', { ...body, deduct: 0.2, deductRate: 1.8 });
    expect(passed.json(), passed.body).toMatchObject({ success: true, data: { point: 'SH_SCENE_CONFIRM', weigh: { deduct: '0.200', deductRate: '1.80' } } });
    const log = (await call('GET', `/flow/inf/visit/PU/${registryId}`)).json().data.log as Row[];
    expect(log.find((l) => l.point === 'SH_SCENE_CONFIRM')).toMatchObject({ note: '现场扣重 0.200 吨，扣率 1.80 %' });
    const tare = await call('POST', '/flow/inf/handWeigh', { ...body, scaleId, type: 'TARE', weight: 14_220, reason });
    expect(tare.json(), tare.body).toMatchObject({ success: true, data: { point: 'SH_SUTTLE_CALCULATE' } });
    return { weighId, weigh: tare.json().data.weigh as Row };
  };

  it('rounds per material: 2 places 四舍五入, 1 place 截尾, 2 places 进位, and blank the default; every figure recalculates from the stored inputs', async () => {
    const { rows: items } = await sql<{ invName: string }>`select i.inv_name as "invName" from as_inventory i join sys_org o on o.group_id = i.group_id where o.id = ${orgId} and i.deleted = false order by i.id limit 4`.execute(t.database.db);
    expect(items).toHaveLength(4);
    const [a, b, c, d] = items.map((i) => i.invName);
    // a wrong rule is refused, naming the field
    const wrong = await declare(a, 4, 'HALF_UP');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ msg: '结算重量小数位应为 0–3 的整数', data: { field: 'settleScale' } });
    expect((await declare(a, 2, 'ROUND')).json()).toMatchObject({ data: { field: 'settleRounding' } });
    for (const [name, places, mode] of [[a, 2, 'HALF_UP'], [b, 1, 'DOWN'], [c, 2, 'UP'], [d, null, null]] as const) {
      const r = await declare(name, places, mode);
      expect(r.json(), r.body).toMatchObject({ success: true });
    }

    // net 15.93 t; settle = 15.93 − 0.2 − 15.93 × 1.8 % = 15.44326 t
    const trucks = [await weighTruck(0, a), await weighTruck(1, b), await weighTruck(2, c), await weighTruck(3, d)];
    expect(trucks.map((x) => [x.weigh.net, x.weigh.settleWeight])).toEqual([['15.930', '15.440'], ['15.930', '15.400'], ['15.930', '15.450'], ['15.930', '15.443']]);

    // the record keeps the rule it was settled with; net and settle follow from what it stores
    const stored = await sql<Row>`select * from mm_pu_weigh where id in (${sql.join(trucks.map((x) => x.weighId))}) order by id`.execute(t.database.db);
    expect(stored.rows.map((w) => [Number(w.settleScale), w.settleRounding])).toEqual([[2, 'HALF_UP'], [1, 'DOWN'], [2, 'UP'], [3, 'HALF_UP']]);
    for (const w of stored.rows) {
      const again = settleFigures({
        grossKg: Number(w.gross) * 1000, tareKg: Number(w.tare) * 1000, deductT: w.deduct as string,
        ratesPct: weighRates(w), rule: settleRuleOf(w),
      });
      expect([String(w.net), Number(w.settleWeight)]).toEqual([again.net, Number(again.settle)]);
    }

    // the material's rule changes later: a correction of a settled-before record keeps the rule it was settled with
    expect((await declare(b, 0, 'UP')).json()).toMatchObject({ success: true });
    const first = stored.rows[1];
    const corrected = await call('POST', '/measure/mm-pu-weigh/weighCorrect', { id: trucks[1].weighId, version: Number(first.version), tare: 14.2, reason: '皮重复核后更正' });
    // 15.95 − 0.2 − 0.2871 = 15.4629 → 1 place 截尾
    expect(corrected.json(), corrected.body).toMatchObject({ success: true, data: { net: '15.950', settleWeight: '15.400' } });
  });
});
