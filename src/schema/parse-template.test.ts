import { describe, expect, it } from 'vitest';
import { FIELD_LOCAL_KEYS, TemplateError, parseFieldDefinition, parseTemplate, rememberingFieldParser } from './parse-template';
import { templateAttributeProblem } from './template-attributes';

const list = {
  formatName: '采购过磅记录', formatCode: 'mm_pu_weigh_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST',
  resUrl: '/measure/mm-pu-weigh/list', resMethod: 'POST', customTable: 'mm_pu_weigh',
  buttons: [{ code: 'add', label: '新增', permission: 'mm_pu_weigh_add', action: 'add' }],
  listSubList: [
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldType: 'TEXT', iallowQuery: true, isortField: true, customTable: 'mm_pu_weigh' },
    { fieldName: 'net', fieldExplain: '净重', fieldType: 'TEXT', itotal: '1', cgValFormat: { valFormatFun: 'fixed3' }, detailsUrl: 'NUMBER' },
    { fieldName: 'amount', fieldExplain: '金额', calculate: [{ fieldName: 'net' }, '*', { fieldName: 'price' }] },
    { fieldName: 'status', fieldExplain: '状态', fieldType: 'ENUM', options: [{ value: 'AUDITED', label: '已审核', color: 'green' }] },
  ],
};

