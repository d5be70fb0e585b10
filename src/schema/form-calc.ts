import { calculate, parseCalculation, sumColumn, type CalcExpr, type CalcToken } from './calculate';
import type { FieldDefinition } from './field-definition';
import { formatValue } from './value-formats';

/**
 * Calculated fields of forms and child tables (spec 001 §5, and the settlement edit pages of §2:
 * "computed columns are recalculated on every change"). The same functions run in the form on
 * every change and on the server before a document is written, so a posted amount that does not
 * follow from the lines cannot be stored.
 */

/** A row calculation: its expression, or the fields it adds (a sum over the row's own fields). */
export function rowCalculator(field: FieldDefinition): ((row: Readonly<Record<string, unknown>>) => number) | null {
  const calc = field.calculate;
  if (!calc) return null;
  if (!Array.isArray(calc)) {
    const expr = calc.fieldName.reduce<CalcExpr | null>((acc, name) => {
      const item: CalcExpr = { kind: 'field', fieldName: name };
      return acc ? { kind: 'binary', op: '+', left: acc, right: item } : item;
    }, null) ?? { kind: 'number', value: '0' };
    return (row) => calculate(expr, row);
  }
  const expr = parseCalculation(calc as CalcToken[]);
  return (row) => calculate(expr, row);
}

/** A calculated value as stored: the value format applied after (fixed2 gives "12.30"), else the number. */
export function storedResult(field: FieldDefinition, value: number): number | string {
  const format = field.cgValFormat?.valFormatFun;
  return format && /^fixed\d$/.test(format) ? formatValue(format, value) : value;
}

/**
 * A master field that sums a child table's column: its calculate is a sum definition naming the
 * child table (the 合计表 of 计算方式) and the child fields.
 */
export function isChildSum(field: FieldDefinition, mainTable: string | null | undefined): boolean {
  const calc = field.calculate;
  return !!calc && !Array.isArray(calc) && calc.mode === 'sum' && !!calc.customTable && calc.customTable !== mainTable && calc.customTable !== field.customTable;
}

/**
 * Recalculates a child row's calculated fields in order (a later one may use an earlier one's
 * result); answers the fields whose value changed and their new values.
 */
export function recalculateRow(fields: readonly FieldDefinition[], row: Readonly<Record<string, unknown>>): Record<string, number | string> {
  return rowRecalculator(fields)(row);
}

/** recalculateRow with the calculations parsed once (for recalculating many rows on every change). */
export function rowRecalculator(fields: readonly FieldDefinition[]): (row: Readonly<Record<string, unknown>>) => Record<string, number | string> {
  const calcs = fields.flatMap((f) => {
    const calc = rowCalculator(f);
    return calc ? [{ field: f, calc }] : [];
  });
  return (row) => {
    const changes: Record<string, number | string> = {};
    if (calcs.length === 0) return changes;
    const current: Record<string, unknown> = { ...row };
    for (const { field, calc } of calcs) {
      const value = storedResult(field, calc(current));
      current[field.fieldName] = value;
      if (String(row[field.fieldName] ?? '') !== String(value)) changes[field.fieldName] = value;
    }
    return changes;
  };
}

/** The master fields computed from the child tables (sums over their rows), then the master's own calculations. */
export function recalculateMain(
  fields: readonly FieldDefinition[], mainTable: string | null | undefined, main: Readonly<Record<string, unknown>>,
  children: Readonly<Record<string, readonly Readonly<Record<string, unknown>>[]>>,
): Record<string, number | string> {
  const changes: Record<string, number | string> = {};
  const current: Record<string, unknown> = { ...main };
  for (const f of fields) {
    if (!f.calculate) continue;
    let value: number | string;
    if (isChildSum(f, mainTable)) {
      const calc = f.calculate as { customTable: string; fieldName: string[] };
      const rows = children[calc.customTable] ?? [];
      value = storedResult(f, sumColumn(calc.fieldName.map((name) => sumColumn(rows.map((r) => r[name])))));
    } else {
      value = storedResult(f, rowCalculator(f)!(current));
    }
    current[f.fieldName] = value;
    if (String(main[f.fieldName] ?? '') !== String(value)) changes[f.fieldName] = value;
  }
  return changes;
}

/** Child rows with their calculated fields filled in (new objects; the input is not changed). */
export function withRowCalculations<R extends Readonly<Record<string, unknown>>>(fields: readonly FieldDefinition[], rows: readonly R[]): R[] {
  if (!fields.some((f) => f.calculate)) return [...rows];
  return rows.map((r) => ({ ...r, ...recalculateRow(fields, r) }));
}
