import { describe, expect, it } from 'vitest';
import { resolveDateSpec, resolveDefault } from './defaults';
import type { FieldDefinition } from './field-definition';
import { compileForm, gridByWidth, toFormValues, toSubmitValues } from './form-schema';
import { componentOf } from './form-controls';

const ctx = { user: 7, username: '张司磅', currentOrg: 1, currentOrgName: '东方能源有限公司', currentGroup: 9, currentGroupName: '演示集团', now: new Date(2026, 10, 23, 10, 20, 30) };
const fields: FieldDefinition[] = [
  { fieldName: 'plateNumber', fieldExplain: '车牌号', formSubmitType: 'ONE_TXT', irequired: true, seq: 10, iupdate: false },
  { fieldName: 'orgName', fieldExplain: '公司', formSubmitType: 'ONE_TXT', defaultValue: '$currentOrgName', seq: 20 },
  { fieldName: 'inTime', fieldExplain: '预计进厂时间', formSubmitType: 'DATA_BOX_TIM', defaultValue: { type: 'date', day: { mark: '+', value: 1 }, hour: { mark: 'fixed', value: 8 }, minute: { mark: 'fixed', value: 0 }, second: { mark: 'fixed', value: 0 } }, seq: 30 },
  { fieldName: 'materials', fieldExplain: '物料', formSubmitType: 'SELECT_MORE', options: [{ value: 'a', label: '原煤' }, { value: 'b', label: '精煤' }], seq: 40 },
  { fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'TEXTAREA', seq: 50 },
  { fieldName: 'hiddenNote', fieldExplain: '不显示', ishow: false, seq: 60 },
];

