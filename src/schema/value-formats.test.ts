import { describe, expect, it } from 'vitest';
import { excelNumberFormat, formatValue, isValueFormatName } from './value-formats';

describe('value formats by name', () => {
  it('formats with a known name', () => {
    expect(formatValue('fixed3', 32.4)).toBe('32.400');
    expect(formatValue('thousands', 1234567.5)).toBe('1,234,567.5');
    expect(formatValue('percent', 0.1234)).toBe('12.34%');
    expect(formatValue('chineseAmount', 12.5)).toBe('壹拾贰元伍角');
    expect(formatValue('date', new Date(2026, 10, 22, 8, 5, 9))).toBe('2026-11-22');
    expect(formatValue('datetime', new Date(2026, 10, 22, 8, 5, 9))).toBe('2026-11-22 08:05:09');
  });
  it('shows the value as it is for an unknown name, and never runs template text', () => {
    expect(isValueFormatName('constructor')).toBe(false);
    expect(formatValue('constructor', 5)).toBe('5');
    expect(formatValue('(v)=>alert(v)', 'x')).toBe('x');
    expect(formatValue(null, null)).toBe('');
  });
  it('gives an export the spreadsheet format that shows a number as the list does', () => {
    expect(excelNumberFormat('fixed3', 32.4)).toBe('0.000');
    expect(excelNumberFormat('percent', 0.12)).toBe('0.00%');
    // 千分位 keeps the value's own decimals, and a whole number gets no trailing point
    expect(excelNumberFormat('thousands', 1234567.5)).toBe('#,##0.0');
    expect(excelNumberFormat('thousands', 1234567)).toBe('#,##0');
    // not a number format, or none: the number as it is
    expect(excelNumberFormat('date', 5)).toBeNull();
    expect(excelNumberFormat('constructor', 5)).toBeNull();
    expect(excelNumberFormat(null, 5)).toBeNull();
  });
});
