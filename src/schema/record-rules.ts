import { storedDate } from './date-text';
import type { FieldDefinition } from './field-definition';

/**
 * Business rules over a record's fields, known by the fields' names wherever they appear (a built-in
 * table or one an administrator made, a main form or a line): a period ends no earlier than it
 * starts, and a preset tare is not negative. The form checks them as values change, the child table
 * on each line, and the server on every write — over the stored row with the submission laid on
 * it — with these same functions, answering the field and the message.
 */

/** The start and end of a period, by field name: 开始日期/结束日期, 开始时间/结束时间, 发卡日期/有效期至. */
export const PERIODS: readonly (readonly [start: string, end: string])[] = [
  ['beginDate', 'endDate'], ['startDate', 'endDate'], ['beginTime', 'endTime'], ['startTime', 'endTime'], ['issueDate', 'expireDate'],
];

/** Fields whose value may not be below 0: the vehicle's preset tare (预置皮重). */
export const NOT_NEGATIVE: ReadonlySet<string> = new Set(['tareWeight']);

export interface RecordProblem { field: string; message: string }

/** The labels of a record's fields (a template's fields, or a table's columns). */
export type RecordLabels = readonly Pick<FieldDefinition, 'fieldName' | 'fieldExplain'>[];

/**
 * A date value as epoch milliseconds, or null for no date. In the browser, text without a zone is
 * the user's local time (storedDate); the server passes its own reading in the configured zone.
 */
export type Instant = (value: unknown) => number | null;
const localInstant: Instant = (value) => storedDate(value)?.getTime() ?? null;

/** A label without its unit, as a message names it: 预置皮重(吨) → 预置皮重. */
export function bareLabel(label: string): string {
  return label.replace(/\s*[(（][^()（）]*[)）]\s*$/, '') || label;
}

const has = (labels: RecordLabels, name: string) => labels.some((l) => l.fieldName === name);

/** The periods whose start and end are both among the fields. */
export function periodsOf(labels: RecordLabels): (readonly [string, string])[] {
  return PERIODS.filter(([start, end]) => has(labels, start) && has(labels, end));
}

/** Whether a field has a rule here among these fields (it is the end of a period, or may not be negative). */
export function hasRecordRule(fieldName: string, labels: RecordLabels): boolean {
  return NOT_NEGATIVE.has(fieldName) || periodsOf(labels).some(([, end]) => end === fieldName);
}

/**
 * The problem of one field of a record, or null: a negative value where none may be
 * (预置皮重不能小于0), an end before its period's start — the end's problem (结束日期不能早于开始日期).
 * An empty value, or one that is no number or no date, is left to the field's other checks.
 */
export function fieldRecordProblem(fieldName: string, row: Readonly<Record<string, unknown>>, labels: RecordLabels, instant: Instant = localInstant): string | null {
  const label = (name: string) => bareLabel(labels.find((l) => l.fieldName === name)?.fieldExplain ?? name);
  if (NOT_NEGATIVE.has(fieldName)) {
    const value = row[fieldName];
    const text = typeof value === 'string' ? value.trim() : value;
    if (text !== null && text !== undefined && text !== '' && Number(text) < 0) return `${label(fieldName)}不能小于0`;
  }
  for (const [start, end] of periodsOf(labels)) {
    if (end !== fieldName) continue;
    const from = instant(row[start]);
    const to = instant(row[end]);
    if (from !== null && to !== null && to < from) return `${label(end)}不能早于${label(start)}`;
  }
  return null;
}

/** The first problem of a record, in the order of its fields. */
export function recordProblem(row: Readonly<Record<string, unknown>>, labels: RecordLabels, instant: Instant = localInstant): RecordProblem | null {
  for (const { fieldName } of labels) {
    const message = fieldRecordProblem(fieldName, row, labels, instant);
    if (message) return { field: fieldName, message };
  }
  return null;
}
