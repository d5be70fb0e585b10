import { columnField, isShownColumn } from '../../schema/column-field';
import { formFieldNodes, type ColumnNode, type DesignDraft, type FieldNode, type TabGroupNode } from '../../schema/design-nodes';
import type { FieldDefinition } from '../../schema/field-definition';
import { formColumns } from '../../schema/form-controls';
import { GRID_UNITS, clampSpan, type SpanClamp } from '../../schema/layout-rules';
import { fieldKey } from '../../schema/template-diff';
import type { ResourceColumn } from '../../schema/resource';
import type { Tr } from '../../runtime/runtime-context';

/**
 * The form designer's arithmetic without React: which columns the palette still offers, grid
 * places in cells, keyboard steps, the announcements of a place and the words of a clamp (in the
 * user's language: each takes the runtime's `tr`, whose English entries are in src/shell/i18n/designer-en-US.ts).
 */

/** A data source whose columns the palette offers: the main table or a line table of a master-child form. */
export interface PaletteTable { table: string; label: string; parentKey?: string | null; columns: Pick<ResourceColumn, 'fieldName' | 'fieldExplain' | 'fieldType' | 'required'>[] }

/** A column the palette offers, as the field it would add. */
export interface PaletteColumn { key: string; table: string; field: FieldDefinition; line: boolean }

/**
 * The columns not yet on the form: for the main table the form fields, for a line table its
 * child table's columns (a line table not yet in the template offers all its columns).
 */
export function paletteColumns(draft: DesignDraft, tables: readonly PaletteTable[]): { table: PaletteTable; columns: PaletteColumn[] }[] {
  const main = draft.meta.customTable ?? null;
  const placed = new Set<string>();
  for (const n of Object.values(draft.nodes)) {
    if (n.kind === 'field') placed.add(fieldKey({ customTable: n.field.customTable ?? main, fieldName: n.field.fieldName }));
    if (n.kind === 'column' && n.parent !== 'listSubList' && n.parent !== 'resSubList') {
      const parent = draft.nodes[n.parent];
      if (parent?.kind === 'childTable') placed.add(fieldKey({ customTable: parent.customTable, fieldName: n.field.fieldName }));
    }
  }
  return tables.map((t) => ({
    table: t,
    columns: t.columns.filter((c) => isShownColumn(c, t.parentKey) && c.fieldName !== 'id' && !placed.has(fieldKey({ customTable: t.table, fieldName: c.fieldName })))
      .map((c) => ({ key: `${t.table}.${c.fieldName}`, table: t.table, field: columnField(t.table, c), line: t.table !== main })),
  }));
}

/**
 * The label a field or a child table's column has in its data-source table (what 恢复默认 of 标题 puts
 * back), or its column name where the table does not describe it.
 */
export function columnLabel(draft: DesignDraft, tables: readonly PaletteTable[], node: FieldNode | ColumnNode): string {
  const parent = node.kind === 'column' ? draft.nodes[node.parent] : undefined;
  const table = node.kind === 'field' ? node.field.customTable ?? draft.meta.customTable ?? null
    : parent?.kind === 'childTable' ? parent.customTable : draft.meta.customTable ?? null;
  const column = tables.find((t) => t.table === table)?.columns.find((c) => c.fieldName === node.field.fieldName);
  return column?.fieldExplain?.trim() || node.field.fieldName;
}

/** Units of one column of the draft's grid. */
export const unitOf = (draft: Pick<DesignDraft, 'meta'>): number => GRID_UNITS / formColumns(draft.meta);

/**
 * A place as the person reads it, in the user's language (`tr`): in a tab group its name first, then
 * row and column from 1, the span in columns (「基本信息」第2行第3列，占2列; ungrouped: 第2行第3列，占2列;
 * in English row 2, column 3, 2 columns wide).
 */
export function placeText(layout: { row: number; col: number; span: number }, unit: number, group: string | null, tr: Tr): string {
  const [row, col, n] = [layout.row + 1, Math.floor(layout.col / unit) + 1, Math.max(1, Math.round(layout.span / unit))];
  // one column said apart: in English it is 1 column wide, not 1 columns
  const place = n === 1 ? tr('第{row}行第{col}列，占1列', { row, col }) : tr('第{row}行第{col}列，占{n}列', { row, col, n });
  return group === null ? place : tr('「{group}」{place}', { group, place });
}

/** The announcement after a field lands (已移动到「基本信息」第2行第3列，占2列), with the clamp its span met, if any. */
export function movedText(layout: { row: number; col: number; span: number }, unit: number, group: string | null, tr: Tr, clamp: SpanClamp | null = null): string {
  const place = placeText(layout, unit, group, tr);
  return clamp ? tr('已移动到{place}（{clamp}）', { place, clamp: clampText(clamp, unit, tr) }) : tr('已移动到{place}', { place });
}

