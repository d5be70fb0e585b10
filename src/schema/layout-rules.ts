/** A column's width (`columnWidth`, px) as the parser and the property panel allow it. */
export const COLUMN_WIDTH = { min: 20, max: 2000 } as const;

/** One step of a column's width by the keyboard (the designers' arrows), px. */
export const COLUMN_WIDTH_STEP = 10;

/** The narrowest a child table draws a column, whatever its `columnWidth`. */
export const CHILD_COLUMN_MIN_WIDTH = 140;

/** The width a child table draws a column at (the form's line table, and the designer's canvas). */
export const childColumnWidth = (field: { columnWidth?: number | null }): number => Math.max(field.columnWidth ?? 0, CHILD_COLUMN_MIN_WIDTH);

/** Column minimum width: 15 px per label character plus 40 (spec 000 §9). */
export function columnMinWidth(label: string): number {
  return [...label].length * 15 + 40;
}

/**
 * How many buttons a button group shows before 更多 (spec 000 §9): 5 on list pages, 7 elsewhere;
 * when only one would be left over it is shown too instead of a dropdown of one.
 */
export function splitButtons<T>(buttons: readonly T[], limit = 5): { shown: T[]; more: T[] } {
  if (buttons.length <= limit + 1) return { shown: [...buttons], more: [] };
  return { shown: buttons.slice(0, limit), more: buttons.slice(limit) };
}

/** Table max height: about 62% of the window height, minus 100, minus the search area (spec 000 §9). */
export function tableMaxHeight(windowHeight: number, searchHeight: number): number {
  return Math.max(200, Math.round(windowHeight * 0.62 - 100 - searchHeight));
}

/** The long-label tooltip rule (spec 001 §9): 14 px per character against 100 px, less 10 or 20 when required. */
export function labelNeedsTooltip(label: string, required = false, labelWidth = 100): boolean {
  return [...label].length * 14 > labelWidth - (required ? 20 : 10);
}

/** Grid span of a field on a 48-unit grid (spec 001 §2): 48 / columns, a full row for remarks and multi-line text. */
export function fieldSpan(columns: 4 | 8, fullRow = false): number {
  return fullRow ? 48 : 48 / columns;
}

/** Units of the form grid (spec 001 §2). */
export const GRID_UNITS = 48;

/** A span as asked and as it can be: at least one column, whole columns, not past the row's end. */
export interface SpanClamp { requested: number; applied: number; reason: 'min' | 'max' | 'step' | null }

/**
 * The span a field starting at unit `col` can take on a grid of `columns` columns: whole columns
 * (48 / columns units each), at least one, at most to the end of the row. The caller shows the
 * clamp (reason not null) instead of changing the span silently.
 */
export function clampSpan(span: number, col: number, columns: 4 | 8): SpanClamp {
  const unit = GRID_UNITS / columns;
  const max = GRID_UNITS - col;
  let applied = Math.round(span / unit) * unit;
  let reason: SpanClamp['reason'] = applied === span ? null : 'step';
  if (applied < unit) { applied = unit; reason = 'min'; }
  if (applied > max) { applied = Math.max(unit, Math.floor(max / unit) * unit); reason = 'max'; }
  return { requested: span, applied, reason };
}

/** Whether unit `col` starts a column of the grid. */
export const isColumnStart = (col: number, columns: 4 | 8): boolean => Number.isInteger(col) && col >= 0 && col < GRID_UNITS && col % (GRID_UNITS / columns) === 0;

/** Two placed fields of the same group overlap on the grid. */
export function layoutsOverlap(a: { row: number; col: number; span: number; group?: string | null }, b: { row: number; col: number; span: number; group?: string | null }): boolean {
  return (a.group ?? null) === (b.group ?? null) && a.row === b.row && a.col < b.col + b.span && b.col < a.col + a.span;
}
