/**
 * 编码规则 (the spec's as-number-prefix / sys-code-rule): how a document's number is made — a
 * prefix, the local date in a chosen format, a separator and a serial of a fixed width that starts
 * again every day, month or year (or never). One description for the server that assigns numbers,
 * the rule's form and the seed.
 */

export type DateFormat = 'YYYYMMDD' | 'YYMMDD' | 'YYYYMM' | 'YYYY' | 'NONE';
export type ResetPeriod = 'DAY' | 'MONTH' | 'YEAR' | 'NEVER';

export interface NumberRule {
  prefix: string;
  dateFormat: DateFormat;
  separator: string;
  serialLength: number;
  resetPeriod: ResetPeriod;
}

export const DATE_FORMATS: [DateFormat, string][] = [['YYYYMMDD', '年月日 (20261124)'], ['YYMMDD', '短年月日 (261124)'], ['YYYYMM', '年月 (202611)'], ['YYYY', '年 (2026)'], ['NONE', '无日期']];
export const RESET_PERIODS: [ResetPeriod, string][] = [['DAY', '每天'], ['MONTH', '每月'], ['YEAR', '每年'], ['NEVER', '不重置']];

/** The documents numbered by rule: table → the number column, its default prefix and the document's name. */
export const NUMBERED_DOCUMENTS: Record<string, { field: string; prefix: string; label: string }> = {
  pu_notice: { field: 'noticeCode', prefix: 'CGTZ', label: '采购通知单' },
  sa_notice: { field: 'noticeCode', prefix: 'XSTZ', label: '销售通知单' },
  pu_registry: { field: 'billCode', prefix: 'CGDJ', label: '采购登记' },
  sa_registry: { field: 'billCode', prefix: 'XSDJ', label: '销售登记' },
  mm_pu_weigh: { field: 'billCode', prefix: 'CB', label: '采购过磅记录' },
  mm_sa_weigh: { field: 'billCode', prefix: 'XB', label: '销售过磅记录' },
  fd_pu_settlement_main: { field: 'settleCode', prefix: 'CGJS', label: '采购结算单' },
  fd_sa_settlement_main: { field: 'settleCode', prefix: 'XSJS', label: '销售结算单' },
  qc_assay: { field: 'assayCode', prefix: 'HY', label: '化验单' },
  qc_assay_group: { field: 'groupCode', prefix: 'HYZ', label: '化验组' },
};

/** The rule a document type follows when its organisation has none: CB20261124-0001. */
export function defaultRule(billType: string): NumberRule | null {
  const doc = NUMBERED_DOCUMENTS[billType];
  return doc ? { prefix: doc.prefix, dateFormat: 'YYYYMMDD', separator: '-', serialLength: 4, resetPeriod: 'DAY' } : null;
}

/** The local date's parts (year, month, day as digits) in a time zone. */
export function localDateParts(at: Date, timeZone: string): { y: string; m: string; d: string } {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at).split('-');
  return { y, m, d };
}

function datePart(format: DateFormat, p: { y: string; m: string; d: string }): string {
  switch (format) {
    case 'YYYYMMDD': return `${p.y}${p.m}${p.d}`;
    case 'YYMMDD': return `${p.y.slice(2)}${p.m}${p.d}`;
    case 'YYYYMM': return `${p.y}${p.m}`;
    case 'YYYY': return p.y;
    default: return '';
  }
}

/** The counter a number is taken from: one per day, month or year, or one for ever. */
export function periodKey(reset: ResetPeriod, p: { y: string; m: string; d: string }): string {
  return reset === 'DAY' ? `${p.y}${p.m}${p.d}` : reset === 'MONTH' ? `${p.y}${p.m}` : reset === 'YEAR' ? p.y : 'ALL';
}

export function formatNumber(rule: NumberRule, p: { y: string; m: string; d: string }, serial: number): string {
  return `${rule.prefix}${datePart(rule.dateFormat, p)}${rule.separator}${String(serial).padStart(rule.serialLength, '0')}`;
}

/** How many characters of the date a format keeps, by what it shows. */
const SHOWS: Record<DateFormat, ResetPeriod[]> = {
  YYYYMMDD: ['DAY', 'MONTH', 'YEAR', 'NEVER'], YYMMDD: ['DAY', 'MONTH', 'YEAR', 'NEVER'], YYYYMM: ['MONTH', 'YEAR', 'NEVER'], YYYY: ['YEAR', 'NEVER'], NONE: ['NEVER'],
};

/**
 * What is wrong with a rule, field by field: the serial starting again within a period the number
 * does not show would repeat numbers (每天重置 needs the day in the date), a prefix of other than
 * letters, digits and - _, a width outside 1–10, a separator longer than 2.
 */
export function numberRuleProblem(row: Readonly<Record<string, unknown>>): { field: string; message: string } | null {
  const prefix = row.prefix;
  if (typeof prefix === 'string' && !/^[A-Za-z0-9_-]{0,12}$/.test(prefix)) return { field: 'prefix', message: '前缀只能是 12 位以内的字母、数字、- 或 _' };
  const width = Number(row.serialLength);
  if (row.serialLength !== undefined && row.serialLength !== null && !(Number.isInteger(width) && width >= 1 && width <= 10)) return { field: 'serialLength', message: '流水号位数应为 1–10' };
  const sep = row.separator;
  if (typeof sep === 'string' && !/^[-_/.]{0,2}$/.test(sep)) return { field: 'separator', message: '分隔符只能是 2 位以内的 - _ / .' };
  const format = (row.dateFormat ?? 'YYYYMMDD') as DateFormat;
  const reset = (row.resetPeriod ?? 'DAY') as ResetPeriod;
  if (SHOWS[format] && !SHOWS[format].includes(reset)) {
    return { field: 'resetPeriod', message: `日期格式不含${reset === 'DAY' ? '日' : reset === 'MONTH' ? '月' : '年'}，按${RESET_PERIODS.find(([v]) => v === reset)?.[1]}重置会产生重复单号` };
  }
  return null;
}

/** A stored rule row (text and numbers as the engine answers them) as a rule. */
export function ruleOf(row: { prefix?: unknown; dateFormat?: unknown; separator?: unknown; serialLength?: unknown; resetPeriod?: unknown }): NumberRule {
  return {
    prefix: String(row.prefix ?? ''),
    dateFormat: (DATE_FORMATS.some(([v]) => v === row.dateFormat) ? row.dateFormat : 'YYYYMMDD') as DateFormat,
    separator: typeof row.separator === 'string' ? row.separator : '',
    serialLength: Number(row.serialLength) || 4,
    resetPeriod: (RESET_PERIODS.some(([v]) => v === row.resetPeriod) ? row.resetPeriod : 'DAY') as ResetPeriod,
  };
}
