/**
 * A date or date-time as the API takes it (`2026-11-22`, `2026-11-22 08:30:00`, ISO with a zone),
 * checked against the calendar: `2024-02-30` or `25:61` would reach PostgreSQL and fail there.
 * One rule for the resource values and the list search.
 */
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?)?(Z|[+-](\d{2}):?(\d{2}))?$/;

export function isDateText(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_TEXT.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  // day 0 of the next month is the last day of this one (UTC: no daylight-saving gaps)
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return false;
  if (m[8] !== undefined && (Number(m[8]) > 15 || Number(m[9]) > 59)) return false;
  return true;
}