describe('compileForm', () => {
  it('lays the visible fields out in seq order on 4 columns, remarks on a full row', () => {
    const { schema, columns } = compileForm({ formSubList: fields }, 'create', ctx);
    expect(columns).toBe(4);
    const props = schema.properties!.grid.properties!;
    expect(Object.keys(props)).toEqual(['plateNumber', 'orgName', 'inTime', 'materials', 'remark']);
    expect(props.remark['x-decorator-props']).toMatchObject({ gridSpan: 4, labelWidth: 100 });
    expect(props.plateNumber['x-decorator-props']).toMatchObject({ gridSpan: 1 });
    expect(schema.properties!.grid['x-component-props']).toMatchObject({ maxColumns: [1, 2, 4], columnGap: 20 });
    expect(compileForm({ formSubList: fields, formatStyle: 'FORMAT_EIGHT_COLUMN_FROM' }, 'create', ctx).columns).toBe(8);
  });
  it('gives a field\'s 提示文字 to its empty box, and to a text box\'s hover title as well (a narrow box cuts it)', () => {
    const tipped: FieldDefinition[] = [
      { fieldName: 'weighNo', fieldExplain: '磅单号', formSubmitType: 'ONE_TXT', tipsMessage: '保存时自动生成', seq: 1 },
      { fieldName: 'note', fieldExplain: '说明', formSubmitType: 'TEXTAREA', tipsMessage: '不超过 200 字', seq: 2 },
      { fieldName: 'kind', fieldExplain: '类型', formSubmitType: 'SELECT', options: [{ value: 'a', label: '甲' }], tipsMessage: '请选类型', seq: 3 },
      { fieldName: 'plain', fieldExplain: '无提示', formSubmitType: 'ONE_TXT', seq: 4 },
    ];
    const props = compileForm({ formSubList: tipped }, 'create', ctx).schema.properties!.grid.properties!;
    const shown = (name: string) => { const p = props[name]['x-component-props'] as { placeholder?: string; title?: string }; return [p.placeholder, p.title]; };
    expect([shown('weighNo'), shown('note'), shown('kind'), shown('plain')]).toEqual([
      ['保存时自动生成', '保存时自动生成'], ['不超过 200 字', '不超过 200 字'], ['请选类型', undefined], [undefined, undefined],
    ]);
  });
  it('applies defaults only when creating: macros and the relative date spec', () => {
    const props = compileForm({ formSubList: fields }, 'create', ctx).schema.properties!.grid.properties!;
    expect(props.orgName.default).toBe('东方能源有限公司');
    expect(props.inTime.default).toBe('2026-11-24 08:00:00');
    expect(compileForm({ formSubList: fields }, 'update', ctx).schema.properties!.grid.properties!.orgName.default).toBeUndefined();
  });
  it('disables fields that are not updatable when editing, and every input while weighing (the confirmation table stays operable)', () => {
    const update = compileForm({ formSubList: fields }, 'update', ctx).schema.properties!.grid.properties!;
    expect(update.plateNumber['x-pattern']).toBe('disabled');
    expect(update.orgName['x-pattern']).toBe('editable');
    const weigh = compileForm({ formSubList: fields }, 'weigh', ctx).schema.properties!.grid.properties!;
    expect(Object.values(weigh).every((n) => n['x-pattern'] === 'disabled')).toBe(true);
    const checks = { fieldName: 'siteChecks', fieldExplain: '现场确认', fieldType: 'JSON' as const, formSubmitType: 'Announcement' as const };
    const withChecks = compileForm({ formSubList: [...fields, checks] }, 'weigh', ctx).schema.properties!.grid.properties!;
    expect(withChecks.siteChecks['x-pattern']).toBe('editable');
    expect(withChecks.plateNumber['x-pattern']).toBe('disabled');
    expect(compileForm({ formSubList: [...fields, checks] }, 'view', ctx).schema.properties!.grid.properties!.siteChecks['x-pattern']).toBe('readPretty');
  });
  it('gives required fields the form engine’s message and the value rules on blur', () => {
    const props = compileForm({ formSubList: [...fields, { fieldName: 'idNumber', fieldExplain: '身份证号' }] }, 'create', ctx).schema.properties!.grid.properties!;
    expect(props.plateNumber['x-validator']![0]).toEqual({ required: true, message: '必须填写车牌号' });
    const blur = props.idNumber['x-validator']!.find((r) => r.triggerType === 'onBlur')!;
    expect(blur.validator!('110105194912310021')).toBe('身份证号校验位错误!');
    expect(blur.validator!('11010519491231002X')).toBeUndefined();
  });
  it('refuses a negative amount or price by the template\'s table: a receipt\'s 收款金额, not an administrator\'s own table\'s 金额', () => {
    const money: FieldDefinition[] = [
      { fieldName: 'amount', fieldExplain: '收款金额(元)', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', seq: 1 },
      { fieldName: 'price', fieldExplain: '单价', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', seq: 2 },
    ];
    /** What the compiled form's rules say of a value typed in a field (every rule, as the form runs them). */
    const problems = (customTable: string | undefined, name: string, value: unknown) => {
      const node = compileForm({ formSubList: money, customTable }, 'create', ctx).schema.properties!.grid.properties![name];
      return node['x-validator']!.map((r) => r.validator?.(value, r, { form: { values: { [name]: value } } })).filter(Boolean);
    };
    expect(problems('recive_payment', 'amount', '-5')).toEqual(['收款金额不能小于0']);
    expect(problems('recive_payment', 'amount', '5')).toEqual([]);
    for (const table of ['tr_freight_contract', undefined]) {
      expect(problems(table, 'amount', '-5'), String(table)).toEqual([]);
      expect(problems(table, 'price', '-5'), String(table)).toEqual([]);
    }
  });
  it('picks components by kind and by the field’s role', () => {
    expect(componentOf({ fieldName: 'plateNumber', fieldExplain: '车牌号' })).toBe('Plate');
    expect(componentOf({ fieldName: 'num', fieldExplain: '数量', formSubmitType: 'ONE_TXT' })).toBe('Digits');
    expect(componentOf({ fieldName: 'gross', fieldExplain: '毛重', fieldType: 'NUMBER' })).toBe('NumberInput');
    expect(componentOf({ fieldName: 'sql', fieldExplain: 'SQL', formSubmitType: 'TEXTAREA_SENTENCE' })).toBe('SqlEditor');
  });
  it('renders the confirmation table (Announcement) as a full-row list field', () => {
    const confirmations: FieldDefinition = { fieldName: 'confirmations', fieldExplain: '现场确认', formSubmitType: 'Announcement' };
    expect(componentOf(confirmations)).toBe('Announcement');
    const node = compileForm({ formSubList: [confirmations] }, 'update', ctx).schema.properties!.grid.properties!.confirmations;
    expect(node).toMatchObject({ type: 'array', 'x-component': 'Announcement', 'x-decorator-props': { gridSpan: 4 } });
  });
});

describe('the grid by its width', () => {
  /** The columns FormGrid shows at a grid width (the first breakpoint the width does not pass). */
  const at = (grid: { breakpoints: number[]; columns: number[] }, width: number) => grid.columns[grid.breakpoints.findIndex((b) => width <= b)];

  it('shows an 8-column form on 8, 4, 2 or 1 columns — never 5 (a 1280 px window left five fields a row)', () => {
    const grid = gridByWidth(8, ['Input', 'NumberInput', 'Select']);
    const seen = new Set([300, 500, 800, 1030, 1190, 1500, 1580, 1700, 2400].map((w) => at(grid, w)));
    expect([...seen].sort()).toEqual([1, 2, 4, 8]);
    expect(at(grid, 1030)).toBe(4); // the edit page at 1280 × 800
    expect(at(grid, 1580)).toBe(8); // 8 × (100 + 80) + 7 gaps
  });

  it('gives a date-time its whole width: fewer columns rather than a cut-off value', () => {
    const plain = gridByWidth(4, ['Input']);
    const withTime = gridByWidth(4, ['Input', 'DateTime']);
    expect(at(plain, 1030)).toBe(4);
    expect(at(withTime, 1030)).toBe(2); // 4 × (100 + 176) + 3 gaps = 1164 > 1030
    expect(at(withTime, 1190)).toBe(4); // at 1440 × 900
  });

  it('is what the compiled form asks FormGrid for', () => {
    const { schema } = compileForm({ formatStyle: 'FORMAT_EIGHT_COLUMN_FROM', formSubList: fields }, 'create', ctx);
    const props = schema.properties!.grid['x-component-props'] as { breakpoints: number[]; maxColumns: number[]; minColumns: number[] };
    expect(props.maxColumns).toEqual([1, 2, 4, 8]);
    expect(props.minColumns).toEqual(props.maxColumns);
    expect(props.breakpoints).toEqual(gridByWidth(8, ['Input', 'Input', 'DateTime', 'MultiSelect']).breakpoints);
  });
});

describe('form values', () => {
  it('submits trimmed strings, nulls for empties, comma-joined multi-values, and leaves out what the mode cannot change', () => {
    const values = { plateNumber: ' 蒙A12345 ', orgName: '  ', materials: ['a', 'b'], remark: '' };
    expect(toSubmitValues(fields, values, 'create')).toEqual({ plateNumber: '蒙A12345', orgName: null, inTime: null, materials: 'a,b', remark: null });
    expect(toSubmitValues(fields, values, 'update')).not.toHaveProperty('plateNumber');
    expect(toFormValues(fields, { materials: 'a,b', plateNumber: 'X' })).toEqual({ materials: ['a', 'b'], plateNumber: 'X' });
  });
  it('resolves relative dates part by part and date-only kinds without a time', () => {
    expect(resolveDateSpec({ type: 'date', month: { mark: '-', value: 1 }, day: { mark: 'fixed', value: 1 } }, ctx.now).toDateString()).toBe(new Date(2026, 9, 1, 10, 20, 30).toDateString());
    expect(resolveDefault({ formSubmitType: 'DATA_BOX', defaultValue: { type: 'date' } }, ctx)).toBe('2026-11-23');
    expect(resolveDefault({ fieldType: 'BOOLEAN', defaultValue: 'true' }, ctx)).toBe(true);
  });
});

describe('PU/SA company default (spec 001 §4)', () => {
  const base = { now: new Date(2026, 10, 23), currentOrg: 7, currentOrgName: '东方能源' };
  it('a purchase document takes the receiving company, a sale document the delivering company, from the current organisation', () => {
    const pu = { ...base, weighStatus: 'PU' as const };
    const sa = { ...base, weighStatus: 'SA' as const };
    expect(resolveDefault({ fieldName: 'reCompanyName' }, pu)).toBe('东方能源');
    expect(resolveDefault({ fieldName: 'reCompanyId' }, pu)).toBe(7);
    expect(resolveDefault({ fieldName: 'deCompanyName' }, pu)).toBeUndefined();
    expect(resolveDefault({ fieldName: 'deCompanyName' }, sa)).toBe('东方能源');
    expect(resolveDefault({ fieldName: 'reCompanyName' }, sa)).toBeUndefined();
  });
  it('does nothing without a weighing status, and a configured default wins', () => {
    expect(resolveDefault({ fieldName: 'reCompanyName' }, base)).toBeUndefined();
    expect(resolveDefault({ fieldName: 'reCompanyName', defaultValue: '$currentGroupName' }, { ...base, weighStatus: 'PU', currentGroupName: '集团' })).toBe('集团');
  });
});
