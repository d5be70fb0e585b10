import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number };

describe.each(DATABASES)('documents with lines, trees and group-wide keys on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const detail = async (id: number) => (await call('GET', `/purorder/pu-notice/detail/${id}`)).json().data as Row & { children: { pu_notice_line: Row[] } };
  const lineCount = async () => (await call('POST', '/purorder/pu-notice-line/list', { limit: { pn: 1, ps: 1 } })).json().data.total as number;

  it('saves a notice and its lines together, answers them in detail, and copies them as new lines', async () => {
    const res = await call('POST', '/purorder/pu-notice/create', {
      noticeCode: 'MC-0001', vendorName: '山西恒通矿业有限公司', materialName: '原煤',
      children: { pu_notice_line: [{ invName: '原煤', planQty: '100', maxLimit: '120', isOpen: true }, { invName: '精煤', planQty: '50.5' }] },
    });
    expect(res.json(), res.body).toMatchObject({ success: true, msg: '新增成功' });
    const doc = await detail(res.json().data.id);
    expect(doc.children.pu_notice_line.map((l) => [l.invName, l.planQty, Number(l.noticeId) === doc.id])).toEqual([['原煤', '100.000', true], ['精煤', '50.500', true]]);
    const copy = (await call('GET', `/purorder/pu-notice/copy/${doc.id}`)).json().data;
    expect(copy.noticeCode).toBeUndefined();
    expect(copy.children.pu_notice_line).toEqual([
      expect.objectContaining({ invName: '原煤', planQty: '100.000' }), expect.objectContaining({ invName: '精煤', planQty: '50.500' }),
    ]);
    expect(copy.children.pu_notice_line[0]).not.toHaveProperty('id');
    expect(copy.children.pu_notice_line[0]).not.toHaveProperty('noticeId');
  });

  it('refuses a wrong line by its row number and saves nothing', async () => {
    const before = await lineCount();
    const res = await call('POST', '/purorder/pu-notice/create', {
      noticeCode: 'MC-0002', vendorName: '山西恒通矿业有限公司',
      children: { pu_notice_line: [{ invName: '原煤', planQty: '1' }, { invName: ' ', planQty: '2' }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('采购通知单明细第 2 行：存货名称不能为空！');
    expect((await call('POST', '/purorder/pu-notice/list', { search: [{ key: 'noticeCode', op: 'eq', val: 'MC-0002' }] })).json().data.total).toBe(0);
    expect(await lineCount()).toBe(before);
    const unknown = await call('POST', '/purorder/pu-notice/create', { noticeCode: 'MC-0003', vendorName: 'x', children: { mm_pu_weigh: [] } });
    expect(unknown.json()).toMatchObject({ msg: '采购通知单没有明细表 mm_pu_weigh', data: { field: 'children.mm_pu_weigh' } });
  });

  it('replaces the lines on update: kept ones changed, new ones added, missing ones deleted; a line of another notice is refused', async () => {
    const made = (await call('POST', '/purorder/pu-notice/create', {
      noticeCode: 'MC-0010', vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '原煤', planQty: '10' }, { invName: '焦煤', planQty: '20' }] },
    })).json().data;
    const other = (await call('POST', '/purorder/pu-notice/create', {
      noticeCode: 'MC-0011', vendorName: '山西恒通矿业有限公司', children: { pu_notice_line: [{ invName: '废钢', planQty: '1' }] },
    })).json().data;
    const [first] = (await detail(made.id)).children.pu_notice_line;
    const foreign = (await detail(other.id)).children.pu_notice_line[0];
    const stolen = await call('PUT', '/purorder/pu-notice/update', { id: made.id, version: made.version, children: { pu_notice_line: [{ id: foreign.id, invName: '废钢' }] } });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().msg).toBe('采购通知单明细第 1 行不属于该单据');
    expect((await detail(other.id)).children.pu_notice_line).toHaveLength(1);

    const saved = await call('PUT', '/purorder/pu-notice/update', {
      id: made.id, version: made.version, remark: '改过',
      children: { pu_notice_line: [{ id: first.id, invName: '原煤', planQty: '15' }, { invName: '石灰石', planQty: '5' }] },
    });
    expect(saved.json(), saved.body).toMatchObject({ success: true, data: { version: made.version + 1 } });
    const after = await detail(made.id);
    expect(after.remark).toBe('改过');
    expect(after.children.pu_notice_line.map((l) => [l.id === first.id, l.invName, l.planQty])).toEqual([[true, '原煤', '15.000'], [false, '石灰石', '5.000']]);
    // a stale save changes neither the notice nor its lines
    const stale = await call('PUT', '/purorder/pu-notice/update', { id: made.id, version: made.version, children: { pu_notice_line: [] } });
    expect(stale.statusCode).toBe(409);
    expect((await detail(made.id)).children.pu_notice_line).toHaveLength(2);
    // the whole detail answer read before that save, sent back stale (its updatedAt and lines' system
    // values no longer the stored ones): a 409, which a client turns into 数据已被修改, not a 400 about updatedAt
    const read = await detail(made.id);
    expect((await call('PUT', '/purorder/pu-notice/update', { ...read, remark: '再改' })).statusCode).toBe(200);
    const late = await call('PUT', '/purorder/pu-notice/update', { ...read, remark: '晚了' });
    expect(late.statusCode, late.body).toBe(409);
    expect((await detail(made.id)).remark).toBe('再改');
  });

  it('answers a tree resource as nested nodes and refuses a table that is not a tree', async () => {
    const tree = (await call('GET', '/material/as-inventory-class/tree')).json().data as { text: string; jsonObject: Row; children: unknown[] }[];
    expect(tree.map((n) => n.text)).toEqual(expect.arrayContaining(['煤炭', '矿石']));
    const depth = (nodes: { children: unknown[] }[]): number => (nodes.length ? 1 + Math.max(...nodes.map((n) => depth(n.children as { children: unknown[] }[]))) : 0);
    expect(depth(tree)).toBe(4);
    expect(String(tree[0].jsonObject.invclCode)).toMatch(/^1001B11/);
    const flat = await call('GET', '/material/as-vendor/tree');
    expect(flat.statusCode).toBe(400);
    expect(flat.json().msg).toContain('不是树形资源');
  });

  it('keeps group-wide keys unique across the group’s organisations', async () => {
    const dfny = await call('POST', '/material/as-plate/create', { plateCode: 'Q', plateName: '青' });
    expect(dfny.json(), dfny.body).toMatchObject({ success: true });
    const hbgt = (await t.login('admin')).access;
    const orgs = (await call('POST', '/sys-user-org/currentOrgs', { limit: { pn: 1, ps: 100 } }, hbgt)).json().data.list as { id: number; orgCode: string }[];
    await call('POST', `/switchOrg/${orgs.find((o) => o.orgCode === 'HBGT')!.id}`, undefined, hbgt);
    const again = await call('POST', '/material/as-plate/create', { plateCode: 'Q', plateName: '青' }, hbgt);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toContain('已存在');
  });
});
