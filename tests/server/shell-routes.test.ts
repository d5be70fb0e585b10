import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

describe.each(DATABASES)('shell routes on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let weigher: { access: string; refresh: string };
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { devAid: true } });
    admin = (await t.login('admin')).access;
    weigher = await t.login('weigher');
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object, token = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(body ? { payload: body } : {}) });
  const menuId = async (uuid: string) => (await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;

  it('marks and unmarks common menus, only among the iusual entries the user can see', async () => {
    const vehicles = await menuId('as_vehicle');
    const users = await menuId('sys_user');
    const warehouses = await menuId('as_warehouse');
    const define = (await call('GET', '/sys-menu-user-define/defineMenus', undefined, weigher.access)).json().data as { id: number; ownMenu: boolean }[];
    expect(define.map((m) => m.id)).toContain(vehicles);
    expect(define.map((m) => m.id)).not.toContain(warehouses); // not granted to the weigher
    const add = await call('POST', '/sys-menu-user-define/batchUpdate', { addIds: [vehicles] }, weigher.access);
    expect(add.json()).toMatchObject({ success: true, msg: '设置成功' });
    expect((await call('GET', '/sys-menu-user-define/useMenus', undefined, weigher.access)).json().data).toEqual([expect.objectContaining({ id: vehicles, title: '车辆' })]);
    const tree = (await call('GET', '/sys-menu/list', undefined, weigher.access)).json().data;
    expect(JSON.stringify(tree)).toContain(`"id":${vehicles},"title":"车辆"`);
    const refused = await call('POST', '/sys-menu-user-define/batchUpdate', { addIds: [users] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(`菜单 ${users} 不能设为常用菜单`);
    expect((await call('POST', '/sys-menu-user-define/batchUpdate', { addIds: [warehouses] }, weigher.access)).statusCode).toBe(400);
    await call('POST', '/sys-menu-user-define/batchUpdate', { removeIds: [vehicles] }, weigher.access);
    expect((await call('GET', '/sys-menu-user-define/useMenus', undefined, weigher.access)).json().data).toEqual([]);
  });

  it('checks a front-end address against the user’s menus and forgets closed pages', async () => {
    const weighs = await menuId('mm_pu_weigh');
    const users = await menuId('sys_user');
    const allowed = await call('POST', '/core/sys-site-license/checkFrontendAdress', { adress: weighs, token: weigher.refresh }, weigher.access);
    expect(allowed.json()).toMatchObject({ success: true, data: true });
    const refused = await call('POST', '/core/sys-site-license/checkFrontendAdress', { adress: users, token: weigher.refresh }, weigher.access);
    expect(refused.json()).toMatchObject({ success: false, msg: '当前页面地址未授权，无法访问' });
    const open = () => t.database.db.selectFrom('sysSessionPage').select('menuId').execute();
    expect((await open()).map((r) => r.menuId)).toEqual([weighs]);
    expect((await call('POST', '/closeCall', { token: weigher.refresh, adress: [weighs] }, weigher.access)).json()).toMatchObject({ success: true, data: { closed: 1 } });
    expect(await open()).toEqual([]);
  });

  it('computes the home figures of the current organisation in the database', async () => {
    const before = (await call('POST', '/index/getCount', {}, weigher.access)).json().data;
    const now = new Date();
    const mk = (body: object) => call('POST', '/measure/mm-pu-weigh/create', { materialName: '原煤', plateNumber: '蒙K00001', ...body }, weigher.access);
    expect((await mk({ billCode: 'T-HOME-1', gross: 50, grossTime: now.toISOString(), weighStatus: 'GROSS' })).statusCode).toBe(200);
    expect((await mk({ billCode: 'T-HOME-2', gross: 50, tare: 20, deduct: 0, net: 30, grossTime: now.toISOString(), tareTime: now.toISOString(), weighStatus: 'DONE' })).statusCode).toBe(200);
    const after = (await call('POST', '/index/getCount', {}, weigher.access)).json().data;
    expect(after.inFactory).toBe(before.inFactory + 1);
    // 今日过磅 counts completed weighings (the truck still in the factory is not one yet), as the chart's today bar does
    expect(after.weighedToday).toBe(before.weighedToday + 1);
    expect(after.netToday).toBeCloseTo(before.netToday + 30, 3);
    expect(after.pending).toBe(before.pending + 2);
    const vehicles = (await call('POST', '/index/getVehicleTable', {}, weigher.access)).json().data as { plateNumber: string }[];
    expect(vehicles.some((v) => v.plateNumber === '蒙K00001')).toBe(true);
    const chart = (await call('POST', '/index/getDetail', {}, weigher.access)).json().data as { day: string; count: number; net: number }[];
    expect(chart).toHaveLength(7);
    expect(chart[6].net).toBeGreaterThanOrEqual(30);
    expect(chart[6].count).toBe(after.weighedToday);
    expect(chart[6].net).toBeCloseTo(after.netToday, 3);
    const agency = (await call('POST', '/index/getAgency', {}, weigher.access)).json().data;
    // one entry per document the weigher may view, adding up to the pending figure
    expect(agency).toEqual(expect.arrayContaining([expect.objectContaining({ name: '采购过磅记录' }), expect.objectContaining({ name: '销售过磅记录' })]));
    expect((agency as { count: number }[]).reduce((n, a) => n + a.count, 0)).toBe(after.pending);
    // the finance user in 华北钢铁 sees none of 东方能源's new records
    const finance = (await t.login('finance')).access;
    const orgs = (await call('POST', '/sys-user-org/currentOrgs', { limit: { pn: 1, ps: 100 } }, finance)).json().data.list as { id: number; orgCode: string }[];
    await call('POST', `/switchOrg/${orgs.find((o) => o.orgCode === 'HBGT')!.id}`, undefined, finance);
    const other = (await call('POST', '/index/getVehicleTable', {}, finance)).json().data as { plateNumber: string }[];
    expect(other.some((v) => v.plateNumber === '蒙K00001')).toBe(false);
  });

  it('keeps a request log per document, with details, scoped to the organisation', async () => {
    const created = (await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙L77777' }, weigher.access)).json().data;
    await call('PUT', '/material/as-vehicle/update', { id: created.id, version: created.version, driverName: '王强' }, weigher.access);
    const log = (await call('GET', `/sys-log/getSysLog?bizKey=as_vehicle:${created.id}`, undefined, weigher.access)).json().data as { id: number; action: string }[];
    expect(log.map((l) => l.action)).toEqual(['新增', '修改']);
    const detail = (await call('GET', `/sys-log/getSysLogData/${log[1].id}`, undefined, weigher.access)).json().data;
    expect(detail).toMatchObject({ path: 'PUT /api/material/as-vehicle/update', requestParams: expect.stringContaining('王强'), exceptionInfo: '' });
    expect((await call('GET', `/sys-log/getSysLogDesc/${log[1].id}`, undefined, weigher.access)).json().data).toMatch(/^张司磅 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 修改，成功（耗时 \d+ ms）$/);
    const finance = (await t.login('finance')).access;
    const orgs = (await call('POST', '/sys-user-org/currentOrgs', { limit: { pn: 1, ps: 100 } }, finance)).json().data.list as { id: number; orgCode: string }[];
    await call('POST', `/switchOrg/${orgs.find((o) => o.orgCode === 'HBGT')!.id}`, undefined, finance);
    // finance may not view vehicles: their history is not finance's to read (tests/server/sys-log-access.test.ts)
    expect((await call('GET', `/sys-log/getSysLog?bizKey=as_vehicle:${created.id}`, undefined, finance)).statusCode).toBe(403);
    expect((await call('GET', `/sys-log/getSysLogData/${log[1].id}`, undefined, finance)).statusCode).toBe(404);
  });

  it('names the missing permission in a 403 and registers it as a button when the development aid is on', async () => {
    const weighs = await menuId('mm_pu_weigh');
    const refused = await call('POST', '/measure/mm-pu-weigh/audit', { ids: [1] }, weigher.access);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ msg: '当前操作没有权限', data: { permission: 'mm_pu_weigh_audit' } });
    expect((await call('POST', '/sys-menu/savePermission', { menuId: weighs, permission: 'mm_pu_weigh_print', methods: 'POST' }, weigher.access)).json()).toMatchObject({ data: { added: true }, msg: '已添加权限 mm_pu_weigh_print' });
    // registering grants nothing: the weigher still lacks it
    expect((await t.database.db.selectFrom('sysMenu').select('title').where('permission', '=', 'mm_pu_weigh_print').executeTakeFirstOrThrow()).title).toBe('mm_pu_weigh_print (POST)');
    expect((await call('POST', '/sys-menu/savePermission', { menuId: weighs, permission: 'mm_pu_weigh_print' })).json()).toMatchObject({ data: { added: false } });
    expect((await call('POST', '/sys-menu/savePermission', { menuId: weighs, permission: 'mm_pu_weigh_view' })).json()).toMatchObject({ data: { added: false }, msg: '权限 mm_pu_weigh_view 已存在' });
    expect((await call('POST', '/sys-menu/savePermission', { menuId: weighs, permission: 'x;drop table sys_menu' })).statusCode).toBe(400);
  });

  it('refuses the development aid when it is off', async () => {
    const off = await createTestApp(kind);
    try {
      const token = (await off.login('admin')).access;
      const res = await off.app.inject({ method: 'POST', url: '/api/sys-menu/savePermission', headers: bearer(token), payload: { menuId: 1, permission: 'x_y' } });
      expect(res.statusCode).toBe(403);
    } finally {
      await off.close();
    }
  });

  it('registers a disabled account and records a password-recovery request without revealing accounts', async () => {
    const reg = (body: object) => t.app.inject({ method: 'POST', url: '/api/sys-user/register', payload: body });
    const body = { username: 'newdriver', realName: '新司机', mobile: '13800000001', password: 'Drive@2026', orgCode: 'DFNY' };
    expect((await reg({ ...body, orgCode: 'NOPE' })).json()).toMatchObject({ success: false, msg: '公司编码不存在', data: { field: 'orgCode' } });
    expect((await reg({ ...body, password: '123' })).statusCode).toBe(400);
    expect((await reg(body)).json()).toMatchObject({ success: true, msg: '注册成功，请等待管理员审核启用' });
    expect((await reg(body)).json().msg).toBe('用户名已存在');
    const login = await t.token({ grant_type: 'password', username: 'newdriver', password: 'Drive@2026' });
    expect(login.json().success).toBe(false);
    const forget = (b: object) => t.app.inject({ method: 'POST', url: '/api/sys-user/forgetPwd', payload: b });
    const known = (await forget({ username: 'newdriver', mobile: '13800000001' })).json();
    const unknown = (await forget({ username: 'nobody', mobile: '13800000001' })).json();
    expect(known).toEqual(unknown);
    const requests = await t.database.db.selectFrom('sysLog').select('username').where('logType', '=', 'PASSWORD_RESET_REQUEST').execute();
    expect(requests).toEqual([{ username: 'newdriver' }]);
  });
});
