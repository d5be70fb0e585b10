import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };

describe.each(DATABASES)('settlements: calculated lines and totals on %s', (kind) => {
  let t: TestApp;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    finance = (await t.login('finance')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(finance), ...(payload === undefined ? {} : { payload: payload as object }) });
  const detail = async (id: number) => (await call('GET', `/purorder/fd-pu-settlement-main/detail/${id}`)).json().data as Row & { children: { fd_pu_settlement: Row[] } };

  it('computes each line and the totals itself: amounts the client sends are ignored', async () => {
    const res = await call('POST', '/purorder/fd-pu-settlement-main/create', {
      settleCode: 'JS-T-0001', vendorName: '山西恒通矿业有限公司', settleDate: '2026-11-20', deductAmount: '100',
      totalWeight: '1', totalAmount: '1', netAmount: '999999',
      children: { fd_pu_settlement: [
        { billCode: 'B1', net: '32.42', deductWeight: '0.1', price: '615.5', settleWeight: '1', amount: '1' },
        { billCode: 'B2', net: '10', price: '600' },
      ] },
    });
    expect(res.json(), res.body).toMatchObject({ success: true });
    const doc = await detail(res.json().data.id);
    expect(doc.children.fd_pu_settlement.map((l) => [l.billCode, l.settleWeight, l.amount])).toEqual([['B1', '32.320', '19892.96'], ['B2', '10.000', '6000.00']]);
    expect([doc.totalWeight, doc.totalAmount, doc.netAmount]).toEqual(['42.320', '25892.96', '25792.96']);
  });

  it('recalculates on update; without lines the totals keep their stored value', async () => {
    const made = (await call('POST', '/purorder/fd-pu-settlement-main/create', {
      settleCode: 'JS-T-0002', vendorName: '山西恒通矿业有限公司', settleDate: '2026-11-20', children: { fd_pu_settlement: [{ billCode: 'B3', net: '5', price: '100' }] },
    })).json().data as Row;
    const before = await detail(made.id);
    expect(before.totalAmount).toBe('500.00');
    const [line] = before.children.fd_pu_settlement;
    const changed = await call('PUT', '/purorder/fd-pu-settlement-main/update', {
      id: made.id, version: made.version, deductAmount: '50', children: { fd_pu_settlement: [{ id: line.id, billCode: 'B3', net: '5', price: '120' }] },
    });
    expect(changed.json(), changed.body).toMatchObject({ success: true });
    const after = await detail(made.id);
    expect([after.children.fd_pu_settlement[0].amount, after.totalAmount, after.netAmount]).toEqual(['600.00', '600.00', '550.00']);
    const mainOnly = await call('PUT', '/purorder/fd-pu-settlement-main/update', { id: made.id, version: after.version, remark: '只改备注', totalAmount: '1' });
    expect(mainOnly.json(), mainOnly.body).toMatchObject({ success: true });
    const last = await detail(made.id);
    expect([last.totalAmount, last.netAmount, last.remark]).toEqual(['600.00', '550.00', '只改备注']);
  });

  it('refuses a line without its price by the line number, and the seed holds settlements for the organisation', async () => {
    const bad = await call('POST', '/purorder/fd-pu-settlement-main/create', {
      settleCode: 'JS-T-0003', vendorName: 'x', settleDate: '2026-11-20', children: { fd_pu_settlement: [{ billCode: 'B4', net: '1', price: '1' }, { billCode: 'B5', net: '1' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('采购结算单明细第 2 行：单价(元/吨)不能为空！');
    const list = (await call('POST', '/purorder/fd-pu-settlement-main/list', { limit: { pn: 1, ps: 10 } })).json().data;
    expect(list.total).toBeGreaterThan(0);
    const seeded = await detail(list.list.find((r: Row) => String(r.settleCode).includes('PJ')).id);
    const sum = seeded.children.fd_pu_settlement.reduce((s, l) => s + Math.round(Number(l.amount) * 100), 0) / 100;
    expect(Number(seeded.totalAmount)).toBeCloseTo(sum, 2);
    expect(seeded.reCompanyName).toBeTruthy();
  });

  it('answers the parameter links of a picking field (cg-format-form-sub-param), and the form field carries that id', async () => {
    for (const path of ['getparams', 'list/param', 'list/param/list']) {
      const res = await call('GET', `/cg-format-form-sub-param/${path}?resFormatSubId=fd_pu_settlement_main.noticeCode`);
      expect(res.json().data).toEqual([expect.objectContaining({ fieldSub1: { fieldName: 'vendorName', masterTable: 'fd_pu_settlement_main' }, fieldSub2: { fieldName: 'vendorName' } })]);
    }
    expect((await call('GET', '/cg-format-form-sub-param/list/param?resFormatSubId=nothing.here')).json().data).toEqual([]);
    expect((await call('GET', '/cg-format-form-sub-param/list/param')).statusCode).toBe(400);
    const menu = (await call('GET', '/sys-menu/list')).json().data as { uuid: string; id: number; children: unknown[] }[];
    const find = (nodes: { uuid: string; id: number; children: unknown[] }[]): { id: number } | undefined => {
      for (const n of nodes) { if (n.uuid === 'fd_pu_settlement_main') return n; const f = find(n.children as typeof nodes); if (f) return f; }
      return undefined;
    };
    const form = (await call('GET', `/optimus_prime/optimusPrime?formatType=FORM&menuId=${find(menu)!.id}`)).json().data;
    expect(form.formSubList.find((f: { fieldName: string }) => f.fieldName === 'noticeCode').id).toBe('fd_pu_settlement_main.noticeCode');
  });
});