describe('parseTemplate', () => {
  it('parses a list template and fills the defaults', () => {
    const t = parseTemplate(list);
    expect(t.formatType).toBe('LIST');
    expect(t.listSubList).toHaveLength(4);
    expect(t.listSubList![0]).toMatchObject({ fieldName: 'plateNumber', ishow: true, ihidden: false, iupdate: true, iallowQuery: true, itotal: false });
    expect(t.listSubList![1]).toMatchObject({ itotal: true, cgValFormat: { valFormatFun: 'fixed3' } });
  });

  const problem = (patch: (t: typeof list) => unknown) => {
    const copy = structuredClone(list);
    const bad = patch(copy) ?? copy;
    try {
      parseTemplate(bad);
    } catch (error) {
      expect(error).toBeInstanceOf(TemplateError);
      return (error as Error).message;
    }
    return 'parsed';
  };

  it('names the field and the problem when a template does not parse', () => {
    expect(problem((t) => { t.formatCode = ''; })).toBe('formatCode: 不能为空');
    expect(problem((t) => { (t as Record<string, unknown>).formatType = 'GRID'; })).toBe('formatType: 取值无效（可选：LIST, FORM, SEARCH, RESOURCE, DETAIL）');
    expect(problem((t) => { t.listSubList[1].fieldName = 'net; drop table x'; })).toBe('listSubList[1].fieldName: 须为字母开头的字母、数字或下划线，最长64位');
    expect(problem((t) => { t.listSubList[1].cgValFormat = { valFormatFun: 'alert(1)' }; })).toMatch(/^listSubList\[1\]\.cgValFormat\.valFormatFun: 未知的值格式/);
    expect(problem((t) => { t.listSubList[2].calculate = [{ fieldName: 'net' }, '*']; })).toBe('listSubList[2].calculate: 计算公式不完整');
    expect(problem((t) => { (t.listSubList[0] as Record<string, unknown>).onClick = 'x'; })).toBe('listSubList[0].onClick: 未知属性');
    expect(problem((t) => { t.listSubList.push({ ...t.listSubList[0] }); })).toBe('listSubList[4].fieldName: 字段 plateNumber 重复');
    expect(problem((t) => { t.resUrl = 'javascript:alert(1)'; })).toBe('resUrl: 须为接口路径');
    expect(problem((t) => { t.customTable = 'MM PU'; })).toBe('customTable: 须为小写字母、数字和下划线');
  });

  it('keeps a picking field\'s designed parameter links (an empty list too), leaves them out when not given, and refuses two links to one popup field', () => {
    const field = { fieldName: 'vendorName', fieldExplain: '供应商', formSubmitType: 'RESOURCE_CONTROLS', cgFormatResId: 3 };
    expect(parseFieldDefinition(field)).not.toHaveProperty('paramLinks');
    expect(parseFieldDefinition({ ...field, paramLinks: [] }).paramLinks).toEqual([]);
    const link = { fieldSub1: { fieldName: 'billCode', masterTable: 'mm_pu_weigh' }, fieldSub2: { fieldName: 'vendorCode' } };
    expect(parseFieldDefinition({ ...field, paramLinks: [link] }).paramLinks).toEqual([link]);
    expect(() => parseFieldDefinition({ ...field, paramLinks: [link, { ...link, fieldSub1: { fieldName: 'plateNumber' } }] }, 'formSubList[1]'))
      .toThrow('formSubList[1].paramLinks[1]: 弹窗字段 vendorCode 已有参数关联');
    expect(() => parseFieldDefinition({ ...field, paramLinks: [{ fieldSub1: { fieldName: 'a b' }, fieldSub2: { fieldName: 'x' } }] })).toThrow(TemplateError);
    expect(() => parseFieldDefinition({ ...field, paramLinks: [{ ...link, op: 'like' }] })).toThrow(TemplateError);
  });

  it('checks date default specs with the spec message', () => {
    expect(() => parseFieldDefinition({ fieldName: 'weighDate', fieldExplain: '过磅日期', defaultValue: { type: 'date', day: { mark: '*', value: 1 } } }))
      .toThrow('字段过磅日期(weighDate)默认值配置错误！');
    expect(parseFieldDefinition({ fieldName: 'weighDate', fieldExplain: '过磅日期', defaultValue: { type: 'date', day: { mark: '-', value: 1 }, hour: { mark: 'fixed', value: 0 } } }).defaultValue)
      .toEqual({ type: 'date', day: { mark: '-', value: 1 }, hour: { mark: 'fixed', value: 0 } });
  });

  it('refuses a custom rule that is not a regular expression', () => {
    expect(() => parseFieldDefinition({ fieldName: 'code', fieldExplain: '编码', cgValidate: { validateMethod: '([a-z', validateTitle: '编码格式错误' } }))
      .toThrow('field.cgValidate.validateMethod: 不是有效的正则表达式');
  });

  it('with a remembering field parser, parses a field object once and a new object again, its problem named at its path', () => {
    const field = rememberingFieldParser();
    const template = structuredClone(list);
    const first = parseTemplate(template, { field });
    const again = parseTemplate(template, { field });
    expect(again.listSubList![2]).toBe(first.listSubList![2]);
    expect(parseTemplate(structuredClone(template), { field }).listSubList![2]).not.toBe(first.listSubList![2]);
    const changed = { ...template, listSubList: template.listSubList.map((f, i) => (i === 1 ? { ...f, cgValFormat: { valFormatFun: 'nope' } } : f)) };
    expect(() => parseTemplate(changed, { field })).toThrow(/^listSubList\[1\]\.cgValFormat\.valFormatFun: 未知的值格式/);
    expect(() => parseTemplate({ ...changed, listSubList: [changed.listSubList[1]] }, { field })).toThrow(/^listSubList\[0\]\.cgValFormat/);
  });

  it('lets a local property of any field change without touching a rule of the template (the designer checks that field alone)', () => {
    // every rule of the template that reads fields: names once per list, the grid, a report chart,
    // calculations on the form and in a child table, a sum, default times
    const template = {
      formatName: '规则', formatCode: 'rules', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', customTable: 'pu_bill',
      groups: [{ key: 'base', label: '基本' }],
      formSubList: [
        { fieldName: 'price', fieldExplain: '单价', fieldType: 'NUMBER', layout: { row: 0, col: 0, span: 12, group: 'base' } },
        { fieldName: 'qty', fieldExplain: '数量', fieldType: 'NUMBER', layout: { row: 0, col: 12, span: 12, group: 'base' } },
        { fieldName: 'amount', fieldExplain: '金额', fieldType: 'NUMBER', calculate: [{ fieldName: 'price', customTable: null }, '*', { fieldName: 'qty', customTable: null }], layout: { row: 1, col: 0, span: 12 } },
        { fieldName: 'lineTotal', fieldExplain: '明细合计', fieldType: 'NUMBER', calculate: { customTable: 'pu_bill_line', fieldName: ['lineAmount'], mode: 'sum' }, layout: { row: 1, col: 12, span: 12 } },
        { fieldName: 'signDate', fieldExplain: '签订日期', formSubmitType: 'DATA_BOX', defaultValue: { type: 'date', day: { mark: '+', value: 1 } }, layout: { row: 1, col: 24, span: 12 } },
        { fieldName: 'arrive', fieldExplain: '到货时间', formSubmitType: 'TIME_BOX_TIM', defaultValue: '08:30:00', layout: { row: 2, col: 0, span: 48 } },
      ],
      listSubList: [{ fieldName: 'vendor', fieldExplain: '供应商' }, { fieldName: 'amount', fieldExplain: '金额', fieldType: 'NUMBER' }],
      chart: { type: 'bar', x: 'vendor', y: ['amount'] },
      childSubLists: [{ customTable: 'pu_bill_line', label: '明细', fields: [
        { fieldName: 'linePrice', fieldExplain: '单价', fieldType: 'NUMBER' }, { fieldName: 'lineQty', fieldExplain: '数量', fieldType: 'NUMBER' },
        { fieldName: 'lineAmount', fieldExplain: '金额', fieldType: 'NUMBER', calculate: [{ fieldName: 'linePrice' }, '*', { fieldName: 'lineQty' }] },
      ] }],
    };
    const keeps = (t: unknown) => templateAttributeProblem(parseTemplate(t));
    expect(keeps(template)).toBeNull();
    // the precondition: these rules do catch a change of a property that is not local
    expect(() => parseTemplate({ ...template, listSubList: [template.listSubList[0], { ...template.listSubList[1], fieldType: 'CHAR' }] })).toThrow(/不是数值列/);
    expect(keeps({ ...template, formSubList: template.formSubList.map((f) => (f.fieldName === 'qty' ? { ...f, fieldType: 'CHAR' } : f)) })).toBeNull();
    expect(keeps({ ...template, formSubList: template.formSubList.map((f) => (f.fieldName === 'amount' ? { ...f, fieldType: 'CHAR' } : f)) })).toMatch(/不是数字或计算字段/);

    const values: Record<string, unknown[]> = {
      fieldExplain: ['标', '另一个很长的名字'], tipsMessage: ['', '请填写'], sortMethod: ['asc', 'desc', null], columnWidth: [20, 2000], rows: [1, 50], maxCount: [1, 20],
    };
    const lists = (t: typeof template) => [t.formSubList, t.listSubList, ...t.childSubLists.map((c) => c.fields)] as Record<string, unknown>[][];
    let changed = 0;
    for (const key of FIELD_LOCAL_KEYS) {
      for (const value of values[key] ?? [true, false, '1', '0']) {
        lists(template).forEach((list, l) => list.forEach((_, i) => {
          const copy = structuredClone(template);
          lists(copy)[l][i] = { ...lists(copy)[l][i], [key]: value };
          expect(keeps(copy), `${key} = ${JSON.stringify(value)} on list ${l} field ${i}`).toBeNull();
          changed += 1;
        }));
      }
    }
    expect(changed).toBeGreaterThan(500);
  });
});

