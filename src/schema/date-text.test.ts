import { describe, expect, it } from 'vitest';
import { isDateText } from './date-text';

describe('isDateText', () => {
  it('takes dates and date-times that exist', () => {
    for (const v of ['2026-11-22', '2024-02-29', '2026-11-22 08:30', '2026-11-22 23:59:59', '2026-11-22T08:30:00.123Z', '2026-11-22T08:30:00+08:00']) expect(isDateText(v), v).toBe(true);
  });
  it('refuses impossible calendar dates and times', () => {
    for (const v of ['2024-02-30', '2023-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '0000-01-01', '2026-11-22 24:00:00', '2026-11-22 10:60', '2026-11-22 10:00:61', '2026-11-22T10:00:00+99:00', '22/11/2026', 20261122]) expect(isDateText(v), String(v)).toBe(false);
  });
});
