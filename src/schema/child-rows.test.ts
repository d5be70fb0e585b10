import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './field-definition';
import { CHILD_MESSAGES, addUnique, cellProblem, childTotals, copyRows, emptyRow, insertAt, moveRow, removeRows, toSubmitRows, validateRows, type ChildRow } from './child-rows';

const fields: FieldDefinition[] = [
  { fieldName: 'invName', fieldExplain: '存货', irequired: true, iupdate: true },
  { fieldName: 'planQty', fieldExplain: '计划量', itotal: true, defaultValue: '0' },
  { fieldName: 'remark', fieldExplain: '备注' },
];
const rows = (): ChildRow[] => [
  { rowKey: 'a', id: 11, invName: '原煤', planQty: '0.1' },
  { rowKey: 'b', invName: '精煤', planQty: '0.2' },
  { rowKey: 'c', invName: ' ', planQty: '1' },
];

describe('child rows', () => {
  it('makes a new row from the plain defaults', () => {
    expect(emptyRow(fields)).toMatchObject({ invName: null, planQty: '0', remark: null, rowKey: expect.any(String) });
    const now = new Date(2026, 10, 23, 10, 30, 0);
    const dated: FieldDefinition[] = [
      { fieldName: 'arriveDate', fieldExplain: '到货日期', formSubmitType: 'DATA_BOX', defaultValue: { type: 'date', day: { mark: '+', value: 1 } } },
      { fieldName: 'orgName', fieldExplain: '公司', formSubmitType: 'ONE_TXT', defaultValue: '$currentOrgName' },
      { fieldName: 'planQty', fieldExplain: '计划', fieldType: 'NUMBER', defaultValue: '0' },
      { fieldName: 'remark', fieldExplain: '备注' },
    ];
    // with the form's context a new line resolves its defaults as the main form does
    expect(emptyRow(dated, { now, currentOrgName: '东方能源' })).toMatchObject({ arriveDate: '2026-11-24', orgName: '东方能源', planQty: '0', remark: null });
    // without one, only plain values
    expect(emptyRow(dated)).toMatchObject({ arriveDate: null, orgName: '$currentOrgName', planQty: '0' });
  });
  it('inserts at a position and moves a row to a typed number within 0..rows-1', () => {
    const r = rows();
    expect(insertAt(r, 1, [{ rowKey: 'x' }]).map((x) => x.rowKey)).toEqual(['a', 'x', 'b', 'c']);
    expect(moveRow(r, 'c', 0)!.map((x) => x.rowKey)).toEqual(['c', 'a', 'b']);
    expect(moveRow(r, 'c', 3)).toBeNull();
    expect(moveRow(r, 'c', -1)).toBeNull();
  });
  it('copies one selected row as a new row after it; asks for a selection and refuses several', () => {
    expect(copyRows(rows(), [])).toBe(CHILD_MESSAGES.selectOne);
    expect(copyRows(rows(), ['a', 'b'])).toBe(CHILD_MESSAGES.atMostOne);
    const copied = copyRows(rows(), ['a']) as ChildRow[];
    expect(copied).toHaveLength(4);
    expect(copied[1]).toMatchObject({ invName: '原煤' });
    expect(copied[1].id).toBeUndefined();
    expect(copied[1].rowKey).not.toBe('a');
    expect(removeRows(copied, ['a']).map((r) => r.invName)).toEqual(['原煤', '精煤', ' ']);
  });
  it('adds picked rows only once per key field', () => {
    expect(addUnique(rows(), [{ rowKey: 'y', invName: '原煤' }, { rowKey: 'z', invName: '焦煤' }], 'invName').map((r) => r.invName)).toEqual(['原煤', '精煤', ' ', '焦煤']);
  });
  it('checks cells: {label}不能为空！ for shown, updatable, required fields', () => {
    expect(cellProblem(fields[0], '')).toBe('存货不能为空！');
    expect(cellProblem({ ...fields[0], iupdate: false }, '')).toBeNull();
    expect(validateRows(rows(), fields, 'pu_notice_line')).toEqual([{ rowKey: 'c', index: 2, field: 'invName', message: '存货不能为空！' }]);
  });
  it('checks a line\'s negative 金额 by its table: a settlement\'s line refuses it, a line of an administrator\'s own table takes it', () => {
    const line: FieldDefinition[] = [{ fieldName: 'routeName', fieldExplain: '线路' }, { fieldName: 'amount', fieldExplain: '金额(元)', fieldType: 'NUMBER' }];
    const lines: ChildRow[] = [{ rowKey: 'a', routeName: 'A-B', amount: '10' }, { rowKey: 'b', routeName: 'B-C', amount: '-5' }];
    expect(validateRows(lines, line, 'fd_pu_settlement')).toEqual([{ rowKey: 'b', index: 1, field: 'amount', message: '金额不能小于0' }]);
    expect(cellProblem(line[1], '-5', lines[1], line, 'fd_sa_settlement')).toBe('金额不能小于0');
    expect(validateRows(lines, line, 'tr_freight_contract_line')).toEqual([]);
    expect(cellProblem(line[1], '-5', lines[1], line, 'tr_freight_contract_line')).toBeNull();
    expect(cellProblem(line[1], '-5', lines[1], line)).toBeNull();
  });
  it('submits trimmed values with nulls and existing ids; sums with the x1000 rule', () => {
    expect(toSubmitRows(rows(), fields)[0]).toEqual({ id: 11, invName: '原煤', planQty: '0.1', remark: null });
    expect(toSubmitRows(rows(), fields)[2]).toEqual({ invName: null, planQty: '1', remark: null });
    expect(childTotals(rows(), fields)).toEqual({ planQty: 1.3 });
  });
});
