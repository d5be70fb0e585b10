/** The weighing station's shared rules: indicator protocols, the scale's class Ⅲ limits. */

export const SCALE_PROTOCOLS = [
  { value: 'yaohua-tf0', label: '耀华 XK3190 连续方式 tF=0' },
  { value: 'yaohua-reversed', label: '耀华 "=" 倒序格式 (A22/A26/XK315A1)' },
  { value: 'yaohua-ww', label: '耀华 A12/A27 ww000.000kg' },
  { value: 'toledo', label: '梅特勒-托利多 连续输出' },
] as const;

export type ScaleProtocol = (typeof SCALE_PROTOCOLS)[number]['value'];

/** A scale's connection: a serial device server's `host:port`, or `simulator`. */
export type ScaleLink = { kind: 'simulator' } | { kind: 'tcp'; host: string; port: number };

export function parseScaleLink(text: unknown): ScaleLink | null {
  const value = typeof text === 'string' ? text.trim() : '';
  if (value === 'simulator') return { kind: 'simulator' };
  const m = /^([A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:]+\]):(\d{1,5})$/.exec(value);
  if (!m) return null;
  const port = Number(m[2]);
  if (port < 1 || port > 65_535) return null;
  return { kind: 'tcp', host: m[1].replace(/^\[|\]$/g, ''), port };
}

/** Class Ⅲ (OIML R76, GB/T 7723): the number of verification scale intervals n = Max/e. */
export const CLASS_III_N = { min: 500, max: 10_000 } as const;
/** Min of a class Ⅲ scale, in divisions. */
export const MIN_DIVISIONS = 20;
/** Days before a verification certificate expires from which it is flagged. */
export const CERT_WARN_DAYS = 30;

/** The settings that decide capture, with the defaults a blank cell stands for. */
export interface ScaleSettings {
  division: number;
  maxCapacity: number;
  /** Min, kg: 20 e when not set. */
  minCapacity: number;
  /** ±band, kg: 1 e when not set. */
  stableBand: number;
  /** Window, s: 1.0 when not set. */
  stableWindow: number;
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : NaN;
};

/**
 * The rules of the 称重设备 table, on the whole row (stored values overlaid with the submission):
 * a problem names its field. The form shows the same messages.
 */
export function scaleProblem(row: Readonly<Record<string, unknown>>): { field: string; message: string } | null {
  if (row.connection !== undefined && !parseScaleLink(row.connection)) {
    return { field: 'connection', message: '连接地址应为 主机:端口（串口服务器）或 simulator' };
  }
  if (row.protocol !== undefined && !SCALE_PROTOCOLS.some((p) => p.value === row.protocol)) {
    return { field: 'protocol', message: '通讯协议不支持' };
  }
  const e = num(row.division);
  const max = num(row.maxCapacity);
  if (e !== null && !(e > 0)) return { field: 'division', message: '分度值应大于 0' };
  if (max !== null && !(max > 0)) return { field: 'maxCapacity', message: '最大称量应大于 0' };
  if (e && max) {
    const n = max / e;
    if (!Number.isInteger(Math.round(n * 1e6) / 1e6) || n < CLASS_III_N.min || n > CLASS_III_N.max) {
      return { field: 'maxCapacity', message: `检定分度数 n = Max/e = ${+n.toFixed(2)}，Ⅲ级秤应为 ${CLASS_III_N.min}–${CLASS_III_N.max} 的整数` };
    }
  }
  const min = num(row.minCapacity);
  if (min !== null && e && !(min >= MIN_DIVISIONS * e)) return { field: 'minCapacity', message: `最小称量不得小于 ${MIN_DIVISIONS}e（${MIN_DIVISIONS * e} kg）` };
  if (min !== null && max && !(min < max)) return { field: 'minCapacity', message: '最小称量应小于最大称量' };
  const band = num(row.stableBand);
  if (band !== null && !(band > 0)) return { field: 'stableBand', message: '稳定范围应大于 0' };
  const window = num(row.stableWindow);
  if (window !== null && !(window >= 0.2 && window <= 10)) return { field: 'stableWindow', message: '稳定时间应在 0.2–10 秒之间' };
  return null;
}

