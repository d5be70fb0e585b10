import { describe, expect, it } from 'vitest';
import { calculate, parseCalculation, type CalcToken } from './calculate';
import { CalcSyntaxError } from './calculate';
import { CALCULATION_MESSAGES, calculationToRows, describeCalculation, newCalculationRow, rowsToCalculation, type CalculationRow } from './calculation-rows';
import type { Calculation } from './field-definition';
import { parseFieldDefinition } from './parse-template';

const row = (i: number, change: Partial<CalculationRow>): CalculationRow => ({ ...newCalculationRow(i), ...change });
const f = (fieldName: string) => ({ customTable: 'mm_pu_weigh', fieldName });

describe('rowsToCalculation', () => {
  it('emits the calculator’s own format, which it evaluates', () => {
    const rows = [
      row(0, { open: 1, fieldName: 'gross', customTable: 'mm_pu_weigh' }),
      row(1, { operator: '-', fieldName: 'tare', customTable: 'mm_pu_weigh', close: 1 }),
      row(2, { operator: '*', fieldName: 'price', customTable: 'mm_pu_weigh' }),
    ];
    const result = rowsToCalculation(rows);
    expect(result).toEqual({ ok: true, value: ['(', f('gross'), '-', f('tare'), ')', '*', f('price')] });
    const value = (result as { value: Calculation }).value;
    expect(calculate(parseCalculation(value as CalcToken[]), { gross: '49.86', tare: '17.32', price: '2' })).toBe(65.08);
    expect(parseFieldDefinition({ fieldName: 'amount', fieldExplain: '金额', calculate: value }).calculate).toBeTruthy();
  });
  it('a sum operand needs its sum table; sums of one table become the sum object', () => {
    expect(rowsToCalculation([row(0, { fieldName: 'net', sum: true })])).toEqual({ ok: false, message: '请选择合计表！' });
    const sum = rowsToCalculation([
      row(0, { fieldName: 'net', sum: true, sumTable: 'mm_pu_weigh_sub' }),
      row(1, { operator: '+', fieldName: 'deduct', sum: true, sumTable: 'mm_pu_weigh_sub' }),
    ]);
    expect(sum).toEqual({ ok: true, value: { customTable: 'mm_pu_weigh_sub', fieldName: ['net', 'deduct'], mode: 'sum' } });
    expect(parseFieldDefinition({ fieldName: 'total', fieldExplain: '合计', calculate: (sum as { value: Calculation }).value }).calculate).toEqual((sum as { value: Calculation }).value);
    expect(rowsToCalculation([row(0, { fieldName: 'net', sum: true, sumTable: 't' }), row(1, { operator: '*', fieldName: 'price' })]))
      .toEqual({ ok: false, message: CALCULATION_MESSAGES.sumOnly });
  });
  it('names the row that lacks a field or an operator, and passes on the calculator’s bracket message', () => {
    expect(rowsToCalculation([row(0, { fieldName: 'a' }), row(1, { operator: '+' })])).toEqual({ ok: false, message: '第2行请选择字段' });
    expect(rowsToCalculation([row(0, { fieldName: 'a' }), row(1, { operator: null, fieldName: 'b' })])).toEqual({ ok: false, message: '第2行请选择运算符' });
    expect(rowsToCalculation([row(0, { fieldName: 'a', open: 1 }), row(1, { operator: '+', fieldName: 'b' })])).toEqual({ ok: false, message: '计算公式括号不匹配' });
    expect(rowsToCalculation([row(0, { operator: '*', fieldName: 'a' })])).toEqual({ ok: false, message: CALCULATION_MESSAGES.firstOperator });
    expect(rowsToCalculation([])).toEqual({ ok: true, value: null });
  });
});

describe('calculationToRows', () => {
  const roundTrip = (calc: Calculation) => {
    const result = rowsToCalculation(calculationToRows(calc));
    expect(result).toEqual({ ok: true, value: calc });
  };
  it('round-trips what the dialog can show', () => {
    roundTrip([f('gross'), '-', f('tare'), '-', f('deduct')]);
    roundTrip(['(', f('a'), '+', f('b'), ')', '*', f('c')]);
    roundTrip(['-', '(', '(', f('a'), '+', f('b'), ')', '/', f('c'), ')']);
    roundTrip([{ fieldName: 'net' }, '*', { fieldName: 'price' }]);
    roundTrip({ customTable: 'mm_pu_weigh_sub', fieldName: ['net', 'deduct'], mode: 'sum' });
  });
  it('reads the parser’s customTable: null as a field of the form itself', () => {
    const parsed = parseFieldDefinition({ fieldName: 'amount', fieldExplain: '金额', calculate: [{ fieldName: 'net' }, '*', { fieldName: 'price' }] }).calculate!;
    expect(rowsToCalculation(calculationToRows(parsed))).toEqual({ ok: true, value: [{ fieldName: 'net' }, '*', { fieldName: 'price' }] });
  });
  it('refuses what the calculator refuses, and a sign it cannot show', () => {
    expect(() => calculationToRows([f('a'), '+'])).toThrow(CalcSyntaxError);
    expect(() => calculationToRows([f('a'), '*', '-', f('b')])).toThrow('无法在计算方式中编辑');
    expect(calculationToRows(null)).toEqual([]);
  });
});

describe('describeCalculation', () => {
  const fields = [{ fieldName: 'gross', fieldExplain: '毛重' }, { fieldName: 'tare', fieldExplain: '皮重' }, { fieldName: 'price', fieldExplain: '单价' }];
  it('reads like a formula with labels', () => {
    expect(describeCalculation(['(', f('gross'), '-', f('tare'), ')', '*', f('price')], fields)).toBe('(毛重 - 皮重) * 单价');
    expect(describeCalculation({ customTable: 'sub', fieldName: ['gross', 'tare'], mode: 'sum' }, fields, [{ value: 'sub', label: '明细' }])).toBe('合计(明细: 毛重 + 皮重)');
  });
});
