/**
 * A date or date-time as the API takes it (`2026-11-22`, `2026-11-22 08:30:00`, ISO with a zone),
 * checked against the calendar: `2024-02-30` or `25:61` would reach PostgreSQL and fail there.
 * One rule for the resource values and the list search.
 */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

/**
 * The years a stored date may fall in. Before 1901 a zone such as Asia/Shanghai had its local mean
 * time (+08:05:43), whose seconds the database's driver could not read back (the date came back empty
 * and a save of what was read erased it); and no weighing, document or certificate is dated before
 * then or after 2199 but by a typing mistake, which a report of year 9999 would otherwise show.
 */
export const DATE_YEARS = { first: 1901, last: 2199 } as const;

/** Why a text is not a date the API takes: 'format' (not a date, or not one on the calendar), 'range' (outside DATE_YEARS), or null. */
export function dateTextProblem(value: unknown): 'format' | 'range' | null {
  if (typeof value !== 'string') return 'format';
  const m = DATE_TEXT.exec(value);
  if (!m) return 'format';
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return 'format';
  // day 0 of the next month is the last day of this one (UTC: no daylight-saving gaps)
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return 'format';
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return 'format';
  if (m[9] !== undefined && (Number(m[9]) > 15 || Number(m[10]) > 59)) return 'format';
  if (year < DATE_YEARS.first || year > DATE_YEARS.last) return 'range';
  return null;
}

/** What a refused date's message says after the field's name. */
export const DATE_PROBLEM_TEXT = {
  format: '应为日期（yyyy-MM-dd 或 yyyy-MM-dd HH:mm:ss）',
  range: `应在 ${DATE_YEARS.first} 年至 ${DATE_YEARS.last} 年之间`,
} as const;

export function isDateText(value: unknown): value is string {
  return dateTextProblem(value) === null;
}

/**
 * A stored date value as the instant it means: ISO text with `Z` or an offset (what the API sends
 * for a date column) is that instant; text without a zone (`2026-11-22`, `2026-11-22 08:30:00`,
 * what a picker writes) is that day and time in the local time zone — a day alone is its local
 * midnight, not UTC's (`new Date('2026-11-22')` would be). A Date is itself, a number its epoch
 * milliseconds; anything else, or no date, is null. The one reading of a stored date: the form's
 * boxes, the child-table cells, the list and the detail all show what it gives.
 */
export function storedDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? new Date(value.getTime())
    : typeof value === 'number' ? new Date(value)
    : typeof value === 'string' ? dateOfText(value)
    : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

function dateOfText(text: string): Date {
  const m = DATE_TEXT.exec(text.trim());
  if (!m) return new Date(text);
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0));
  const ms = Number((m[7] ?? '').padEnd(3, '0'));
  if (m[8] === undefined) return new Date(year, month - 1, day, hour, minute, second, ms);
  const offset = m[8] === 'Z' ? 0 : (m[8].startsWith('-') ? -1 : 1) * (Number(m[9]) * 60 + Number(m[10]));
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second, ms) - offset * 60_000);
}