/** The effective settings of a stored scale row (blank cells take their defaults). */
export function scaleSettings(row: Readonly<Record<string, unknown>>): ScaleSettings {
  const division = Number(row.division);
  return {
    division,
    maxCapacity: Number(row.maxCapacity),
    minCapacity: num(row.minCapacity) ?? MIN_DIVISIONS * division,
    stableBand: num(row.stableBand) ?? division,
    stableWindow: num(row.stableWindow) ?? 1,
  };
}

/** 检定证书: null when more than 30 days remain, else the warning shown with the scale. */
export function certificateWarning(expire: unknown, now: Date): string | null {
  if (expire === null || expire === undefined || expire === '') return null;
  const at = expire instanceof Date ? expire : new Date(String(expire));
  if (Number.isNaN(at.getTime())) return null;
  const days = Math.ceil((at.getTime() - now.getTime()) / 86_400_000);
  if (days < 0) return `检定证书已过期 ${-days} 天`;
  if (days <= CERT_WARN_DAYS) return `检定证书 ${days} 天后到期`;
  return null;
}

/** Why a scale's weight cannot be captured now (shown under the indicator). */
export type LiveProblem = 'no-data' | 'stale' | 'motion' | 'overload' | 'settling';

/** One live value of a scale, as pushed to browsers (SSE) and kept by every API process. */
export interface LiveValue {
  scaleId: number;
  /** Increases with every value of the scale's current owner. */
  seq: number;
  /** When the frame was read (ms since the epoch, the owner's clock); for a stale value, when staleness was noticed. */
  at: number;
  /** Displayed weight, kg; null when no fresh frame (shown as —). */
  weight: number | null;
  decimals: number;
  stable: boolean;
  motion: boolean;
  overload: boolean;
  /** Within ±1 e of zero. */
  zero: boolean;
  stale: boolean;
  problem: LiveProblem | null;
  /** The stability window behind `stable` (from/to ms, min/max kg, readings). */
  window: { from: number; to: number; min: number; max: number; count: number } | null;
  /** The frame's bytes, hex. */
  raw: string;
  /** A station alarm (no data, connection lost), or null. */
  alarm: string | null;
  /** Which API process reads the indicator (host:pid). */
  owner: string;
}

export const LIVE_PROBLEM_TEXT: Record<LiveProblem, string> = {
  'no-data': '仪表无数据',
  stale: '仪表数据中断（超过 2 秒无数据）',
  motion: '仪表显示动态',
  overload: '超载或超出量程',
  settling: '重量未稳定',
};

/** Purchase (SH_*) and sale (FH_*) trucks pass these control points in this order; a sale truck is weighed empty first. */
export type VisitKind = 'PU' | 'SA';
export const STEPS = ['SIGN_IN', 'CALL', 'IN_DOOR', 'FIRST_WEIGH', 'SCENE_CONFIRM', 'SECOND_WEIGH', 'SUTTLE_CALCULATE', 'OUT_DOOR'] as const;
export type Step = (typeof STEPS)[number];

export const CONTROL_POINTS: Record<VisitKind, Record<Step, string>> = {
  PU: {
    SIGN_IN: 'SH_SIGN_IN', CALL: 'SH_CALL', IN_DOOR: 'SH_IN_DOOR', FIRST_WEIGH: 'SH_GROSS_WEIGH', SCENE_CONFIRM: 'SH_SCENE_CONFIRM',
    SECOND_WEIGH: 'SH_TARE_WEIGH', SUTTLE_CALCULATE: 'SH_SUTTLE_CALCULATE', OUT_DOOR: 'SH_OUT_DOOR',
  },
  SA: {
    SIGN_IN: 'FH_SIGN_IN', CALL: 'FH_CALL', IN_DOOR: 'FH_IN_DOOR', FIRST_WEIGH: 'FH_TARE_WEIGH', SCENE_CONFIRM: 'FH_SCENE_CONFIRM',
    SECOND_WEIGH: 'FH_GROSS_WEIGH', SUTTLE_CALCULATE: 'FH_SUTTLE_CALCULATE', OUT_DOOR: 'FH_OUT_DOOR',
  },
};

