import { describe, expect, it } from 'vitest';
import { resolveDefault } from './defaults';
import { parseFieldDefinition } from './parse-template';
import {
  TIME_MESSAGES, asDateSpec, checkDateSpecDraft, checkTimeRange, chosenTimePoint, dateSpecDraft, formatTimeOfDay, parseTimeOfDay,
  previewDateSpec, toDateSpec,
} from './time-dialogs';

const now = new Date(2026, 10, 23, 10, 20, 30);

describe('time of day', () => {
  it('accepts 00:00:00 to 23:59:59 only', () => {
    expect(parseTimeOfDay('00:00:00')).toBe(0);
    expect(parseTimeOfDay('23:59:59')).toBe(86399);
    expect(parseTimeOfDay('24:00:00')).toBeNull();
    expect(parseTimeOfDay('8:00')).toBeNull();
    expect(formatTimeOfDay(3600 * 8 + 61)).toBe('08:01:01');
  });
  it('a range needs both ends, in bounds, start not after end', () => {
    expect(checkTimeRange('08:00:00', '17:30:00')).toBeNull();
    expect(checkTimeRange('08:00:00', '08:00:00')).toBeNull();
    expect(checkTimeRange(null, '08:00:00')).toBe(TIME_MESSAGES.startMissing);
    expect(checkTimeRange('08:00:00', '')).toBe(TIME_MESSAGES.endMissing);
    expect(checkTimeRange('18:00:00', '08:00:00')).toBe('开始时间不能晚于结束时间');
    expect(checkTimeRange('08:00:00', '24:00:00')).toBe('时间须在 00:00:00 到 23:59:59 之间');
  });
});

describe('date-relative default spec', () => {
  const spec = { type: 'date' as const, day: { mark: '+' as const, value: 1 }, hour: { mark: 'fixed' as const, value: 8 }, minute: { mark: 'fixed' as const, value: 0 }, second: { mark: 'fixed' as const, value: 0 } };
  it('round-trips a spec through the dialog draft', () => {
    expect(toDateSpec(dateSpecDraft(spec))).toEqual(spec);
    expect(toDateSpec(dateSpecDraft(null))).toEqual({ type: 'date' });
    expect(toDateSpec(dateSpecDraft({ type: 'date', month: { mark: '-', value: 1 }, day: { mark: 'fixed', value: 1 } })))
      .toEqual({ type: 'date', month: { mark: '-', value: 1 }, day: { mark: 'fixed', value: 1 } });
  });
  it('emits what the template parser accepts and the form resolves', () => {
    const made = toDateSpec(dateSpecDraft(spec));
    const field = parseFieldDefinition({ fieldName: 'inTime', fieldExplain: '预计进厂时间', formSubmitType: 'DATA_BOX_TIM', defaultValue: made });
    expect(field.defaultValue).toEqual(made);
    expect(resolveDefault(field, { now })).toBe('2026-11-24 08:00:00');
    expect(previewDateSpec(made, now)).toBe('2026-11-24 08:00:00');
    expect(previewDateSpec(made, now, false)).toBe('2026-11-24');
  });
  it('refuses blank or negative amounts and fixed values out of range, naming the part', () => {
    const draft = dateSpecDraft(null);
    expect(checkDateSpecDraft(draft)).toBeNull();
    expect(checkDateSpecDraft({ ...draft, day: { mark: '+', value: null } })).toBe('日的数值须为不小于 0 的整数');
    expect(checkDateSpecDraft({ ...draft, month: { mark: 'fixed', value: 13 } })).toBe('固定的月须在 1 到 12 之间');
    expect(checkDateSpecDraft({ ...draft, hour: { mark: 'fixed', value: 0 } })).toBeNull();
  });
  it('reads a stored spec, also as JSON text; anything else is no spec', () => {
    expect(asDateSpec(JSON.stringify(spec))).toEqual(spec);
    expect(asDateSpec(spec)).toEqual(spec);
    expect(asDateSpec('$currentOrgName')).toBeNull();
    expect(asDateSpec({ type: 'date', day: { mark: '*', value: 1 } })).toBeNull();
  });
});

describe('time point', () => {
  it('is a preset or a valid custom time', () => {
    expect(chosenTimePoint('08:00:00', null)).toBe('08:00:00');
    expect(chosenTimePoint('custom', '07:15:00')).toBe('07:15:00');
    expect(chosenTimePoint('custom', '7:15')).toBeNull();
    expect(chosenTimePoint(null, null)).toBeNull();
  });
});
