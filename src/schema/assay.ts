import Decimal from 'decimal.js';

/** The default assay items (spec: value and label): 001 水分, 002 Si, 003 S, 004 C, 005 强度, with their units. */
export const DEFAULT_ASSAY_ITEMS: { value: string; label: string; unit: string }[] = [
  { value: '001', label: '水分', unit: '%' }, { value: '002', label: 'Si', unit: '%' }, { value: '003', label: 'S', unit: '%' },
  { value: '004', label: 'C', unit: '%' }, { value: '005', label: '强度', unit: 'MPa' },
];
/** How many sample cars a group may name (the date dialog's count): 0–500, 1 by default. */
export const SAMPLE_CARS = { min: 0, max: 500, default: 1 } as const;

/** The rates of a weigh record besides its own 扣率: what the assay adds. */
export const WEIGH_RATE_FIELDS = ['deductRate', 'waterRate', 'impurityRate'] as const;
export function weighRates(w: Readonly<Record<string, unknown>>): (string | null)[] {
  return WEIGH_RATE_FIELDS.map((f) => (w[f] === undefined || w[f] === null || w[f] === '' ? null : String(w[f])));
}

/** One step of a material's deduction table: from this value of the item on, this rate (% of net) is deducted as 扣水 or 扣杂. */
export interface DeductStep { itemCode: string; fromValue: Decimal.Value; rate: Decimal.Value; deductKind: 'WATER' | 'IMPURITY' }

/**
 * The 扣水 and 扣杂 rates of an assay's results by the material's step tables: per item, the rate
 * of the highest step the value reaches (moisture 12.5 % → 1 %, 13 % → 2 %), nothing below the
 * first step; the items' rates add up per kind. Exact (decimal.js).
 */
export function assayRates(results: { itemCode: string; value: Decimal.Value | null | undefined }[], steps: readonly DeductStep[]): { water: string; impurity: string } {
  const sum = { WATER: new Decimal(0), IMPURITY: new Decimal(0) };
  for (const r of results) {
    if (r.value === null || r.value === undefined || r.value === '') continue;
    const value = new Decimal(r.value);
    for (const kind of ['WATER', 'IMPURITY'] as const) {
      const reached = steps.filter((s) => s.itemCode === r.itemCode && s.deductKind === kind && value.gte(s.fromValue))
        .sort((a, b) => new Decimal(b.fromValue).comparedTo(a.fromValue))[0];
      if (reached) sum[kind] = sum[kind].plus(reached.rate);
    }
  }
  return { water: sum.WATER.toFixed(2), impurity: sum.IMPURITY.toFixed(2) };
}

/** Whether a result lies within its item's limits (an empty limit does not bound). */
export function withinLimits(value: Decimal.Value | null | undefined, lower: Decimal.Value | null | undefined, upper: Decimal.Value | null | undefined): boolean | null {
  if (value === null || value === undefined || value === '') return null;
  const v = new Decimal(value);
  if (lower !== null && lower !== undefined && lower !== '' && v.lt(lower)) return false;
  if (upper !== null && upper !== undefined && upper !== '' && v.gt(upper)) return false;
  return true;
}

/** The group's own states (spec 001 §4): grouping → 结束分组 → 结束取样 (取消结束取样 goes back). */
export const GROUP_STATES: [string, string, string][] = [['OPEN', '分组中', 'blue'], ['GROUPED', '已结束分组', 'orange'], ['SAMPLED', '已结束取样', 'green']];
/** The recheck cycle: 申请复检 → 处理 → 取消处理 (back to applied). */
export const RECHECK_STATES: [string, string, string][] = [['NONE', '未复检', 'default'], ['APPLIED', '已申请复检', 'orange'], ['HANDLED', '复检已处理', 'green']];

export const GROUP_ACTIONS: Record<string, { label: string; field: 'groupState' | 'recheckState'; from: string[]; to: string; refuse: string }> = {
  endGroup: { label: '结束分组', field: 'groupState', from: ['OPEN'], to: 'GROUPED', refuse: '只有分组中的化验组可以结束分组' },
  endSample: { label: '结束取样', field: 'groupState', from: ['GROUPED'], to: 'SAMPLED', refuse: '请先结束分组，且只能结束取样一次' },
  cancelEndSample: { label: '取消结束取样', field: 'groupState', from: ['SAMPLED'], to: 'GROUPED', refuse: '只有已结束取样的化验组可以取消结束取样' },
  applyRecheck: { label: '申请复检', field: 'recheckState', from: ['NONE'], to: 'APPLIED', refuse: '该化验组已申请复检' },
  handleRecheck: { label: '处理', field: 'recheckState', from: ['APPLIED'], to: 'HANDLED', refuse: '只有已申请复检的化验组可以处理' },
  cancelHandle: { label: '取消处理', field: 'recheckState', from: ['HANDLED'], to: 'APPLIED', refuse: '只有复检已处理的化验组可以取消处理' },
};

/**
 * Which trucks a group samples: PU the raw material the plant buys (purchase weigh records, partner
 * 供应商), SA the product before it leaves (sale weigh records, partner 客户). A group without one is PU.
 */
export const ASSAY_BIZ_TYPES: [string, string, string][] = [['PU', '采购来料', 'blue'], ['SA', '销售出厂', 'green']];
export const ASSAY_WEIGH = {
  PU: { table: 'mm_pu_weigh', partnerField: 'vendorName', partnerColumn: 'vendor_name', partnerLabel: '供应商' },
  SA: { table: 'mm_sa_weigh', partnerField: 'customerName', partnerColumn: 'customer_name', partnerLabel: '客户' },
} as const;
export type AssayBizType = keyof typeof ASSAY_WEIGH;
export const assayBizType = (value: unknown): AssayBizType => (value === 'SA' ? 'SA' : 'PU');

/** A group's own row rule: the business type and its partner, the sample-car count and the period. */
export function assayGroupProblem(row: Readonly<Record<string, unknown>>): { field: string; message: string } | null {
  if (row.bizType !== undefined && row.bizType !== null && row.bizType !== '' && !(row.bizType === 'PU' || row.bizType === 'SA')) return { field: 'bizType', message: '业务类型只能是采购来料或销售出厂' };
  const other = ASSAY_WEIGH[assayBizType(row.bizType) === 'PU' ? 'SA' : 'PU'];
  const theirs = row[other.partnerField];
  if (theirs !== undefined && theirs !== null && theirs !== '') {
    return { field: other.partnerField, message: `${assayBizType(row.bizType) === 'PU' ? '采购来料' : '销售出厂'}的化验组不能填写${other.partnerLabel}` };
  }
  const cars = row.sampleCars;
  if (cars !== undefined && cars !== null && cars !== '') {
    const n = Number(cars);
    if (!Number.isInteger(n) || n < SAMPLE_CARS.min || n > SAMPLE_CARS.max) return { field: 'sampleCars', message: `样车数应为 ${SAMPLE_CARS.min}–${SAMPLE_CARS.max}` };
  }
  // 结束时间 before 开始时间 is refused by the record's rules (record-rules.ts), in the form as on the server
  const items = typeof row.itemCodes === 'string' ? row.itemCodes.split(',').filter(Boolean) : [];
  const unknown = items.find((c) => !DEFAULT_ASSAY_ITEMS.some((i) => i.value === c));
  if (unknown) return { field: 'itemCodes', message: `没有化验项目 ${unknown}` };
  return null;
}