export const POINT_LABELS: Record<string, string> = {
  SH_SIGN_IN: '采购登记', SH_CALL: '叫号', SH_IN_DOOR: '进厂', SH_GROSS_WEIGH: '称毛重', SH_SCENE_CONFIRM: '现场确认', SH_TARE_WEIGH: '称皮重',
  SH_SUTTLE_CALCULATE: '计算净重', SH_OUT_DOOR: '出厂',
  FH_SIGN_IN: '销售登记', FH_CALL: '叫号', FH_IN_DOOR: '进厂', FH_TARE_WEIGH: '称皮重', FH_SCENE_CONFIRM: '装车确认', FH_GROSS_WEIGH: '称毛重',
  FH_SUTTLE_CALCULATE: '计算净重', FH_OUT_DOOR: '出厂',
};

/** Which weighing a step is for each kind: purchase gross first, sale tare first. */
export type WeighingType = 'GROSS' | 'TARE';
export function weighingOf(kind: VisitKind, step: 'FIRST_WEIGH' | 'SECOND_WEIGH'): WeighingType {
  return (kind === 'PU') === (step === 'FIRST_WEIGH') ? 'GROSS' : 'TARE';
}

/** The step a registry at `point` (null: registered, not yet queued) takes next. */
export function nextStep(kind: VisitKind, point: string | null): Step | null {
  if (point === null) return 'SIGN_IN';
  const i = STEPS.findIndex((s) => CONTROL_POINTS[kind][s] === point);
  return i < 0 || i === STEPS.length - 1 ? null : STEPS[i + 1];
}

/** A live value must be younger than this to be captured. */
export const FRESH_MS = 500;

/** Why the current live value may not be captured (null: it may): the 采集毛重 / 采集皮重 buttons show it. */
export function captureProblem(live: LiveValue | null | undefined, settings: ScaleSettings, now: number): string | null {
  if (!live || live.weight === null || live.stale) return live?.alarm ?? LIVE_PROBLEM_TEXT['no-data'];
  if (now - live.at > FRESH_MS) return `读数已过期（超过 ${FRESH_MS} ms 未更新）`;
  if (live.overload) return LIVE_PROBLEM_TEXT.overload;
  if (live.motion) return LIVE_PROBLEM_TEXT.motion;
  if (!live.stable) return LIVE_PROBLEM_TEXT.settling;
  if (live.weight < settings.minCapacity) return `重量低于最小称量 ${settings.minCapacity} kg`;
  if (live.weight > settings.maxCapacity) return `重量超过最大称量 ${settings.maxCapacity} kg`;
  return null;
}

/** The weigh-record tables: their weights change only by 称重更正, and deleting one names a reason. */
export const WEIGH_RECORD_TABLES: readonly string[] = ['mm_pu_weigh', 'mm_sa_weigh'];

/** The most a corrected weight may be, in tonnes (what the weight columns hold; no truck scale weighs more). */
export const MAX_WEIGHT_T = 1000;

/**
 * Why a weight in tonnes typed for 称重更正 cannot be taken (null: it can): above 0, at most
 * MAX_WEIGHT_T, and to the kilogram (3 decimals, as the record keeps it; a finer one was rounded
 * away without a word).
 */
export function correctedWeightProblem(label: '毛重' | '皮重', value: unknown): string | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > MAX_WEIGHT_T) return `${label}须大于 0 吨且不超过 ${MAX_WEIGHT_T} 吨`;
  if (!/^\d+(\.\d{1,3})?$/.test(String(n))) return `${label}最多 3 位小数（精确到千克）`;
  return null;
}

/** Why the reason of a weigh record's correction or delete is not enough (null: it is). */
export function weighReasonProblem(reason: string | null | undefined, what: '更正' | '删除'): string | null {
  return (reason ?? '').trim().length < 2 ? `${what}磅单须填写原因（至少 2 个字）` : null;
}
