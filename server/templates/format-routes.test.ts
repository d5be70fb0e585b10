import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../src/schema/field-definition';
import type { Template } from '../../src/schema/template';
import { templateAttributeProblem } from '../../src/schema/template-attributes';
import { createFormatApp, type FormatApp } from '../../tests/server/support/format-app';
import { DATABASES, type TestApp } from '../../tests/server/support/test-app';
import { BUILTIN_RESOURCES } from '../seed/resources';
import { builtinTemplates } from '../seed/templates';
import { STALE_DRAFT } from './format-routes';

interface Listed { id: number; formatCode: string; formatName: string; formatType: string; customTable: string | null; menuTitle: string | null; changed: boolean; unpublished: boolean; version: number }

describe('the seeded templates keep the template-attribute rules', () => {
  it('every built-in template passes checkTemplateAttributes', () => {
    const problems = BUILTIN_RESOURCES.flatMap((def) => builtinTemplates(def).map((t) => templateAttributeProblem(t)).filter(Boolean));
    expect(problems).toEqual([]);
  });
});

describe.each(DATABASES)('模板设计 endpoints on %s', (kind) => {
  let f: FormatApp;
  let t: TestApp;
  let admin: string;
  let weigher: string;
  let assayer: string;
  let formId: number;
  let listId: number;
  beforeAll(async () => {
    f = await createFormatApp(kind);
    ({ t, admin, weigher, assayer } = f);
  });
  afterAll(async () => { await t?.close(); });

  const call: FormatApp['call'] = (...args) => f.call(...args);
  const list = async (query = '', token = admin) => (await call('GET', `/optimus_prime/cg-format/list${query}`, undefined, token)).json().data as { list: Listed[]; total: number };
  const draftOf = (id: number) => f.draftOf(id);
  const publishedOf = (id: number) => f.publishedOf(id);
  const amountOf = (tpl: Template) => tpl.childSubLists![0].fields.find((f) => f.fieldName === 'amount')!;
  const withAmount = (tpl: Template, patch: Partial<FieldDefinition>): Template => ({
    ...tpl, childSubLists: tpl.childSubLists!.map((c) => ({ ...c, fields: c.fields.map((f) => (f.fieldName === 'amount' ? { ...f, ...patch } : f)) })),
  });

  it('lists the stored templates, searched by name, code and type, each with whether its draft differs', async () => {
    const all = await list('?ps=200');
    expect(all.total).toBeGreaterThan(40);
    expect(all.list.every((r) => r.changed === false && r.unpublished === false)).toBe(true);
    const settlement = await list('?formatName=采购结算单&formatType=FORM');
    expect(settlement.list.map((r) => r.formatCode)).toEqual(['fd_pu_settlement_main_form', 'fd_pu_settlement_form']);
    expect(settlement.list[0]).toMatchObject({ customTable: 'fd_pu_settlement_main', menuTitle: '采购结算' });
    formId = settlement.list[0].id;
    const byCode = await list('?formatCode=fd_pu_settlement_main_l');
    expect(byCode.list.map((r) => r.formatCode)).toEqual(['fd_pu_settlement_main_list']);
    listId = byCode.list[0].id;
    // a % in the search is a character, not a wildcard
    expect((await list('?formatCode=%25')).total).toBe(0);
    expect((await call('GET', '/optimus_prime/cg-format/list?formatType=NOPE')).statusCode).toBe(400);
  });

  it('refuses a user without the template permissions (403 from the server)', async () => {
    for (const [method, url, body] of [
      ['GET', '/optimus_prime/cg-format/list', undefined], ['GET', `/optimus_prime/cg-format/draft/${formId}`, undefined],
      ['PUT', `/optimus_prime/cg-format/draft/${formId}`, { version: 1, draft: {} }], ['POST', `/optimus_prime/cg-format/publish/${formId}`, { version: 1 }],
    ] as const) {
      const res = await call(method, url, body, weigher);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('saves a changed calculation to the draft only, with the version rule; the runtime keeps reading the published one', async () => {
    const before = await draftOf(formId);
    expect(before).toMatchObject({ formatCode: 'fd_pu_settlement_main_form', changed: false, tableExplain: '采购结算单' });
    expect(amountOf(before.draft).calculate).toEqual([{ fieldName: 'settleWeight', customTable: null }, '*', { fieldName: 'price', customTable: null }]);
    const formula = [{ fieldName: 'net', customTable: 'fd_pu_settlement' }, '*', { fieldName: 'price', customTable: 'fd_pu_settlement' }];
    const changed = withAmount(before.draft, { calculate: formula as FieldDefinition['calculate'] });
    const saved = await call('PUT', `/optimus_prime/cg-format/draft/${formId}`, { version: before.version, draft: changed }, assayer);
    expect(saved.json()).toMatchObject({ success: true, msg: '保存成功', data: { version: before.version + 1, changed: true } });
    const after = await draftOf(formId);
    expect(amountOf(after.draft).calculate).toEqual(formula);
    expect(amountOf(await publishedOf(formId)).calculate).toEqual([{ fieldName: 'settleWeight', customTable: null }, '*', { fieldName: 'price', customTable: null }]);
    expect((await list('?formatCode=fd_pu_settlement_main_form')).list[0].changed).toBe(true);

    // the same save again is stale: 409 and nothing changes
    const stale = await call('PUT', `/optimus_prime/cg-format/draft/${formId}`, { version: before.version, draft: before.draft });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe(STALE_DRAFT);
    expect(amountOf((await draftOf(formId)).draft).calculate).toEqual(formula);
  });

  it('合计 only on a number column, by the type the data source declares: the draft carries the types, a text column summed is refused naming it', async () => {
    const before = await draftOf(listId) as Awaited<ReturnType<typeof draftOf>> & { columnTypes: Record<string, Record<string, string>> };
    expect(before.columnTypes.fd_pu_settlement_main).toMatchObject({ totalWeight: 'NUMBER', settleCode: 'CHAR' });
    const fields = before.draft.listSubList!;
    // the seeded list shows its number columns as 文本（列表） and sums them: kept
    const weight = fields.findIndex((x) => x.fieldName === 'totalWeight');
    expect(fields[weight]).toMatchObject({ fieldType: 'TEXT', itotal: true });
    const code = fields.findIndex((x) => x.fieldName === 'settleCode');
    const summed = (i: number, patch: Partial<FieldDefinition>) => ({ ...before.draft, listSubList: fields.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
    const refused = await call('PUT', `/optimus_prime/cg-format/draft/${listId}`, { version: before.version, draft: summed(code, { itotal: true }) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(`模板校验未通过：listSubList[${code}].itotal: 字段${fields[code].fieldExplain}(settleCode)不是数值列，不能合计`);
    expect(refused.json().data).toMatchObject({ field: `listSubList[${code}].itotal` });
    // shown as a number (数值) does not make a text column one
    expect((await call('PUT', `/optimus_prime/cg-format/draft/${listId}`, { version: before.version, draft: summed(code, { itotal: true, fieldType: 'NUMBER' }) })).statusCode).toBe(400);
    const kept = await call('PUT', `/optimus_prime/cg-format/draft/${listId}`, { version: before.version, draft: summed(weight, { columnWidth: 140 }) });
    expect(kept.json()).toMatchObject({ success: true });
  });

  it('refuses a draft the runtime could not use, naming the field and the problem', async () => {
    const { draft, version } = await draftOf(formId);
    const put = (body: unknown) => call('PUT', `/optimus_prime/cg-format/draft/${formId}`, { version, draft: body });
    const expectRefused = async (body: unknown, msg: RegExp) => {
      const res = await put(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(msg);
    };
    await expectRefused(withAmount(draft, { formSubmitType: 'NOPE' as never }), /^模板校验未通过：childSubLists\[0\]\.fields\[\d+\]\.formSubmitType: /);
    await expectRefused(withAmount(draft, { calculate: [{ fieldName: 'net' }, '*'] }), /childSubLists\[0\]\.fields\[\d+\]\.calculate: 计算公式不完整/);
    await expectRefused(withAmount(draft, { calculate: [{ fieldName: 'net' }, '*', { fieldName: 'gross' }] }), /calculate\[2\]\.fieldName: 字段金额\(元\)\(amount\)的计算方式引用的字段 gross 不在本表字段中/);
    await expectRefused(withAmount(draft, { calculate: [{ fieldName: 'totalAmount', customTable: 'fd_pu_settlement_main' }] }), /只能引用本表的字段/);
    await expectRefused({ ...draft, formSubList: draft.formSubList!.map((f) => (f.fieldName === 'totalAmount' ? { ...f, calculate: { customTable: 'fd_sa_settlement', fieldName: ['amount'], mode: 'sum' } } : f)) }, /合计表 fd_sa_settlement 不是本模板的子表/);
    await expectRefused({ ...draft, formSubList: draft.formSubList!.map((f) => (f.fieldName === 'settleDate' ? { ...f, defaultValue: { type: 'date', day: { mark: 'fixed', value: 32 } } } : f)) }, /formSubList\[\d+\]\.defaultValue: .*固定的日须在 1 到 31 之间/);
    await expectRefused({ ...draft, formSubList: [...draft.formSubList!, { fieldName: 'ghost', fieldExplain: '幽灵' }] }, /没有字段 ghost/);
    await expectRefused({ ...draft, formatCode: 'other_code' }, /^模板编码不可修改$/);
    await expectRefused({ ...draft, formatType: 'LIST' }, /^模板类型不可修改$/);
    expect((await call('PUT', `/optimus_prime/cg-format/draft/${formId}`, { version, draft: [] })).statusCode).toBe(400);
    expect((await call('PUT', '/optimus_prime/cg-format/draft/999999', { version, draft })).statusCode).toBe(404);
    expect((await draftOf(formId)).version).toBe(version);
  });

  it('publishes the draft (custom_format_publish), stamping who and when; then the runtime and the server\'s own calculations use it', async () => {
    const { version } = await draftOf(formId);
    expect((await call('POST', `/optimus_prime/cg-format/publish/${formId}`, { version }, assayer)).statusCode).toBe(403);
    expect((await call('POST', `/optimus_prime/cg-format/publish/${formId}`, { version: version + 5 })).statusCode).toBe(409);
    const res = await call('POST', `/optimus_prime/cg-format/publish/${formId}`, { version });
    expect(res.json()).toMatchObject({ success: true, msg: '发布成功', data: { version: version + 1, publishedBy: 'admin', changed: false } });
    expect(amountOf(await publishedOf(formId)).calculate).toEqual([{ fieldName: 'net', customTable: 'fd_pu_settlement' }, '*', { fieldName: 'price', customTable: 'fd_pu_settlement' }]);
    expect((await list('?formatCode=fd_pu_settlement_main_form')).list[0].changed).toBe(false);

    // a new settlement's line amount follows the published formula (net × price, the deduction no longer counts)
    const created = await call('POST', '/purorder/fd-pu-settlement-main/create', {
      settleCode: 'T-DESIGN-1', vendorName: '测试供应商', settleDate: '2026-11-22 10:00:00',
      children: { fd_pu_settlement: [{ billCode: 'B-1', net: 10, deductWeight: 1, price: 5 }] },
    });
    expect(created.json().success).toBe(true);
    const detail = (await call('GET', `/purorder/fd-pu-settlement-main/detail/${created.json().data.id}`)).json().data as { children: Record<string, { amount: unknown; settleWeight: unknown }[]> };
    expect(detail.children.fd_pu_settlement[0]).toMatchObject({ settleWeight: expect.anything() });
    expect(Number(detail.children.fd_pu_settlement[0].amount)).toBe(50);
  });

  it('publishes a picking field\'s designed parameter links to its stored links (cg-format-form-sub-param); a field without designed links keeps the stored ones', async () => {
    const linksOf = async () => ((await call('GET', '/cg-format-form-sub-param/list/param?resFormatSubId=fd_pu_settlement_main.noticeCode')).json().data as { fieldSub1: { fieldName: string }; fieldSub2: { fieldName: string } }[])
      .map((l) => `${l.fieldSub1.fieldName}→${l.fieldSub2.fieldName}`);
    const seeded = await linksOf();
    expect(seeded).toEqual(['vendorName→vendorName']);
    const withLinks = (tpl: Template, paramLinks: FieldDefinition['paramLinks']): Template => ({
      ...tpl, formSubList: tpl.formSubList!.map((f) => (f.fieldName === 'noticeCode' ? { ...f, paramLinks } : f)),
    });
    const publishWith = async (paramLinks: FieldDefinition['paramLinks']) => {
      const { draft, version } = await draftOf(formId);
      const saved = await call('PUT', `/optimus_prime/cg-format/draft/${formId}`, { version, draft: withLinks(draft, paramLinks) });
      expect(saved.json().success).toBe(true);
      expect((await call('POST', `/optimus_prime/cg-format/publish/${formId}`, { version: saved.json().data.version })).json().success).toBe(true);
    };
    await publishWith([
      { fieldSub1: { fieldName: 'vendorName', masterTable: 'fd_pu_settlement_main' }, fieldSub2: { fieldName: 'vendorName' } },
      { fieldSub1: { fieldName: 'settleCode', masterTable: 'fd_pu_settlement_main' }, fieldSub2: { fieldName: 'noticeCode' } },
    ]);
    expect(await linksOf()).toEqual(['vendorName→vendorName', 'settleCode→noticeCode']);
    expect((await publishedOf(formId)).formSubList!.find((f) => f.fieldName === 'noticeCode')!.paramLinks).toHaveLength(2);
    // two links to one popup field are refused, naming the field
    const { draft, version } = await draftOf(formId);
    const twice = await call('PUT', `/optimus_prime/cg-format/draft/${formId}`, { version, draft: withLinks(draft, [
      { fieldSub1: { fieldName: 'vendorName' }, fieldSub2: { fieldName: 'vendorName' } }, { fieldSub1: { fieldName: 'settleCode' }, fieldSub2: { fieldName: 'vendorName' } },
    ]) });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toContain('弹窗字段 vendorName 已有参数关联');
    // no designed links: the stored ones stay; an empty list: none
    await publishWith(undefined);
    expect(await linksOf()).toEqual(['vendorName→vendorName', 'settleCode→noticeCode']);
    await publishWith([]);
    expect(await linksOf()).toEqual([]);
    await publishWith([{ fieldSub1: { fieldName: 'vendorName', masterTable: 'fd_pu_settlement_main' }, fieldSub2: { fieldName: 'vendorName' } }]);
    expect(await linksOf()).toEqual(seeded);
  });

  it('stores a list range field\'s time bounds and publishes them to the search parameters', async () => {
    const { draft, version } = await draftOf(listId);
    const bounds = { type: 'timeRange', start: '08:00:00', end: '18:00:00' };
    const changed = { ...draft, listSubList: draft.listSubList!.map((f) => (f.fieldName === 'createdAt' ? { ...f, defaultValue: bounds } : f)) };
    const refused = await call('PUT', `/optimus_prime/cg-format/draft/${listId}`, { version, draft: { ...changed, listSubList: changed.listSubList!.map((f) => (f.fieldName === 'createdAt' ? { ...f, defaultValue: { ...bounds, start: '19:00:00' } } : f)) } });
    expect(refused.json().msg).toMatch(/listSubList\[\d+\]\.defaultValue: 字段创建时间\(createdAt\)默认值配置错误！开始时间不能晚于结束时间/);
    const saved = (await call('PUT', `/optimus_prime/cg-format/draft/${listId}`, { version, draft: changed })).json();
    expect(saved.success).toBe(true);
    expect((await call('POST', `/optimus_prime/cg-format/publish/${listId}`, { version: saved.data.version })).json().success).toBe(true);
    const params = (await call('GET', `/optimus_prime/cg-format-param/getParams/${listId}`)).json().data as { paramList: { fieldName: string; defaultValue: unknown }[] };
    expect(params.paramList.find((p) => p.fieldName === 'createdAt')?.defaultValue).toEqual(bounds);
  });
});
