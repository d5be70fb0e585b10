import { describe, expect, it } from 'vitest';
import { checkDraftRules } from './draft-rules';
import { isNumberColumn, type DeclaredColumnTypes } from './field-definition';
import { parseTemplate } from './parse-template';
import type { Template } from './template';

/** A list over 仓库 whose columns show as 文本（列表） (as the seeded lists show number columns too). */
const list = (patch: Partial<Template> = {}): Template => parseTemplate({
  formatName: '仓库', formatCode: 'as_warehouse_list', formatType: 'LIST', customTable: 'as_warehouse',
  listSubList: [
    { fieldName: 'warehouseName', fieldExplain: '仓库名称', fieldType: 'TEXT' },
    { fieldName: 'capacity', fieldExplain: '库容', fieldType: 'TEXT' },
  ],
  ...patch,
});
const declared: DeclaredColumnTypes = { as_warehouse: { warehouseName: 'CHAR', capacity: 'NUMBER' } };
const summing = (name: string) => list({ listSubList: list().listSubList!.map((f) => ({ ...f, itotal: f.fieldName === name })) });
const problem = (t: Template, types = declared) => {
  try {
    checkDraftRules(t, types);
    return null;
  } catch (error) {
    return { path: (error as { path: string }).path, problem: (error as { problem: string }).problem };
  }
};

describe('合计 and a chart only on number columns (checkDraftRules, the designer and the server)', () => {
  it('goes by the type the data source declares, not by how the list shows the column', () => {
    expect(problem(summing('capacity'))).toBeNull();
    expect(problem(summing('warehouseName'))).toEqual({ path: 'listSubList[0].itotal', problem: '字段仓库名称(warehouseName)不是数值列，不能合计' });
    // a text column shown as 数值 is still text
    const shownAsNumber = list({ listSubList: [{ ...list().listSubList![0], fieldType: 'NUMBER', itotal: true }] });
    expect(problem(shownAsNumber)).toMatchObject({ path: 'listSubList[0].itotal' });
    // a child table's column by its own table's types
    const child = list({ childSubLists: [{ customTable: 'as_stock', label: '库存', fields: [{ fieldName: 'qty', fieldExplain: '数量', fieldType: 'TEXT', itotal: true }] }] });
    expect(problem(child, { ...declared, as_stock: { qty: 'CHAR' } })).toEqual({ path: 'childSubLists[0].fields[0].itotal', problem: '字段数量(qty)不是数值列，不能合计' });
    expect(problem(child, { ...declared, as_stock: { qty: 'NUMBER' } })).toBeNull();
  });

  it("without the data sources, by the column's own marks (a NUMBER type or search input, a calculation)", () => {
    expect(isNumberColumn({ fieldType: 'TEXT', detailsUrl: 'NUMBER' })).toBe(true);
    expect(isNumberColumn({ fieldType: 'TEXT' })).toBe(false);
    expect(isNumberColumn({ fieldType: 'NUMBER' }, 'CHAR')).toBe(false);
    expect(problem(summing('warehouseName'), {})).toMatchObject({ path: 'listSubList[0].itotal' });
    const marked = list({ listSubList: list().listSubList!.map((f) => (f.fieldName === 'capacity' ? { ...f, detailsUrl: 'NUMBER', itotal: true } : f)) });
    expect(problem(marked, {})).toBeNull();
  });

  it("a chart's values are number columns by the same rule", () => {
    const charted = (y: string) => list({ listSubList: list().listSubList!.map((f) => (f.fieldName === 'capacity' ? { ...f, detailsUrl: 'NUMBER' } : f)), chart: { type: 'bar', x: 'warehouseName', y: [y] } });
    expect(problem(charted('capacity'))).toBeNull();
    expect(problem(charted('capacity'), { as_warehouse: { capacity: 'CHAR' } })).toEqual({ path: 'chart.y[0]', problem: '库容 不是数值列' });
  });
});
