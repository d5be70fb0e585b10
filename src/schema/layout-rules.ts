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
