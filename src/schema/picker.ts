import type { FieldDefinition, ParamLink, ResourceMapping } from './field-definition';
import type { SearchCondition } from './search';
import type { FormatStyle, Template } from './template';

/** Resource popups (spec 001 §2 screen 6 and §4): pure rules shared by the runtime and its tests. */

export const PICKER_MESSAGES = {
  noTemplate: '暂无配置的弹窗资源模板，请配置！',
  noSelection: '最少要选择一条数据！',
  treeFilter: '输入关键字进行过滤',
  loading: '加载中…',
} as const;

/** What a picking field hands its popup (plain data from the template). */
export interface PickerProps {
  fieldName: string;
  cgFormatResId: string | number | null;
  resourceList: NonNullable<FieldDefinition['resourceList']>;
  multiple: boolean;
  allowClear: boolean;
  /** The field's id: its parameter links (cg-format-form-sub-param, resFormatSubId) pre-filter the popup. */
  linkId?: string | number | null;
  /** The links designed in the template (they take the place of the stored ones). */
  paramLinks?: ParamLink[] | null;
}

/** What a picking field's control (Picker, AutoComplete) is handed, from the field's definition. */
export function pickerPropsOf(field: FieldDefinition): PickerProps {
  return {
    fieldName: field.fieldName, cgFormatResId: field.cgFormatResId ?? null, resourceList: field.resourceList ?? [],
    multiple: isMultiplePicker(field.formSubmitType), allowClear: !field.irequired, linkId: field.id ?? null,
    paramLinks: field.paramLinks ?? null,
  };
}

/** Multiple selection for the MORE variants, single (radio) otherwise. */
export function isMultiplePicker(kind: FieldDefinition['formSubmitType']): boolean {
  return kind === 'RESOURCE_CONTROLS_MORE' || kind === 'RESOURCE_CONTROLS_MORE_FOLD';
}

export function hasTree(style: FormatStyle | null | undefined): boolean {
  return style === 'FORMAT_RESOURCE_TREE' || style === 'FORMAT_RESOURCE_TREE_QUERY_DATALIST';
}
export function hasTable(style: FormatStyle | null | undefined): boolean {
  return style !== 'FORMAT_RESOURCE_TREE';
}

/** 35% wide for the tree style, 75% otherwise. */
export function popupWidth(style: FormatStyle | null | undefined): string {
  return style === 'FORMAT_RESOURCE_TREE' ? '35%' : '75%';
}

function names(list: string | null | undefined): string[] {
  return (list ?? '').split(',').map((s) => s.trim()).filter(Boolean);
}

/** The row field a picked row shows in the picking field: the first view name, else the first value name, else the field's own name. */
export function shownName(template: Pick<Template, 'viewResourceSubName' | 'valueResourceSubName'>, fieldName: string): string {
  return names(template.viewResourceSubName)[0] ?? names(template.valueResourceSubName)[0] ?? fieldName;
}

type Row = Readonly<Record<string, unknown>>;

/**
 * The form values a confirmed pick writes (resourceList: fieldSub1 is the form's field, fieldSub2
 * the popup row's field). Several rows give comma-joined values. The picking field itself gets the
 * shown name unless a mapping names it.
 */
export function pickedValues(rows: readonly Row[], field: Pick<FieldDefinition, 'fieldName' | 'resourceList'>, template: Pick<Template, 'viewResourceSubName' | 'valueResourceSubName'>): Record<string, unknown> {
  const join = (key: string) => {
    const values = rows.map((r) => r[key]).filter((v) => v !== null && v !== undefined && v !== '');
    if (rows.length <= 1) return values[0] ?? null;
    return [...new Set(values.map(String))].join(',');
  };
  const out: Record<string, unknown> = {};
  const mappings: ResourceMapping[] = field.resourceList ?? [];
  for (const m of mappings) out[m.fieldSub1.fieldName] = join(m.fieldSub2.fieldName);
  if (!(field.fieldName in out)) out[field.fieldName] = join(shownName(template, field.fieldName));
  return out;
}

/** What 清空 writes: the picking field and every mapped field emptied. */
export function clearedValues(field: Pick<FieldDefinition, 'fieldName' | 'resourceList'>): Record<string, null> {
  const out: Record<string, null> = { [field.fieldName]: null };
  for (const m of field.resourceList ?? []) out[m.fieldSub1.fieldName] = null;
  return out;
}

