import { canonicalJson } from './canonical';
import type { FieldDefinition, FieldLayout } from './field-definition';
import { formLayouts } from './form-layout';
import { formColumns } from './form-controls';
import { GRID_UNITS } from './layout-rules';
import type { Template, TemplateButton } from './template';

/**
 * A field-level diff between two templates (two versions, or a version and the draft): what was
 * added, removed, moved, resized on the grid, and which property changed. Moving one field is one
 * `moved` entry — in a list only the fields that left their relative order count as moved, not the
 * ones shifted by them; on the form grid a field moved when its row, column or tab group changed.
 */
export type DiffArea = 'template' | 'formSubList' | 'listSubList' | 'resSubList' | 'buttons' | 'groups' | `child:${string}`;

export type DiffEntry =
  | { kind: 'added'; area: DiffArea; key: string; label: string }
  | { kind: 'removed'; area: DiffArea; key: string; label: string }
  | { kind: 'moved'; area: DiffArea; key: string; label: string; from: MovePlace; to: MovePlace }
  | { kind: 'span'; area: DiffArea; key: string; label: string; from: number; to: number; units?: { from: number; to: number } }
  | { kind: 'property'; area: DiffArea; key: string; label: string; property: string; before: unknown; after: unknown };

/**
 * A grid place (form fields: row and col 0-based, col in grid units; `unit`, the units one column
 * of that form takes, lets a reader name the column as the designer does) or a position in a list (1-based).
 */
/** A place on the form grid (its tab group by key, and by label when the template names it) or in a list. */
export type MovePlace = { row: number; col: number; group: string | null; groupLabel?: string; unit?: number } | { index: number };

const LIST_AREAS = ['listSubList', 'resSubList'] as const;
const LIST_KEYS = new Set(['formSubList', 'listSubList', 'resSubList', 'childSubLists', 'buttons', 'groups']);

/** The key of a field in its list: table and name (the parser keeps it unique). */
export const fieldKey = (f: Pick<FieldDefinition, 'customTable' | 'fieldName'>): string => (f.customTable ? `${f.customTable}.${f.fieldName}` : f.fieldName);

const same = (a: unknown, b: unknown) => canonicalJson(a ?? null) === canonicalJson(b ?? null);

/** Indexes (into `order`) of a longest increasing run: the items that kept their relative order. */
function keptInOrder(order: number[]): Set<number> {
  const tails: number[] = [];
  const prev: number[] = new Array(order.length).fill(-1);
  for (let i = 0; i < order.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (order[tails[mid]] < order[i]) lo = mid + 1; else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) kept.add(i);
  return kept;
}

function propertyEntries(area: DiffArea, key: string, label: string, a: object, b: object, skip: Set<string>): DiffEntry[] {
  const names = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((n) => !skip.has(n)).sort();
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  return names.filter((n) => !same(ra[n], rb[n])).map((n) => ({ kind: 'property', area, key, label, property: n, before: ra[n] ?? null, after: rb[n] ?? null }));
}

/** Added, removed, order moves and property changes of a keyed list. */
function listDiff<T extends object>(area: DiffArea, before: T[], after: T[], keyOf: (x: T) => string, labelOf: (x: T) => string, skip = new Set<string>()): DiffEntry[] {
  const out: DiffEntry[] = [];
  const oldIndex = new Map(before.map((x, i) => [keyOf(x), i]));
  const newKeys = new Set(after.map(keyOf));
  for (const x of before) if (!newKeys.has(keyOf(x))) out.push({ kind: 'removed', area, key: keyOf(x), label: labelOf(x) });
  const common = after.map((x, i) => ({ x, i, old: oldIndex.get(keyOf(x)) })).filter((c) => c.old !== undefined) as { x: T; i: number; old: number }[];
  // positions among the items both have, so an insertion or removal moves nobody
  const oldRank = new Map([...common].sort((p, q) => p.old - q.old).map((c, r) => [c.old, r]));
  const kept = keptInOrder(common.map((c) => oldRank.get(c.old)!));
  common.forEach((c, j) => {
    const key = keyOf(c.x);
    if (!kept.has(j)) out.push({ kind: 'moved', area, key, label: labelOf(c.x), from: { index: c.old + 1 }, to: { index: c.i + 1 } });
    out.push(...propertyEntries(area, key, labelOf(c.x), before[c.old], c.x, skip));
  });
  for (const x of after) if (!oldIndex.has(keyOf(x))) out.push({ kind: 'added', area, key: keyOf(x), label: labelOf(x) });
  return out;
}

