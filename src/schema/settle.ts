import Decimal from 'decimal.js';

/**
 * How a material's settle weight is rounded (存货档案: 结算重量小数位 and 舍入方式): 四舍五入 half
 * up, 截尾 toward zero, 进位 away from zero. Without a rule, 3 places half up (the kilogram).
 */
export const SETTLE_ROUNDINGS: [SettleRounding, string][] = [['HALF_UP', '四舍五入'], ['DOWN', '截尾'], ['UP', '进位']];
export type SettleRounding = 'HALF_UP' | 'DOWN' | 'UP';
export interface SettleRule { places: number; mode: SettleRounding }
export const DEFAULT_SETTLE_RULE: SettleRule = { places: 3, mode: 'HALF_UP' };
/** The settle weight is stored in tonnes with 3 decimals: a rule keeps 0–3 of them. */
export const SETTLE_PLACES = { min: 0, max: 3 } as const;
const MODES: Record<SettleRounding, Decimal.Rounding> = { HALF_UP: Decimal.ROUND_HALF_UP, DOWN: Decimal.ROUND_DOWN, UP: Decimal.ROUND_UP };

const blank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * The rule a material row (settleScale, settleRounding) or a weigh record that stored it declares;
 * what is left blank takes the default.
 */
export function settleRuleOf(row: Readonly<Record<string, unknown>> | null | undefined): SettleRule {
  const places = blank(row?.settleScale) ? DEFAULT_SETTLE_RULE.places : Number(row!.settleScale);
  const mode = blank(row?.settleRounding) ? DEFAULT_SETTLE_RULE.mode : String(row!.settleRounding) as SettleRounding;
  return {
    places: Number.isInteger(places) && places >= SETTLE_PLACES.min && places <= SETTLE_PLACES.max ? places : DEFAULT_SETTLE_RULE.places,
    mode: mode in MODES ? mode : DEFAULT_SETTLE_RULE.mode,
  };
}

/** The material's rounding fields, checked (存货档案 saves through this on the server). */
export function settleRuleProblem(row: Readonly<Record<string, unknown>>): { field: string; message: string } | null {
  if (!blank(row.settleScale)) {
    const n = Number(row.settleScale);
    if (!Number.isInteger(n) || n < SETTLE_PLACES.min || n > SETTLE_PLACES.max) {
      return { field: 'settleScale', message: `结算重量小数位应为 ${SETTLE_PLACES.min}–${SETTLE_PLACES.max} 的整数` };
    }
  }
  if (!blank(row.settleRounding) && !SETTLE_ROUNDINGS.some(([v]) => v === row.settleRounding)) {
    return { field: 'settleRounding', message: `舍入方式应为 ${SETTLE_ROUNDINGS.map(([, l]) => l).join('、')} 之一` };
  }
  return null;
}

/**
 * 净重 and 结算重量 of a weighing, exactly: net = gross − tare (kg in, tonnes out, 3 places),
 * settle = net − fixed deduction − Σ(net × rate %), rounded once at the end by the material's rule.
 * Every figure follows from the stored inputs (the record keeps the rule it was settled with).
 */
export interface SettleInputs {
  grossKg: Decimal.Value;
  tareKg: Decimal.Value;
  /** Fixed deduction, t (扣重 of the on-site confirmation). */
  deductT?: Decimal.Value | null;
  /** Deduction rates, % of net (扣率: the confirmation's, the assay's). */
  ratesPct?: (Decimal.Value | null | undefined)[];
  rule?: SettleRule;
}

export function settleFigures(input: SettleInputs): { net: string; settle: string } {
  const rule = input.rule ?? DEFAULT_SETTLE_RULE;
  const net = new Decimal(input.grossKg).minus(input.tareKg).div(1000);
  let settle = net.minus(input.deductT ?? 0);
  for (const rate of input.ratesPct ?? []) if (rate !== null && rate !== undefined && rate !== '') settle = settle.minus(net.times(rate).div(100));
  return {
    net: net.toDecimalPlaces(3, Decimal.ROUND_HALF_UP).toFixed(3),
    settle: settle.toDecimalPlaces(rule.places, MODES[rule.mode]).toFixed(rule.places),
  };
}
