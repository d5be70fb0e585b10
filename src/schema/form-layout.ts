import type { FieldDefinition, FieldLayout } from './field-definition';
import { formColumns, isFullRow } from './form-controls';
import { GRID_UNITS } from './layout-rules';
import type { Template } from './template';

/**
 * Where each form field sits on the 48-unit grid: its own `layout` when the designer placed it,
 * otherwise flowed in list order after the placed ones (one column each, a full row for remarks
 * and multi-line text), as the runtime lays out a template nobody has placed. One answer for the
 * designer's canvas, the diff and the runtime.
 */
export function formLayouts(template: Pick<Template, 'formatStyle'> & { formSubList?: FieldDefinition[] }): FieldLayout[] {
  const fields = template.formSubList ?? [];
  const unit = GRID_UNITS / formColumns(template);
  let row = fields.reduce((max, f) => (f.layout && !f.layout.group ? Math.max(max, f.layout.row + 1) : max), 0);
  let col = 0;
  return fields.map((f) => {
    if (f.layout) return { row: f.layout.row, col: f.layout.col, span: f.layout.span, group: f.layout.group ?? null };
    const span = isFullRow(f) ? GRID_UNITS : unit;
    if (col + span > GRID_UNITS) { row += 1; col = 0; }
    const placed = { row, col, span, group: null };
    col += span;
    if (col >= GRID_UNITS) { row += 1; col = 0; }
    return placed;
  });
}

/** A DETAIL template's part: the ungrouped fields (no title), then each tab group's. */
export interface DetailSection { key: string | null; label: string | null; items: { field: FieldDefinition; span: number }[] }

/**
 * How the detail view lays out a DETAIL template: label and value pairs, half as many a row as the
 * form has columns. A template nobody placed keeps its field order (multi-line text and the
 * confirmation table over a whole row); a designed one follows its places — row by row (a row's
 * last field reaches its end), a field as wide as its span — with each tab group as a titled part
 * after the ungrouped fields.
 */
export function detailSections(template: Pick<Template, 'formatStyle' | 'groups'> & { formSubList?: FieldDefinition[] }): { pairs: number; sections: DetailSection[] } {
  const all = template.formSubList ?? [];
  const shown = (f: FieldDefinition) => f.ishow !== false && !f.ihidden;
  if (!all.some((f) => f.layout)) {
    // as the detail has always shown one: four pairs a row for an eight-column template, two otherwise
    const pairs = template.formatStyle === 'FORMAT_EIGHT_COLUMN_FROM' ? 4 : 2;
    const wide = (f: FieldDefinition) => f.formSubmitType === 'TEXTAREA' || f.formSubmitType === 'Announcement';
    return { pairs, sections: [{ key: null, label: null, items: all.filter(shown).map((field) => ({ field, span: wide(field) ? pairs : 1 })) }] };
  }
  // as the designer's canvas shows it: half as many pairs as the grid's columns
  const pairs = formColumns(template) / 2;
  const layouts = formLayouts(template);
  const pairUnits = GRID_UNITS / pairs;
  const placed = all.map((field, i) => ({ field, layout: layouts[i] })).filter((p) => shown(p.field))
    .sort((a, b) => a.layout.row - b.layout.row || a.layout.col - b.layout.col);
  /** A part's fields row by row: a row's last field reaches the row's end, so the next row starts afresh. */
  const rows = (part: typeof placed): DetailSection['items'] => {
    const out: DetailSection['items'] = [];
    let row: number | null = null;
    let used = 0;
    // a form row wider than the detail's pairs flows over several; its last field reaches the end
    const fill = () => { const rest = used % pairs; if (out.length && rest) out[out.length - 1].span += pairs - rest; };
    for (const p of part) {
      if (p.layout.row !== row) {
        fill();
        row = p.layout.row;
        used = 0;
      }
      const span = Math.min(pairs, Math.max(1, Math.round(p.layout.span / pairUnits)));
      out.push({ field: p.field, span });
      used += span;
    }
    fill();
    return out;
  };
  const groups = template.groups ?? [];
  const known = new Set(groups.map((g) => g.key));
  const sections: DetailSection[] = [{ key: null, label: null, items: rows(placed.filter((p) => !p.layout.group || !known.has(p.layout.group))) }];
  for (const g of groups) {
    const items = rows(placed.filter((p) => p.layout.group === g.key));
    if (items.length) sections.push({ key: g.key, label: g.label, items });
  }
  return { pairs, sections: sections.filter((s, i) => i === 0 || s.items.length) };
}
