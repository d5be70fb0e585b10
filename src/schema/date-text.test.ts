import { describe, expect, it } from 'vitest';
import { inTimeZone } from '../../tests/support/time-zone';
import { dateTextProblem, isDateText, storedDate } from './date-text';
import { formatValue } from './value-formats';

describe('isDateText', () => {
  it('takes the years a document may have, and names the problem of one outside them', () => {
    expect(dateTextProblem('1901-01-01')).toBeNull();
    expect(dateTextProblem('2199-12-31 23:59:59')).toBeNull();
    expect(dateTextProblem('1900-12-31')).toBe('range');
    expect(dateTextProblem('9999-12-31')).toBe('range');
    expect(dateTextProblem('2026-02-30')).toBe('format');
    expect(isDateText('1899-01-01')).toBe(false);
  });
  it('takes dates and date-times that exist', () => {
    for (const v of ['2026-11-22', '2024-02-29', '2026-11-22 08:30', '2026-11-22 23:59:59', '2026-11-22T08:30:00.123Z', '2026-11-22T08:30:00+08:00']) expect(isDateText(v), v).toBe(true);
  });
  it('refuses impossible calendar dates and times', () => {
    for (const v of ['2024-02-30', '2023-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01', '2026-11-22 24:00:00', '2026-11-22 10:60', '2026-11-22 10:00:61', '2026-11-22T10:00:00+99:00', '22/11/2026', 20261122]) expect(isDateText(v), String(v)).toBe(false);
  });
});

describe('storedDate: a stored date value in local time (Asia/Shanghai here, UTC+8)', () => {
  inTimeZone('Asia/Shanghai');
  const local = (d: Date | null) => d && `${d.getFullYear()}-${d.getMonth() + 1}-${d.getDate()} ${d.getHours()}:${d.getMinutes()}:${d.getSeconds()}.${d.getMilliseconds()}`;

  it('reads ISO text with Z or an offset as that instant', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(-480);
    expect(local(storedDate('2026-12-04T16:00:00.000Z'))).toBe('2026-12-5 0:0:0.0');
    expect(local(storedDate('2026-12-04T16:00:00Z'))).toBe('2026-12-5 0:0:0.0');
    expect(local(storedDate('2026-12-04T10:30:00.250+02:00'))).toBe('2026-12-4 16:30:0.250');
    expect(local(storedDate('2026-12-04 10:30:00-0500'))).toBe('2026-12-4 23:30:0.0');
  });
  it('reads text without a zone, and a day alone, as local time (a day is its local midnight, not UTC\'s)', () => {
    expect(local(storedDate('2026-12-05 00:00:00'))).toBe('2026-12-5 0:0:0.0');
    expect(local(storedDate('2026-12-05T08:30'))).toBe('2026-12-5 8:30:0.0');
    expect(local(storedDate('2026-12-05'))).toBe('2026-12-5 0:0:0.0');
  });
  it('takes a Date and epoch milliseconds; no value or no date is null', () => {
    expect(local(storedDate(new Date(Date.UTC(2026, 11, 4, 16))))).toBe('2026-12-5 0:0:0.0');
    expect(local(storedDate(Date.UTC(2026, 11, 4, 16)))).toBe('2026-12-5 0:0:0.0');
    for (const v of [null, undefined, '', 'not a date', {}, true]) expect(storedDate(v), String(v)).toBeNull();
  });
  it('is what the list and the detail format with: a date column and a day column show the local day', () => {
    expect(formatValue('datetime', '2026-12-04T16:00:00.000Z')).toBe('2026-12-05 00:00:00');
    expect(formatValue('date', '2026-12-04T16:00:00.000Z')).toBe('2026-12-05');
    // a day seeded as UTC midnight is that day here, at 08:00
    expect(formatValue('date', '2026-11-01T00:00:00.000Z')).toBe('2026-11-01');
    expect(formatValue('date', '2026-11-01')).toBe('2026-11-01');
  });
});
