import type { useTr } from '../runtime';
import { propertyLabel } from '../schema/control-properties';
import type { DiffArea, DiffEntry, MovePlace } from '../schema/template-diff';

type Tr = ReturnType<typeof useTr>;

/** A diff place as the designer names it (第2行第3列); a stored diff without the form's column width, by grid unit. */
export function placeText(p: MovePlace, tr: Tr): string {
  if ('index' in p) return tr('第{n}位', { n: p.index });
  const text = p.unit ? tr('第{row}行第{col}列', { row: p.row + 1, col: Math.floor(p.col / p.unit) + 1 }) : tr('第{row}行第{col}格', { row: p.row + 1, col: p.col + 1 });
  return text + (p.group ? ` · ${p.groupLabel ?? p.group}` : '');
}

/** A span of a diff in columns (占2列), or in grid units when the column width is not known. */
export const widthText = (n: number, unit: number | undefined, tr: Tr): string => (unit ? tr('占{n}列', { n: n / unit }) : tr('{n} 格', { n }));

/** The areas whose entries are fields (a form's, a list's, a popup's or a child list's). */
const isFieldArea = (area: DiffArea) => area === 'formSubList' || area === 'listSubList' || area === 'resSubList' || area.startsWith('child:');

/**
 * The changed property of a diff entry as the property panel names it (标题 for fieldExplain); the
 * attribute's own name where the panel has no label for it, or when it is not a field's (a template's
 * or a button's property of the same name is another thing).
 */
export function propertyText(e: Extract<DiffEntry, { kind: 'property' }>, tr: Tr): string {
  const label = isFieldArea(e.area) ? propertyLabel(e.property) : undefined;
  return label ? tr(label) : e.property;
}
