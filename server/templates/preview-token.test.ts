import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../src/schema/template';
import { DATABASES, bearer, createTestApp, manualClock, type TestApp } from '../../tests/server/support/test-app';
import { PREVIEW_READ_ONLY, PREVIEW_TTL_SEC, rolePermissions } from './preview-token';

type Method = 'GET' | 'PUT' | 'POST' | 'DELETE';
interface Issued { token: string; permissions: string[]; org: { id: number; orgName: string }; role: { roleName: string } }

describe.each(DATABASES)('预览令牌 (preview as a role and organisation) on %s', (kind) => {
  let t: TestApp;
  const clock = manualClock(new Date());
  let admin: string;
  let assayer: string;
  let financeRole: number;
  let north: number; // 华北钢铁有限公司
  let east: number; // 东方能源有限公司
  let receiptForm: number;
  let vendorForm: number;
  const idOf = async (code: string) => (await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', code).executeTakeFirstOrThrow()).id;
  const orgOf = async (name: string) => (await t.database.db.selectFrom('sysOrg').select('id').where('orgName', '=', name).executeTakeFirstOrThrow()).id;
  const count = async (table: string) => (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(t.database.db)).rows[0].n;

  beforeAll(async () => {
    t = await createTestApp(kind, { clock });
    admin = (await t.login('admin')).access;
    const { db } = t.database;
    financeRole = (await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'finance').executeTakeFirstOrThrow()).id;
    north = await orgOf('华北钢铁有限公司');
    east = await orgOf('东方能源有限公司');
    receiptForm = await idOf('recive_payment_form');
    vendorForm = await idOf('as_vendor_form');
    // the assayer designs templates (view, edit, publish) but belongs to 东方能源 only
    const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'assayer').executeTakeFirstOrThrow();
    const menus = await db.selectFrom('sysMenu').select('id').where('uuid', 'in', ['area_config', 'grp_template', 'custom_format', 'custom_format_edit', 'custom_format_publish']).execute();
    await db.insertInto('sysRoleMenu').values(menus.map((m) => ({ roleId: role.id, menuId: m.id }))).execute();
    assayer = (await t.login('assayer')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: Method, url: string, payload?: object, token = admin, preview?: string) => t.app.inject({
    method, url: `/api${url}`, headers: { ...bearer(token), ...(preview ? { 'x-preview-token': preview } : {}) }, ...(payload ? { payload } : {}),
  });
  const issue = async (body: object, token = admin) => call('POST', '/optimus_prime/cg-format/preview-token', body, token);
  const previewAsFinance = async (formatId = receiptForm): Promise<Issued> => {
    const res = await issue({ formatId, roleId: financeRole, orgId: north });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Issued;
  };
  const receipt = (billCode: string, extra: Record<string, unknown> = {}) =>
    ({ billCode, customerName: '预览客户', receiveDate: '2026-11-20 10:00:00', payMethod: 'TRANSFER', amount: '88.50', ...extra });

  it('offers the enabled roles and the designer\'s own organisations to pick from', async () => {
    const res = await call('GET', '/optimus_prime/cg-format/preview-options');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { roles: { roleName: string }[]; orgs: { orgName: string }[] };
    expect(data.roles.map((r) => r.roleName)).toEqual(expect.arrayContaining(['财务', '司磅员', '化验员']));
    expect(data.orgs.map((o) => o.orgName)).toEqual(['东方能源有限公司', '华北钢铁有限公司', '西部煤业有限公司']);
    const mine = (await call('GET', '/optimus_prime/cg-format/preview-options', undefined, assayer)).json().data as { orgs: { orgName: string }[] };
    expect(mine.orgs.map((o) => o.orgName)).toEqual(['东方能源有限公司']);
  });

  it('holds only what both the designer and the role hold: a right the designer has and the role lacks is refused', async () => {
    // precondition: the designer (admin) reads vehicles, the finance role does not hold as_vehicle_view
    expect((await call('POST', '/material/as-vehicle/list', {})).statusCode).toBe(200);
    const role = await rolePermissions(t.database.db, financeRole, north);
    expect(role.has('as_vehicle_view')).toBe(false);
    expect(role.has('as_driver_view')).toBe(true);
    const { token, permissions } = await previewAsFinance();
    expect(permissions).toContain('recive_payment_add');
    expect(permissions).not.toContain('as_vehicle_view');
    expect(permissions).not.toContain('custom_format_publish');
    const refused = await call('POST', '/material/as-vehicle/list', {}, admin, token);
    expect(refused.statusCode).toBe(403);
    // the refusal says it is the preview's (the UI's 403 development aid must not grant the key to the designer's menu)
    expect(refused.json().data).toEqual({ permission: 'as_vehicle_view', preview: true });
    // what the role holds is read as usual
    expect((await call('POST', '/material/as-driver/list', {}, admin, token)).statusCode).toBe(200);
    // administration is the admin flag's, which a preview never carries
    expect((await call('POST', '/sys-user/list', {})).statusCode).toBe(200);
    expect((await call('POST', '/sys-user/list', {}, admin, token)).statusCode).toBe(403);
  });

  it('reads in the chosen organisation, and the designer must belong to it', async () => {
    const { token } = await previewAsFinance();
    // precondition: the admin's own session reads 东方能源's receipts
    const own = (await call('POST', '/account/recive-payment/list', {})).json().data as { list: { orgId: number }[] };
    expect(own.list.length).toBeGreaterThan(0);
    expect(new Set(own.list.map((r) => r.orgId))).toEqual(new Set([east]));
    const previewed = (await call('POST', '/account/recive-payment/list', {}, admin, token)).json().data as { list: { orgId: number }[] };
    expect(previewed.list.length).toBeGreaterThan(0);
    expect(new Set(previewed.list.map((r) => r.orgId))).toEqual(new Set([north]));
    // the assayer designs but is not in 华北钢铁: no token for it (the organisation is not found for them)
    const ownOrg = await issue({ formatId: receiptForm, roleId: financeRole, orgId: east }, assayer);
    expect(ownOrg.statusCode, ownOrg.body).toBe(200);
    const foreign = await issue({ formatId: receiptForm, roleId: financeRole, orgId: north }, assayer);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().msg).toBe('您不属于该组织，不能以它预览');
    // the role's rights are capped by the designer's: the assayer holds no receipt rights, so neither does its preview
    expect((ownOrg.json().data as Issued).permissions).not.toContain('recive_payment_view');
    // a user who may not design gets no token
    const finance = (await t.login('finance')).access;
    expect((await issue({ formatId: receiptForm, roleId: financeRole, orgId: north }, finance)).statusCode).toBe(403);
    const bad = await issue({ formatId: receiptForm, roleId: 999999, orgId: north });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ field: 'roleId' });
  });

  it('refuses every write, template change, publish and new token with a clear 403, though both halves hold the right', async () => {
    const { token, permissions } = await previewAsFinance();
    // precondition: the intersection holds the receipt's add right, and the designer can publish
    expect(permissions).toContain('recive_payment_add');
    const before = await count('recive_payment');
    const created = await call('POST', '/account/recive-payment/create', receipt('SK-PV-1'), admin, token);
    expect(created.statusCode).toBe(403);
    expect(created.json()).toMatchObject({ success: false, msg: PREVIEW_READ_ONLY });
    expect(await count('recive_payment')).toBe(before);
    const draft = (await call('GET', `/optimus_prime/cg-format/draft/${receiptForm}`)).json().data as { version: number; draft: Template };
    const attempts: [Method, string, object][] = [
      ['PUT', `/optimus_prime/cg-format/draft/${receiptForm}`, { version: draft.version, draft: draft.draft }],
      ['POST', `/optimus_prime/cg-format/publish/${receiptForm}`, { version: draft.version }],
      ['POST', `/optimus_prime/cg-format/rollback/${receiptForm}/1`, { version: draft.version }],
      ['POST', '/optimus_prime/cg-format/import', { template: draft.draft }],
      ['POST', '/optimus_prime/cg-format/preview-token', { formatId: receiptForm, roleId: financeRole, orgId: north }],
      ['DELETE', '/account/recive-payment/deletes', { ids: [1] }],
      ['POST', '/account/recive-payment/audit', { ids: [1] }],
      ['POST', `/switchOrg/${east}`, {}],
    ];
    for (const [method, url, body] of attempts) {
      const res = await call(method, url, body, admin, token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().msg).toBe(PREVIEW_READ_ONLY);
    }
    expect((await call('GET', `/optimus_prime/cg-format/draft/${receiptForm}`)).json().data.version).toBe(draft.version);
    // signing out from inside a preview would end the designer's session
    expect((await call('GET', '/logout', undefined, admin, token)).statusCode).toBe(403);
    expect((await call('GET', '/optimus_prime/cg-format/list')).statusCode).toBe(200);
  });

  it('reads the previewed draft (and no other template\'s), only with the session that asked for it and only until it expires', async () => {
    const { token } = await previewAsFinance();
    // precondition: the finance role may not read templates
    expect((await rolePermissions(t.database.db, financeRole, north)).has('custom_format_view')).toBe(false);
    expect((await call('GET', `/optimus_prime/cg-format/draft/${receiptForm}`, undefined, admin, token)).statusCode).toBe(200);
    expect((await call('GET', `/optimus_prime/cg-format/draft/${vendorForm}`, undefined, admin, token)).statusCode).toBe(403);
    // another session of the same user cannot use it, and a made-up token is refused
    const other = (await t.login('admin')).access;
    expect((await call('POST', '/material/as-driver/list', {}, other)).statusCode).toBe(200);
    const stolen = await call('POST', '/material/as-driver/list', {}, other, token);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().code).toBe('PREVIEW_INVALID');
    expect((await call('POST', '/material/as-driver/list', {}, admin, 'x'.repeat(43))).statusCode).toBe(403);
    clock.advance((PREVIEW_TTL_SEC + 1) * 1000);
    const expired = await call('POST', '/material/as-driver/list', {}, admin, token);
    expect(expired.statusCode).toBe(403);
    expect(expired.json().code).toBe('PREVIEW_EXPIRED');
    // the designer's own session goes on
    expect((await call('POST', '/material/as-driver/list', {})).statusCode).toBe(200);
  });

  it('submits in preview as a dry run: the draft\'s rules, the chosen organisation, the role\'s add right, 0 rows written', async () => {
    // the draft asks for 备注; the published form does not
    const record = (await call('GET', `/optimus_prime/cg-format/draft/${receiptForm}`)).json().data as { version: number; draft: Template };
    const draft = { ...record.draft, formSubList: record.draft.formSubList!.map((f) => (f.fieldName === 'remark' ? { ...f, irequired: true } : f)) };
    const saved = await call('PUT', `/optimus_prime/cg-format/draft/${receiptForm}`, { version: record.version, draft });
    expect(saved.statusCode, saved.body).toBe(200);
    const { token } = await previewAsFinance();
    const before = await count('recive_payment');
    const missing = await call('POST', `/optimus_prime/cg-format/dry-run/${receiptForm}`, { values: receipt('SK-PV-2') }, admin, token);
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json().data).toMatchObject({ field: 'remark' });
    const res = await call('POST', `/optimus_prime/cg-format/dry-run/${receiptForm}`, { values: receipt('SK-PV-2', { remark: '预演' }) }, admin, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { written: 0, saved: { billCode: 'SK-PV-2', remark: '预演', orgId: north } } });
    expect(await count('recive_payment')).toBe(before);
    expect((await sql<{ n: number }>`select count(*)::int as n from recive_payment where bill_code = 'SK-PV-2'`.execute(t.database.db)).rows[0].n).toBe(0);
    // the vendor form: the designer may dry-run it, the finance role may not add vendors
    const vendor = { vendorCode: 'V-PV', vendorName: '预览供应商', contact: '张三' };
    expect((await call('POST', `/optimus_prime/cg-format/dry-run/${vendorForm}`, { values: vendor })).statusCode).toBe(200);
    const vendorPreview = (await previewAsFinance(vendorForm)).token;
    const refused = await call('POST', `/optimus_prime/cg-format/dry-run/${vendorForm}`, { values: vendor }, admin, vendorPreview);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data).toMatchObject({ permission: 'as_vendor_add' });
    // a token for one template cannot dry-run another
    expect((await call('POST', `/optimus_prime/cg-format/dry-run/${vendorForm}`, { values: vendor }, admin, token)).statusCode).toBe(403);
  });
});
