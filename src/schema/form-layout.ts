import type { FieldDefinition, FieldLayout } from './field-definition';
import { formColumns, isFullRow } from './form-schema';
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
