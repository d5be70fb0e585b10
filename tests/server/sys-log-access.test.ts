import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPermissions } from '../../server/auth/permissions';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

/**
 * The request-log drawer's reads (getSysLog, getSysLogData, getSysLogDesc) answer only a caller who
 * may view the record's resource or read the operation log.
 */
describe.each(DATABASES)('reading operation-log entries on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let weigher: string;
  let assayer: string;
  let orgId: number;
  let vehicleKey: string;
  let vehicleEntry: number;
  let resetEntry: number;
  let roleEntry: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.database;
    admin = (await t.login('admin')).access;
    weigher = (await t.login('weigher')).access;
    assayer = (await t.login('assayer')).access;
    orgId = (await db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow()).id;
    const call = (method: 'POST' | 'PUT', url: string, payload: object, token: string) => t.app.inject({ method, url: `/api${url}`, headers: bearer(token), payload });
    // the weigher writes a vehicle; the administrator resets the finance user's password and changes a role's users
    const vehicle = (await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙L88888' }, weigher)).json().data as { id: number };
    vehicleKey = `as_vehicle:${vehicle.id}`;
    const finance = (await db.selectFrom('sysUser').select('id').where('username', '=', 'finance').executeTakeFirstOrThrow()).id;
    expect((await call('PUT', `/sys-user/${finance}/password/reset`, { password: 'Reset#2026x' }, admin)).statusCode).toBe(200);
    const role = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'assayer').executeTakeFirstOrThrow()).id;
    const holders = (await db.selectFrom('sysUserRole').select('userId').where('roleId', '=', role).execute()).map((r) => r.userId);
    expect((await call('PUT', `/sys-role/${role}/users`, { userIds: holders }, admin)).statusCode).toBe(200);
    const entryOf = async (title: string) => (await db.selectFrom('sysLog').select(['id', 'orgId']).where('title', '=', title).orderBy('id', 'desc').executeTakeFirstOrThrow());
    vehicleEntry = (await db.selectFrom('sysLog').select('id').where('bizKey', '=', vehicleKey).executeTakeFirstOrThrow()).id;
    const reset = await entryOf('重置密码');
    const roleChange = await entryOf('分配角色用户');
    // all three entries are of the company the weigher and the assayer work in
    expect([reset.orgId, roleChange.orgId]).toEqual([orgId, orgId]);
    resetEntry = reset.id;
    roleEntry = roleChange.id;
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string, token: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const reads = (id: number) => [`/sys-log/getSysLogData/${id}`, `/sys-log/getSysLogDesc/${id}`];

  it('a user who may view the document reads its history and each entry', async () => {
    const log = (await get(`/sys-log/getSysLog?bizKey=${vehicleKey}`, weigher)).json().data as { id: number; action: string }[];
    expect(log).toEqual([expect.objectContaining({ id: vehicleEntry, action: '新增' })]);
    for (const url of reads(vehicleEntry)) expect((await get(url, weigher)).json()).toMatchObject({ success: true });
  });

  it('a user of the same company who may not view the resource reads neither its history nor its entries', async () => {
    const held = await loadPermissions(t.database.db, (await t.database.db.selectFrom('sysUser').select('id').where('username', '=', 'assayer').executeTakeFirstOrThrow()).id, orgId);
    expect([held.has('as_vehicle_view'), held.has('sys_log_view')]).toEqual([false, false]);
    const list = await get(`/sys-log/getSysLog?bizKey=${vehicleKey}`, assayer);
    expect(list.statusCode).toBe(403);
    expect(list.json()).toMatchObject({ success: false, msg: '当前操作没有权限', data: { permission: 'as_vehicle_view' } });
    for (const url of reads(vehicleEntry)) expect((await get(url, assayer)).statusCode).toBe(403);
  });

  it('password resets and role changes are read only with the log permission', async () => {
    for (const id of [resetEntry, roleEntry]) {
      for (const url of reads(id)) {
        const res = await get(url, weigher);
        expect(res.statusCode).toBe(403);
        expect(res.json().data).toEqual({ permission: 'sys_log_view' });
        expect((await get(url, admin)).json().success).toBe(true);
      }
    }
    expect((await get(`/sys-log/getSysLog?bizKey=${resetEntry}`, weigher)).statusCode).toBe(403);

    // given the operation-log page, the assayer reads them (and the vehicle's history) in its company
    const { db } = t.database;
    const role = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'assayer').executeTakeFirstOrThrow()).id;
    const page = (await db.selectFrom('sysMenu').select('id').where('uuid', '=', 'sys_log').executeTakeFirstOrThrow()).id;
    await db.insertInto('sysRoleMenu').values({ roleId: role, menuId: page }).execute();
    const desc = (await get(`/sys-log/getSysLogDesc/${resetEntry}`, assayer)).json();
    expect(desc.data).toMatch(/^系统管理员 于 .* 重置密码，成功/);
    expect((await get(`/sys-log/getSysLog?bizKey=${vehicleKey}`, assayer)).json().data).toHaveLength(1);
    // the operation-log page shows it its own company's entries only, not another company's
    const other = (await db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'HBGT').executeTakeFirstOrThrow()).id;
    await db.insertInto('sysLog').values({ logType: 'OPERATION', title: '别的公司的操作', orgId: other, createdAt: new Date() }).execute();
    const titles = async (token: string) =>
      ((await get('/admin/log/page?size=1000', token)).json().data.records as { title: string; orgId: number }[]);
    expect((await titles(admin)).map((r) => r.title)).toContain('别的公司的操作');
    const own = await titles(assayer);
    expect(own.map((r) => r.title)).toEqual(expect.arrayContaining(['重置密码', '分配角色用户']));
    expect(own.every((r) => r.orgId === orgId)).toBe(true);
    await db.deleteFrom('sysRoleMenu').where('roleId', '=', role).where('menuId', '=', page).execute();
  });
});