/** The parts of an announcement or a field's name for the screen reader, joined as the language joins them (，). */
export const joinedText = (parts: readonly (string | null | false | undefined)[], tr: Tr): string => parts.filter(Boolean).join(tr('，'));

/** The name of a tab group by its key, as its tab shows it (null: not in a group). */
export function groupLabel(draft: DesignDraft, key: string | null | undefined): string | null {
  if (!key) return null;
  return groupsOf(draft).find((g) => g.key === key)?.label ?? key;
}

/** The announcement after Delete: the fields removed by their 标题 (已删除「车牌号」; several: 已删除 2 个字段：「车牌号」「司机」). */
export function removedText(labels: readonly string[], tr: Tr): string {
  if (labels.length === 1) return tr('已删除「{name}」', { name: labels[0] });
  return tr('已删除 {n} 个字段：{names}', { n: labels.length, names: labels.map((l) => `「${l}」`).join('') });
}

/** What the ghost says over a place another field takes (a drop there is refused). */
export const occupiedText = (label: string, tr: Tr): string => tr('该位置已有字段 {name}，不能放下', { name: label });

/** What a clamp says: the span asked for and the one the field got. */
export function clampText(clamp: SpanClamp, unit: number, tr: Tr): string {
  const asked = Math.round((clamp.requested / unit) * 10) / 10;
  const got = clamp.applied / unit;
  if (clamp.reason === 'max') return tr('宽度受限：要求占{asked}列，该位置最多占{got}列', { asked, got });
  if (clamp.reason === 'min') return tr('宽度受限：至少占1列（要求{asked}列）', { asked });
  return tr('宽度按整列计：要求{asked}列，实际占{got}列', { asked, got });
}

/** A keyboard step of a place being moved (arrows: one cell; the place never leaves the grid). */
export function stepPlace(place: { row: number; col: number; span: number }, key: string, unit: number): { row: number; col: number } {
  let { row, col } = place;
  if (key === 'ArrowLeft') col -= unit;
  if (key === 'ArrowRight') col += unit;
  if (key === 'ArrowUp') row -= 1;
  if (key === 'ArrowDown') row += 1;
  col = Math.max(0, Math.min(GRID_UNITS - unit, col));
  return { row: Math.max(0, row), col };
}

/** A span changed by Shift+arrow (right wider, left narrower by one column), clamped where it starts. */
export const stepSpan = (span: number, col: number, key: string, unit: number): SpanClamp =>
  clampSpan(span + (key === 'ArrowRight' ? unit : key === 'ArrowLeft' ? -unit : 0), col, (GRID_UNITS / unit) as 4 | 8);

/** A place from a position on the grid (pixels from its top-left corner). */
export function placeAt(x: number, y: number, gridWidth: number, rowHeight: number, unit: number): { row: number; col: number } {
  const unitPx = gridWidth / GRID_UNITS;
  const col = Math.round(x / (unitPx * unit)) * unit;
  return { row: Math.max(0, Math.round(y / rowHeight)), col: Math.max(0, Math.min(GRID_UNITS - unit, col)) };
}

/** The fields of one grid (ungrouped: null), in reading order. */
export const gridFields = (draft: DesignDraft, group: string | null): FieldNode[] => formFieldNodes(draft).filter((n) => (n.layout.group ?? null) === group);

/** Rows a grid shows: its last used row and two free ones to drop into. */
export const gridRows = (fields: readonly FieldNode[]): number => fields.reduce((max, n) => Math.max(max, n.layout.row + 1), 0) + 2;

/** The tab groups in order. */
export const groupsOf = (draft: DesignDraft): TabGroupNode[] => draft.order.groups.map((id) => draft.nodes[id] as TabGroupNode);

/** A new tab group's key and label (分组1, 分组2…, never an existing key). */
export function nextGroup(draft: DesignDraft): { key: string; label: string } {
  const keys = new Set(groupsOf(draft).map((g) => g.key));
  let n = keys.size + 1;
  while (keys.has(`group${n}`)) n += 1;
  return { key: `group${n}`, label: `分组${n}` };
}

/** The field next to one in reading order (arrows select): -1 before, +1 after. */
export function neighbour(draft: DesignDraft, id: string, step: -1 | 1): string | null {
  const all = formFieldNodes(draft);
  const i = all.findIndex((n) => n.id === id);
  if (i < 0) return null;
  return all[i + step]?.id ?? null;
}

/** The marks of a field or column not shown at run time (隐藏, 不显示), as the canvas tags it. */
export const fieldFlags = (field: Pick<FieldDefinition, 'ihidden' | 'ishow'>): string[] =>
  [field.ihidden ? '隐藏' : null, field.ishow === false ? '不显示' : null].filter((f): f is string => f !== null);
