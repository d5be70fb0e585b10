import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { Kysely } from 'kysely';
import type { FieldDefinition } from '../../src/schema/field-definition';
import { announcementProblem } from '../../src/schema/announcement';
import { CHILD_MESSAGES } from '../../src/schema/child-rows';
import { isChildSum, recalculateMain, withRowCalculations } from '../../src/schema/form-calc';
import type { Template } from '../../src/schema/template';
import { validateSubmission } from '../../src/schema/validate';
import { scaleProblem } from '../../src/schema/weigh';
import { numberRuleProblem } from '../../src/schema/number-rule';
import { assayGroupProblem } from '../../src/schema/assay';
import { settleRuleProblem } from '../../src/schema/settle';
import { isDateText, storedDate } from '../../src/schema/date-text';
import { recordProblem, type Instant, type RecordLabels } from '../../src/schema/record-rules';
import type { ResourceDefinition } from '../../src/schema/resource';
import type { DB } from '../db/schema';
import { badRequest } from '../http/app-error';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The server's half of the form engine's validation: every create and update is checked against
 * the table's published FORM template with the same functions from `src/schema` the form runs, so
 * a direct API call gets the message the form would have shown (and the field it belongs to).
 */
export async function publishedForm(db: Kysely<DB>, tableName: string): Promise<Template | null> {
  const row = await db.selectFrom('cgFormat').select('published').where('customTable', '=', tableName).where('formatType', '=', 'FORM')
    .where('published', 'is not', null).orderBy('id').executeTakeFirst();
  return (row?.published as Template | null | undefined) ?? null;
}
export async function publishedFormFields(db: Kysely<DB>, tableName: string): Promise<FieldDefinition[] | null> {
  return (await publishedForm(db, tableName))?.formSubList ?? null;
}

/**
 * The calculated fields of a submission, computed here with the form's own functions: a line's
 * calculated columns from its cells, the document's totals from the sent lines (a total whose
 * lines were not sent keeps its stored value, `current`). What the client sent for them is ignored.
 */
export function withCalculations(
  form: Template | null, tableName: string, body: Readonly<Record<string, unknown>>, current?: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  if (!form) return { ...body };
  const childLists = form.childSubLists ?? [];
  const sent = body.children && typeof body.children === 'object' && !Array.isArray(body.children) ? body.children as Record<string, unknown> : null;
  const children: Record<string, Record<string, unknown>[]> = {};
  if (sent) {
    for (const [table, rows] of Object.entries(sent)) {
      const list = childLists.find((c) => c.customTable === table);
      // malformed lines are refused (with their line number) by the line checks that follow
      if (!list || !Array.isArray(rows) || rows.some((r) => !r || typeof r !== 'object' || Array.isArray(r))) return { ...body };
      children[table] = withRowCalculations(list.fields, rows as Record<string, unknown>[]);
    }
  }
  const fields = form.formSubList ?? [];
  if (!fields.some((f) => f.calculate) && !sent) return { ...body };
  const { children: _sent, ...main }: Record<string, unknown> = body;
  // totals over line tables that were not sent: not taken from the client, not recalculated
  const kept = fields.filter((f) => isChildSum(f, tableName) && !((f.calculate as { customTable: string }).customTable in children));
  for (const f of kept) delete main[f.fieldName];
  const basis = { ...(current ?? {}), ...main };
  const changes = recalculateMain(fields.filter((f) => !kept.includes(f)), tableName, basis, children);
  return { ...main, ...Object.fromEntries(fields.filter((f) => f.calculate && !kept.includes(f)).map((f) => [f.fieldName, changes[f.fieldName] ?? basis[f.fieldName]])), ...(sent ? { children } : {}) };
}

export function comparable(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return String(value.getTime());
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(text)) {
      const t = Date.parse(text.replace(' ', 'T'));
      if (!Number.isNaN(t)) return String(t);
    }
    if (/^-?\d+(\.\d+)?$/.test(text)) return String(Number(text));
    return text;
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Refuses a submission the form would refuse: required fields, idNumber, email and custom rules;
 * on update, a field the template does not let users change must keep its value. `fields` are the
 * table's published FORM fields (loaded once per request by the caller).
 */
