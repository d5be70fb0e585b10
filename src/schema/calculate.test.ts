import { describe, expect, it } from 'vitest';
import { CalcSyntaxError, calculate, parseCalculation, sumColumn, type CalcToken } from './calculate';

const f = (fieldName: string): CalcToken => ({ fieldName, customTable: 'mm_pu_weigh' });

describe('calculate', () => {
  it('is decimal-safe: 0.1 + 0.2 is 0.3', () => {
    expect(calculate(parseCalculation([f('a'), '+', f('b')]), { a: 0.1, b: 0.2 })).toBe(0.3);
  });
  it('computes net = gross - tare - deduction, and amount = net * price', () => {
    const net = parseCalculation([f('gross'), '-', f('tare'), '-', f('deduct')]);
    expect(calculate(net, { gross: '49.86', tare: '17.32', deduct: '0.12' })).toBe(32.42);
    const amount = parseCalculation([f('net'), '*', f('price')]);
    expect(calculate(amount, { net: 32.42, price: '615.5' })).toBe(19954.51);
  });
  it('honours precedence, brackets and unary minus', () => {
    expect(calculate(parseCalculation([f('a'), '+', f('b'), '*', f('c')]), { a: 1, b: 2, c: 3 })).toBe(7);
    expect(calculate(parseCalculation(['(', f('a'), '+', f('b'), ')', '*', f('c')]), { a: 1, b: 2, c: 3 })).toBe(9);
    expect(calculate(parseCalculation(['-', f('a'), '+', { value: 10 }]), { a: 4 })).toBe(6);
  });
  it('gives 0 for NaN and Infinity, and treats empty or non-numeric fields as 0', () => {
    expect(calculate(parseCalculation([f('a'), '/', f('b')]), { a: 5, b: 0 })).toBe(0);
    expect(calculate(parseCalculation([f('a'), '/', f('b')]), { a: 5 })).toBe(0);
    expect(calculate(parseCalculation([f('a'), '*', f('b')]), { a: 'abc', b: 2 })).toBe(0);
  });
  it('refuses a malformed definition with a message', () => {
    expect(() => parseCalculation([f('a'), '+'])).toThrow(CalcSyntaxError);
    expect(() => parseCalculation(['(', f('a')])).toThrow('括号不匹配');
    expect(() => parseCalculation([f('a'), f('b')])).toThrow('多余内容');
    expect(() => parseCalculation([f('a'), '+', '*', f('b')])).toThrow('多余的运算符');
  });
});

describe('sumColumn', () => {
  it('sums with x1000 scaling so floating error does not show', () => {
    expect(sumColumn([0.1, 0.2])).toBe(0.3);
    expect(sumColumn(['32.421', '17.003', null, '', 'x'])).toBe(49.424);
    expect(sumColumn([])).toBe(0);
  });
});
