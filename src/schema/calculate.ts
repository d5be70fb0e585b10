import Decimal from 'decimal.js';

/**
 * Decimal-safe calculation (spec 000 §5, spec 001 §5). A calculation definition is an array of
 * field items and the operators + - * / ( ); it is parsed into an expression tree and evaluated
 * with decimal.js — never evaluated as code. NaN or Infinity give 0.
 */
export type CalcToken = { customTable?: string; fieldName: string } | '+' | '-' | '*' | '/' | '(' | ')' | { value: number | string };
export type CalcExpr =
  | { kind: 'field'; fieldName: string; customTable?: string }
  | { kind: 'number'; value: string }
  | { kind: 'neg'; operand: CalcExpr }
  | { kind: 'binary'; op: '+' | '-' | '*' | '/'; left: CalcExpr; right: CalcExpr };

export class CalcSyntaxError extends Error {
  constructor(message: string) { super(message); this.name = 'CalcSyntaxError'; }
}

/** Parses a calculation definition (precedence: * / over + -, brackets, unary minus). */
export function parseCalculation(tokens: readonly CalcToken[]): CalcExpr {
  let pos = 0;
  const peek = () => tokens[pos];
  const expression = (): CalcExpr => {
    let left = term();
    while (peek() === '+' || peek() === '-') {
      const op = tokens[pos++] as '+' | '-';
      left = { kind: 'binary', op, left, right: term() };
    }
    return left;
  };
  const term = (): CalcExpr => {
    let left = factor();
    while (peek() === '*' || peek() === '/') {
      const op = tokens[pos++] as '*' | '/';
      left = { kind: 'binary', op, left, right: factor() };
    }
    return left;
  };
  const factor = (): CalcExpr => {
    const t = tokens[pos++];
    if (t === undefined) throw new CalcSyntaxError('计算公式不完整');
    if (t === '-') return { kind: 'neg', operand: factor() };
    if (t === '(') {
      const inner = expression();
      if (tokens[pos++] !== ')') throw new CalcSyntaxError('计算公式括号不匹配');
      return inner;
    }
    if (typeof t === 'string') throw new CalcSyntaxError(`计算公式在第${pos}项出现多余的运算符 ${t}`);
    if ('value' in t) {
      if (!Number.isFinite(Number(t.value))) throw new CalcSyntaxError(`计算公式中的常数 ${String(t.value)} 不是数字`);
      return { kind: 'number', value: String(t.value) };
    }
    if (!t.fieldName) throw new CalcSyntaxError(`计算公式第${pos}项缺少字段名`);
    return { kind: 'field', fieldName: t.fieldName, customTable: t.customTable };
  };
  const tree = expression();
  if (pos < tokens.length) throw new CalcSyntaxError(`计算公式在第${pos + 1}项有多余内容`);
  return tree;
}

function toDecimal(value: unknown): Decimal {
  if (value === null || value === undefined || value === '') return new Decimal(0);
  try {
    const d = new Decimal(typeof value === 'number' || typeof value === 'string' ? value : NaN);
    return d.isFinite() ? d : new Decimal(0);
  } catch {
    return new Decimal(0);
  }
}

function evaluate(expr: CalcExpr, row: Record<string, unknown>): Decimal {
  switch (expr.kind) {
    case 'number': return new Decimal(expr.value);
    case 'field': return toDecimal(row[expr.fieldName]);
    case 'neg': return evaluate(expr.operand, row).negated();
    case 'binary': {
      const l = evaluate(expr.left, row);
      const r = evaluate(expr.right, row);
      if (expr.op === '+') return l.plus(r);
      if (expr.op === '-') return l.minus(r);
      if (expr.op === '*') return l.times(r);
      return r.isZero() ? new Decimal(NaN) : l.dividedBy(r);
    }
  }
}

/** Evaluates a parsed calculation over a row; NaN or Infinity (division by zero) give 0. */
export function calculate(expr: CalcExpr, row: Record<string, unknown>): number {
  const result = evaluate(expr, row);
  return result.isFinite() ? result.toNumber() : 0;
}

/**
 * The sum row: values are summed after scaling by 1000 and rounding, then scaled back, so that
 * 0.1 + 0.2 shows 0.3 (spec 001 §5, "summary sums are computed with x1000 scaling").
 */
export function sumColumn(values: readonly unknown[]): number {
  let total = 0;
  for (const v of values) {
    const n = Number(v);
    if (v === null || v === undefined || v === '' || !Number.isFinite(n)) continue;
    total += Math.round(n * 1000);
  }
  return total / 1000;
}
