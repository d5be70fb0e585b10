import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from './field-definition';
import { isChildSum, recalculateMain, recalculateRow, withRowCalculations } from './form-calc';

const line: FieldDefinition[] = [
  { fieldName: 'net', fieldExplain: '净重', fieldType: 'NUMBER' },
  { fieldName: 'deductWeight', fieldExplain: '扣重', fieldType: 'NUMBER' },
  { fieldName: 'settleWeight', fieldExplain: '结算重量', fieldType: 'NUMBER', calculate: [{ fieldName: 'net' }, '-', { fieldName: 'deductWeight' }], cgValFormat: { valFormatFun: 'fixed3' } },
  { fieldName: 'price', fieldExplain: '单价', fieldType: 'NUMBER' },
  { fieldName: 'amount', fieldExplain: '金额', fieldType: 'NUMBER', calculate: [{ fieldName: 'settleWeight' }, '*', { fieldName: 'price' }], cgValFormat: { valFormatFun: 'fixed2' } },
];
const main: FieldDefinition[] = [
  { fieldName: 'settleCode', fieldExplain: '结算单号', fieldType: 'CHAR', customTable: 'fd_pu_settlement_main' },
  { fieldName: 'totalWeight', fieldExplain: '结算总量', fieldType: 'NUMBER', customTable: 'fd_pu_settlement_main', calculate: { customTable: 'fd_pu_settlement', fieldName: ['settleWeight'], mode: 'sum' }, cgValFormat: { valFormatFun: 'fixed3' } },
  { fieldName: 'totalAmount', fieldExplain: '结算金额', fieldType: 'NUMBER', customTable: 'fd_pu_settlement_main', calculate: { customTable: 'fd_pu_settlement', fieldName: ['amount'], mode: 'sum' }, cgValFormat: { valFormatFun: 'fixed2' } },
  { fieldName: 'freight', fieldExplain: '运费', fieldType: 'NUMBER', customTable: 'fd_pu_settlement_main' },
  { fieldName: 'payable', fieldExplain: '应付金额', fieldType: 'NUMBER', customTable: 'fd_pu_settlement_main', calculate: [{ fieldName: 'totalAmount' }, '-', { fieldName: 'freight' }], cgValFormat: { valFormatFun: 'fixed2' } },
];

describe('recalculateRow', () => {
  it('computes a line in field order (a later field uses an earlier result), decimal-safe and formatted', () => {
    expect(recalculateRow(line, { net: '32.42', deductWeight: '0.1', price: '615.5' })).toEqual({ settleWeight: '32.320', amount: '19892.96' });
  });
  it('answers only what changed, and 0 for what cannot be computed', () => {
    expect(recalculateRow(line, { net: '1', deductWeight: '0', settleWeight: '1.000', price: '2', amount: '2.00' })).toEqual({});
    expect(recalculateRow(line, { net: 'x', price: null })).toEqual({ settleWeight: '0.000', amount: '0.00' });
  });
});

describe('recalculateMain', () => {
  const rows = withRowCalculations(line, [
    { net: '10.1', deductWeight: '0', price: '100' },
    { net: '20.2', deductWeight: '0.2', price: '100' },
  ]);
  it('sums the child table into the master, then applies the master\'s own calculations', () => {
    expect(recalculateMain(main, 'fd_pu_settlement_main', { settleCode: 'JS1', freight: '30' }, { fd_pu_settlement: rows }))
      .toEqual({ totalWeight: '30.100', totalAmount: '3010.00', payable: '2980.00' });
  });
  it('gives 0 when the child table is empty', () => {
    expect(recalculateMain(main, 'fd_pu_settlement_main', {}, {})).toEqual({ totalWeight: '0.000', totalAmount: '0.00', payable: '0.00' });
  });
  it('tells a child-table sum from a sum of the row\'s own fields', () => {
    expect(isChildSum(main[1], 'fd_pu_settlement_main')).toBe(true);
    expect(isChildSum({ fieldName: 's', fieldExplain: 's', calculate: { customTable: 'fd_pu_settlement_main', fieldName: ['a', 'b'], mode: 'sum' } }, 'fd_pu_settlement_main')).toBe(false);
  });
});
