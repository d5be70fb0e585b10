import { desensitize, desensitizeKindOf, type DesensitizeKind } from '../../src/schema/desensitize';
import type { FieldDefinition } from '../../src/schema/field-definition';
import { formatValue } from '../../src/schema/value-formats';
import { SYSTEM_COLUMNS, snakeCase, type ResourceDefinition } from '../../src/schema/resource';

/** How a cell is written: numbers as numbers, dates as local text, everything else as text. */
export type CellKind = 'number' | 'date' | 'boolean' | 'json' | 'text';

/** One column of an export: its header, the database column it reads (from metadata only) and how its cells look. */
export interface ExportColumn {
  fieldName: string;
  header: string;
  /** snake_case column of the resource table, taken from the resource definition. */
  dbColumn: string;
  kind: CellKind;
  /** value → label (enumerations and option lists); null when the values are shown as they are. */
  labels: Map<string, string> | null;
  /** Masking applied to the text when desensitisation is on. */
  mask: DesensitizeKind | null;
  /** The template's value format (cgValFormat): a number cell is written with its spreadsheet format. */
  valueFormat: string | null;
  /** Excel column width in characters: the header's, widened by the first rows' values (`fitWidths`). */
  width: number;
}

type SystemColumn = (typeof SYSTEM_COLUMNS)[number];
const SYSTEM_KINDS: Record<SystemColumn, CellKind> = {
  id: 'number', orgId: 'number', groupId: 'number', status: 'text', enabled: 'boolean', deleted: 'boolean',
  createdBy: 'number', createdByName: 'text', createdAt: 'date', updatedBy: 'number', updatedAt: 'date', version: 'number',
};

interface Source { dbColumn: string; kind: CellKind; explain: string; enumCode: string | null; sensitive: DesensitizeKind | null }

/** Every column a row of the resource has: the system columns and its own (JSON included). */
function sourcesOf(def: ResourceDefinition): Map<string, Source> {
  const out = new Map<string, Source>();
  for (const name of SYSTEM_COLUMNS) out.set(name, { dbColumn: snakeCase(name), kind: SYSTEM_KINDS[name], explain: name, enumCode: null, sensitive: null });
  for (const c of def.columns) {
    const kind: CellKind = c.fieldType === 'NUMBER' ? 'number' : c.fieldType === 'DATE' ? 'date' : c.fieldType === 'BOOLEAN' ? 'boolean' : c.fieldType === 'JSON' ? 'json' : 'text';
    out.set(c.fieldName, { dbColumn: c.fieldDbName, kind, explain: c.fieldExplain, enumCode: c.enumCode ?? null, sensitive: c.sensitive ?? null });
  }
  return out;
}

/** Display width of a text in a spreadsheet's characters: CJK characters count twice. */
function textWidth(text: string): number {
  return [...text].reduce((n, ch) => n + (/[\u2e80-\uffff]/.test(ch) ? 2 : 1), 0);
}

/** The widest a column is made, in characters (a long remark wraps in the cell instead). */
export const MAX_COLUMN_WIDTH = 60;

/** A column's width before its values are seen: its header's and the width the list template gives it. */
function headerWidth(header: string, columnWidth: number | null | undefined): number {
  const fromTemplate = columnWidth ? Math.round(columnWidth / 7) : 0;
  return Math.min(MAX_COLUMN_WIDTH, Math.max(8, textWidth(header) + 2, fromTemplate));
}

/**
 * Widens each column to the widest of its values among `rows` (the first batch read: a sample of the
 * file, since the sheet's widths are written before its rows), as shown in the file, up to
 * MAX_COLUMN_WIDTH: a 磅单号 or a date is not cut at the header's width.
 */
export function fitWidths(columns: readonly ExportColumn[], rows: readonly Record<string, unknown>[]): ExportColumn[] {
  return columns.map((c, i) => {
    let width = c.width;
    for (const row of rows) {
      const value = cellValue(c, row[`c${i}`]);
      if (value === null) continue;
      const shown = typeof value === 'number' ? formatValue(c.valueFormat, value) : value;
      width = Math.max(width, Math.min(MAX_COLUMN_WIDTH, textWidth(shown) + 2));
    }
    return width === c.width ? c : { ...c, width };
  });
}

/**
 * The columns of an export. With a LIST template: its visible fields (ishow not false, not hidden)
 * of the resource's own table, in seq order, headed by their fieldExplain; without one: the
 * resource's columns. A field that is not a column of the resource's rows is left out, so every
 * column read comes from metadata, never from request text.
 */
export function exportColumns(
  def: ResourceDefinition,
  fields: readonly FieldDefinition[] | null,
  enumLabels: ReadonlyMap<string, Map<string, string>>,
  masked: boolean,
): ExportColumn[] {
  const sources = sourcesOf(def);
  const picked: { fieldName: string; header: string; field: FieldDefinition | null }[] = fields
    ? fields
      .filter((f) => f.ishow !== false && !f.ihidden && (!f.customTable || f.customTable === def.tableName))
      .map((f, i) => ({ f, i }))
      .sort((a, b) => (a.f.seq ?? 0) - (b.f.seq ?? 0) || a.i - b.i)
      .map(({ f }) => ({ fieldName: f.fieldName, header: f.fieldExplain, field: f }))
    : def.columns.map((c) => ({ fieldName: c.fieldName, header: c.fieldExplain, field: null }));
  const seen = new Set<string>();
  const out: ExportColumn[] = [];
  for (const p of picked) {
    const source = sources.get(p.fieldName);
    if (!source || seen.has(p.fieldName)) continue;
    seen.add(p.fieldName);
    const options = p.field?.options ?? p.field?.enumOptions ?? null;
    const labels = options?.length
      ? new Map(options.map((o) => [String(o.value), o.label]))
      : source.enumCode ? enumLabels.get(source.enumCode) ?? null : null;
    const kind: CellKind = p.field?.fieldType === 'BOOLEAN' && source.kind === 'text' ? 'boolean' : source.kind;
    const mask = masked && kind === 'text' ? source.sensitive ?? desensitizeKindOf(p.fieldName) : null;
    out.push({
      fieldName: p.fieldName, header: p.header, dbColumn: source.dbColumn, kind, labels, mask,
      valueFormat: p.field?.cgValFormat?.valFormatFun ?? null, width: headerWidth(p.header, p.field?.columnWidth),
    });
  }
  return out;
}

/**
 * The cell value of one database value: an option's label, 是/否, a number (numeric columns come
 * back as exact strings), or text. Dates arrive already formatted by the query in the server's
 * time zone. A text that looks like a formula (=1+2) stays text: exceljs writes strings as text cells.
 */
export function cellValue(column: ExportColumn, value: unknown): string | number | null {
  if (value === null || value === undefined) return null;
  if (column.labels) {
    const label = column.labels.get(String(value));
    if (label !== undefined) return label;
  }
  switch (column.kind) {
    case 'boolean':
      return value === true || value === 'true' || value === 't' || value === 1 || value === '1' ? '是' : '否';
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      return Number.isFinite(n) ? n : String(value);
    }
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'date':
      return value instanceof Date ? value.toISOString() : String(value);
    default: {
      const text = String(value);
      return column.mask ? desensitize(text, column.mask) : text;
    }
  }
}
