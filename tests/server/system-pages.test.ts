import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

interface MenuNode { title: string; listTemplate: boolean; children: MenuNode[] }
const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);

/** 操作日志, 登录日志 and 参数设置: their lists, the settings' meaning and edit rule, and the menu's template flag. */
describe.each(DATABASES)('system pages on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let weigher: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    weigher = (await t.login('weigher')).access;
  });
  afterAll(async () => { await t.close(); });
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });

  it('操作日志 lists the entries newest first, searchable by operation, user and type; only with the log permission', async () => {
    const vehicle = await call('POST', '/material/as-vehicle/create', { plateNumber: '蒙L66666' }, weigher);
    expect(vehicle.statusCode, vehicle.body).toBe(200);
    const res = await call('POST', '/sys-operation-log/list', { search: [{ key: 'username', op: 'eq', val: 'weigher' }], limit: { pn: 1, ps: 5 } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { list: { id: number; title: string; username: string; path: string; createdAt: string }[]; total: number };
    expect(data.total).toBeGreaterThan(0);
    expect(data.list.every((r) => r.username === 'weigher')).toBe(true);
    expect(data.list[0].path).toContain('/as-vehicle/create');
    // its 日志详情 reads the entry
    const detail = (await call('GET', `/sys-log/getSysLogData/${data.list[0].id}`)).json().data;
    expect(detail).toMatchObject({ path: expect.stringContaining('POST /api/material/as-vehicle/create'), requestParams: expect.stringContaining('蒙L66666') });
    const failed = await call('POST', '/sys-operation-log/list', { search: [{ key: 'logType', op: 'eq', val: 'ERROR' }] });
    expect((failed.json().data.list as { logType: string }[]).every((r) => r.logType === 'ERROR')).toBe(true);
    expect((await call('POST', '/sys-operation-log/list', { search: [{ key: 'params', op: 'like', val: 'x' }] })).statusCode).toBe(400);
    // the weigher holds no log permission
    expect((await call('POST', '/sys-operation-log/list', {}, weigher)).statusCode).toBe(403);
  });

  it('登录日志 shows each sign-in with its result, message and address', async () => {
    const bad = await t.app.inject({
      method: 'POST', url: '/api/oauth/token', headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=password&username=finance&password=wrong-one', remoteAddress: '10.1.2.3',
    });
    expect(bad.statusCode).not.toBe(200);
    const rows = (await call('POST', '/sys-login-log/list', { search: [{ key: 'username', op: 'eq', val: 'finance' }, { key: 'success', op: 'eq', val: false }] })).json().data.list as { success: boolean; msg: string; ip: string }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toMatchObject({ success: false, ip: '10.1.2.3' });
    expect(rows[0].msg).not.toBe('');
    const ok = (await call('POST', '/sys-login-log/list', { search: [{ key: 'username', op: 'eq', val: 'weigher' }, { key: 'success', op: 'eq', val: true }] })).json().data;
    expect(ok.total).toBeGreaterThan(0);
  });

  it('参数设置 lists each parameter with its meaning and value, and takes only its allowed values', async () => {
    const list = (await call('POST', '/sys-setting/list', {})).json().data.list as { paramKey: string; paramName: string; meaning: string; paramValue: string; valueLabel: string }[];
    expect(list).toContainEqual(expect.objectContaining({ paramKey: 'data_desensitization', paramName: '数据脱敏', paramValue: '0', valueLabel: '关闭', meaning: expect.stringContaining('打码') }));
    const refused = await call('PUT', '/sys-setting/update', { paramKey: 'data_desensitization', paramValue: '2' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ msg: '数据脱敏只能是：0（关闭）、1（开启）', data: { field: 'paramValue' } });
    expect((await call('PUT', '/sys-setting/update', { paramKey: 'data_desensitization', paramValue: '1' })).statusCode).toBe(200);
    const after = (await call('POST', '/sys-setting/list', {})).json().data.list as { paramKey: string; valueLabel: string }[];
    expect(after.find((s) => s.paramKey === 'data_desensitization')?.valueLabel).toBe('开启');
    expect((await call('POST', '/index/getDefineSetVal', { paramName: 'data_desensitization' }, weigher)).json().data).toBe('1');
    expect((await call('PUT', '/sys-setting/update', { paramKey: 'data_desensitization', paramValue: '0' }, weigher)).statusCode).toBe(403);
  });

  it('the menu tree says which entries have a published list template', async () => {
    const menus = flat((await call('GET', '/sys-menu/list')).json().data as MenuNode[]);
    for (const title of ['操作日志', '登录日志', '参数设置', '采购过磅记录', '用户管理']) {
      const entry = menus.find((m) => m.title === title);
      if (entry) expect(entry.listTemplate, title).toBe(true);
    }
    expect(menus.filter((m) => ['操作日志', '登录日志', '参数设置'].includes(m.title))).toHaveLength(3);
    // unpublish one: the flag follows
    const format = await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'sys_login_log_list').executeTakeFirstOrThrow();
    await t.database.db.updateTable('cgFormat').set({ published: null }).where('id', '=', format.id).execute();
    const again = flat((await call('GET', '/sys-menu/list')).json().data as MenuNode[]);
    expect(again.find((m) => m.title === '登录日志')?.listTemplate).toBe(false);
  });
});
