/** A vehicle that has been on site longer than this after its gross weighing is a warning. */
export const STAY_WARN_MINUTES = 240;
/** A deduction above this share of the net weight is a warning. */
export const DEDUCT_WARN_RATIO = 0.05;

/**
 * The warnings the home page computes (`/index/getWarn`, its `type`) and 预警通知 assigns
 * recipients to: one list, so that a new kind appears in both.
 */
export const WARN_KINDS = [
  { warnType: 'STAY', title: '车辆滞留超时', description: `称毛重后超过 ${STAY_WARN_MINUTES / 60} 小时未称皮重`, params: { hours: STAY_WARN_MINUTES / 60 } },
  { warnType: 'DEDUCT', title: '扣重异常', description: `近 7 天扣重超过净重的 ${DEDUCT_WARN_RATIO * 100}%`, params: { percent: DEDUCT_WARN_RATIO * 100 } },
] as const;

export type WarnType = (typeof WARN_KINDS)[number]['warnType'];

/** The title of a warning kind. */
export const warnTitle = (type: WarnType): string => WARN_KINDS.find((k) => k.warnType === type)!.title;
