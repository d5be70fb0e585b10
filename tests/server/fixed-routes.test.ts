import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };

describe.each(DATABASES)('fixed routes on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t.close(); });

  it('/appDownload: lists the shipped manuals without sign-in, and each downloads as the file it names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app-download/list' });
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as { name: string; fileName: string; size: number; url: string }[];
    expect(list.map((d) => d.name)).toEqual(['manual', 'api-contract', 'contract']);
    const manual = list[0];
    expect(manual.size).toBe(fs.statSync('README.md').size);
    const file = await t.app.inject({ method: 'GET', url: manual.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${manual.fileName}"`);
    expect(file.body).toBe(fs.readFileSync('README.md', 'utf8'));
  });

  it('/appDownload: a name outside the list is a 404, never a path read from the request', async () => {
    for (const name of ['package.json', '..%2FREADME.md', 'README.md']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/app-download/file/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  describe('/modules/material/computation_group/edit: 计算分组 (which materials settle together)', () => {
    let finance: string;
    let inv: Row[];
    const LINES = 'computation_group_line';
    beforeAll(async () => {
      finance = (await t.login('finance')).access;
      // materials not yet in a (seeded) group
      const grouped = new Set(((await call('POST', '/material/computation-group-line/list', { limit: { pn: 1, ps: 500 } })).json().data.list as Row[]).map((l) => l.invCode));
      expect(grouped.size, 'the demo data has computation groups').toBeGreaterThan(1);
      inv = ((await call('POST', '/material/as-inventory/list', { limit: { pn: 1, ps: 100 } })).json().data.list as Row[]).filter((r) => !grouped.has(r.invCode)).slice(0, 3);
    });
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = finance) =>
      t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    const line = (r: Row) => ({ invCode: r.invCode, invName: r.invName });

    it('finance adds a group with its materials and reads them back; the menu opens it in its edit page', async () => {
      expect(inv.length, 'finance reads the inventory for the picker').toBe(3);
      const res = await call('POST', '/material/computation-group/create', { groupCode: 'JS-01', groupName: '原煤结算组', children: { [LINES]: [line(inv[0]), line(inv[1])] } });
      expect(res.json(), res.body).toMatchObject({ success: true, msg: '新增成功' });
      const doc = (await call('GET', `/material/computation-group/detail/${res.json().data.id}`)).json().data as Row & { children: Record<string, Row[]> };
      expect(doc.groupName).toBe('原煤结算组');
      expect(doc.children[LINES].map((l) => l.invCode)).toEqual([inv[0].invCode, inv[1].invCode]);
      // saving the group again with its own lines is no conflict with itself
      const again = await call('PUT', '/material/computation-group/update', { ...doc, groupName: '原煤组' });
      expect(again.json(), again.body).toMatchObject({ success: true });
      const menus = (await call('GET', '/sys-menu/list')).body;
      expect(menus).toContain('/modules/material/computation_group/edit');
    });

    it('refuses a material twice in a group, and a material already in another group (naming it); a deleted group frees it', async () => {
      const twice = await call('POST', '/material/computation-group/create', { groupCode: 'JS-02', groupName: '二组', children: { [LINES]: [line(inv[2]), line(inv[2])] } });
      expect(twice.statusCode).toBe(400);
      expect(twice.json()).toMatchObject({ success: false, data: { field: `children.${LINES}[1].invCode` } });
      expect(twice.json().msg).toContain('与第 1 行重复');
      const taken = await call('POST', '/material/computation-group/create', { groupCode: 'JS-02', groupName: '二组', children: { [LINES]: [line(inv[2]), line(inv[0])] } });
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toMatchObject({ success: false, data: { field: `children.${LINES}[1].invCode` } });
      expect(taken.json().msg).toContain('已在计算分组「原煤组」中');
      const none = (await call('POST', '/material/computation-group/list', { search: [{ key: 'groupCode', op: 'eq', val: 'JS-02' }], limit: { pn: 1, ps: 10 } })).json().data;
      expect(none.total).toBe(0);
      const first = (await call('POST', '/material/computation-group/list', { search: [{ key: 'groupCode', op: 'eq', val: 'JS-01' }], limit: { pn: 1, ps: 10 } })).json().data.list[0] as Row;
      // finance has no 删除 button; the administrator deletes the group
      expect((await call('DELETE', '/material/computation-group/deletes', { ids: [first.id] })).statusCode).toBe(403);
      const admin = (await t.login('admin')).access;
      expect((await call('DELETE', '/material/computation-group/deletes', { ids: [first.id] }, admin)).json()).toMatchObject({ success: true });
      const freed = await call('POST', '/material/computation-group/create', { groupCode: 'JS-02', groupName: '二组', children: { [LINES]: [line(inv[2]), line(inv[0])] } });
      expect(freed.json(), freed.body).toMatchObject({ success: true });
    });
  });

  describe('/modules/sale/recive_payment/edit: 销售收款 with the customer\'s balance', () => {
    let finance: string;
    const customerName = '收款测试客户';
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = finance) =>
      t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
    const money = async (token = finance) => (await call('GET', `/material/as-customer/money?customerName=${encodeURIComponent(customerName)}`, undefined, token));
    beforeAll(async () => {
      finance = (await t.login('finance')).access;
      const admin = (await t.login('admin')).access;
      const made = await call('POST', '/material/as-customer/create', { customerCode: 'SKTEST01', customerName }, admin);
      expect(made.json(), made.body).toMatchObject({ success: true });
    });
    const receipt = (billCode: string, amount: string, extra: Record<string, unknown> = {}) =>
      ({ billCode, customerName, receiveDate: '2026-11-20 10:00:00', payMethod: 'TRANSFER', amount, ...extra });

    it('the balance counts audited receipts only; each receipt records the balance before and after it, whatever the client sent', async () => {
      expect((await money()).json()).toMatchObject({ success: true, data: { customerName, balance: '0.00' } });
      const r1 = await call('POST', '/account/recive-payment/create', receipt('SK-T-0001', '1000', { balanceBefore: '999999', balanceAfter: '1' }));
      expect(r1.json(), r1.body).toMatchObject({ success: true });
      const d1 = (await call('GET', `/account/recive-payment/detail/${r1.json().data.id}`)).json().data;
      expect([d1.balanceBefore, d1.balanceAfter]).toEqual(['0.00', '1000.00']);
      expect((await money()).json().data.balance, 'a free receipt is not yet money received').toBe('0.00');
      expect((await call('POST', '/account/recive-payment/audit', { ids: [d1.id] })).json()).toMatchObject({ success: true });
      expect((await money()).json().data.balance).toBe('1000.00');
      const r2 = await call('POST', '/account/recive-payment/create', receipt('SK-T-0002', '250.5'));
      const d2 = (await call('GET', `/account/recive-payment/detail/${r2.json().data.id}`)).json().data;
      expect([d2.balanceBefore, d2.balanceAfter]).toEqual(['1000.00', '1250.50']);
      // changing the amount recomputes the balance after it
      const u = await call('PUT', '/account/recive-payment/update', { ...d2, amount: '300' });
      expect(u.json(), u.body).toMatchObject({ success: true });
      const d2b = (await call('GET', `/account/recive-payment/detail/${d2.id}`)).json().data;
      expect([d2b.balanceBefore, d2b.balanceAfter]).toEqual(['1000.00', '1300.00']);
    });

    it('an audited sale settlement lowers the balance by its receivable; the menu opens the receipt in its edit page', async () => {
      const admin = (await t.login('admin')).access;
      const s = await call('POST', '/sale/fd-sa-settlement-main/create', {
        settleCode: 'JS-SK-0001', customerName, settleDate: '2026-11-21 10:00:00', deductAmount: '0',
        children: { fd_sa_settlement: [{ billCode: 'BD-SK-1', net: '10', deductWeight: '0', price: '40' }] },
      }, admin);
      expect(s.json(), s.body).toMatchObject({ success: true });
      expect((await call('POST', '/sale/fd-sa-settlement-main/audit', { ids: [s.json().data.id] }, admin)).json()).toMatchObject({ success: true });
      expect((await money()).json().data.balance).toBe('600.00');
      expect((await call('GET', '/sys-menu/list')).body).toContain('/modules/sale/recive_payment/edit');
    });

    it('refuses the balance without a customer (400 naming it) and to a user who may read neither receipts nor customers', async () => {
      const none = await call('GET', '/material/as-customer/money');
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ success: false, data: { field: 'customerName' } });
      // the assayer reads neither receipts nor customers (the weigher reads customers for its forms' pickers)
      const assayer = (await t.login('assayer')).access;
      expect((await call('POST', '/account/recive-payment/list', { limit: { pn: 1, ps: 1 } }, assayer)).statusCode, 'the assayer does not read receipts').toBe(403);
      expect((await call('POST', '/material/as-customer/list', { limit: { pn: 1, ps: 1 } }, assayer)).statusCode, 'the assayer does not read customers').toBe(403);
      expect((await money(assayer)).statusCode).toBe(403);
    });
  });
});
