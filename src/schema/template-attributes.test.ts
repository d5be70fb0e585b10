import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './field-definition';
import { parseTemplate } from './parse-template';
import { resolveDefault } from './defaults';
import { advancedRangeStart } from './search';
import { attributeLists, calculationOptions, checkTemplateAttributes, fieldAttributeKinds, templateAttributeProblem } from './template-attributes';
import type { Template } from './template';
import { describeDateSpec, rangeBounds, timeRangeDefault, toTimeRangeDefault } from './time-dialogs';

const num = (fieldName: string, fieldExplain: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ fieldName, fieldExplain, fieldType: 'NUMBER', formSubmitType: 'ONE_TXT', ...extra });
const settlement = (): Template => parseTemplate({
  formatName: '结算单表单', formatCode: 'settle_form', formatType: 'FORM', customTable: 'settle_main',
  formSubList: [
    { fieldName: 'settleDate', fieldExplain: '结算日期', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM', defaultValue: { type: 'date' } },
    num('totalAmount', '结算金额', { formSubmitType: 'CALCULATE', calculate: { customTable: 'settle_line', fieldName: ['amount'], mode: 'sum' } }),
    num('deductAmount', '扣款金额'),
    num('netAmount', '应付金额', { formSubmitType: 'CALCULATE', calculate: [{ fieldName: 'totalAmount' }, '-', { fieldName: 'deductAmount' }] }),
    { fieldName: 'shiftStart', fieldExplain: '交班时间', formSubmitType: 'TIME_BOX_TIM', defaultValue: '08:00:00' },
    { fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'TEXTAREA' },
  ],
  childSubLists: [{
    customTable: 'settle_line', label: '明细', fields: [
      num('net', '净重'), num('price', '单价'),
      num('amount', '金额', { formSubmitType: 'CALCULATE', calculate: [{ fieldName: 'net' }, '*', { fieldName: 'price' }] }),
    ],
  }],
});
const withField = (t: Template, index: number, patch: Partial<FieldDefinition>): Template =>
  ({ ...t, formSubList: t.formSubList!.map((f, i) => (i === index ? { ...f, ...patch } : f)) });

describe('template attributes (计算方式, 选择时间, 选择时间范围, 选择时间点)', () => {
  it('lists the main form and each child table, and offers each field the dialogs that configure it', () => {
    const t = settlement();
    const lists = attributeLists(t);
    expect(lists.map((l) => [l.path, l.label, l.role, l.table])).toEqual([
      ['formSubList', '表单字段', 'form', 'settle_main'], ['childSubLists[0].fields', '子表：明细', 'child', 'settle_line'],
    ]);
    const kinds = Object.fromEntries(lists[0].fields.map((f) => [f.fieldName, fieldAttributeKinds(f, lists[0])]));
    expect(kinds).toEqual({ settleDate: ['dateSpec'], totalAmount: ['calculate'], deductAmount: ['calculate'], netAmount: ['calculate'], shiftStart: ['timePoint'], remark: [] });
    expect(fieldAttributeKinds({ fieldName: 'createdAt', fieldExplain: '创建时间', fieldType: 'DATE', detailsUrl: 'TIME_RANGE_BOX' }, { role: 'list' })).toEqual(['timeRange']);
    // a child table's date field takes a relative default too (each new row resolves it)
    expect(fieldAttributeKinds({ fieldName: 'arriveDate', fieldExplain: '到货日期', fieldType: 'DATE', formSubmitType: 'DATA_BOX' }, lists[1])).toEqual(['dateSpec']);
    expect(fieldAttributeKinds({ fieldName: 'gross', fieldExplain: '毛重', fieldType: 'TEXT', detailsUrl: 'NUMBER' }, { role: 'list' })).toEqual(['calculate']);
  });

  it('offers 计算方式 the numeric fields of the same table and, on the main form, the child tables to sum', () => {
    const t = settlement();
    const [main, lines] = attributeLists(t);
    const forNet = calculationOptions(t, main, main.fields[3]);
    expect(forNet.fields.map((f) => `${f.customTable}.${f.fieldName}`)).toEqual(['settle_main.totalAmount', 'settle_main.deductAmount', 'settle_line.net', 'settle_line.price', 'settle_line.amount']);
    expect(forNet.sumTables).toEqual([{ value: 'settle_line', label: '明细' }]);
    const forAmount = calculationOptions(t, lines, lines.fields[2]);
    expect(forAmount).toEqual({ fields: [{ fieldName: 'net', fieldExplain: '净重', customTable: 'settle_line' }, { fieldName: 'price', fieldExplain: '单价', customTable: 'settle_line' }], sumTables: [] });
  });

  it('accepts the settlement as seeded and refuses calculations that reference what the template does not have, naming the field', () => {
    const t = settlement();
    expect(() => checkTemplateAttributes(t)).not.toThrow();
    expect(templateAttributeProblem(withField(t, 3, { calculate: [{ fieldName: 'totalAmount' }, '-', { fieldName: 'nothing' }] })))
      .toBe('formSubList[3].calculate[2].fieldName: 字段应付金额(netAmount)的计算方式引用的字段 nothing 不在本表字段中');
    expect(templateAttributeProblem(withField(t, 3, { calculate: [{ fieldName: 'net', customTable: 'settle_line' }] })))
      .toMatch(/^formSubList\[3\]\.calculate\[0\]\.customTable: .*只能引用本表的字段/);
    expect(templateAttributeProblem(withField(t, 3, { calculate: [{ fieldName: 'netAmount' }, '+', { fieldName: 'deductAmount' }] }))).toMatch(/不能引用字段自身/);
    expect(templateAttributeProblem(withField(t, 1, { calculate: { customTable: 'other_line', fieldName: ['amount'], mode: 'sum' } })))
      .toBe('formSubList[1].calculate.customTable: 字段结算金额(totalAmount)的合计表 other_line 不是本模板的子表');
    expect(templateAttributeProblem(withField(t, 1, { calculate: { customTable: 'settle_line', fieldName: ['weight'], mode: 'sum' } })))
      .toBe('formSubList[1].calculate.fieldName: 字段结算金额(totalAmount)的合计表 明细 没有字段 weight');
    expect(templateAttributeProblem(withField(t, 5, { calculate: [{ fieldName: 'deductAmount' }] }))).toMatch(/备注\(remark\)不是数字或计算字段/);
    // a definition the dialog cannot show again (a sign after an operator) is not well-formed for it
    expect(templateAttributeProblem(withField(t, 3, { calculate: [{ fieldName: 'totalAmount' }, '*', '-', { fieldName: 'deductAmount' }] }))).toMatch(/netAmount\)的计算方式有误/);
  });

  it('checks date specs, time ranges and time points where they belong', () => {
    const t = settlement();
    expect(templateAttributeProblem(withField(t, 0, { defaultValue: { type: 'date', month: { mark: 'fixed', value: 13 } } })))
      .toBe('formSubList[0].defaultValue: 字段结算日期(settleDate)的默认时间有误：固定的月须在 1 到 12 之间');
    expect(templateAttributeProblem(withField(t, 5, { defaultValue: { type: 'date', day: { mark: '+', value: 1 } } }))).toMatch(/备注\(remark\)不是日期字段/);
    expect(templateAttributeProblem(withField(t, 0, { defaultValue: toTimeRangeDefault(['08:00:00', '18:00:00']) }))).toMatch(/不是范围查询字段/);
    expect(templateAttributeProblem(withField(t, 4, { defaultValue: '25:00:00' }))).toBe('formSubList[4].defaultValue: 字段交班时间(shiftStart)的默认时间须为 HH:mm:ss（00:00:00 到 23:59:59）');
  });

  it('parses a time range default with the 选择时间范围 rules', () => {
    const list = (defaultValue: unknown) => ({ formatName: 'L', formatCode: 'l', formatType: 'LIST', listSubList: [{ fieldName: 'createdAt', fieldExplain: '创建时间', detailsUrl: 'TIME_RANGE_BOX', defaultValue }] });
    expect(parseTemplate(list({ type: 'timeRange', start: '08:00:00', end: '18:00:00' })).listSubList![0].defaultValue).toEqual({ type: 'timeRange', start: '08:00:00', end: '18:00:00' });
    expect(() => parseTemplate(list({ type: 'timeRange', start: '18:00:00', end: '08:00:00' }))).toThrow('listSubList[0].defaultValue: 字段创建时间(createdAt)默认值配置错误！开始时间不能晚于结束时间');
    expect(() => parseTemplate(list({ type: 'timeRange', start: '08:00', end: '18:00:00' }))).toThrow(/时间须在 00:00:00 到 23:59:59 之间/);
    expect(() => parseTemplate(list({ type: 'timeRange', start: '08:00:00', end: '18:00:00', x: 1 }))).toThrow(/defaultValue\.x/);
  });

  it('the runtime reads them: a range bounds picked days and starts the advanced query with today; no starting value in forms', () => {
    const field = { fieldName: 'createdAt', fieldExplain: '创建时间', detailsUrl: 'TIME_RANGE_BOX', defaultValue: toTimeRangeDefault(['08:00:00', '18:00:00']) } as FieldDefinition;
    expect(timeRangeDefault(field)).toEqual(['08:00:00', '18:00:00']);
    expect(rangeBounds({ defaultValue: null })).toEqual(['00:00:00', '23:59:59']);
    const now = new Date(2026, 10, 20, 15, 0, 0);
    expect(advancedRangeStart(field, now)).toEqual(['2026-11-20 08:00:00', '2026-11-20 18:00:00']);
    expect(advancedRangeStart({ ...field, defaultValue: null }, now)).toBeNull();
    expect(resolveDefault({ ...field, formSubmitType: 'TIME_RANGE_BOX' }, { now })).toBeUndefined();
    expect(resolveDefault({ formSubmitType: 'TIME_BOX_TIM', defaultValue: '08:30:00' }, { now })).toBe('08:30:00');
    expect(resolveDefault({ formSubmitType: 'DATA_BOX', defaultValue: { type: 'date', day: { mark: '+', value: 1 } } }, { now })).toBe('2026-11-21');
  });

  it('describes a date spec as people write it', () => {
    expect(describeDateSpec({ type: 'date' })).toBe('当前时间');
    expect(describeDateSpec({ type: 'date', day: { mark: '+', value: 1 }, hour: { mark: 'fixed', value: 8 } })).toBe('日 +1, 时 固定 8');
  });
});
