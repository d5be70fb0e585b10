import { storedDate } from './date-text';
import type { FieldDefinition } from './field-definition';

/**
 * Business rules over a record's fields: a period ends no earlier than it starts, known by the
 * fields' names wherever they appear (a built-in table or one an administrator made, a main form or
 * a line), and a quantity, price or rate of the product's own business tables is not negative
 * (预置皮重不能小于0, 计划量不能小于0), known by the table and the field. The form checks them as values
 * change, the child table on each line, and the server on every write — over the stored row with the
 * submission laid on it — with these same functions, answering the field and the message.
 */

/** The start and end of a period, by field name: 开始日期/结束日期, 开始时间/结束时间, 发卡日期/有效期至. */
export const PERIODS: readonly (readonly [start: string, end: string])[] = [
  ['beginDate', 'endDate'], ['startDate', 'endDate'], ['beginTime', 'endTime'], ['startTime', 'endTime'], ['issueDate', 'expireDate'],
];

const WEIGHED = ['gross', 'tare', 'deduct', 'net', 'deductRate'];
const SETTLED = ['net', 'deductWeight', 'price', 'amount'];

/**
 * The fields that may not be below 0, by the built-in table that holds them (`server/seed/resources.ts`):
 * weights in tonnes (a vehicle's 预置皮重; a weigh record's 毛重, 皮重, 净重, 扣重 and its 扣率 at 现场确认;
 * a settlement line's 净重 and 扣重; an assay group's truck's 净重), planned and allowed quantities (a
 * notice's and its lines' 计划量, a line's 上限量, a registry line's 计划数量, an inventory's 理论重量),
 * prices and money (a settlement line's 单价 and 金额, an inventory's 参考单价 and 最高采购价, a receipt's
 * 收款金额, a settlement's 扣款金额 / 折让金额) and rates typed in % (扣重标准's 扣率, 合理损耗率).
 * Keyed by table, not by field name alone: a table an administrator defines (数据源) may give `amount`
 * or `price` any meaning, and a column he adds to a built-in table is his too. Not here: what may be
 * negative — a customer's 收款前余额 / 收款后余额 (owing), a settlement's 应付金额 / 应收金额 (its
 * deductions may exceed it) — what an assay measures (化验值, its 上限 / 下限, 扣重标准's 起扣值: an item's
 * scale is its own), and what only the server writes (已执行量, 结算重量, 扣水率, 扣杂率, the totals).
 */
export const NOT_NEGATIVE: ReadonlyMap<string, ReadonlySet<string>> = new Map(Object.entries({
  as_vehicle: ['tareWeight'],
  mm_pu_weigh: WEIGHED,
  mm_sa_weigh: WEIGHED,
  pu_notice: ['planQty'],
  sa_notice: ['planQty'],
  pu_notice_line: ['planQty', 'maxLimit'],
  sa_notice_line: ['planQty', 'maxLimit'],
  pu_registry_sub: ['planQuantity'],
  sa_registry_sub: ['planQuantity'],
  fd_pu_settlement_main: ['deductAmount'],
  fd_sa_settlement_main: ['deductAmount'],
  fd_pu_settlement: SETTLED,
  fd_sa_settlement: SETTLED,
  as_inventory: ['theoryWeight', 'referencePrice', 'topBuyingPrice', 'lossPercentage'],
  qc_deduct_step: ['rate'],
  qc_assay_group_weigh: ['net'],
  recive_payment: ['amount'],
}).map(([table, fields]) => [table, new Set(fields)]));

/** Whether a field of a table may not be below 0 (NOT_NEGATIVE); a record of no known table has no such field. */
export function mayNotBeNegative(table: string | null | undefined, fieldName: string): boolean {
  return !!table && (NOT_NEGATIVE.get(table)?.has(fieldName) ?? false);
}

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

/** Whether a field of a table has a rule here among these fields (it is the end of a period, or may not be negative). */
export function hasRecordRule(table: string | null | undefined, fieldName: string, labels: RecordLabels): boolean {
  return mayNotBeNegative(table, fieldName) || periodsOf(labels).some(([, end]) => end === fieldName);
}

/**
 * The problem of one field of a record of a table (`table`: its data source's table name, null when
 * unknown), or null: a negative value where none may be (预置皮重不能小于0, 单价不能小于0), an end before its
 * period's start — the end's problem (结束日期不能早于开始日期). An empty value, or one that is no number or
 * no date, is left to the field's other checks.
 */
export function fieldRecordProblem(table: string | null | undefined, fieldName: string, row: Readonly<Record<string, unknown>>, labels: RecordLabels, instant: Instant = localInstant): string | null {
  const label = (name: string) => bareLabel(labels.find((l) => l.fieldName === name)?.fieldExplain ?? name);
  if (mayNotBeNegative(table, fieldName)) {
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

/** The first problem of a record of a table, in the order of its fields. */
export function recordProblem(table: string | null | undefined, row: Readonly<Record<string, unknown>>, labels: RecordLabels, instant: Instant = localInstant): RecordProblem | null {
  for (const { fieldName } of labels) {
    const message = fieldRecordProblem(table, fieldName, row, labels, instant);
    if (message) return { field: fieldName, message };
  }
  return null;
}
