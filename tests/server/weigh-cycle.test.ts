import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveValue } from '../../src/schema/weigh';
import { WeighStation } from '../../server/weigh/station/station';
import { deviceServer } from './support/device-server';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };

/** Each database run has its own simulated indicator port (this suite's ports are 8154–8155). */
const PORTS = { pglite: 8154, postgres: 8155 } as const;

describe.each(DATABASES)('the truck cycle at the weighing station on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let weigher: string;
  let station: WeighStation;
  let device: ReturnType<typeof deviceServer>;
  let scaleId: number;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = weigher) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const live = () => station.latest(scaleId);
  const until = async (test: (v: LiveValue | undefined) => boolean, ms = 6000) => {
    const started = Date.now();
    while (!test(live())) {
      if (Date.now() - started > ms) throw new Error(`timed out; last value ${JSON.stringify(live())}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  /** The indicator shows `kg` until the station calls it stable. */
  const settleAt = async (kg: number) => {
    device.show(kg);
    await until((v) => !!v && v.weight === kg && v.stable && Date.now() - v.at < 200);
  };
  /** The `n`-th registry of the weigher's organisation, its truck given a plate with no weighings on record. */
  const registryOf = async (table: 'pu_registry' | 'sa_registry', n: number, plate: string) => {
    const org = await t.database.db.selectFrom('sysOrg').select('id').where('orgName', '=', '东方能源有限公司').executeTakeFirstOrThrow();
    const rows = await sql<{ id: number }>`select id from ${sql.table(table)} where org_id = ${org.id} and deleted = false order by id`.execute(t.database.db);
    const { id } = rows.rows[n];
    await sql`update ${sql.table(table)} set plate_number = ${plate} where id = ${id}`.execute(t.database.db);
    return { id: Number(id), plateNumber: plate };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    weigher = (await t.login('weigher')).access;
    device = deviceServer(PORTS[kind]);
    await device.listen();
    const made = await call('POST', '/measure/mm-scale/create', {
      scaleCode: 'T-TCP', scaleName: '3号汽车衡', station: '3号磅房', protocol: 'yaohua-tf0', connection: `127.0.0.1:${PORTS[kind]}`, division: 20, maxCapacity: 100_000,
    }, admin);
    expect(made.json(), made.body).toMatchObject({ success: true });
    scaleId = Number(made.json().data.id);
    // the scales of the seed run on simulators; only this one is read here
    await t.database.db.updateTable('mm_scale' as never).set({ enabled: false } as never).where('id' as never, '!=', scaleId as never).execute();
    station = new WeighStation({ db: t.database.db, owner: 'test' });
    t.app.svc.weigh = station;
    await station.start();
    await until((v) => !!v && !v.stale);
  });
  afterAll(async () => {
    await station.stop();
    await device.close();
    await t.close();
  });

  it('takes a purchase truck through its control points with captured weights only', async () => {
    const registry = await registryOf('pu_registry', 0, '蒙K7T001');
    const id = registry.id;
    const body = { kind: 'PU', registryId: id };

    const found = await call('GET', `/flow/inf/find-weigh?kind=PU&plate=${encodeURIComponent(registry.plateNumber)}`);
    expect(found.json().data).toMatchObject({ registryId: id, point: null, next: 'SIGN_IN', nextLabel: '采购登记' });
    expect(found.json().data.materialName).toBeTruthy();

    // a weighing before the truck was even queued is refused by the server
    const early = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'GROSS' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ msg: '当前应采购登记，不能称毛重', data: { field: 'registryId' } });

    expect((await call('POST', '/flow/inf/queue', body)).json().data).toMatchObject({ point: 'SH_SIGN_IN', queueNo: 1, next: 'CALL' });
    expect((await call('GET', '/flow/inf/queue?kind=PU')).json().data.map((v: Row) => v.registryId)).toContain(id);
    expect((await call('POST', '/flow/inf/updateCall', body)).json().data).toMatchObject({ point: 'SH_CALL' });
    expect((await call('POST', '/flow/inf/door', { ...body, direction: 'IN' })).json().data).toMatchObject({ point: 'SH_IN_DOOR', nextWeighing: 'GROSS' });

    // the truck is still swinging: 30,600 and 30,150 in turn
    device.show(30_600, 30_150);
    await until((v) => !!v && !v.stale && v.weight! > 30_000);
    const moving = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'GROSS' });
    expect(moving.statusCode).toBe(400);
    expect(moving.json()).toMatchObject({ msg: '不能采集：重量未稳定', data: { field: 'scaleId' } });
    // the page cannot send a weight: the body is refused with the field named
    const typed = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'GROSS', weight: 30_150 });
    expect(typed.statusCode).toBe(400);

    await settleAt(30_140);
    // a whole 5 s of frames behind the capture (the station may have started only just now)
    await until(() => { const r = station.recent(scaleId, 5000); return r.length > 0 && r.at(-1)!.at - r[0].at >= 4800; }, 8000);
    const gross = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'GROSS' });
    expect(gross.json(), gross.body).toMatchObject({ success: true, msg: '毛重已采集：30140 kg', data: { point: 'SH_GROSS_WEIGH', weightKg: 30_140 } });
    const billCode = gross.json().data.billCode as string;
    expect(billCode).toMatch(/^CB\d{8}-\d{4}$/);
    const weighId = gross.json().data.weigh.id as number;
    expect(gross.json().data.weigh).toMatchObject({ gross: '30.140', tare: null, weighStatus: 'GROSS', weigherName: '张司磅', manualEntry: false });

    const again = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'GROSS' });
    expect(again.json()).toMatchObject({ success: false, msg: '毛重已采集，不能重复称重' });
    const tareEarly = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'TARE' });
    expect(tareEarly.json()).toMatchObject({ success: false, msg: '未完成现场确认，不能称皮重' });
    const unconfirmed = await call('POST', '/flow/inf/confirm', body);
    expect(unconfirmed.json()).toMatchObject({ success: false, msg: '现场确认未完成：车辆信息核对', data: { field: 'siteChecks' } });

    // 现场确认 on the weigh record: every row handled, 0.2 t deducted
    const record = (await call('GET', `/measure/mm-pu-weigh/detail/${weighId}`)).json().data as Row & { siteChecks: Row[] };
    const results: Record<number, string> = { 1: 'CONFIRM', 2: 'CONFIRM', 3: 'SINGLE_WEIGH' };
    const siteChecks = record.siteChecks.map((r) => ({ ...r, result: results[Number(r.id)] ?? r.result ?? null }));
    const confirmed = await call('PUT', '/measure/mm-pu-weigh/update', { id: weighId, version: record.version, siteChecks, deduct: '0.2' });
    expect(confirmed.json(), confirmed.body).toMatchObject({ success: true });
    expect((await call('POST', '/flow/inf/confirm', body)).json().data).toMatchObject({ point: 'SH_SCENE_CONFIRM', nextWeighing: 'TARE' });

    // the truck leaves the deck unloaded and comes back: zero between, then its tare
    await settleAt(0);
    await settleAt(14_220);
    const tare = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'TARE' });
    expect(tare.json(), tare.body).toMatchObject({ success: true, data: { point: 'SH_SUTTLE_CALCULATE', next: 'OUT_DOOR', billCode } });
    expect(tare.json().data.weigh).toMatchObject({ gross: '30.140', tare: '14.220', net: '15.920', deduct: '0.200', settleWeight: '15.720', weighStatus: 'DONE', tareWeigher: '张司磅' });
    expect(tare.json().data.alarms).toEqual([]);
    expect((await call('POST', '/flow/inf/door', { ...body, direction: 'OUT' })).json().data).toMatchObject({ point: 'SH_OUT_DOOR', next: null });
    expect((await call('POST', '/flow/inf/door', { ...body, direction: 'OUT' })).json()).toMatchObject({ success: false, msg: '该车已出厂，不能出厂' });

    // every point in the registry's log, with time, operator, station and weight
    const log = (await call('GET', `/flow/inf/visit/PU/${id}`)).json().data.log as Row[];
    expect(log.map((l) => l.point)).toEqual(['SH_SIGN_IN', 'SH_CALL', 'SH_IN_DOOR', 'SH_GROSS_WEIGH', 'SH_SCENE_CONFIRM', 'SH_TARE_WEIGH', 'SH_SUTTLE_CALCULATE', 'SH_OUT_DOOR']);
    expect(log.every((l) => l.operatorName === '张司磅' && l.at)).toBe(true);
    expect(log.filter((l) => l.weightKg !== null).map((l) => [l.point, Number(l.weightKg), l.station])).toEqual([['SH_GROSS_WEIGH', 30_140, '3号磅房'], ['SH_TARE_WEIGH', 14_220, '3号磅房']]);

    // the evidence: the captured frame, 5 s of raw frames and the stability window; append-only
    const evidence = await t.database.db.selectFrom('weighEvidence').selectAll().where('weighId', '=', weighId).orderBy('id').execute();
    expect(evidence.map((e) => [e.kind, Number(e.weightKg), e.operatorName, e.softwareVersion])).toEqual([['GROSS', 30_140, '张司磅', '0.1.0'], ['TARE', 14_220, '张司磅', '0.1.0']]);
    // the last 5 s of frames (10 a second), the swing before the truck settled among them
    const frames = evidence[0].frames as { at: number; weight: number; raw: string }[];
    expect(frames.length).toBeGreaterThanOrEqual(35);
    expect(frames.at(-1)!.at - frames[0].at).toBeLessThanOrEqual(5000);
    expect(frames.some((f) => f.weight === 30_600)).toBe(true);
    expect(frames.at(-1)!.raw).toBe(evidence[0].frame);
    // the window may reach back to the swing's last 30,150 (inside the ±20 kg band)
    expect(evidence[0].stability).toMatchObject({ min: 30_140, max: expect.any(Number) });
    expect((evidence[0].stability as { max: number }).max).toBeLessThanOrEqual(30_150);
    await expect(t.database.db.updateTable('weighEvidence').set({ weightKg: '1' }).where('weighId', '=', weighId).execute()).rejects.toThrow(/append-only/);
    await expect(t.database.db.deleteFrom('weighEvidence').where('weighId', '=', weighId).execute()).rejects.toThrow(/append-only/);

    // 磅单: the first print is the original, the next a counted reprint; both logged
    const first = (await call('POST', '/print/weigh', { kind: 'PU', id: weighId })).json();
    expect(first.data).toMatchObject({
      billCode, plateNumber: registry.plateNumber, partnerLabel: '供应商', gross: '30.140', tare: '14.220', net: '15.920', deduct: '0.200', settleWeight: '15.720',
      weigherName: '张司磅', tareWeigher: '张司磅', manualEntry: false, copyNo: 1, reprint: false, orgName: '东方能源有限公司',
    });
    expect((await call('POST', '/print/weigh', { kind: 'PU', id: weighId })).json().data).toMatchObject({ copyNo: 2, reprint: true });
    const prints = (await call('GET', `/flow/inf/reg-weigh-print/${weighId}?kind=PU`)).json().data as Row[];
    expect(prints.map((p) => [p.copyNo, p.operatorName])).toEqual([[1, '张司磅'], [2, '张司磅']]);
  });

  it('weighs a sale truck tare first, and raises the anti-cheating alarms without holding the truck up', async () => {
    const registry = await registryOf('sa_registry', 0, '蒙K7T002');
    const id = registry.id;
    const body = { kind: 'SA', registryId: id };
    // the truck's last tares are about 14,000 kg
    const org = await t.database.db.selectFrom('sysOrg').select(['id', 'groupId']).where('orgName', '=', '东方能源有限公司').executeTakeFirstOrThrow();
    for (let i = 0; i < 5; i++) {
      await t.database.db.insertInto('mm_sa_weigh' as never).values({
        org_id: org.id, group_id: org.groupId, bill_code: `OLD-${kind}-${i}`, plate_number: registry.plateNumber, material_name: '块煤',
        tare: (14 + i * 0.01).toFixed(3), tare_time: new Date(Date.now() - (i + 1) * 86_400_000),
      } as never).execute();
    }
    for (const step of ['queue', 'updateCall']) expect((await call('POST', `/flow/inf/${step}`, body)).json()).toMatchObject({ success: true });
    expect((await call('POST', '/flow/inf/door', { ...body, direction: 'IN' })).json().data).toMatchObject({ point: 'FH_IN_DOOR', nextWeighing: 'TARE' });
    const grossFirst = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'GROSS' });
    expect(grossFirst.json()).toMatchObject({ success: false, msg: '当前应称皮重，不能称毛重' });

    // the deck did not come back to zero after the last truck (the purchase tare above): the truck on
    // it changed weight without leaving, and this tare is far from the plate's history
    await settleAt(15_640);
    const tare = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'TARE' });
    expect(tare.json(), tare.body).toMatchObject({ success: true, data: { point: 'FH_TARE_WEIGH', weigh: { tare: '15.640', weighStatus: 'TARE' } } });
    expect(tare.json().data.billCode).toMatch(/^XB\d{8}-\d{4}$/);
    expect(tare.json().data.alarms.map((a: Row) => a.kind).sort()).toEqual(['MOVING_WHILE_STANDING', 'TARE_DEVIATION', 'ZERO_NOT_RETURNED']);
    expect(tare.json().data.alarms.find((a: Row) => a.kind === 'TARE_DEVIATION').message).toBe('皮重 15640 kg 偏离该车近 5 次皮重中位数 14020 kg 超过 210.3 kg');
    const weighId = tare.json().data.weigh.id as number;

    const record = (await call('GET', `/measure/mm-sa-weigh/detail/${weighId}`)).json().data as Row & { siteChecks: Row[] };
    const siteChecks = record.siteChecks.map((r) => ({ ...r, result: Number(r.id) === 3 ? 'SINGLE_WEIGH' : Number(r.id) === 4 ? null : 'CONFIRM' }));
    expect((await call('PUT', '/measure/mm-sa-weigh/update', { id: weighId, version: record.version, siteChecks })).json()).toMatchObject({ success: true });
    expect((await call('POST', '/flow/inf/confirm', body)).json().data).toMatchObject({ point: 'FH_SCENE_CONFIRM', nextWeighing: 'GROSS' });

    // loaded, the truck stands at 42,380 kg; then its weight jumps by 600 kg while it stands
    await settleAt(0);
    await settleAt(42_380);
    await new Promise((r) => setTimeout(r, 300));
    await settleAt(42_980);
    await until((v) => (v?.alarm ?? '').includes('车辆站立期间重量由 42380 kg 变为 42980 kg'));
    const gross = await call('POST', '/flow/inf/weigh', { ...body, scaleId, type: 'GROSS' });
    expect(gross.json(), gross.body).toMatchObject({ success: true, data: { point: 'FH_SUTTLE_CALCULATE', weigh: { gross: '42.980', tare: '15.640', net: '27.340', settleWeight: '27.340' } } });
    expect(gross.json().data.alarms.map((a: Row) => a.kind)).toContain('MOVING_WHILE_STANDING');
    // the record has two: the truck swap at its tare, and this jump at its gross (the newer)
    const [standing] = await t.database.db.selectFrom('weighAlarm').selectAll().where('weighId', '=', weighId).where('kind', '=', 'MOVING_WHILE_STANDING').orderBy('id', 'desc').execute();
    expect(standing.message).toBe('3号汽车衡：车辆站立期间重量由 42380 kg 变为 42980 kg（+600 kg）');
    expect(standing.plateNumber).toBe(registry.plateNumber);
    const trace = standing.trace as { weight: number; raw: string }[];
    expect(trace.some((f) => f.weight === 42_380) && trace.some((f) => f.weight === 42_980)).toBe(true);
  });

  it('keeps the manual path for a supervisor with a reason, marked on the record; a registry of another organisation is a 404', async () => {
    const { id } = await registryOf('pu_registry', 1, '蒙K7T003');
    const body = { kind: 'PU', registryId: id };
    for (const step of ['queue', 'updateCall']) await call('POST', `/flow/inf/${step}`, body);
    await call('POST', '/flow/inf/door', { ...body, direction: 'IN' });
    const hand = { ...body, scaleId, type: 'GROSS', weight: 31_000, reason: '仪表故障，按地磅显示屏读数录入' };
    // the weigher lacks 手工录入
    expect((await call('POST', '/flow/inf/handWeigh', hand)).statusCode).toBe(403);
    expect((await call('POST', '/flow/inf/handWeigh', { ...hand, reason: '' }, admin)).statusCode).toBe(400);
    const done = await call('POST', '/flow/inf/handWeigh', hand, admin);
    expect(done.json(), done.body).toMatchObject({ success: true, data: { point: 'SH_GROSS_WEIGH', weigh: { gross: '31.000', manualEntry: true } } });
    const [evidence] = await t.database.db.selectFrom('weighEvidence').selectAll().where('weighId', '=', done.json().data.weigh.id).execute();
    expect(evidence).toMatchObject({ manual: true, reason: '仪表故障，按地磅显示屏读数录入', operatorName: '系统管理员' });
    // a ticket is printed once both weighings are done
    const unfinished = await call('POST', '/print/weigh', { kind: 'PU', id: done.json().data.weigh.id });
    expect(unfinished.json()).toMatchObject({ success: false, msg: '磅单未完成称重，不能打印', data: { field: 'id' } });

    const other = await sql<{ id: number }>`select r.id from pu_registry r join sys_org o on o.id = r.org_id where o.org_name <> '东方能源有限公司' order by r.id limit 1`.execute(t.database.db);
    expect(other.rows[0]).toBeTruthy();
    expect((await call('GET', `/flow/inf/visit/PU/${other.rows[0].id}`)).statusCode).toBe(404);
    expect((await call('POST', '/flow/inf/queue', { kind: 'PU', registryId: other.rows[0].id })).statusCode).toBe(404);
    const foreignWeigh = await sql<{ id: number }>`select w.id from mm_pu_weigh w join sys_org o on o.id = w.org_id where o.org_name <> '东方能源有限公司' and w.weigh_status = 'DONE' limit 1`.execute(t.database.db);
    expect(foreignWeigh.rows[0]).toBeTruthy();
    expect((await call('POST', '/print/weigh', { kind: 'PU', id: foreignWeigh.rows[0].id })).statusCode).toBe(404);
  });
});