export function checkFormRules(
  fields: readonly FieldDefinition[] | null | undefined, body: Readonly<Record<string, unknown>>, mode: 'create' | 'update', current?: Readonly<Record<string, unknown>>,
): void {
  if (!fields) return;
  const [problem] = validateSubmission(fields, body, mode);
  if (problem) throw badRequest(problem.message, { field: problem.field });
  // on-site confirmation tables: only the actions the rows offer, on rows that may be handled
  for (const f of fields) {
    if (f.formSubmitType !== 'Announcement' || !Object.prototype.hasOwnProperty.call(body, f.fieldName)) continue;
    const wrong = announcementProblem(body[f.fieldName], mode === 'update' ? current?.[f.fieldName] : undefined);
    if (wrong) throw badRequest(`${f.fieldExplain}：${wrong}`, { field: f.fieldName });
  }
  if (mode === 'update' && current) {
    for (const f of fields) {
      if (f.iupdate !== false || !Object.prototype.hasOwnProperty.call(body, f.fieldName)) continue;
      if (comparable(body[f.fieldName]) !== comparable(current[f.fieldName])) {
        throw badRequest(`${f.fieldExplain}不允许修改`, { field: f.fieldName });
      }
    }
  }
}

/** What the server says when a single-child document comes without its line (the form asks 子表未新增数据, 是否继续提交?). */
export const NO_LINE = '子表未新增数据';

/**
 * Single-child mode (spec 001 §5), driven by the published FORM's `singleChild`: each line table
 * of the document holds one line at most (a second is refused with 只能有一条子表信息, naming the
 * table) and, when the form's `validTable` asks for lines, at least one. On update a line table
 * that was not sent keeps its lines and is not counted; rows that are not an array are refused by
 * the line checks that follow.
 */
export function checkLineCount(form: Template | null, body: Readonly<Record<string, unknown>>, mode: 'create' | 'update'): void {
  if (!form?.singleChild) return;
  const sent = body.children && typeof body.children === 'object' && !Array.isArray(body.children) ? body.children as Record<string, unknown> : undefined;
  for (const list of form.childSubLists ?? []) {
    const rows = sent?.[list.customTable];
    if (rows !== undefined && !Array.isArray(rows)) continue;
    if (rows === undefined && mode === 'update') continue;
    const count = rows?.length ?? 0;
    if (count > 1) throw badRequest(`${list.label}：${CHILD_MESSAGES.singleChild}`, { field: `children.${list.customTable}` });
    if (count === 0 && form.validTable) throw badRequest(`${list.label}：${NO_LINE}`, { field: `children.${list.customTable}` });
  }
}

/** Rules over a whole row of one table (several fields together), by table name. */
const TABLE_RULES: Record<string, (row: Readonly<Record<string, unknown>>) => { field: string; message: string } | null> = {
  mm_scale: scaleProblem,
  as_number_rule: numberRuleProblem,
  qc_assay_group: assayGroupProblem,
  as_inventory: settleRuleProblem,
};

/** A zone written at the end of a date-time (`…08:00:00Z`, `…08:00:00+08:00`). */
const ZONED = /[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * Dates as the server reads them: text without a zone (`2026-12-05`, what the form's boxes send) is
 * that day and time in the configured zone, as the database stores it; a stored Date or zoned text
 * is its instant.
 */
export function zonedInstant(timeZone: string): Instant {
  return (value) => {
    const text = typeof value === 'string' ? value.trim() : null;
    if (text !== null && isDateText(text) && !ZONED.test(text)) return dayjs.tz(text, timeZone).valueOf();
    return storedDate(value)?.getTime() ?? null;
  };
}

/**
 * Refuses a row that breaks its table's rules or the record's rules (record-rules.ts: an end
 * before its start, a negative tare), judged on the stored row overlaid with the submission. The
 * fields are named by the published form's labels, else by the table's columns.
 */
export function checkTableRules(
  def: Pick<ResourceDefinition, 'tableName' | 'columns'>, body: Readonly<Record<string, unknown>>, current: Readonly<Record<string, unknown>> | undefined,
  fields: readonly FieldDefinition[] | null | undefined, timeZone: string,
): void {
  const row = { ...(current ?? {}), ...body };
  const rule = TABLE_RULES[def.tableName];
  const problem = rule?.(row) ?? recordProblem(def.tableName, row, labelsOf(def, fields), zonedInstant(timeZone));
  if (problem) throw badRequest(problem.message, { field: problem.field });
}

function labelsOf(def: Pick<ResourceDefinition, 'columns'>, fields: readonly FieldDefinition[] | null | undefined): RecordLabels {
  const shown = new Map((fields ?? []).map((f) => [f.fieldName, f.fieldExplain]));
  return [...def.columns.map((c) => ({ fieldName: c.fieldName, fieldExplain: shown.get(c.fieldName) ?? c.fieldExplain })),
    ...(fields ?? []).filter((f) => !def.columns.some((c) => c.fieldName === f.fieldName))];
}
