import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown>;

describe.each(DATABASES)('corrections and deletes of weigh records on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let weigher: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const stored = async (id: number) => (await sql<Row>`select gross, tare, net, settle_weight, deduct, deduct_rate, manual_entry, deleted, version from mm_pu_weigh where id = ${id}`.execute(t.database.db)).rows[0];
  /** The n-th completed weigh record of an organisation, weighed 40 t gross and 15 t tare. */
  const weighed = async (orgCode: string, n: number) => {
    const org = await t.database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', orgCode).executeTakeFirstOrThrow();
    const rows = await sql<{ id: number }>`select id from mm_pu_weigh where org_id = ${org.id} and deleted = false and status = 'FREE' order by id`.execute(t.database.db);
    const id = Number(rows.rows[n].id);
    await sql`update mm_pu_weigh set gross = 40, tare = 15, net = 25, settle_weight = 25, deduct = 0, deduct_rate = null, weigh_status = 'DONE', manual_entry = false where id = ${id}`.execute(t.database.db);
    return id;
  };
  /** The operation-log entries of a weigh record, newest last, with their detail. */
  const logOf = async (id: number) => {
    const list = (await call('GET', `/sys-log/getSysLog?bizKey=mm_pu_weigh:${id}`, admin)).json().data as { id: number; action: string }[];
    return Promise.all(list.map(async (e): Promise<Row & { action: string }> => ({ ...(await call('GET', `/sys-log/getSysLogData/${e.id}`, admin)).json().data as Row, action: e.action })));
  };

  /** What the log entry's detail shows as the write's result (`HTTP 200 {…}`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the kept values are read loosely
  const resultOf = (entry: Row): any => JSON.parse(String(entry.resultInfo).replace(/^HTTP 200 /, ''));
  const numbers = (o: Row) => Object.fromEntries(Object.entries(o).filter(([k]) => k !== 'billCode' && k !== 'plateNumber').map(([k, v]) => [k, v === null ? null : Number(v)]));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    weigher = (await t.login('weigher')).access;
  });
  afterAll(async () => { await t.close(); });

  it('refuses a changed gross, tare or net through the generic update; other fields and the same weights pass', async () => {
    const id = await weighed('DFNY', 0);
    const before = await stored(id);
    for (const [field, value] of [['gross', 41], ['tare', '14.5'], ['net', 26]] as const) {
      const res = await call('PUT', '/measure/mm-pu-weigh/update', weigher, { id, version: before.version, [field]: value });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().data).toEqual({ field });
      expect(res.json().msg).toMatch(/已采集，不能直接修改，请用“称重更正”并填写原因/);
    }
    expect(await stored(id)).toEqual(before);
    // the weigher may edit the record otherwise, sending the weights back unchanged
    const fine = await call('PUT', '/measure/mm-pu-weigh/update', weigher, { id, version: before.version, gross: '40.000', tare: 15, net: 25, materialName: '更正测试煤' });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('corrects a weight only with the supervisor\'s key and a reason; net and settle weight are recalculated and the log keeps the old values', async () => {
    const id = await weighed('DFNY', 1);
    await sql`update mm_pu_weigh set deduct = 0.5, deduct_rate = 2 where id = ${id}`.execute(t.database.db);
    const { version } = await stored(id);
    const body = { id, version, gross: 42.35, reason: '毛重采集时车辆未完全上磅' };
    // the weigher can edit weigh records but lacks 手工录入: refused, nothing changes
    const refused = await call('POST', '/measure/mm-pu-weigh/weighCorrect', weigher, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toEqual({ permission: 'measure_weigh_hand' });
    expect(Number((await stored(id)).gross)).toBe(40);

    const noReason = await call('POST', '/measure/mm-pu-weigh/weighCorrect', admin, { ...body, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data).toEqual({ field: 'reason' });
    const under = await call('POST', '/measure/mm-pu-weigh/weighCorrect', admin, { id, version, tare: 45, reason: '皮重错误' });
    expect(under.statusCode).toBe(400);
    expect(under.json()).toMatchObject({ msg: '毛重 40.000 吨须大于皮重 45 吨', data: { field: 'tare' } });

    // a weight finer than the kilogram (it was rounded away without a word) or of no truck is named
    for (const [gross, msg] of [[0.0001, '毛重最多 3 位小数（精确到千克）'], [42.3505, '毛重最多 3 位小数（精确到千克）'], [0, '毛重须大于 0 吨且不超过 1000 吨']] as const) {
      const wrong = await call('POST', '/measure/mm-pu-weigh/weighCorrect', admin, { ...body, gross });
      expect(wrong.statusCode, String(gross)).toBe(400);
      expect(wrong.json()).toMatchObject({ msg, data: { field: 'gross' } });
    }
    expect(Number((await stored(id)).gross)).toBe(40);

    const done = await call('POST', '/measure/mm-pu-weigh/weighCorrect', admin, body);
    expect(done.statusCode, done.body).toBe(200);
    const after = await stored(id);
    // net = 42.35 − 15; settle = net − 0.5 − 2 % of net = 27.35 − 0.5 − 0.547
    expect({ gross: Number(after.gross), tare: Number(after.tare), net: Number(after.net), settle: Number(after.settleWeight), manual: after.manualEntry })
      .toEqual({ gross: 42.35, tare: 15, net: 27.35, settle: 26.303, manual: true });

    const log = await logOf(id);
    const entry = log.find((e) => e.action === '称重更正' && String(e.resultInfo).startsWith('HTTP 200'))!;
    expect(entry.requestParams).toContain('毛重采集时车辆未完全上磅');
    const kept = resultOf(entry);
    expect(kept.reason).toBe('毛重采集时车辆未完全上磅');
    expect(numbers(kept.before)).toEqual({ gross: 40, tare: 15, net: 25, settleWeight: 25 });
    expect(numbers(kept.after)).toEqual({ gross: 42.35, tare: 15, net: 27.35, settleWeight: 26.303 });

    // a stale version is a 409 and changes nothing
    const stale = await call('POST', '/measure/mm-pu-weigh/weighCorrect', admin, body);
    expect(stale.statusCode).toBe(409);
  });

  it('does not correct another company\'s weigh record or a record that is not a weigh record', async () => {
    const foreign = await weighed('HBGT', 0);
    const { version } = await stored(foreign);
    const res = await call('POST', '/measure/mm-pu-weigh/weighCorrect', admin, { id: foreign, version, gross: 41, reason: '越权更正' });
    expect(res.statusCode).toBe(404);
    expect(Number((await stored(foreign)).gross)).toBe(40);
    const other = await call('POST', '/material/as-inventory/weighCorrect', admin, { id: 1, version: 1, gross: 41, reason: '不是磅单' });
    expect(other.statusCode).toBe(404);
  });

  it('deletes a weigh record only with a reason, keeping its weights in the log', async () => {
    const id = await weighed('DFNY', 2);
    const bare = await call('DELETE', '/measure/mm-pu-weigh/deletes', admin, { ids: [id] });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({ data: { field: 'reason' } });
    expect((await stored(id)).deleted).toBe(false);

    const res = await call('DELETE', '/measure/mm-pu-weigh/deletes', admin, { ids: [id], reason: '重复过磅，作废' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(id)).deleted).toBe(true);
    const entry = (await logOf(id)).find((e) => e.action === '删除' && String(e.resultInfo).startsWith('HTTP 200'))!;
    const kept = resultOf(entry);
    expect(kept.reason).toBe('重复过磅，作废');
    expect(kept.before).toHaveLength(1);
    expect(numbers(kept.before[0])).toMatchObject({ id, gross: 40, tare: 15, net: 25 });
  });
});
