import dayjs, { type Dayjs } from 'dayjs';
import type { FieldDefinition } from '../../schema/field-definition';
import { advancedRangeStart, buildSearchConditions, type Operator, type SearchCondition, type SortEntry } from '../../schema/search';
import type { Template } from '../../schema/template';
import { WHOLE_DAY, parseTimeOfDay, rangeBounds, type TimeRange } from '../../schema/time-dialogs';
import type { RuntimeRequest } from '../runtime-context';

/*
 * A list's opening call and what it is made of: the advanced query's starting conditions, the page
 * and block sizes, the list call itself. No React and no antd: the shell loads this small module at
 * start and asks for a list's first rows as soon as its template has come, while the list's own code
 * (the runtime) is still on its way; the page then makes the same call and takes that answer.
 */

const FORMAT = 'YYYY-MM-DD HH:mm:ss';
/**
 * A picked range's text. A date range covers whole days — from 00:00:00 to 23:59:59, or from the
 * field's configured start to its end time (选择时间范围) — spec 001 §4; a time range is as picked.
 */
export function rangeText(range: [Dayjs | null, Dayjs | null], wholeDays: boolean, bounds: TimeRange = WHOLE_DAY): (string | null)[] {
  const [start, end] = range;
  return [
    start ? (wholeDays ? atTime(start, bounds[0]) : start).format(FORMAT) : null,
    end ? (wholeDays ? atTime(end, bounds[1]) : end).format(FORMAT) : null,
  ];
}
/** The day of `day` at a HH:mm:ss time of day. */
function atTime(day: Dayjs, time: string): Dayjs {
  return day.startOf('day').add(parseTimeOfDay(time) ?? 0, 'second');
}

/** The fields of a list the advanced query offers. */
export const advancedFields = (fields: readonly FieldDefinition[]) => fields.filter((f) => f.iallowAdvanceQuery);

/** The search conditions of the advanced query's values (a range covers what its picker shows). */
export function advancedConditions(queryFields: readonly FieldDefinition[], values: Record<string, unknown>): SearchCondition[] {
  const ops: Record<string, Operator> = {};
  const plain: Record<string, unknown> = {};
  for (const f of queryFields) {
    const v = values[f.fieldName];
    if (f.detailsUrl === 'TIME_RANGE_BOX' || f.detailsUrl === 'DATA_RANGE_BOX') {
      const range = v as [Dayjs | null, Dayjs | null] | undefined;
      plain[f.fieldName] = range ? rangeText(range, f.detailsUrl === 'DATA_RANGE_BOX', rangeBounds(f)) : undefined;
    } else {
      plain[f.fieldName] = v;
    }
    if (f.detailsUrl === 'NUMBER') ops[f.fieldName] = (values[`${f.fieldName}__op`] as Operator | undefined) ?? 'le';
  }
  return buildSearchConditions(queryFields.map((f) => ({ fieldName: f.fieldName, detailsUrl: f.detailsUrl, customTable: f.customTable, id: f.id })), plain, ops);
}

/**
 * The advanced query's starting values (a range configured with 选择时间范围 starts with today) and
 * the conditions they stand for: the list starts filtered by exactly what the panel shows.
 */
export function advancedStart(fields: readonly FieldDefinition[], now: Date, preset: Record<string, string> = {}): { values: Record<string, unknown>; conditions: SearchCondition[] } {
  const queryFields = advancedFields(fields);
  const values: Record<string, unknown> = {};
  for (const f of queryFields) {
    const range = advancedRangeStart(f, now);
    if (range) values[f.fieldName] = [dayjs(range[0]), dayjs(range[1])];
    // a preset value of a choice field (e.g. 单据状态 from a 待办 link)
    if (Object.prototype.hasOwnProperty.call(preset, f.fieldName) && (f.detailsUrl === 'SELECT' || f.detailsUrl === 'SELECT_MORE')) {
      values[f.fieldName] = f.detailsUrl === 'SELECT_MORE' ? [preset[f.fieldName]] : preset[f.fieldName];
    }
  }
  return { values, conditions: advancedConditions(queryFields, values) };
}

export interface ListQuery { pn: number; ps: number; sort: SortEntry[]; quick: SearchCondition | null; advanced: SearchCondition[]; tree?: SearchCondition | null }

/** The most rows one request of a windowed page asks for (the server answers at most 1000 a request). */
export const BLOCK_ROWS = 500;
/** Fewer rows a block than this would make too many requests: such a page loads in one request. */
const MIN_BLOCK_ROWS = 100;

/**
 * The rows a block of a page of `ps` rows holds, or null when the page loads in one request. A page of
 * more than BLOCK_ROWS rows loads in blocks, each asked for as a page of its own (`limit {pn, ps: block}`),
 * so the block divides the page size: the largest divisor of `ps` from MIN_BLOCK_ROWS to BLOCK_ROWS.
 */
export function blockRows(ps: number): number | null {
  if (!Number.isInteger(ps) || ps <= BLOCK_ROWS) return null;
  for (let b = BLOCK_ROWS; b >= MIN_BLOCK_ROWS; b--) if (ps % b === 0) return b;
  return null;
}


/** The list call for rows `pn`/`ps` (a page or a block) of a query: the page's own calls and the shell's early call are this one. */
export function listCall(template: Template, query: ListQuery, pn: number, ps: number): RuntimeRequest {
  const search = [...(query.tree ? [query.tree] : []), ...(query.quick ? [query.quick] : []), ...query.advanced];
  return {
    method: template.resMethod ?? 'POST', url: template.resUrl!, list: true, quiet: true,
    body: { search, limit: { pn, ps }, sort: query.sort, tplId: template.id ?? null },
  };
}

/** The query a list opens with: the template's page size, filtered by the advanced query's starting conditions. */
export const openingQuery = (template: Template | null, advanced: SearchCondition[]): ListQuery => ({ pn: 1, ps: template?.ps ?? 10, sort: [], quick: null, advanced });

/** The rows of a query's page a list asks for first: its first block when it loads in blocks, else the page (a chart's page loads whole). */
export function firstRows(template: Template, query: ListQuery): { pn: number; ps: number } {
  const block = template.chart ? null : blockRows(query.ps);
  return block ? { pn: ((query.pn - 1) * query.ps) / block + 1, ps: block } : { pn: query.pn, ps: query.ps };
}

/**
 * The first list call of a template's list page as it opens (its advanced query's starting conditions,
 * its first block): the shell makes it early for the address it opens, and the page takes that answer.
 */
export function openingListCall(template: Template, now: Date, preset?: Record<string, string>): RuntimeRequest | null {
  if (!template.resUrl) return null;
  const query = openingQuery(template, advancedStart(template.listSubList ?? [], now, preset).conditions);
  const { pn, ps } = firstRows(template, query);
  return listCall(template, query, pn, ps);
}
