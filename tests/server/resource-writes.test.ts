import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

describe.each(DATABASES)('resource engine writes and lifecycle on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url: `/api${url}`, headers: { ...bearer(token), ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });

  it('creates a vehicle, reads it back, updates it with the version and refuses a stale save', async () => {
    const created = await call('POST', '/material/as-vehicle/create', { plateNumber: ' 蒙A12345 ', axles: 6, vehicleClass: 'HEAVY', tareWeight: '17.5', driverName: '王强' });
    expect(created.json()).toMatchObject({ success: true, msg: '新增成功', data: { id: expect.any(Number), version: 1 } });
    const id = created.json().data.id;
    const detail = (await call('GET', `/material/as-vehicle/detail/${id}`)).json().data;
    expect(detail).toMatchObject({ plateNumber: '蒙A12345', axles: '6', tareWeight: '17.500', createdByName: '系统管理员', status: 'FREE', enabled: true });
    expect((await call('PUT', '/material/as-vehicle/update', { id, version: 1, driverName: '李刚' })).json().data.version).toBe(2);
    const stale = await call('PUT', '/material/as-vehicle/update', { id, version: 1, driverName: '覆盖别人' });
    expect(stale.statusCode).toBe(409);
    expect((await call('GET', `/material/as-vehicle/detail/${id}`)).json().data.driverName).toBe('李刚');
  });

  it('validates each field by its column and names it', async () => {
    const cases: [object, string, string][] = [
      [{ axles: 2 }, '车牌号不能为空！', 'plateNumber'],
      [{ plateNumber: '蒙B12345', axles: 'six' }, '轴数(axles) 应为数字', 'axles'],
      [{ plateNumber: '蒙B12345', axles: '2.5' }, '轴数(axles) 应为整数', 'axles'],
      [{ plateNumber: '蒙B12345', tareWeight: '1.23456' }, '预置皮重(吨)(tareWeight) 最多 3 位小数', 'tareWeight'],
      [{ plateNumber: '蒙B12345', vehicleClass: 'TANK' }, '车辆类型(vehicleClass) 取值无效', 'vehicleClass'],
      [{ plateNumber: '蒙B12345', driverName: '长'.repeat(51) }, '司机(driverName) 长度不能超过 50', 'driverName'],
      [{ plateNumber: '蒙B1' }, '车牌号格式错误!', 'plateNumber'],
      [{ plateNumber: '蒙B12345', orgId: 2 }, '不允许的字段 orgId', 'orgId'],
      [{ plateNumber: '蒙B12345', password_hash: 'x' }, '不允许的字段 password_hash', 'password_hash'],
    ];
    for (const [body, msg, field] of cases) {
      const res = await call('POST', '/material/as-vehicle/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().msg).toContain(msg);
      expect(res.json().data).toEqual({ field });
    }
    await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙C00001' });
    expect((await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙C00001' })).json().msg).toBe('车牌号 蒙C00001 已存在');
  });

  it('refuses a date that is no instant or falls outside the years a document may have, naming the field', async () => {
    const body = { plateNumber: '蒙C00002', materialName: '原煤', gross: '40' };
    // the precondition: such a record with a date of this century is taken
    expect((await call('POST', '/measure/mm-pu-weigh/create', { ...body, grossTime: '2026-11-30 08:00:00' })).statusCode).toBe(200);
    for (const [grossTime, msg] of [['1900-01-01', '应在 1901 年至 2199 年之间'], ['9999-12-31 23:59:59', '应在 1901 年至 2199 年之间'], ['2024-06-30T23:59:60Z', '应为日期']]) {
      const res = await call('POST', '/measure/mm-pu-weigh/create', { ...body, grossTime });
      expect(res.statusCode, grossTime).toBe(400);
      expect(res.json().msg).toContain(msg);
      expect(res.json().data).toEqual({ field: 'grossTime' });
    }
  });

  it('checks a direct call with the published form’s rules: identity number, mobile, plate, required, and fields that may not change', async () => {
    const cases: [string, object, string, string][] = [
      ['/material/as-driver/create', { driverName: '王强', idNumber: '110105194912310021' }, '身份证号校验位错误!', 'idNumber'],
      ['/material/as-driver/create', { driverName: '王强', idNumber: '990105194912310021' }, '身份证号地址编码错误!', 'idNumber'],
      ['/material/as-driver/create', { driverName: '王强', idNumber: '1101051949' }, '身份证号校验错误!', 'idNumber'],
      ['/material/as-driver/create', { driverName: '王强', mobile: '1234567' }, '手机号格式错误!', 'mobile'],
      ['/material/as-driver/create', { driverName: '  ', mobile: '13812345678' }, '姓名不能为空！', 'driverName'],
      ['/material/as-vendor/create', { vendorCode: 'V-MAIL', vendorName: '邮箱测试', email: 'sales@' }, '邮箱格式错误!', 'email'],
      ['/material/as-vehicle/create', { plateNumber: '蒙a12345' }, '车牌号格式错误!', 'plateNumber'],
    ];
    for (const [url, body, msg, field] of cases) {
      const res = await call('POST', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, msg, data: { field } });
    }
    const driver = await call('POST', '/material/as-driver/create', { driverName: '王强', idNumber: '11010519491231002X', mobile: '13812345678' });
    expect(driver.json().success).toBe(true);

    const bill = await call('POST', '/measure/mm-pu-weigh/create', { billCode: 'RULE-0001', plateNumber: '蒙K30001', materialName: '原煤' });
    const { id, version } = bill.json().data;
    const number = (await call('GET', `/measure/mm-pu-weigh/detail/${id}`)).json().data.billCode as string;
    const renamed = await call('PUT', '/measure/mm-pu-weigh/update', { id, version, billCode: 'RULE-0002' });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json()).toMatchObject({ msg: '磅单号不允许修改', data: { field: 'billCode' } });
    // sending the unchanged value is fine (a form posts what it shows)
    const same = await call('PUT', '/measure/mm-pu-weigh/update', { id, version, billCode: number, materialName: '精煤' });
    expect(same.json()).toMatchObject({ success: true, data: { version: version + 1 } });
  });

  it('makes one record for a double submission with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'vehicle-create-0001' };
    const [a, b] = await Promise.all([
      call('POST', '/material/as-vehicle/create', { plateNumber: '晋D88888' }, admin, headers),
      call('POST', '/material/as-vehicle/create', { plateNumber: '晋D88888' }, admin, headers),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual(expect.arrayContaining([200]));
    const found = await call('POST', '/material/as-vehicle/list', { search: [{ key: 'plateNumber', op: 'eq', val: '晋D88888' }] });
    expect(found.json().data.total).toBe(1);
  });

  it('runs the document lifecycle and refuses actions the status does not allow, saying why', async () => {
    const page = (await call('POST', '/measure/mm-pu-weigh/list', { search: [{ key: 'status', op: 'eq', val: 'FREE' }], limit: { pn: 1, ps: 2 } })).json().data.list;
    const [a, b] = page as { id: number; billCode: string }[];
    expect((await call('POST', '/measure/mm-pu-weigh/audit', { ids: [a.id] })).json().success).toBe(true);
    const again = await call('POST', '/measure/mm-pu-weigh/audit', { ids: [a.id] });
    expect(again.json().msg).toBe(`磅单号 ${a.billCode}：该单据已审核，不能重复审核`);
    expect((await call('DELETE', '/measure/mm-pu-weigh/deletes', { ids: [a.id] })).json().msg).toBe(`磅单号 ${a.billCode}：已审核的单据不能删除`);
    const audited = (await call('GET', `/measure/mm-pu-weigh/detail/${a.id}`)).json().data as { version: number };
    expect((await call('PUT', '/measure/mm-pu-weigh/update', { id: a.id, version: audited.version, net: '1' })).json().msg).toContain('已审核的单据不能修改');
    expect((await call('POST', '/measure/mm-pu-weigh/obsolete', { ids: [a.id] })).json().msg).toContain('已审核的单据不能作废，请先弃审');
    expect((await call('POST', '/measure/mm-pu-weigh/mulInit', { ids: [a.id] })).json().success).toBe(true);

    expect((await call('POST', '/measure/mm-pu-weigh/obsolete', { ids: [b.id] })).json().success).toBe(true);
    expect((await call('POST', '/measure/mm-pu-weigh/audit', { ids: [b.id] })).json().msg).toBe(`磅单号 ${b.billCode}：该单据已作废，不能审核`);
    expect((await call('POST', '/measure/mm-pu-weigh/recover', { ids: [b.id] })).json().success).toBe(true);
    expect((await call('POST', '/measure/mm-pu-weigh/mulAudit', { ids: [a.id, b.id] })).json().data).toEqual({ count: 2 });
    expect((await call('POST', '/material/as-vehicle/audit', { ids: [1] })).json().msg).toBe('车辆不是单据，没有此操作');
  });

  it('deletes softly: a deleted row is gone from lists and details', async () => {
    const id = (await call('POST', '/material/as-vehicle/create', { plateNumber: '陕E55555' })).json().data.id;
    expect((await call('DELETE', '/material/as-vehicle/deletes', { ids: [id] })).json().msg).toBe('删除成功');
    expect((await call('GET', `/material/as-vehicle/detail/${id}`)).statusCode).toBe(404);
    expect((await call('POST', '/material/as-vehicle/create', { plateNumber: '陕E55555' })).json().success).toBe(true);
  });

  it('keeps other organisations’ rows out of reach: 404, and no change', async () => {
    const other = (await t.database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'HBGT').executeTakeFirstOrThrow()).id;
    const row = await (t.database.db as unknown as import('kysely').Kysely<Record<string, { id: number; org_id: number; plate_number: string }>>)
      .selectFrom('as_vehicle').select(['id', 'plate_number']).where('org_id', '=', other).limit(1).executeTakeFirstOrThrow();
    expect((await call('GET', `/material/as-vehicle/detail/${row.id}`)).statusCode).toBe(404);
    expect((await call('PUT', '/material/as-vehicle/update', { id: row.id, version: 1, driverName: 'x' })).statusCode).toBe(404);
    expect((await call('DELETE', '/material/as-vehicle/deletes', { ids: [row.id] })).statusCode).toBe(404);
    expect((await call('POST', '/material/as-vehicle/disable', { ids: [row.id] })).statusCode).toBe(404);
  });

  it('checks the action’s permission key: the weigher may add weigh records but not delete or audit them', async () => {
    const w = (await t.login('weigher')).access;
    const id = (await call('POST', '/measure/mm-pu-weigh/create', { billCode: 'WEIGHER-0001', plateNumber: '蒙A00001', materialName: '原煤' }, w)).json().data.id;
    expect(id).toBeGreaterThan(0);
    expect((await call('DELETE', '/measure/mm-pu-weigh/deletes', { ids: [id] }, w)).statusCode).toBe(403);
    expect((await call('POST', '/measure/mm-pu-weigh/audit', { ids: [id] }, w)).statusCode).toBe(403);
    const ops = await t.database.db.selectFrom('sysLog').select(['title', 'username']).where('username', '=', 'weigher').execute();
    expect(ops.map((o) => o.title)).toEqual(['新增', '删除', '审核']);
  });
});
