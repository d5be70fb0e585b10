import { formatLocal, resolveDateSpec } from './defaults';
import type { DateDefaultSpec, DateSpecPart, FieldDefinition, TimeRangeDefault } from './field-definition';

/**
 * The time dialogs (spec 001 §2 screen 9, §5): 选择时间范围 (a start and end time of day),
 * 选择时间 (a date-relative default spec) and a time-point choice. Pure rules and messages.
 */

/** Time picker bounds (spec 001 §5). */
export const TIME_MIN = '00:00:00';
export const TIME_MAX = '23:59:59';

export const TIME_DIALOG_TITLES = { range: '选择时间范围', dateSpec: '选择时间', point: '选择时间点' } as const;

export const TIME_MESSAGES = {
  startMissing: '请选择开始时间',
  endMissing: '请选择结束时间',
  outOfBounds: `时间须在 ${TIME_MIN} 到 ${TIME_MAX} 之间`,
  startAfterEnd: '开始时间不能晚于结束时间',
  pointMissing: '请选择时间点',
} as const;

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

/** Seconds since midnight of a HH:mm:ss text within 00:00:00..23:59:59, else null. */
export function parseTimeOfDay(text: string | null | undefined): number | null {
  const m = TIME_OF_DAY.exec(text ?? '');
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** HH:mm:ss of seconds since midnight (clamped to the bounds). */
export function formatTimeOfDay(seconds: number): string {
  const s = Math.max(0, Math.min(86399, Math.trunc(seconds)));
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

/** A time range [start, end] as HH:mm:ss texts. */
export type TimeRange = [string, string];

/** The whole day, the range a new dialog starts from. */
export const WHOLE_DAY: TimeRange = [TIME_MIN, TIME_MAX];

/** Why a time range cannot be taken (missing end, out of bounds, start after end), or null when it can. */
export function checkTimeRange(start: string | null | undefined, end: string | null | undefined): string | null {
  if (!start) return TIME_MESSAGES.startMissing;
  if (!end) return TIME_MESSAGES.endMissing;
  const a = parseTimeOfDay(start);
  const b = parseTimeOfDay(end);
  if (a === null || b === null) return TIME_MESSAGES.outOfBounds;
  return a > b ? TIME_MESSAGES.startAfterEnd : null;
}

/** A range as a field stores it (its defaultValue). */
export function toTimeRangeDefault([start, end]: TimeRange): TimeRangeDefault {
  return { type: 'timeRange', start, end };
}

/** A field's configured time-of-day range (its defaultValue), when it has a valid one. */
export function timeRangeDefault(field: Pick<FieldDefinition, 'defaultValue'>): TimeRange | null {
  const v = field.defaultValue;
  if (!v || typeof v !== 'object' || v.type !== 'timeRange' || checkTimeRange(v.start, v.end) !== null) return null;
  return [v.start, v.end];
}

/** The times of day a picked range of the field starts and ends at: its configured range, else the whole day. */
export function rangeBounds(field: Pick<FieldDefinition, 'defaultValue'>): TimeRange {
  return timeRangeDefault(field) ?? WHOLE_DAY;
}

/* ---------- 选择时间: the date-relative default spec ---------- */

export type DateSpecPartName = Exclude<keyof DateDefaultSpec, 'type'>;
export type DateSpecMark = DateSpecPart['mark'];

/** The six parts in order, their labels and the values a fixed part may take. */
export const DATE_SPEC_PARTS: readonly { key: DateSpecPartName; label: string; min: number; max: number }[] = [
  { key: 'year', label: '年', min: 1900, max: 9999 },
  { key: 'month', label: '月', min: 1, max: 12 },
  { key: 'day', label: '日', min: 1, max: 31 },
  { key: 'hour', label: '时', min: 0, max: 23 },
  { key: 'minute', label: '分', min: 0, max: 59 },
  { key: 'second', label: '秒', min: 0, max: 59 },
];

/** The marks and how the dialog names them. */
export const DATE_SPEC_MARKS: readonly { value: DateSpecMark; label: string }[] = [
  { value: '+', label: '+' },
  { value: '-', label: '-' },
  { value: 'fixed', label: '固定' },
];

/** What the dialog edits: every part with a mark and an amount (null while the input is blank). */
export type DateSpecDraft = Record<DateSpecPartName, { mark: DateSpecMark; value: number | null }>;

/** The draft of a spec: a part the spec leaves out shows as + 0 (no change). */
export function dateSpecDraft(spec: DateDefaultSpec | null | undefined): DateSpecDraft {
  const draft = {} as DateSpecDraft;
  for (const p of DATE_SPEC_PARTS) {
    const part = spec?.[p.key];
    draft[p.key] = part ? { mark: part.mark, value: part.value } : { mark: '+', value: 0 };
  }
  return draft;
}

/** Why a draft is not a valid spec (naming the part), or null. */
export function checkDateSpecDraft(draft: DateSpecDraft): string | null {
  for (const p of DATE_SPEC_PARTS) {
    const { mark, value } = draft[p.key];
    if (value === null || !Number.isInteger(value) || value < 0) return `${p.label}的数值须为不小于 0 的整数`;
    if (mark === 'fixed' && (value < p.min || value > p.max)) return `固定的${p.label}须在 ${p.min} 到 ${p.max} 之间`;
  }
  return null;
}

/**
 * The spec a valid draft stands for, in the exact shape the template parser accepts and
 * `resolveDateSpec` resolves: `{ type: 'date', day: { mark: '+', value: 1 }, … }`. Parts that
 * change nothing (+ 0 or - 0) are left out.
 */
export function toDateSpec(draft: DateSpecDraft): DateDefaultSpec {
  const spec: DateDefaultSpec = { type: 'date' };
  for (const p of DATE_SPEC_PARTS) {
    const { mark, value } = draft[p.key];
    if (value === null || (mark !== 'fixed' && value === 0)) continue;
    spec[p.key] = { mark, value };
  }
  return spec;
}

/** The value a spec gives at `now`, as the form would show it (yyyy-MM-dd, or with HH:mm:ss). */
export function previewDateSpec(spec: DateDefaultSpec, now: Date, withTime = true): string {
  return formatLocal(resolveDateSpec(spec, now), withTime);
}

/** Reads a stored default (the spec object, or its JSON text) as a spec; anything else is no spec. */
export function asDateSpec(value: unknown): DateDefaultSpec | null {
  let v = value;
  if (typeof v === 'string') {
    try { v = JSON.parse(v); } catch { return null; }
  }
  if (!v || typeof v !== 'object' || (v as { type?: unknown }).type !== 'date') return null;
  const out: DateDefaultSpec = { type: 'date' };
  for (const p of DATE_SPEC_PARTS) {
    const part = (v as Record<string, unknown>)[p.key] as { mark?: unknown; value?: unknown } | undefined;
    if (part === undefined) continue;
    if (!part || !DATE_SPEC_MARKS.some((m) => m.value === part.mark) || !Number.isInteger(part.value) || (part.value as number) < 0) return null;
    out[p.key] = { mark: part.mark as DateSpecMark, value: part.value as number };
  }
  return out;
}

/** A spec read as people write it: "日 +1, 时 固定 8"; a spec that changes nothing is "当前时间". */
export function describeDateSpec(spec: DateDefaultSpec): string {
  const parts = DATE_SPEC_PARTS.flatMap((p) => {
    const part = spec[p.key];
    if (!part) return [];
    return [part.mark === 'fixed' ? `${p.label} 固定 ${part.value}` : `${p.label} ${part.mark}${part.value}`];
  });
  return parts.length ? parts.join(', ') : '当前时间';
}

/* ---------- the time-point choice ---------- */

export interface TimePoint { label: string; value: string }

/** Preset time points offered before a custom time. */
export const TIME_POINTS: readonly TimePoint[] = [
  { label: `当天开始 ${TIME_MIN}`, value: TIME_MIN },
  { label: '08:00:00', value: '08:00:00' },
  { label: '12:00:00', value: '12:00:00' },
  { label: '18:00:00', value: '18:00:00' },
  { label: `当天结束 ${TIME_MAX}`, value: TIME_MAX },
];

/** The time a choice stands for: a preset's value, or the custom time when it is valid; else null. */
export function chosenTimePoint(choice: string | null, custom: string | null, points: readonly TimePoint[] = TIME_POINTS): string | null {
  if (choice === null) return null;
  if (choice === 'custom') return parseTimeOfDay(custom) === null ? null : custom;
  return points.some((p) => p.value === choice) ? choice : null;
}
