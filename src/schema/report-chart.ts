import { isNotNumberColumn, type FieldDefinition } from './field-definition';
import { ShapeError, childPath, list, object, oneOf, text, type Obj } from './shape';

/**
 * The chart of a 动态报表 (a LIST template over a SQL data source): bar, line or pie, its category
 * axis and its values chosen from the list's columns, drawn above the table from the rows the list
 * shows. Described once here: the template parser checks it, the designer edits it, the runtime
 * turns it into an ECharts option (`chartOption`, plain data — no functions in the template).
 */
export const CHART_TYPES = ['bar', 'line', 'pie'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const CHART_TYPE_LABELS: Record<ChartType, string> = { bar: '柱状图', line: '折线图', pie: '饼图' };

export interface ReportChart {
  type: ChartType;
  /** The category (x axis; a pie's slice names): a column of the list. */
  x: string;
  /** The values: numeric columns of the list (a pie takes exactly one). */
  y: string[];
  title?: string | null;
}

const NAME = /^[A-Za-z_\p{L}][A-Za-z0-9_\p{L}]{0,63}$/u;

/** Parses a template's `chart`; its columns must be the list's fields, its values numbers, a pie's value one (named in the error's path). */
export function parseReportChart(value: unknown, path: string, fields: readonly FieldDefinition[]): ReportChart | null {
  if (value === undefined || value === null) return null;
  const o: Obj = object(value, path, ['type', 'x', 'y', 'title']);
  const type = oneOf(o, 'type', path, CHART_TYPES, true)!;
  const x = text(o, 'x', path, { required: true, pattern: NAME, patternText: '须为列名' })!;
  const y = list(o, 'y', path, (v, p) => {
    if (typeof v !== 'string' || !NAME.test(v)) throw new ShapeError(p, '须为列名');
    return v;
  }, 8) ?? [];
  if (!y.length) throw new ShapeError(childPath(path, 'y'), '请至少选择一个数值列');
  const byName = new Map(fields.map((f) => [f.fieldName, f]));
  if (!byName.has(x)) throw new ShapeError(childPath(path, 'x'), `列表没有字段 ${x}`);
  y.forEach((name, i) => {
    const field = byName.get(name);
    if (!field) throw new ShapeError(childPath(path, `y[${i}]`), `列表没有字段 ${name}`);
    // values are added up: a column that is no number column by its own marks is no value (the draft
    // rules check it again against the type its data source declares)
    if (isNotNumberColumn(field)) throw new ShapeError(childPath(path, `y[${i}]`), `${field.fieldExplain || name} 不是数值列`);
  });
  if (type === 'pie' && y.length !== 1) throw new ShapeError(childPath(path, 'y'), '饼图只能选择一个数值列');
  return { type, x, y, title: text(o, 'title', path, { max: 100 }) ?? null };
}

/** A number from a cell (numeric columns arrive as text); not a number → 0. */
const numberOf = (value: unknown): number => {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
};

/** A category label: dates as their day, the rest as text. */
const categoryOf = (value: unknown): string => {
  if (value === null || value === undefined) return '（空）';
  const s = String(value);
  return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
};

/**
 * The ECharts option of a report chart over the rows shown (in the order the list shows them, so a
 * time axis reads left to right when the list is sorted by time descending: reversed then).
 * Labels are the fields' 字段说明.
 */
export function chartOption(chart: ReportChart, rows: readonly Record<string, unknown>[], fields: readonly FieldDefinition[]): Record<string, unknown> {
  const label = (name: string) => fields.find((f) => f.fieldName === name)?.fieldExplain || name;
  const base = { animation: false, tooltip: { trigger: chart.type === 'pie' ? 'item' : 'axis' }, legend: { top: 0 } };
  if (chart.type === 'pie') {
    const sums = new Map<string, number>();
    for (const row of rows) sums.set(categoryOf(row[chart.x]), (sums.get(categoryOf(row[chart.x])) ?? 0) + numberOf(row[chart.y[0]]));
    return {
      ...base, legend: { top: 0, type: 'scroll' },
      series: [{ type: 'pie', name: label(chart.y[0]), radius: ['30%', '65%'], center: ['50%', '56%'], data: [...sums].map(([name, value]) => ({ name, value })) }],
    };
  }
  // one category per distinct x (rows of the same x — e.g. a day with several materials — are added up)
  const categories: string[] = [];
  const sums = chart.y.map(() => new Map<string, number>());
  for (const row of rows) {
    const c = categoryOf(row[chart.x]);
    if (!categories.includes(c)) categories.push(c);
    chart.y.forEach((name, i) => sums[i].set(c, (sums[i].get(c) ?? 0) + numberOf(row[name])));
  }
  if (categories.length > 1 && categories[0] > categories[categories.length - 1] && /^\d{4}-\d{2}/.test(categories[0])) categories.reverse();
  return {
    ...base,
    grid: { left: 56, right: 24, top: 36, bottom: 32 },
    xAxis: { type: 'category', data: categories, name: label(chart.x) },
    yAxis: { type: 'value' },
    series: chart.y.map((name, i) => ({ type: chart.type, name: label(name), data: categories.map((c) => Math.round((sums[i].get(c) ?? 0) * 1000) / 1000) })),
  };
}