function formDiff(a: Template, b: Template): DiffEntry[] {
  const area: DiffArea = 'formSubList';
  const before = a.formSubList ?? [];
  const after = b.formSubList ?? [];
  const la = formLayouts(a);
  const lb = formLayouts(b);
  const units = { from: GRID_UNITS / formColumns(a), to: GRID_UNITS / formColumns(b) };
  const old = new Map(before.map((f, i) => [fieldKey(f), { f, l: la[i] }]));
  const out: DiffEntry[] = [];
  const newKeys = new Set(after.map(fieldKey));
  for (const f of before) if (!newKeys.has(fieldKey(f))) out.push({ kind: 'removed', area, key: fieldKey(f), label: f.fieldExplain });
  after.forEach((f, i) => {
    const key = fieldKey(f);
    const was = old.get(key);
    if (!was) { out.push({ kind: 'added', area, key, label: f.fieldExplain }); return; }
    const l: FieldLayout = lb[i];
    const place = (x: FieldLayout) => ({ row: x.row, col: x.col, group: x.group ?? null });
    const named = (t: Template, x: FieldLayout) => { const g = x.group ? (t.groups ?? []).find((y) => y.key === x.group)?.label : undefined; return g ? { groupLabel: g } : {}; };
    if (!same(place(was.l), place(l))) out.push({ kind: 'moved', area, key, label: f.fieldExplain, from: { ...place(was.l), ...named(a, was.l), unit: units.from }, to: { ...place(l), ...named(b, l), unit: units.to } });
    if (was.l.span !== l.span) out.push({ kind: 'span', area, key, label: f.fieldExplain, from: was.l.span, to: l.span, units });
    out.push(...propertyEntries(area, key, f.fieldExplain, was.f, f, new Set(['layout'])));
  });
  return out;
}

/** The changes from template `a` to template `b`, in a stable order. */
export function diffTemplates(a: Template, b: Template): DiffEntry[] {
  const out: DiffEntry[] = [];
  out.push(...propertyEntries('template', '', a.formatName, a, b, LIST_KEYS));
  out.push(...listDiff('groups', a.groups ?? [], b.groups ?? [], (g) => g.key, (g) => g.label));
  out.push(...formDiff(a, b));
  // in ordered lists `seq` follows the order: a move is one "moved" entry, not a seq change of each item
  const ORDERED = new Set(['seq']);
  for (const area of LIST_AREAS) out.push(...listDiff(area, a[area] ?? [], b[area] ?? [], fieldKey, (f) => f.fieldExplain, ORDERED));
  const childA = new Map((a.childSubLists ?? []).map((c) => [c.customTable, c]));
  const childB = new Map((b.childSubLists ?? []).map((c) => [c.customTable, c]));
  for (const [table, c] of childA) if (!childB.has(table)) out.push({ kind: 'removed', area: 'template', key: `child:${table}`, label: c.label });
  for (const [table, c] of childB) {
    const was = childA.get(table);
    if (!was) { out.push({ kind: 'added', area: 'template', key: `child:${table}`, label: c.label }); continue; }
    if (was.label !== c.label) out.push({ kind: 'property', area: 'template', key: `child:${table}`, label: c.label, property: 'label', before: was.label, after: c.label });
    out.push(...listDiff(`child:${table}`, was.fields, c.fields, fieldKey, (f) => f.fieldExplain, ORDERED));
  }
  out.push(...listDiff('buttons', a.buttons ?? [], b.buttons ?? [], (x: TemplateButton) => x.code, (x) => x.label, ORDERED));
  return out;
}
