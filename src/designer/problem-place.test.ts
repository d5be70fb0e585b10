import { describe, expect, it } from 'vitest';
import { fill } from '../schema/fill';
import { fromTemplate } from '../schema/design-nodes';
import { parseTemplate } from '../schema/parse-template';
import { placeOfPath, problemText } from './engine/designer';
import { placeText, problemAt } from './problem-place';
import { placeInFile, readableProblem } from './template-problem';

const chinese = fill;
/** A stand-in translation: every word in brackets, so that what went through `tr` shows. */
const bracketed = (text: string, vars?: Record<string, string | number>) => fill(`[${text}]`, vars);

const file = {
  formatName: '采购合同', formatCode: 'pu_contract_form', formatType: 'FORM', customTable: 'pu_contract',
  formSubList: [{ fieldName: 'contractCode', fieldExplain: '合同编号' }, { fieldName: 'vendorName', fieldExplain: '供应商' }],
  childSubLists: [{ customTable: 'pu_contract_line', label: '合同明细', fields: [{ fieldName: 'lineQty', fieldExplain: '数量', fieldType: 'NUMBER' }] }],
  groups: [{ key: 'base', label: '基本信息' }],
  buttons: [{ code: 'export', label: '导出', action: 'export' }],
};

describe('one wording for a problem\'s place, from the node map or from a file', () => {
  it('says a field by its name and 标题, its property by the panel\'s label, and the other things by their names', () => {
    expect(problemAt({ kind: 'field', name: 'vendorName', label: '供应商', key: 'fieldExplain' }, '不能为空')).toBe('字段 vendorName（供应商）的「标题」不能为空');
    expect(problemAt({ kind: 'field', name: 'vendorName', label: '', key: null }, '不存在')).toBe('字段 vendorName：不存在');
    expect(problemAt({ kind: 'childTable', label: '合同明细' }, '不能为空')).toBe('子表 合同明细：不能为空');
    expect(problemAt({ kind: 'tabGroup', label: '基本信息' }, '不能为空')).toBe('分组 基本信息：不能为空');
    expect(problemAt({ kind: 'button', label: '导出', key: 'permission' }, '格式不正确')).toBe('按钮「导出」的「权限标识」格式不正确');
    // the template's own attributes as 模板设计 names them
    expect(problemAt({ kind: 'template', key: 'formatCode' }, '不能为空')).toBe('模板编码：不能为空');
    expect(placeText({ kind: 'template', key: '' })).toBe('模板');
    // a rule that names its field itself is said as it is; an unknown place gives the problem alone
    expect(problemAt({ kind: 'field', name: 'amount', label: '金额', key: 'calculate' }, '字段金额(amount)的计算方式不能引用字段自身')).toBe('字段金额(amount)的计算方式不能引用字段自身');
    expect(problemAt(null, '不能为空')).toBe('不能为空');
  });

  it('the node map and the file name the same field the same way; the file adds its list and position', () => {
    const draft = fromTemplate(parseTemplate(file));
    const path = 'formSubList[1].fieldExplain';
    expect(problemText(draft, path, '不能为空')).toBe('字段 vendorName（供应商）的「标题」不能为空');
    expect(readableProblem(file, `template.${path}`, '不能为空', chinese)).toBe('表单字段 第2个字段 vendorName（供应商）的「标题」不能为空');
    const { at: _at, ...fromFile } = placeInFile(file, path, chinese) as Extract<ReturnType<typeof placeInFile>, { kind: 'field' }>;
    expect(fromFile).toEqual(placeOfPath(draft, path));
    // child tables, their columns, tab groups and buttons alike
    expect(placeInFile(file, 'childSubLists[0].label', chinese)).toEqual(placeOfPath(draft, 'childSubLists[0].label'));
    expect(readableProblem(file, 'childSubLists[0].fields[0].columnWidth', '不能超过 2000', chinese)).toBe('子表：合同明细 第1个字段 lineQty（数量）的「列宽」不能超过 2000');
    expect(placeInFile(file, 'groups[0].label', chinese)).toEqual(placeOfPath(draft, 'groups[0].label'));
    expect(placeInFile(file, 'buttons[0].permission', chinese)).toEqual(placeOfPath(draft, 'buttons[0].permission'));
  });

  it('a file that does not parse still has its places named as far as it goes', () => {
    const broken = { formatCode: 'x', formSubList: [{ fieldExplain: '无名' }, 'not a field'] };
    expect(readableProblem(broken, 'template.formSubList[0].fieldName', '不能为空', chinese)).toBe('表单字段 第1个字段（无名）：不能为空');
    expect(readableProblem(broken, 'template.formSubList[1]', '应为对象', chinese)).toBe('表单字段 第2个字段：应为对象');
    expect(readableProblem(broken, 'template.formatName', '不能为空', chinese)).toBe('模板名称：不能为空');
    expect(readableProblem(broken, 'template.chart.y[0]', '须为列名', chinese)).toBe('chart.y[0]：须为列名');
    expect(readableProblem(broken, null, '不能为空', chinese)).toBe('不能为空');
  });

  it('is said in the language shown: every part goes through the translation', () => {
    expect(readableProblem(file, 'template.formSubList[1].fieldExplain', '不能为空', bracketed))
      .toBe('[{place}{problem}]'.replace('{place}', '[{thing}的「{property}」]'.replace('{thing}', '[{list} 第{n}个{field}]'.replace('{list}', '[表单字段]').replace('{n}', '2').replace('{field}', '[字段 {name}（{label}）]'.replace('{name}', 'vendorName').replace('{label}', '供应商'))).replace('{property}', '[标题]')).replace('{problem}', '[不能为空]'));
  });
});
