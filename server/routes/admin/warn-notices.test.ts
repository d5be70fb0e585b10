import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from '../../../tests/server/support/test-app';

interface Node { key: string; title: string; children?: Node[] }
interface Kind { warnType: string; title: string; to: string[]; cc: string[]; bcc: string[]; version: number }

describe.each(DATABASES)('预警通知 on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    const { db } = t.database;
    // a user of another group with an e-mail, and one of ours without
    const group = await db.insertInto('sysGroup').values({ groupCode: 'OTHER', groupName: '其他集团' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('sysUser').values({ username: 'outsider', realName: '外人', passwordHash: 'x', groupId: group.id, email: 'outsider@other.example.com' }).execute();
    await db.updateTable('sysUser').set({ email: null }).where('username', '=', 'newuser').execute();
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'PUT', url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const list = async (token = admin) => (await call('GET', '/api/sys-warn-notice/list', undefined, token)).json().data as { list: Kind[]; names: Record<string, string> };

  it('lists the warning kinds of the home page, none with recipients at first', async () => {
    const { list: kinds } = await list();
    expect(kinds.map((k) => [k.warnType, k.title])).toEqual([['STAY', '车辆滞留超时'], ['DEDUCT', '扣重异常']]);
    expect(kinds[0]).toMatchObject({ to: [], cc: [], bcc: [], version: 0 });
  });

  it('offers the group\'s users that have an e-mail, by company, each address once', async () => {
    const tree = (await call('GET', '/api/sys-warn-notice/address-book')).json().data as Node[];
    expect(tree.map((n) => n.title)).toEqual(['东方能源有限公司']);
    const leaves = tree.flatMap((n) => n.children ?? []);
    expect(leaves).toEqual(expect.arrayContaining([{ key: 'weigher@demo.example.com', title: '张司磅 <weigher@demo.example.com>' }]));
    expect(leaves.map((l) => l.key)).not.toContain('outsider@other.example.com');
    expect(leaves.some((l) => l.title.startsWith('新用户'))).toBe(false);
    expect(new Set(leaves.map((l) => l.key)).size).toBe(leaves.length);
  });

  it('stores 收件人, 抄送人 and 密送人 of the current company, with the version rule', async () => {
    const body = { to: ['weigher@demo.example.com'], cc: ['FINANCE@demo.example.com'], bcc: ['assayer@demo.example.com'], version: 0 };
    expect((await call('PUT', '/api/sys-warn-notice/STAY', body)).json()).toMatchObject({ success: true, msg: '保存成功' });
    const { list: kinds, names } = await list();
    // addresses are kept as the users hold them
    expect(kinds[0]).toMatchObject({ to: ['weigher@demo.example.com'], cc: ['finance@demo.example.com'], bcc: ['assayer@demo.example.com'], version: 1 });
    expect(kinds[1]).toMatchObject({ to: [], version: 0 });
    expect(names).toMatchObject({ 'weigher@demo.example.com': '张司磅', 'finance@demo.example.com': '王财务' });
    expect((await call('PUT', '/api/sys-warn-notice/STAY', body)).statusCode).toBe(409);
    expect((await call('PUT', '/api/sys-warn-notice/STAY', { ...body, cc: [], version: 1 })).json().success).toBe(true);
    expect((await list()).list[0]).toMatchObject({ cc: [], version: 2 });

    // another company of the group has its own recipients
    const orgs = (await call('GET', '/api/sys-info/me')).json().data.orgs as { id: number }[];
    await t.app.inject({ method: 'POST', url: `/api/switchOrg/${orgs[1].id}`, headers: bearer(admin) });
    expect((await list()).list[0]).toMatchObject({ to: [], version: 0 });
    await t.app.inject({ method: 'POST', url: `/api/switchOrg/${orgs[0].id}`, headers: bearer(admin) });
  });

  it('refuses an address that is not an e-mail of a user of the group, a repeated one and an unknown kind, naming them', async () => {
    const put = (body: object, type = 'DEDUCT') => call('PUT', `/api/sys-warn-notice/${type}`, body);
    const outsider = await put({ to: ['outsider@other.example.com'] });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json()).toMatchObject({ success: false, msg: '不是本集团用户的邮箱：outsider@other.example.com', data: { field: 'to' } });
    expect((await put({ cc: ['nobody@demo.example.com'] })).json()).toMatchObject({ msg: '不是本集团用户的邮箱：nobody@demo.example.com', data: { field: 'cc' } });
    expect((await put({ bcc: ['not an address'] })).json()).toMatchObject({ msg: '邮箱格式错误!：not an address', data: { field: 'bcc' } });
    expect((await put({ to: ['weigher@demo.example.com'], bcc: ['weigher@demo.example.com'] })).json()).toMatchObject({ msg: '邮箱重复：weigher@demo.example.com' });
    expect((await put({ to: [] }, 'NOPE')).statusCode).toBe(404);
    expect((await list()).list[1]).toMatchObject({ to: [], cc: [], bcc: [], version: 0 });
  });

  it('needs sys_warn_notice_view to see and sys_warn_notice_edit to change or read the address book', async () => {
    const weigher = (await t.login('weigher')).access;
    expect((await call('GET', '/api/sys-warn-notice/list', undefined, weigher)).statusCode).toBe(403);
    const { db } = t.database;
    const role = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'weigher').executeTakeFirstOrThrow()).id;
    const view = (await db.selectFrom('sysMenu').select('id').where('permission', '=', 'sys_warn_notice_view').executeTakeFirstOrThrow()).id;
    await db.insertInto('sysRoleMenu').values({ roleId: role, menuId: view }).execute();
    expect((await list(weigher)).list[0].to).toEqual(['weigher@demo.example.com']);
    expect((await call('GET', '/api/sys-warn-notice/address-book', undefined, weigher)).statusCode).toBe(403);
    expect((await call('PUT', '/api/sys-warn-notice/STAY', { to: [] }, weigher)).statusCode).toBe(403);
  });
});
