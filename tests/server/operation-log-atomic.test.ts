import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

/** A marker in a request's body that makes the database refuse that request's log entry. */
const MARK = 'LOG-REFUSED';

describe.each(DATABASES)('a write and its operation-log entry are one transaction on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    // the log refuses (raises) any entry whose recorded body carries the marker, or whose document is listed
    await sql`create table refused_log_key (biz_key text primary key)`.execute(t.database.db);
    await sql`create function refuse_marked_log() returns trigger language plpgsql as $$
      begin
        if new.params::text like '%LOG-REFUSED%' or new.biz_key in (select biz_key from refused_log_key) then raise exception 'log entry refused'; end if;
        return new;
      end $$`.execute(t.database.db);
    await sql`create trigger refuse_marked_log before insert on sys_log for each row execute function refuse_marked_log()`.execute(t.database.db);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload === undefined ? {} : { payload: payload as object }) });
  const entries = (bizKey: string) => t.database.db.selectFrom('sysLog').select(['title', 'logType', 'statusCode']).where('bizKey', '=', bizKey).orderBy('id').execute();

  it('an update whose entry cannot be written does not happen; one whose entry is written does', async () => {
    const made = (await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙L10001', driverName: '原司机' })).json().data;
    const saved = await call('PUT', '/material/as-vehicle/update', { id: made.id, version: made.version, driverName: '新司机' });
    expect(saved.json(), saved.body).toMatchObject({ success: true, data: { version: 2 } });
    expect(await entries(`as_vehicle:${made.id}`)).toEqual([
      { title: '新增', logType: 'OPERATION', statusCode: 200 }, { title: '修改', logType: 'OPERATION', statusCode: 200 },
    ]);

    const refused = await call('PUT', '/material/as-vehicle/update', { id: made.id, version: 2, driverName: MARK });
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ success: false, msg: '操作日志写入失败，本次操作未执行，请联系管理员' });
    const row = (await call('GET', `/material/as-vehicle/detail/${made.id}`)).json().data;
    expect(row).toMatchObject({ driverName: '新司机', version: 2 });
    // the refused attempt left no entry either, and the next save goes through with the version it had
    expect(await entries(`as_vehicle:${made.id}`)).toHaveLength(2);
    expect((await call('PUT', '/material/as-vehicle/update', { id: made.id, version: 2, driverName: '第三位' })).json().data.version).toBe(3);
  });

  it('a refused call carrying a NUL or half a surrogate pair is still logged (the database’s JSON refuses those characters)', async () => {
    const made = (await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙L10002' })).json().data;
    const plain = await call('PUT', '/material/as-vehicle/update', { id: made.id, version: made.version, axles: 'six' });
    expect(plain.statusCode).toBe(400);
    // the precondition: a refused call is logged
    expect(await entries(`as_vehicle:${made.id}`)).toEqual([{ title: '新增', logType: 'OPERATION', statusCode: 200 }, { title: '修改', logType: 'ERROR', statusCode: 400 }]);
    for (const odd of ['\ud800', '\udfff', '\u0000']) {
      const res = await call('PUT', '/material/as-vehicle/update', { id: made.id, version: made.version, axles: 'six', remark: `x${odd}y` });
      expect(res.statusCode).toBe(400);
    }
    expect(await entries(`as_vehicle:${made.id}`)).toHaveLength(5);
    const last = await t.database.db.selectFrom('sysLog').select('params').where('bizKey', '=', `as_vehicle:${made.id}`).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(JSON.stringify(last.params)).toContain('x\uFFFDy');
  });

  it('a document and its lines are not created when the entry cannot be written', async () => {
    const count = async () => Number((await sql<{ n: number }>`select count(*) as n from pu_notice where remark = 'LOG-A-1'`.execute(t.database.db)).rows[0].n);
    const lines = async () => Number((await sql<{ n: number }>`select count(*) as n from pu_notice_line where inv_name = ${MARK}`.execute(t.database.db)).rows[0].n);
    const res = await call('POST', '/purorder/pu-notice/create', {
      remark: 'LOG-A-1', vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: MARK, planQty: '10' }] },
    });
    expect(res.statusCode).toBe(500);
    expect(await count()).toBe(0);
    expect(await lines()).toBe(0);
    // without the marker the same document is saved (the precondition: nothing else refuses it)
    const ok = await call('POST', '/purorder/pu-notice/create', {
      remark: 'LOG-A-1', vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '10' }] },
    });
    expect(ok.json(), ok.body).toMatchObject({ success: true });
    expect(await count()).toBe(1);
    expect(await entries(`pu_notice:${ok.json().data.id}`)).toEqual([{ title: '新增', logType: 'OPERATION', statusCode: 200 }]);
  });

  it('a lifecycle action and an administration write are refused with their entry', async () => {
    const made = (await call('POST', '/purorder/pu-notice/create', { noticeCode: 'LOG-A-2', vendorName: '山西恒通矿业有限公司' })).json().data;
    const audited = await call('POST', '/purorder/pu-notice/audit', { ids: [made.id] });
    expect(audited.json()).toMatchObject({ success: true });
    const mulInit = await call('POST', '/purorder/pu-notice/mulInit', { ids: [made.id] });
    expect(mulInit.json()).toMatchObject({ success: true });
    expect(await entries(`pu_notice:${made.id}`)).toEqual([
      { title: '新增', logType: 'OPERATION', statusCode: 200 }, { title: '审核', logType: 'OPERATION', statusCode: 200 }, { title: '弃审', logType: 'OPERATION', statusCode: 200 },
    ]);
    await sql`insert into refused_log_key values (${`pu_notice:${made.id}`})`.execute(t.database.db);
    for (const action of ['audit', 'obsolete', 'deletes']) {
      const res = await call(action === 'deletes' ? 'DELETE' : 'POST', `/purorder/pu-notice/${action}`, { ids: [made.id] });
      expect(res.statusCode, action).toBe(500);
      expect((await call('GET', `/purorder/pu-notice/detail/${made.id}`)).json().data, action).toMatchObject({ status: 'FREE', version: 3 });
    }

    const role = await call('POST', '/sys-role/create', { roleCode: 'logfail', roleName: MARK });
    expect(role.statusCode).toBe(500);
    expect(await t.database.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'logfail').execute()).toEqual([]);
    expect((await call('POST', '/sys-role/create', { roleCode: 'logfail', roleName: '日志正常' })).json()).toMatchObject({ success: true });
  });

  it('the answer an Idempotency-Key replays is stored with the write: not when the write was rolled back', async () => {
    const keyRow = (key: string) => t.database.db.selectFrom('idempotencyKey').select(['state', 'statusCode']).where('key', '=', key).executeTakeFirst();
    const send = (key: string, plateNumber: string, driverName: string) => t.app.inject({
      method: 'POST', url: '/api/material/as-vehicle/create', headers: { ...bearer(admin), 'idempotency-key': key }, payload: { plateNumber, driverName },
    });
    const refused = await send('log-atomic-0001', '蒙L20001', MARK);
    expect(refused.statusCode).toBe(500);
    expect(await keyRow('log-atomic-0001')).toBeUndefined();
    // the client tries again with the same key and is not told it is a duplicate
    const retried = await send('log-atomic-0001', '蒙L20001', '王强');
    expect(retried.json(), retried.body).toMatchObject({ success: true, msg: '新增成功' });
    expect(await keyRow('log-atomic-0001')).toEqual({ state: 'DONE', statusCode: 200 });
    const replay = await send('log-atomic-0001', '蒙L20001', '王强');
    expect(replay.headers['idempotent-replay']).toBe('true');
    expect(replay.json()).toEqual(retried.json());
    const found = await sql<{ n: number }>`select count(*) as n from as_vehicle where plate_number = '蒙L20001' and not deleted`.execute(t.database.db);
    expect(Number(found.rows[0].n)).toBe(1);
  });

  it('a refused write is still logged, on its own', async () => {
    const res = await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙a1' });
    expect(res.statusCode).toBe(400);
    const [entry] = await t.database.db.selectFrom('sysLog').select(['title', 'logType', 'statusCode', 'exception']).where('path', '=', '/api/material/as-vehicle/create')
      .orderBy('id', 'desc').limit(1).execute();
    expect(entry).toEqual({ title: '新增', logType: 'ERROR', statusCode: 400, exception: '车牌号格式错误!' });
  });
});
