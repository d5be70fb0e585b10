import ExcelJS from 'exceljs';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../src/schema/field-definition';
import { keysetBatches, type KeysetKey } from '../../server/resources/keyset-rows';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

interface Sheet { header: string[]; rows: ExcelJS.Row[]; values: unknown[][] }

async function readSheet(buffer: Buffer): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => { rows.push(row); });
  const values = rows.map((r) => (r.values as unknown[]).slice(1));
  return { header: values[0] as string[], rows: rows.slice(1), values: values.slice(1) };
}

describe.each(DATABASES)('resource export on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let weigher: string;
  let weighTpl: number;
  let vendorTpl: number;
  let weighFields: FieldDefinition[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    weigher = (await t.login('weigher')).access;
    const tpl = async (code: string) => t.database.db.selectFrom('cgFormat').select(['id', 'published']).where('formatCode', '=', code).executeTakeFirstOrThrow();
    const weigh = await tpl('mm_pu_weigh_list');
    weighTpl = weigh.id;
    weighFields = (weigh.published as { listSubList: FieldDefinition[] }).listSubList;
    vendorTpl = (await tpl('as_vendor_list')).id;
  });
  afterAll(async () => { await t.close(); });

  const post = (url: string, body: object, token = admin) => t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload: body });
  const list = async (url: string, body: object, token = admin) => {
    const res = await post(`${url}/list`, { limit: { pn: 1, ps: 1000 }, ...body }, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { list: Record<string, unknown>[]; total: number };
  };
  const exported = async (url: string, body: object, token = admin) => {
    const res = await post(`${url}/export`, body, token);
    expect(res.statusCode, res.body).toBe(200);
    return { res, sheet: await readSheet(res.rawPayload) };
  };
  const column = (sheet: Sheet, header: string) => {
    const i = sheet.header.indexOf(header);
    expect(i, header).toBeGreaterThanOrEqual(0);
    return sheet.values.map((r) => r[i]);
  };

  it('streams an .xlsx of the whole filtered set, headed by the template’s visible labels', async () => {
    const filter = { search: [{ key: 'weighStatus', op: 'in', val: 'GROSS' }] };
    const { res, sheet } = await exported('/measure/mm-pu-weigh', { ...filter, tplId: weighTpl });
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-total-count']).toBe('60');
    const name = /filename\*=UTF-8''([^;]+)/.exec(String(res.headers['content-disposition']))?.[1];
    expect(String(res.headers['content-disposition'])).toMatch(/^attachment; /);
    expect(decodeURIComponent(name ?? '')).toMatch(/^采购过磅记录\d{14}\.xlsx$/);

    const visible = weighFields.filter((f) => f.ishow !== false && !f.ihidden).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)).map((f) => f.fieldExplain);
    expect(sheet.header).toEqual(visible);
    expect(sheet.header.slice(0, 3)).toEqual(['磅单号', '车牌号', '物料']);
    expect(sheet.header).toContain('单据状态');

    const listed = await list('/measure/mm-pu-weigh', filter);
    expect(sheet.values).toHaveLength(listed.total);
    expect(listed.total).toBe(60);
    expect(new Set(column(sheet, '过磅状态'))).toEqual(new Set(['已称毛重']));
    expect(column(sheet, '单据状态').every((v) => v === '自由' || v === '已审核')).toBe(true);
    // numbers as numbers, dates as local text in the server's time zone, empty cells for nulls
    expect(column(sheet, '毛重(吨)').every((v) => typeof v === 'number')).toBe(true);
    expect(column(sheet, '皮重(吨)').every((v) => v === undefined)).toBe(true);
    const first = listed.list[0];
    const row = sheet.values[0];
    expect(row[0]).toBe(first.billCode);
    expect(column(sheet, '毛重(吨)')[0]).toBe(Number(first.gross));
    const local = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' }).format(new Date(first.grossTime as string));
    expect(column(sheet, '毛重时间')[0]).toBe(local);
  });

  it('writes numbers in the template’s value format and makes each column as wide as its values', async () => {
    const gross = weighFields.find((f) => f.fieldName === 'gross')!;
    expect(gross.cgValFormat?.valFormatFun).toBe('fixed3');
    const { sheet } = await exported('/measure/mm-pu-weigh', { search: [{ key: 'weighStatus', op: 'in', val: 'GROSS' }], tplId: weighTpl });
    const at = (header: string) => sheet.header.indexOf(header) + 1;
    // a number stays a number, shown with three decimals as the list shows it
    const cell = sheet.rows[0].getCell(at('毛重(吨)'));
    expect(typeof cell.value).toBe('number');
    expect(cell.numFmt).toBe('0.000');
    // 磅单号 (CB20261120-0001: 15 characters) is not cut at its three-character header's width
    const workbook = new ExcelJS.Workbook();
    const res = await post('/measure/mm-pu-weigh/export', { tplId: weighTpl });
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const widths = workbook.worksheets[0];
    const billHeader = (widths.getRow(1).values as unknown[]).indexOf('磅单号');
    const longest = Math.max(...column(sheet, '磅单号').map((v) => String(v).length));
    expect(longest).toBeGreaterThan(10);
    expect(widths.getColumn(billHeader).width).toBeGreaterThanOrEqual(longest);
  });

  it('follows the list’s sort, across ties and nulls', async () => {
    for (const sort of [[{ key: 'net', dir: 'asc' }], [{ key: 'tareTime', dir: 'desc' }, { key: 'plateNumber', dir: 'asc' }], [{ key: 'createdAt', dir: 'asc' }]]) {
      const listed = await list('/measure/mm-pu-weigh', { sort });
      const { sheet } = await exported('/measure/mm-pu-weigh', { sort, tplId: weighTpl });
      expect(column(sheet, '磅单号')).toEqual(listed.list.map((r) => r.billCode));
    }
  });

  it('exports only the caller’s organisation', async () => {
    const listed = await list('/measure/mm-pu-weigh', {}, weigher);
    const { res, sheet } = await exported('/measure/mm-pu-weigh', { tplId: weighTpl }, weigher);
    expect(res.headers['x-total-count']).toBe(String(listed.total));
    expect(sheet.values).toHaveLength(listed.total);
    expect(column(sheet, '磅单号').every((v) => String(v).startsWith('DFNY'))).toBe(true);
  });

  it('writes a text that looks like a formula as a text cell', async () => {
    const created = await post('/material/as-vendor/create', { vendorCode: 'FORMULA1', vendorName: '=1+2', contact: '@SUM(A1)' });
    expect(created.json().success, created.body).toBe(true);
    const { sheet } = await exported('/material/as-vendor', { search: [{ key: 'vendorCode', op: 'eq', val: 'FORMULA1' }], tplId: vendorTpl });
    expect(sheet.values).toHaveLength(1);
    const cell = sheet.rows[0].getCell(sheet.header.indexOf('供应商名称') + 1);
    expect(cell.value).toBe('=1+2');
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.formula).toBeUndefined();
    expect(sheet.rows[0].getCell(sheet.header.indexOf('联系人') + 1).value).toBe('@SUM(A1)');
  });

  it('without a template, exports the resource’s columns by their explanations', async () => {
    const { sheet } = await exported('/measure/mm-pu-weigh', { search: [{ key: 'weighStatus', op: 'eq', val: 'GROSS' }] });
    expect(sheet.header).toEqual(['磅单号', '车牌号', '物料', '供应商', '毛重(吨)', '皮重(吨)', '扣重(吨)', '净重(吨)', '毛重时间', '皮重时间', '司磅员', '过磅状态', '抓拍图片', '现场确认',
      '扣率(%)', '结算重量(吨)', '皮重司磅员', '磅秤', '手工录入', '登记单', '结算单号', '结算单', '扣水率(%)', '扣杂率(%)', '化验单号', '结算重量小数位', '舍入方式']);
    expect(sheet.values).toHaveLength(60);
    expect(new Set(column(sheet, '过磅状态'))).toEqual(new Set(['已称毛重']));
  });

  it('masks identity numbers and mobiles when desensitisation is on', async () => {
    const driverTpl = (await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'as_driver_list').executeTakeFirstOrThrow()).id;
    await t.database.db.updateTable('sysSetting').set({ paramValue: '1' }).where('paramKey', '=', 'data_desensitization').execute();
    try {
      const { sheet } = await exported('/material/as-driver', { tplId: driverTpl });
      expect(column(sheet, '身份证号').every((v) => /^\d{6}\*{8}[\dX]{4}$/.test(String(v)))).toBe(true);
      expect(column(sheet, '手机号').every((v) => /^1\d{2}\*{4}\d{4}$/.test(String(v)))).toBe(true);
    } finally {
      await t.database.db.updateTable('sysSetting').set({ paramValue: '0' }).where('paramKey', '=', 'data_desensitization').execute();
    }
  });

  it('refuses what the list refuses, a template of another table, and a caller without the export permission', async () => {
    const bad = async (body: object, status: number, message: string, token = admin) => {
      const res = await post('/measure/mm-pu-weigh/export', body, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json()).toMatchObject({ success: false });
      expect(res.json().msg).toContain(message);
    };
    await bad({ search: [{ key: 'noSuchField', op: 'eq', val: 1 }] }, 400, '不支持的查询字段 noSuchField');
    await bad({ sort: [{ key: 'net;drop table mm_pu_weigh' }] }, 400, '不支持的排序字段 net;drop table mm_pu_weigh');
    await bad({ tplId: vendorTpl }, 400, '不是采购过磅记录的模板');
    await bad({ tplId: 99999999 }, 404, '模板不存在或未发布');
    await bad({ tplId: 'abc' }, 400, '模板编号 abc 无效');
    const assayer = (await t.login('assayer')).access;
    expect((await post('/measure/mm-pu-weigh/list', {}, assayer)).statusCode).toBe(200);
    await bad({ tplId: weighTpl }, 403, '当前操作没有权限', assayer);
    expect((await post('/material/no-such-thing/export', {})).statusCode).toBe(404);
  });

  it('is routed beside the list routes and writes an operation-log entry', async () => {
    await exported('/measure/mm-pu-weigh', { search: [{ key: 'billCode', op: 'like', val: 'DFNYPU' }], tplId: weighTpl });
    const entry = await t.database.db.selectFrom('sysLog').select(['path', 'statusCode', 'logType', 'params', 'username'])
      .where('path', '=', '/api/measure/mm-pu-weigh/export').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ statusCode: 200, logType: 'OPERATION', username: 'admin' });
    expect(JSON.stringify(entry.params)).toContain('DFNYPU');
    expect((await post('/measure/mm-pu-weigh/list', {})).statusCode).toBe(200);
    expect((await post('/measure/mm-pu-weigh/v2/list', {})).statusCode).toBe(200);
  });

  it('reads in keyset batches that add up to the ordered set, whatever the sort, ties and nulls', async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
    const db = t.database.db as Kysely<any>;
    const org = await db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow();
    const base = db.selectFrom('mm_pu_weigh as t').where('t.org_id', '=', org.id).where('t.deleted', '=', false).select('t.bill_code as c0');
    const sorts: KeysetKey[][] = [
      [],
      [{ ref: 't.net', dir: 'asc', type: 'number' }],
      [{ ref: 't.tare_time', dir: 'asc', type: 'date' }],
      [{ ref: 't.tare_time', dir: 'desc', type: 'date' }, { ref: 't.vendor_name', dir: 'desc', type: 'text' }],
      [{ ref: 't.status', dir: 'asc', type: 'text' }, { ref: 't.created_at', dir: 'desc', type: 'date' }],
      [{ ref: 't.enabled', dir: 'desc', type: 'boolean' }, { ref: 't.deduct', dir: 'asc', type: 'number' }],
    ];
    for (const sort of sorts) {
      let whole = base;
      // blanks last in either direction, as the list pages order them
      for (const s of sort) whole = whole.orderBy(sql`${sql.ref(s.ref)} ${sql.raw(s.dir)} nulls last`);
      const expected = (await whole.orderBy('t.id', 'desc').execute()).map((r) => r.c0);
      const got: unknown[] = [];
      let batches = 0;
      for await (const rows of keysetBatches(base, sort, 37)) {
        batches += 1;
        got.push(...rows.map((r) => r.c0));
      }
      expect(got, JSON.stringify(sort)).toEqual(expected);
      expect(batches).toBe(Math.ceil(expected.length / 37));
    }
  });
});
