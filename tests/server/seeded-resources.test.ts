import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_RESOURCES } from '../../server/seed/resources';
import { seedDatabase } from '../../server/seed/seed';
import { PLATE_RULE } from '../../server/seed/templates';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; orgId: number; groupId: number };
interface Org { id: number; orgCode: string }

const PLATES = [['M', '蒙'], ['J', '晋'], ['S', '陕'], ['H', '冀'], ['B', '京'], ['L', '鲁'], ['Y', '豫'], ['N', '宁'], ['G', '甘'], ['X', '新']]
  .map(([plateCode, plateName]) => ({ plateCode, plateName }));
const plate = new RegExp(PLATE_RULE.validateMethod);

describe.each(DATABASES)('seeded business resources on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let orgs: Org[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    orgs = (await call('POST', '/sys-user-org/currentOrgs', { limit: { pn: 1, ps: 100 } })).json().data.list;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (path: string, body: object = {}, token = admin) => {
    const res = await call('POST', `${path}/list`, { limit: { pn: 1, ps: 1000 }, ...body }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: Row[]; total: number; tongji: Record<string, string> };
  };
  const org = (code: string) => orgs.find((o) => o.orgCode === code)!;
  /** A fresh admin session working in the given organisation. */
  const adminIn = async (code: string) => {
    const token = (await t.login('admin')).access;
    await call('POST', `/switchOrg/${org(code).id}`, undefined, token);
    expect((await call('GET', '/sys-info/me', undefined, token)).json().data.currentOrgName).toBe(code === 'DFNY' ? '东方能源有限公司' : '华北钢铁有限公司');
    return token;
  };

  const ORG_TABLES: [string, number, string, RegExp][] = [
    ['/material/as-warehouse', 7, 'warehouseCode', /^W\d{3}$/],
    ['/material/as-factory', 2, 'factoryCode', /^F\d{2}$/],
    ['/material/as-ic-card', 40, 'cardNo', /^\d{10}$/],
    ['/purorder/pu-notice', 20, 'noticeCode', /^PN\d{8}$/],
    ['/sale/sa-notice', 20, 'noticeCode', /^SN\d{8}$/],
    ['/measure/mm-sa-weigh', 300, 'billCode', /^SA\d{10}$/],
  ];
  const GROUP_TABLES: [string, number][] = [['/material/as-inventory-class', 40], ['/material/as-inventory', 40], ['/material/as-plate', 10]];

  it('lists each new resource with seeded rows of the current organisation, group tables shared by the group', async () => {
    const seen = new Map<string, number[]>();
    for (const code of ['DFNY', 'HBGT']) {
      const token = await adminIn(code);
      for (const [path, min, key, shape] of ORG_TABLES) {
        const data = await list(path, {}, token);
        expect(data.total, path).toBeGreaterThanOrEqual(min);
        expect(data.list.every((r) => r.orgId === org(code).id), path).toBe(true);
        // codes carry the organisation (card numbers are unique within it)
        expect(data.list.every((r) => (key === 'cardNo' ? shape.test(String(r[key])) : String(r[key]).startsWith(code) && shape.test(String(r[key]).slice(code.length)))), path).toBe(true);
        expect(new Set(data.list.map((r) => r[key])).size, path).toBe(data.total);
      }
      for (const [path, min] of GROUP_TABLES) {
        const data = await list(path, {}, token);
        expect(data.total, path).toBeGreaterThanOrEqual(min);
        const ids = data.list.map((r) => r.id).sort((a, b) => a - b);
        if (seen.has(path)) expect(ids, path).toEqual(seen.get(path));
        else seen.set(path, ids);
      }
    }
    const dfny = await adminIn('DFNY');
    const sale = await list('/measure/mm-sa-weigh', { search: [{ key: 'weighStatus', op: 'eq', val: 'DONE' }] }, dfny);
    expect(sale.total).toBe(270);
    expect(sale.list.every((r) => typeof r.customerName === 'string' && plate.test(r.plateNumber as string))).toBe(true);
    const net = sale.list.reduce((sum, r) => sum + Math.round(Number(r.net) * 1000), 0) / 1000;
    expect(Number(sale.tongji.net)).toBeCloseTo(net, 3);
    const cards = await list('/material/as-ic-card', {}, dfny);
    expect(new Set(cards.list.map((r) => r.cardType))).toEqual(new Set(['FIXED', 'TEMP']));
    expect(cards.list.filter((r) => r.plateNumber).every((r) => plate.test(r.plateNumber as string))).toBe(true);
    expect(cards.list.every((r) => new Date(r.expireDate as string) > new Date(r.issueDate as string))).toBe(true);
  });

  it('holds the inventory classes as a tree of four levels with 1001B11 codes, and the items in its classes', async () => {
    const classes = (await list('/material/as-inventory-class', { sort: [{ key: 'invclCode', dir: 'asc' }] })).list;
    const byCode = new Map(classes.map((c) => [c.invclCode as string, c]));
    const depth = (c: Row): number => (c.parentCode ? 1 + depth(byCode.get(c.parentCode as string)!) : 1);
    for (const c of classes) {
      expect(c.invclCode).toMatch(/^1001B11(\d{2}){1,4}$/);
      if (c.parentCode) {
        expect(byCode.has(c.parentCode as string), String(c.invclCode)).toBe(true);
        expect(String(c.invclCode).startsWith(String(c.parentCode))).toBe(true);
      }
      expect(Number(c.invclLevel)).toBe(depth(c));
    }
    expect(Math.max(...classes.map(depth))).toBe(4);
    expect(classes.filter((c) => !c.parentCode).map((c) => c.invclName)).toEqual(['煤炭', '矿石', '钢材', '辅料']);

    const items = (await list('/material/as-inventory')).list;
    for (const item of items) {
      const cls = byCode.get(item.invcId as string);
      expect(cls, String(item.invName)).toBeDefined();
      expect(item.invcName).toBe(cls!.invclName);
      expect(typeof item.isPu).toBe('boolean');
      expect(typeof item.isSa).toBe('boolean');
    }
    const names = new Set(items.map((i) => i.invName));
    for (const m of ['原煤', '精煤', '焦煤', '铁矿石', '石灰石', '石英砂', '废钢', '电煤']) expect(names.has(m), m).toBe(true);
    const rebar = items.find((i) => i.model === 'HRB400E Φ12')!;
    expect(rebar).toMatchObject({ invName: '螺纹钢', isSa: true, isPu: false, theoryWeight: '0.888', measureUnit: '吨' });
    // quick search over the item name
    expect((await list('/material/as-inventory', { search: [{ key: 'invName', op: 'like', val: '螺纹' }] })).total).toBe(3);
  });

  it('keeps notice lines with their notice: lines listed by noticeId add up to the notice', async () => {
    for (const kind of ['pu', 'sa']) {
      const module = kind === 'pu' ? '/purorder' : '/sale';
      const notices = (await list(`${module}/${kind}-notice`)).list;
      const all = await list(`${module}/${kind}-notice-line`);
      expect(all.total).toBeGreaterThanOrEqual(notices.length);
      expect(all.total).toBeLessThanOrEqual(notices.length * 3);
      for (const notice of notices.slice(0, 8)) {
        const lines = (await list(`${module}/${kind}-notice-line`, { search: [{ key: 'noticeId', op: 'eq', val: notice.id }] })).list;
        expect(lines.length).toBeGreaterThanOrEqual(1);
        expect(lines.length).toBeLessThanOrEqual(3);
        expect(lines.every((l) => Number(l.noticeId) === notice.id && l.orgId === notice.orgId)).toBe(true);
        const plan = lines.reduce((sum, l) => sum + Math.round(Number(l.planQty) * 1000), 0) / 1000;
        expect(Number(notice.planQty)).toBeCloseTo(plan, 3);
        for (const l of lines) {
          expect(String(notice.materialName)).toContain(String(l.invName));
          expect(Number(l.doneQty)).toBeLessThanOrEqual(Number(l.planQty));
          expect(typeof l.isOpen).toBe('boolean');
        }
      }
      expect(notices.every((n) => (kind === 'pu' ? n.vendorName : n.customerName))).toBe(true);
      // the lines share the notice's permissions, yet its menu opens the notice's own templates
      const menu = (await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', `${kind}_notice`).executeTakeFirstOrThrow()).id;
      for (const type of ['LIST', 'FORM', 'DETAIL']) {
        const tpl = (await call('GET', `/optimus_prime/optimusPrime?formatType=${type}&menuId=${menu}`)).json().data;
        expect(tpl.formatCode).toBe(`${kind}_notice_${type.toLowerCase()}`);
      }
    }
  });

  it('answers the plate dictionary to any signed-in user, and nothing without a session', async () => {
    const weigher = (await t.login('weigher')).access;
    for (const token of [admin, weigher]) {
      const res = await call('GET', '/material/as-plate/findAll', undefined, token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: PLATES });
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/material/as-plate/findAll' })).statusCode).toBe(401);
    // a disabled entry is no longer offered
    const j = (await list('/material/as-plate', { search: [{ key: 'plateCode', op: 'eq', val: 'J' }] })).list[0];
    expect((await call('POST', '/material/as-plate/disable', { ids: [j.id] })).statusCode).toBe(200);
    const after = (await call('GET', '/material/as-plate/findAll', undefined, weigher)).json().data as { plateCode: string }[];
    expect(after.map((p) => p.plateCode)).toEqual(PLATES.map((p) => p.plateCode).filter((c) => c !== 'J'));
    await call('POST', '/material/as-plate/enable', { ids: [j.id] });
  });

  it('gives the weigher the sale weigh records and the IC cards (add and edit), the inventory to read only, not the warehouses', async () => {
    const weigher = (await t.login('weigher')).access;
    const permissions = (await call('GET', '/sys-info/me', undefined, weigher)).json().data.permissions as string[];
    expect(permissions).toEqual(expect.arrayContaining(['mm_sa_weigh_view', 'as_ic_card_view', 'as_ic_card_add', 'as_ic_card_edit', 'sa_notice_view', 'pu_notice_view']));
    expect(permissions).toEqual(expect.arrayContaining(['as_inventory_view', 'as_vendor_view', 'as_customer_view']));
    for (const p of ['as_ic_card_del', 'mm_sa_weigh_audit', 'as_inventory_add', 'as_inventory_edit', 'as_plate_view', 'as_warehouse_view']) expect(permissions).not.toContain(p);
    expect((await list('/measure/mm-sa-weigh', {}, weigher)).total).toBe(300);
    const card = await call('POST', '/material/as-ic-card/create', { cardNo: 'T-IC-0001', cardType: 'TEMP', plateNumber: '蒙K12345', holder: '王强', issueDate: '2026-11-01 08:00:00', expireDate: '2026-11-08 08:00:00' }, weigher);
    expect(card.json(), card.body).toMatchObject({ success: true });
    const { id, version } = card.json().data;
    expect((await call('PUT', '/material/as-ic-card/update', { id, version, holder: '李刚' }, weigher)).json().data.version).toBe(version + 1);
    expect((await call('POST', '/material/as-ic-card/create', { cardNo: 'T-IC-0002', cardType: 'TEMP', plateNumber: '蒙K1' }, weigher)).json()).toMatchObject({ success: false, msg: '车牌号格式错误!' });
    expect((await call('POST', '/material/as-ic-card/create', { cardNo: 'T-IC-0003', cardType: 'LOST' }, weigher)).statusCode).toBe(400);
    expect((await call('DELETE', '/material/as-ic-card/deletes', { ids: [id] }, weigher)).statusCode).toBe(403);
    expect((await call('POST', '/material/as-warehouse/list', {}, weigher)).statusCode).toBe(403);
    // notice lines are read under the notice's permission
    expect((await list('/sale/sa-notice-line', {}, weigher)).total).toBeGreaterThan(0);
  });

  it('seeds the business tables once: seeding again adds no rows', async () => {
    const tables = BUILTIN_RESOURCES.map((d) => d.tableName);
    const counts = async () => Object.fromEntries(await Promise.all(tables.map(async (table) =>
      [table, Number((await t.database.db.selectFrom(table as 'sysUser').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)])));
    const before = await counts();
    expect(before.as_plate).toBe(PLATES.length);
    await seedDatabase(t.database.db, { mode: 'demo' });
    expect(await counts()).toEqual(before);
  });

  it('lets a seeded record be saved again unchanged: its values pass the column and form checks', async () => {
    const dfny = await adminIn('DFNY');
    // lines are saved with their documents (update-round-trip.test.ts sends them back in children)
    const fresh = BUILTIN_RESOURCES.filter((d) => d.kind !== 'LINE' && !['as_vendor', 'as_customer', 'as_vehicle', 'as_driver', 'mm_pu_weigh'].includes(d.tableName));
    for (const def of fresh) {
      const search = def.kind === 'DOCUMENT' ? [{ key: 'status', op: 'eq', val: 'FREE' }] : [];
      const [row] = (await list(`/${def.module}/${def.resource}`, { search, limit: { pn: 1, ps: 1 } }, dfny)).list;
      expect(row, def.tableName).toBeDefined();
      const body: Record<string, unknown> = { id: row.id, version: row.version };
      for (const c of def.columns) body[c.fieldName] = row[c.fieldName];
      const res = await call('PUT', `/${def.module}/${def.resource}/update`, body, dfny);
      expect(res.json(), `${def.tableName}: ${res.body}`).toMatchObject({ success: true, data: { version: (row.version as number) + 1 } });
    }
  });
});
