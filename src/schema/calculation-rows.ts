import { CalcSyntaxError, parseCalculation, type CalcToken } from './calculate';
import type { Calculation, CalculationItem } from './field-definition';

/**
 * The rows of the calculation-setup dialog 计算方式 (spec 001 §2 screen 5, §5) and the pair of
 * functions between them and a field's `calculate` definition — the exact format `parseCalculation`
 * reads: an array of field items and the operators + - * / ( ), or a sum object
 * `{ customTable, fieldName: [...], mode: 'sum' }`.
 */

export type CalcOperator = '+' | '-' | '*' | '/';
export const CALC_OPERATORS: readonly CalcOperator[] = ['+', '-', '*', '/'];

export const CALCULATION_MESSAGES = {
  title: '计算方式',
  /** A sum operand needs its sum table (spec 001 §5). */
  sumTable: '请选择合计表！',
  /** Nothing selected in the calculation list (spec 001 §8). */
  noSelection: '最少要选择一条数据！',
  clearConfirm: '此操作将删除所有数据, 是否继续?',
  cleared: '删除成功!',
  clearCancelled: '已取消删除',
  sumOnly: '合计须全部为同一合计表的字段，并以 + 相连，不加括号',
  firstOperator: '第1行只能不填运算符或填 -（负号）',
} as const;

/** One row of the dialog: [operator] [open brackets] operand [close brackets]. */
export interface CalculationRow {
  key: string;
  /** The operator joining the row to the one before: none on the first row (or - for a negative start). */
  operator: CalcOperator | null;
  /** Opening brackets before the operand. */
  open: number;
  /** The operand field and the table it belongs to. */
  fieldName: string | null;
  customTable: string | null;
  /** A sum operand: the field summed over its sum table (合计表). */
  sum: boolean;
  sumTable: string | null;
  /** Closing brackets after the operand. */
  close: number;
}

let counter = 0;
/** A blank row; after the first it joins with +. */
export function newCalculationRow(index: number): CalculationRow {
  counter += 1;
  return { key: `c${counter}`, operator: index === 0 ? null : '+', open: 0, fieldName: null, customTable: null, sum: false, sumTable: null, close: 0 };
}

export type CalculationResult = { ok: true; value: Calculation | null } | { ok: false; message: string };

const fieldItem = (fieldName: string, customTable: string | null): CalculationItem =>
  customTable ? { customTable, fieldName } : { fieldName };

/**
 * The `calculate` definition the rows stand for (null when there are none), or the first problem:
 * a row without a field, a sum without its table (请选择合计表！), a missing operator, unbalanced
 * brackets (the calculator's own message).
 */
export function rowsToCalculation(rows: readonly CalculationRow[]): CalculationResult {
  if (rows.length === 0) return { ok: true, value: null };
  for (const [i, r] of rows.entries()) {
    if (!r.fieldName) return { ok: false, message: `第${i + 1}行请选择字段` };
    if (r.sum && !r.sumTable) return { ok: false, message: CALCULATION_MESSAGES.sumTable };
    if (i > 0 && !r.operator) return { ok: false, message: `第${i + 1}行请选择运算符` };
  }
  if (rows[0].operator && rows[0].operator !== '-') return { ok: false, message: CALCULATION_MESSAGES.firstOperator };
  if (rows.some((r) => r.sum)) {
    const table = rows[0].sumTable;
    const plain = rows.every((r, i) => r.sum && r.sumTable === table && r.open === 0 && r.close === 0 && (i === 0 ? !r.operator : r.operator === '+'));
    if (!plain || !table) return { ok: false, message: CALCULATION_MESSAGES.sumOnly };
    return { ok: true, value: { customTable: table, fieldName: rows.map((r) => r.fieldName!), mode: 'sum' } };
  }
  const items: CalculationItem[] = [];
  for (const r of rows) {
    if (r.operator) items.push(r.operator);
    for (let k = 0; k < r.open; k += 1) items.push('(');
    items.push(fieldItem(r.fieldName!, r.customTable));
    for (let k = 0; k < r.close; k += 1) items.push(')');
  }
  try {
    parseCalculation(items as CalcToken[]);
  } catch (error) {
    if (error instanceof CalcSyntaxError) return { ok: false, message: error.message };
    throw error;
  }
  return { ok: true, value: items };
}

/**
 * The dialog's rows for an existing definition, so it can be edited again. Throws a
 * CalcSyntaxError for a definition the calculator refuses, or one the rows cannot show
 * (a sign inside brackets or after another operator).
 */
export function calculationToRows(calc: Calculation | null | undefined): CalculationRow[] {
  if (!calc) return [];
  if (!Array.isArray(calc)) {
    return calc.fieldName.map((name, i) => ({ ...newCalculationRow(i), fieldName: name, customTable: calc.customTable, sum: true, sumTable: calc.customTable }));
  }
  parseCalculation(calc as CalcToken[]);
  const rows: CalculationRow[] = [];
  let operator: CalcOperator | null = null;
  let open = 0;
  for (const t of calc) {
    if (t === '(') { open += 1; continue; }
    if (t === ')') { rows[rows.length - 1].close += 1; continue; }
    if (typeof t === 'string') {
      // the calculator accepts a sign only where an operand is due; the rows show it only as the first row's operator
      if (operator !== null || open > 0) {
        throw new CalcSyntaxError('计算公式含括号内或运算符后的负号，无法在计算方式中编辑');
      }
      operator = t;
      continue;
    }
    rows.push({ ...newCalculationRow(rows.length), operator, open, fieldName: t.fieldName, customTable: t.customTable ?? null });
    operator = null;
    open = 0;
  }
  return rows;
}

/** A field the dialog offers, as the form knows it. */
export interface CalculationFieldOption { fieldName: string; fieldExplain: string; customTable?: string | null }

/** The definition read as people write it, with field labels: "(毛重 - 皮重) * 单价", "合计(明细: 净重 + 扣重)". */
export function describeCalculation(calc: Calculation | null, fields: readonly CalculationFieldOption[], tables: readonly { value: string; label: string }[] = []): string {
  if (!calc) return '';
  const label = (name: string) => fields.find((f) => f.fieldName === name)?.fieldExplain ?? name;
  if (!Array.isArray(calc)) {
    const table = tables.find((t) => t.value === calc.customTable)?.label ?? calc.customTable;
    return `合计(${table}: ${calc.fieldName.map(label).join(' + ')})`;
  }
  return calc.map((t) => (typeof t === 'string' ? t : label(t.fieldName))).join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
}