/** Selections are kept per page and merged on confirm (one row per id, page order). */
export function mergePageSelections<T extends { id?: unknown }>(byPage: ReadonlyMap<number, readonly T[]>): T[] {
  const seen = new Set<unknown>();
  const out: T[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    for (const row of byPage.get(page) ?? []) {
      const key = row.id ?? JSON.stringify(row);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(row);
    }
  }
  return out;
}

export interface PickerTreeNode { key: string; title: string; row: Row; children: PickerTreeNode[] }

/**
 * A tree answer (a bare array or {success, data}) as nodes: nested `{ jsonObject, children }`
 * nodes, or flat rows with `id` and a parent field. Labels come from the comma-separated label names.
 */
export function treeNodes(answer: unknown, labelNames: string | null | undefined, parentField = 'parentId'): PickerTreeNode[] {
  const list = Array.isArray(answer) ? answer : (answer as { data?: unknown } | null)?.data;
  if (!Array.isArray(list)) return [];
  const labels = names(labelNames);
  const label = (row: Row) => (labels.length ? labels.map((n) => row[n]).filter((v) => v !== null && v !== undefined && v !== '').join(' ') : String(row.text ?? row.name ?? row.id ?? ''));
  const nested = list.some((n) => n && typeof n === 'object' && ('jsonObject' in n || 'children' in n));
  if (nested) {
    const walk = (nodes: unknown[]): PickerTreeNode[] => nodes.map((n, i) => {
      const node = n as { jsonObject?: Row; children?: unknown[]; id?: unknown; text?: string };
      const row = node.jsonObject ?? (node as Row);
      // with no label names the node's own text names it (the server's tree answer carries one)
      const title = labels.length || node.text === undefined ? label(row) : String(node.text);
      return { key: String(row.id ?? node.id ?? i), title, row, children: walk(node.children ?? []) };
    });
    return walk(list);
  }
  const byId = new Map<string, PickerTreeNode>();
  for (const r of list as Row[]) byId.set(String(r.id), { key: String(r.id), title: label(r), row: r, children: [] });
  const roots: PickerTreeNode[] = [];
  for (const node of byId.values()) {
    const parent = node.row[parentField];
    const owner = parent === null || parent === undefined ? undefined : byId.get(String(parent));
    if (owner) owner.children.push(node);
    else roots.push(node);
  }
  return roots;
}

/** The tree filtered by a keyword: matching nodes with their ancestors (and a match keeps its subtree). */
export function filterTree(nodes: readonly PickerTreeNode[], keyword: string): PickerTreeNode[] {
  const k = keyword.trim().toLowerCase();
  if (!k) return [...nodes];
  const out: PickerTreeNode[] = [];
  for (const n of nodes) {
    if (n.title.toLowerCase().includes(k)) out.push(n);
    else {
      const children = filterTree(n.children, k);
      if (children.length) out.push({ ...n, children });
    }
  }
  return out;
}

/** Tree nodes as the antd Tree's data (key, title, children). */
export interface TreeItem { key: string; title: string; children: TreeItem[] }
export function toTreeData(nodes: readonly PickerTreeNode[]): TreeItem[] {
  return nodes.map((n) => ({ key: n.key, title: n.title, children: toTreeData(n.children) }));
}

/** The node of a key, anywhere in the tree. */
export function findTreeNode(nodes: readonly PickerTreeNode[], key: string): PickerTreeNode | undefined {
  for (const n of nodes) {
    if (n.key === key) return n;
    const inner = findTreeNode(n.children, key);
    if (inner) return inner;
  }
  return undefined;
}

export type { ParamLink } from './field-definition';

/**
 * The popup's pre-filter from its field's parameter links (spec 001 §2 screen 6): each link whose
 * form field holds a value gives `fieldSub2 eq value` (a multi-value field gives `in`); empty ones
 * filter nothing.
 */
export function linkConditions(links: readonly ParamLink[], values: Readonly<Record<string, unknown>>): SearchCondition[] {
  const out: SearchCondition[] = [];
  for (const link of links) {
    const name = link.fieldSub1?.fieldName;
    const target = link.fieldSub2?.fieldName;
    if (!name || !target) continue;
    const v = values[name];
    if (Array.isArray(v)) {
      const list = v.filter((x) => x !== null && x !== undefined && x !== '');
      if (list.length) out.push({ key: target, op: 'in', val: list.join(',') });
    } else if (v !== null && v !== undefined && String(v).trim() !== '') {
      out.push({ key: target, op: 'eq', val: typeof v === 'string' ? v.trim() : v });
    }
  }
  return out;
}
