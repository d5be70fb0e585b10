import { storedDate } from './date-text';
import type { FieldDefinition } from './field-definition';

/**
 * Business rules over a record's fields, known by the fields' names wherever they appear (a built-in
 * table or one an administrator made, a main form or a line): a period ends no earlier than it
 * starts, and a quantity, price or rate is not negative (预置皮重不能小于0, 计划量不能小于0). The form checks them as values change, the child table
 * on each line, and the server on every write — over the stored row with the submission laid on
 * it — with these same functions, answering the field and the message.
 */

/** The start and end of a period, by field name: 开始日期/结束日期, 开始时间/结束时间, 发卡日期/有效期至. */
export const PERIODS: readonly (readonly [start: string, end: string])[] = [
  ['beginDate', 'endDate'], ['startDate', 'endDate'], ['beginTime', 'endTime'], ['startTime', 'endTime'], ['issueDate', 'expireDate'],
];

/**
 * Fields whose value may not be below 0, by the quantities and prices they are in the seeded tables:
 * weights in tonnes (预置皮重, 毛重, 皮重, 净重, a weigh record's and a settlement line's 扣重), planned
 * and allowed quantities (a notice line's 计划量 and 上限量, a registry line's 计划数量, an inventory's
 * 理论重量), prices and money (单价, 参考单价, 最高采购价, a settlement line's 金额 and a receipt's 收款金额,
 * 扣款金额 / 折让金额) and rates typed in % (扣率 at 现场确认 and in 扣重标准, 合理损耗率). Not here: what may
 * be negative — a customer's 收款前余额 / 收款后余额 (owing), a settlement's 应付金额 / 应收金额 (its
 * deductions may exceed it) — what an assay measures (化验值, its 上限 / 下限, 扣重标准's 起扣值: an item's
 * scale is its own), and what only the server writes (已执行量, 结算重量, 扣水率, 扣杂率, the totals).
 */
export const NOT_NEGATIVE: ReadonlySet<string> = new Set([
  'tareWeight', 'gross', 'tare', 'net', 'deduct', 'deductWeight',
  'planQty', 'maxLimit', 'planQuantity', 'theoryWeight',
  'price', 'referencePrice', 'topBuyingPrice', 'amount', 'deductAmount',
  'deductRate', 'rate', 'lossPercentage',
]);

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
 * (预置皮重不能小于0, 单价不能小于0), an end before its period's start — the end's problem (结束日期不能早于开始日期).
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
