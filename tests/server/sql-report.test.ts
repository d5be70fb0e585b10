import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

const BASE = '/api/optimus_prime/cg-sql-source';

/** 动态报表 over SQL data sources: the editor's table list, the seeded report templates and menus, export, templates over a source. */
describe.each(DATABASES)('SQL reports on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let weigher: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    finance = (await t.login('finance')).access;
    weigher = (await t.login('weigher')).access;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const templateId = async (code: string) => (await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', code).executeTakeFirstOrThrow()).id;

  it('lists the tables and columns an author may read for completion, never platform tables; only custom_table_edit may ask', async () => {
    const res = await call('GET', `${BASE}/tables`);
    expect(res.statusCode, res.body).toBe(200);
    const tables = res.json().data as { tableName: string; tableExplain: string; columns: { name: string; explain: string }[] }[];
    const weigh = tables.find((x) => x.tableName === 'mm_pu_weigh');
    expect(weigh?.tableExplain).toBeTruthy();
    expect(weigh!.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['gross_time', 'material_name', 'net', 'org_id']));
    expect(tables.some((x) => /^(sys_|cg_)/.test(x.tableName))).toBe(false);
    expect((await call('GET', `${BASE}/tables`, undefined, finance)).statusCode).toBe(403);
  });

  it('seeds 日报 and 供应商月度汇总 as LIST templates with a chart under 报表中心 → 动态报表, granted to 财务 and not to the weigher', async () => {
    const menu = async (token: string) => (await call('GET', '/api/sys-menu/list', undefined, token)).json().data as { title: string; children?: unknown[] }[];
    const titles = (nodes: { title: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.title, ...titles((n.children ?? []) as never)]);
    expect(titles(await menu(finance))).toEqual(expect.arrayContaining(['报表中心', '日报', '供应商月度汇总']));
    const weigherTitles = titles(await menu(weigher));
    expect(weigherTitles).toContain('采购过磅记录');
    expect(weigherTitles).not.toContain('日报');
    const daily = await t.database.db.selectFrom('sysMenu').select(['id']).where('uuid', '=', 'rpt_daily_weigh').executeTakeFirstOrThrow();
    const tpl = await call('GET', `/api/optimus_prime/optimusPrime?formatType=LIST&menuId=${daily.id}`, undefined, finance);
    expect(tpl.statusCode, tpl.body).toBe(200);
    const template = tpl.json().data;
    expect(template.resUrl).toBe('/optimus_prime/cg-sql-source/rpt_daily_weigh/list');
    expect(template.chart).toEqual({ type: 'bar', x: 'day', y: ['net'], title: '每日净重（吨）' });
    // finance reads the report through the template: sums of the template's 合计 fields only
    const list = await call('POST', `${BASE}/rpt_daily_weigh/list`, { limit: { pn: 1, ps: 5 }, tplId: template.id }, finance);
    expect(list.statusCode, list.body).toBe(200);
    expect(Object.keys(list.json().data.tongji).sort()).toEqual(['deduct', 'gross', 'net', 'tare', 'trucks']);
  });

  it('reads a report only through its menu grant: the weigher, who reads the weigh table itself, is refused 日报 with or without the template', async () => {
    const tplId = await templateId('rpt_daily_weigh_list');
    // precondition: the weigher may read every table 日报 reads, and 日报 has rows
    const weighs = await call('POST', '/api/measure/mm-pu-weigh/list', { limit: { pn: 1, ps: 1 } }, weigher);
    expect(weighs.statusCode, weighs.body).toBe(200);
    expect(weighs.json().data.total).toBeGreaterThan(0);
    const granted = await call('POST', `${BASE}/rpt_daily_weigh/list`, { limit: { pn: 1, ps: 5 }, tplId }, finance);
    expect(granted.json().data.total).toBeGreaterThan(0);
    // refused: through the report's template (its menu's view permission is named), and without one
    const viaTemplate = await call('POST', `${BASE}/rpt_daily_weigh/list`, { limit: { pn: 1, ps: 5 }, tplId }, weigher);
    expect(viaTemplate.statusCode, viaTemplate.body).toBe(403);
    expect(viaTemplate.body).toContain('rpt_daily_weigh_view');
    const bare = await call('POST', `${BASE}/rpt_daily_weigh/list`, { limit: { pn: 1, ps: 5 } }, weigher);
    expect(bare.statusCode, bare.body).toBe(403);
    expect((await call('POST', `${BASE}/rpt_daily_weigh/export`, { tplId }, weigher)).statusCode).toBe(403);
    // finance without a template is refused too: the grant is the menu entry's, not the source's
    expect((await call('POST', `${BASE}/rpt_daily_weigh/list`, { limit: { pn: 1, ps: 5 } }, finance)).statusCode).toBe(403);
  });

  it('exports a report with the list\'s search and sort, headed by the template\'s labels; the export button\'s permission is required', async () => {
    const tplId = await templateId('rpt_daily_weigh_list');
    const all = (await call('POST', `${BASE}/rpt_daily_weigh/list`, { limit: { pn: 1, ps: 500 }, tplId }, finance)).json().data;
    const material = all.list[0].material as string;
    const expected = all.list.filter((r: { material: string }) => r.material === material).length;
    // the list's quick search (an OR group over the template's quick fields) narrows it the same way
    const quick = await call('POST', `${BASE}/rpt_daily_weigh/list`, { search: [{ conj: 'or', list: [{ key: 'material', op: 'like', val: material, keyId: null, customTable: 'rpt_daily_weigh' }] }], limit: { pn: 1, ps: 500 }, tplId }, finance);
    expect(quick.statusCode, quick.body).toBe(200);
    expect(quick.json().data.list.every((r: { material: string }) => r.material.includes(material))).toBe(true);
    const res = await call('POST', `${BASE}/rpt_daily_weigh/export`, { search: [{ key: 'material', op: 'eq', val: material }], sort: [{ key: 'trucks', dir: 'desc' }], tplId }, finance);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['x-total-count']).toBe(String(expected));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, '日期', '物料', '车次', '毛重(吨)', '皮重(吨)', '净重(吨)', '扣重(吨)']);
    expect(sheet.rowCount).toBe(expected + 1);
    const trucks = Array.from({ length: expected }, (_, i) => Number(sheet.getRow(i + 2).getCell(3).value));
    expect(trucks).toEqual([...trucks].sort((a, b) => b - a));
    expect(sheet.getRow(2).getCell(2).value).toBe(material);

    // the weigher may read the weigh table (precondition) but holds no export button of the report
    const perms: string[] = (await call('GET', '/api/sys-info/me', undefined, weigher)).json().data.permissions;
    expect(perms).toContain('mm_pu_weigh_view');
    const refused = await call('POST', `${BASE}/rpt_daily_weigh/export`, { tplId }, weigher);
    expect(refused.statusCode).toBe(403);
    // unknown keys are the list's 400s
    const bad = await call('POST', `${BASE}/rpt_daily_weigh/export`, { search: [{ key: 'nope', op: 'eq', val: 1 }], tplId }, finance);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('nope');
  });

  it('a template may be built on a SQL source: a draft naming its result columns is stored, one naming a missing column refused', async () => {
    const id = await templateId('rpt_vendor_monthly_list');
    const draft = (await call('GET', `/api/optimus_prime/cg-format/draft/${id}`)).json().data;
    expect(draft.draft.customTable).toBe('rpt_vendor_monthly');
    const chart = { type: 'line', x: 'month', y: ['net', 'amount'] };
    const saved = await call('PUT', `/api/optimus_prime/cg-format/draft/${id}`, { version: draft.version, draft: { ...draft.draft, chart } });
    expect(saved.statusCode, saved.body).toBe(200);
    const refused = await call('PUT', `/api/optimus_prime/cg-format/draft/${id}`, { version: saved.json().data.version, draft: { ...draft.draft, listSubList: [...draft.draft.listSubList, { fieldName: 'ghost', fieldExplain: '幽灵', customTable: 'rpt_vendor_monthly' }] } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toMatch(/没有字段 ghost/);
    const badChart = await call('PUT', `/api/optimus_prime/cg-format/draft/${id}`, { version: saved.json().data.version, draft: { ...draft.draft, chart: { type: 'bar', x: 'month', y: ['ghost'] } } });
    expect(badChart.statusCode).toBe(400);
    expect(badChart.json().msg).toMatch(/chart\.y\[0\]: 列表没有字段 ghost/);
  });
  it('生成模板, 图表, 发布, 分配菜单 and 分配权限 make an administrator\'s SQL source a report finance reads only once granted', async () => {
    const code = `rpt_own_${kind}`;
    const created = await call('POST', `${BASE}/create`, {
      code, name: '供应商每日净重',
      sqlText: 'select w.vendor_name as vendor, w.gross_time::date as day, count(*) as trucks, sum(w.net) as net from mm_pu_weigh w where w.gross_time is not null group by 1, 2',
    });
    expect(created.statusCode, created.body).toBe(200);
    const sourceId = created.json().data.id as number;
    expect((await call('POST', `${BASE}/generate/${sourceId}`, undefined, finance)).statusCode).toBe(403);

    // 生成模板: a LIST and a RESOURCE draft over the result columns, the control kinds by type
    const made = await call('POST', `${BASE}/generate/${sourceId}`);
    expect(made.json(), made.body).toMatchObject({ success: true });
    const ids = Object.fromEntries((made.json().data as { id: number; formatType: string }[]).map((x) => [x.formatType, x.id]));
    expect(Object.keys(ids).sort()).toEqual(['LIST', 'RESOURCE']);
    const draftOf = async (id: number) => (await call('GET', `/api/optimus_prime/cg-format/draft/${id}`)).json().data as { version: number; draft: Record<string, unknown> & { listSubList: Record<string, unknown>[] } };
    const list = await draftOf(ids.LIST);
    expect((await t.database.db.selectFrom('cgFormat').select('published').where('id', '=', ids.LIST).executeTakeFirstOrThrow()).published).toBeNull();
    expect(list.draft).toMatchObject({ formatCode: `${code}_list`, customTable: code, resUrl: `/optimus_prime/cg-sql-source/${code}/list`, buttons: [{ action: 'export', permission: `${code}_export` }] });
    const byName = Object.fromEntries(list.draft.listSubList.map((f) => [f.fieldName, f]));
    expect(byName.vendor).toMatchObject({ fieldType: 'TEXT', iallowQuery: true, itotal: false });
    expect(byName.day).toMatchObject({ fieldType: 'DATE', detailsUrl: 'TIME_RANGE_BOX', iallowQuery: false, itotal: false });
    expect(byName.trucks).toMatchObject({ fieldType: 'NUMBER', detailsUrl: 'NUMBER', itotal: true });
    expect(byName.net).toMatchObject({ fieldType: 'NUMBER', itotal: true, cgValFormat: { valFormatFun: 'fixed3' } });
    // titled as the tables title a column of that name (净重 on the weigh tables); an alias no table has keeps its name
    expect(byName.net.fieldExplain).toBe('净重(吨)');
    expect(byName.vendor.fieldExplain).toBe('vendor');
    const picker = (await draftOf(ids.RESOURCE)).draft;
    expect(picker).toMatchObject({ formatType: 'RESOURCE', viewResourceSubName: 'vendor' });
    // again: the same two drafts refreshed, none added
    const again = await call('POST', `${BASE}/generate/${sourceId}`);
    expect((again.json().data as { id: number }[]).map((x) => x.id).sort()).toEqual([ids.LIST, ids.RESOURCE].sort());
    expect((await t.database.db.selectFrom('cgFormat').select('id').where('customTable', '=', code).execute()).length).toBe(2);

    // 图表: checked on save, the 400 naming the field
    const saveChart = async (chart: unknown) => {
      const d = await draftOf(ids.LIST);
      return call('PUT', `/api/optimus_prime/cg-format/draft/${ids.LIST}`, { version: d.version, draft: { ...d.draft, chart } });
    };
    const unknown = await saveChart({ type: 'bar', x: 'day', y: ['ghost'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.field).toBe('chart.y[0]');
    expect(unknown.json().msg).toContain('ghost');
    const badX = await saveChart({ type: 'line', x: 'nope', y: ['net'] });
    expect(badX.statusCode).toBe(400);
    expect(badX.json().data.field).toBe('chart.x');
    const pie2 = await saveChart({ type: 'pie', x: 'vendor', y: ['net', 'trucks'] });
    expect(pie2.statusCode).toBe(400);
    expect(pie2.json().data.field).toBe('chart.y');
    expect(pie2.json().msg).toContain('饼图只能选择一个数值列');
    const text = await saveChart({ type: 'bar', x: 'day', y: ['vendor'] });
    expect(text.statusCode).toBe(400);
    expect(text.json().data.field).toBe('chart.y[0]');
    const chart = { type: 'bar', x: 'day', y: ['net', 'trucks'], title: '每日净重' };
    const good = await saveChart(chart);
    expect(good.statusCode, good.body).toBe(200);
    const published = await call('POST', `/api/optimus_prime/cg-format/publish/${ids.LIST}`, { version: good.json().data.version });
    expect(published.json(), published.body).toMatchObject({ success: true });

    // 分配菜单 under 报表中心 → 动态报表: the menu, its view and export keys, the templates bound
    const group = await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', 'grp_report').executeTakeFirstOrThrow();
    expect((await call('POST', `${BASE}/allot-menu/${sourceId}`, { parentId: 999999 })).json()).toMatchObject({ success: false, data: { field: 'parentId' } });
    const allot = await call('POST', `${BASE}/allot-menu/${sourceId}`, { parentId: group.id });
    expect(allot.json(), allot.body).toMatchObject({ success: true, data: { uuid: code, urlPath: `/modules/report/${code.replace(/_/g, '-')}` } });
    const menuId = allot.json().data.menuId as number;
    const menu = await t.database.db.selectFrom('sysMenu').selectAll().where('id', '=', menuId).executeTakeFirstOrThrow();
    expect(menu).toMatchObject({ parentId: group.id, menuType: 'MENU', permission: `${code}_view`, component: 'views/template/list', title: '供应商每日净重' });
    const buttons = await t.database.db.selectFrom('sysMenu').select(['id', 'permission']).where('parentId', '=', menuId).execute();
    expect(buttons.map((b) => b.permission)).toEqual([`${code}_export`]);
    const bound = await t.database.db.selectFrom('cgFormat').select('menuUuid').where('customTable', '=', code).execute();
    expect(bound.map((b) => b.menuUuid)).toEqual([code, code]);
    // moved, not duplicated, when allotted again
    expect((await call('POST', `${BASE}/allot-menu/${sourceId}`, { parentId: group.id, title: '供应商每日净重（新）' })).json().data.menuId).toBe(menuId);
    expect((await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', code).execute()).length).toBe(1);
    // both are in the operation log under their titles
    const logged = await t.database.db.selectFrom('sysLog').select(['title', 'path', 'logType']).where('path', 'like', `${BASE}/%/${sourceId}`).where('logType', '=', 'OPERATION').execute();
    expect(new Set(logged.map((l) => l.title))).toEqual(new Set(['生成模板', '分配菜单']));

    // before the grant finance is refused, naming the menu's view permission; the weigher too
    const read = (token: string) => call('POST', `${BASE}/${code}/list`, { limit: { pn: 1, ps: 5 }, tplId: ids.LIST }, token);
    const before = await read(finance);
    expect(before.statusCode, before.body).toBe(403);
    expect(before.body).toContain(`${code}_view`);
    // 分配权限: finance gets the entry and its export button
    const role = await t.database.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'finance').executeTakeFirstOrThrow();
    const had = (await call('GET', `/api/sys-role/menu/${role.id}`)).json().data as number[];
    expect((await call('PUT', '/api/sys-role/menu', { roleId: role.id, menuIds: [...had, menuId, ...buttons.map((b) => b.id)] })).statusCode).toBe(200);
    const after = await read(finance);
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().data.total).toBeGreaterThan(0);
    expect(Object.keys(after.json().data.tongji).sort()).toEqual(['net', 'trucks']);
    const tpl = (await call('GET', `/api/optimus_prime/optimusPrime?formatType=LIST&menuId=${menuId}`, undefined, finance)).json();
    expect(tpl, JSON.stringify(tpl).slice(0, 300)).toMatchObject({ success: true, data: { id: ids.LIST, chart } });
    const exported = await call('POST', `${BASE}/${code}/export`, { tplId: ids.LIST }, finance);
    expect(exported.statusCode, exported.body.slice(0, 300)).toBe(200);
    expect((await read(weigher)).statusCode).toBe(403);
  });

  it('a SQL source named like a data-source table never takes over its templates or its menu entry', async () => {
    const table = await t.database.db.selectFrom('cgFormat').select(['customTable', 'draft', 'menuUuid']).where('formatCode', '=', 'as_vendor_list').executeTakeFirstOrThrow();
    expect(table.customTable).toBe('as_vendor');
    const refused = await call('POST', `${BASE}/create`, { code: 'as_vendor', name: '同名', sqlText: 'select vendor_name from as_vendor' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.field).toBe('code');
    // one stored before that rule (written straight to the table) is still kept off the table's templates
    const id = (await t.database.db.insertInto('cgSqlSource').values({
      code: 'as_vendor', name: '同名', sqlText: 'select vendor_name from as_vendor', params: '[]', resultColumns: JSON.stringify([{ name: 'vendor_name', type: 'character varying', oid: 1043 }]),
    }).returning('id').executeTakeFirstOrThrow()).id;
    const made = await call('POST', `${BASE}/generate/${id}`);
    expect(made.statusCode).toBe(400);
    expect(made.json().data.field).toBe('formatCode');
    const group = await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', 'grp_report').executeTakeFirstOrThrow();
    const allot = await call('POST', `${BASE}/allot-menu/${id}`, { parentId: group.id });
    expect(allot.statusCode).toBe(400);
    const after = await t.database.db.selectFrom('cgFormat').select(['customTable', 'draft', 'menuUuid']).where('formatCode', '=', 'as_vendor_list').executeTakeFirstOrThrow();
    expect(after).toEqual(table);
    await t.database.db.deleteFrom('cgSqlSource').where('id', '=', id).execute();
  });
});
