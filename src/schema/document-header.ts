import Decimal from 'decimal.js';

/**
 * Header fields of a master-child document that follow from its lines: a notice's 物料 and 计划量
 * sum up its lines, so the list's 合计 and quick search see what the lines hold. One rule for the
 * demo seed, the server (which derives them on every save that carries the lines and ignores what a
 * client sends for them) and the form (which shows them read-only, following the lines as they change).
 */
export interface HeaderFromLines {
  /** The line table the header follows. */
  lineTable: string;
  /** The header fields it sets. */
  fields: readonly string[];
  derive(lines: readonly Readonly<Record<string, unknown>>[]): Record<string, string | null>;
}

/** Longest 物料 a notice stores (its column's length): a long list of materials is cut there. */
export const NOTICE_MATERIAL_LENGTH = 100;

/**
 * A notice's header from its lines: 物料 is the lines' 存货名称, each once in line order, joined by
 * 、 (cut at 100 characters); 计划量 is the lines' 计划量 added up, with 3 decimals. Either is null
 * when no line has one. A value that is no number is left to the line's own checks.
 */
export function noticeHeader(lines: readonly Readonly<Record<string, unknown>>[]): { materialName: string | null; planQty: string | null } {
  const names = [...new Set(lines.map((l) => (typeof l.invName === 'string' ? l.invName.trim() : '')).filter(Boolean))];
  let total: Decimal | null = null;
  for (const l of lines) {
    const raw = typeof l.planQty === 'number' ? String(l.planQty) : typeof l.planQty === 'string' ? l.planQty.trim() : '';
    if (!/^-?\d+(\.\d+)?$/.test(raw)) continue;
    total = (total ?? new Decimal(0)).plus(raw);
  }
  return { materialName: names.length ? names.join('、').slice(0, NOTICE_MATERIAL_LENGTH) : null, planQty: total ? total.toFixed(3) : null };
}

/** The documents whose header follows their lines, by table name. */
export const HEADERS_FROM_LINES: Readonly<Record<string, HeaderFromLines>> = {
  pu_notice: { lineTable: 'pu_notice_line', fields: ['materialName', 'planQty'], derive: noticeHeader },
  sa_notice: { lineTable: 'sa_notice_line', fields: ['materialName', 'planQty'], derive: noticeHeader },
};

/**
 * The header values of a document from its lines (`children`: line table → rows), or null when the
 * table has no such rule or its lines are not among `children` (an update that leaves them alone).
 */
export function headerFromLines(tableName: string | null | undefined, children: unknown): Record<string, string | null> | null {
  const rule = tableName ? HEADERS_FROM_LINES[tableName] : undefined;
  if (!rule || !children || typeof children !== 'object' || Array.isArray(children)) return null;
  const rows = (children as Record<string, unknown>)[rule.lineTable];
  if (!Array.isArray(rows)) return null;
  return rule.derive(rows.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object' && !Array.isArray(r)));
}
