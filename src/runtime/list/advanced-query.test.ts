import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { rangeText } from './opening-call';

describe('rangeText', () => {
  it('a date range covers whole days: 00:00:00 to 23:59:59', () => {
    expect(rangeText([dayjs('2026-11-01 14:20:00'), dayjs('2026-11-03 09:00:00')], true)).toEqual(['2026-11-01 00:00:00', '2026-11-03 23:59:59']);
  });
  it('a date-time range keeps the chosen times; an open end stays open', () => {
    expect(rangeText([dayjs('2026-11-01 08:30:00'), null], false)).toEqual(['2026-11-01 08:30:00', null]);
  });
  it('a date range with configured bounds (选择时间范围) starts and ends at them', () => {
    expect(rangeText([dayjs('2026-11-01 14:20:00'), dayjs('2026-11-03 09:00:00')], true, ['08:00:00', '18:30:00'])).toEqual(['2026-11-01 08:00:00', '2026-11-03 18:30:00']);
  });
});
