import type { FieldDefinition, FieldLayout } from './field-definition';
import { formLayouts } from './form-layout';
import { fieldKey } from './template-diff';
import type { Template, TemplateButton } from './template';

/**
 * The draft as the designer edits it: a map of nodes by id — form fields with their place on the
 * 48-unit grid, list and child-table columns, child tables, tab groups and buttons — plus the
 * order of each list and the template's own properties. Ids come from what identifies a node in
 * the template (a field's table and name, a button's code, a group's key), so the same template
 * always gives the same ids: history patches stay valid after a reload.
 *
 * `fromTemplate(toTemplate(d))` equals `d`; `toTemplate(fromTemplate(t))` is `t` with every form
 * field placed (fields nobody placed flow as the runtime lays them out) and the form fields in
 * grid order.
 */

export type ColumnArea = 'listSubList' | 'resSubList';

export interface FieldNode { id: string; kind: 'field'; field: FieldDefinition; layout: Required<FieldLayout> }
/** A column of the list, the picker's list or a child table (`parent` is the child table's node id). */
export interface ColumnNode { id: string; kind: 'column'; parent: ColumnArea | string; field: FieldDefinition }
export interface ChildTableNode { id: string; kind: 'childTable'; customTable: string; label: string }
export interface TabGroupNode { id: string; kind: 'tabGroup'; key: string; label: string }
export interface ButtonNode { id: string; kind: 'button'; button: TemplateButton }
export type DesignNode = FieldNode | ColumnNode | ChildTableNode | TabGroupNode | ButtonNode;
export type NodeKind = DesignNode['kind'];

export type TemplateMeta = Omit<Template, 'formSubList' | 'listSubList' | 'resSubList' | 'childSubLists' | 'buttons' | 'groups'>;

export interface DesignDraft {
  meta: TemplateMeta;
  nodes: Record<string, DesignNode>;
  order: {
    listSubList: string[];
    resSubList: string[];
    childTables: string[];
    /** Columns of each child table, by the child table's node id. */
    children: Record<string, string[]>;
    buttons: string[];
    groups: string[];
  };
}

/** Ordered lists a node can be reordered in. */
export type OrderedList = 'listSubList' | 'resSubList' | 'childTables' | 'buttons' | 'groups' | `children:${string}`;

export const fieldNodeId = (f: Pick<FieldDefinition, 'customTable' | 'fieldName'>): string => `f:${fieldKey(f)}`;
export const columnNodeId = (parent: string, f: Pick<FieldDefinition, 'customTable' | 'fieldName'>): string => `c:${parent}:${fieldKey(f)}`;
export const childTableNodeId = (table: string): string => `t:${table}`;
export const groupNodeId = (key: string): string => `g:${key}`;
export const buttonNodeId = (code: string): string => `b:${code}`;

/** The property of a node's data that makes its id; changing it is a remove and an add, not an edit. */
export const IDENTITY_PROPERTIES: Record<NodeKind, readonly string[]> = {
  field: ['fieldName', 'customTable', 'layout'],
  column: ['fieldName', 'customTable'],
  childTable: ['customTable'],
  tabGroup: ['key'],
  button: ['code'],
};

/** The template's lists: the node map holds them, not the template's own properties (meta). */
export const LIST_KEYS = ['formSubList', 'listSubList', 'resSubList', 'childSubLists', 'buttons', 'groups'] as const;

/** The node map of a (parsed) template. */
export function fromTemplate(template: Template): DesignDraft {
  const meta = { ...template } as Record<string, unknown>;
  for (const key of LIST_KEYS) delete meta[key];
  const draft: DesignDraft = { meta: meta as TemplateMeta, nodes: {}, order: { listSubList: [], resSubList: [], childTables: [], children: {}, buttons: [], groups: [] } };
  const add = (node: DesignNode) => {
    if (draft.nodes[node.id]) throw new Error(`节点 ${node.id} 重复`);
    draft.nodes[node.id] = node;
  };
  for (const g of template.groups ?? []) {
    const id = groupNodeId(g.key);
    add({ id, kind: 'tabGroup', key: g.key, label: g.label });
    draft.order.groups.push(id);
  }
  const layouts = formLayouts(template);
  (template.formSubList ?? []).forEach((f, i) => {
    const { layout: _placed, ...field } = f;
    add({ id: fieldNodeId(f), kind: 'field', field: { ...field, layout: null }, layout: { ...layouts[i], group: layouts[i].group ?? null } });
  });
  for (const area of ['listSubList', 'resSubList'] as const) {
    for (const f of template[area] ?? []) {
      const id = columnNodeId(area, f);
      add({ id, kind: 'column', parent: area, field: f });
      draft.order[area].push(id);
    }
  }
  for (const c of template.childSubLists ?? []) {
    const id = childTableNodeId(c.customTable);
    add({ id, kind: 'childTable', customTable: c.customTable, label: c.label });
    draft.order.childTables.push(id);
    draft.order.children[id] = c.fields.map((f) => {
      const col = columnNodeId(id, f);
      add({ id: col, kind: 'column', parent: id, field: f });
      return col;
    });
  }
  for (const b of template.buttons ?? []) {
    let id = buttonNodeId(b.code);
    for (let n = 2; draft.nodes[id]; n++) id = `${buttonNodeId(b.code)}#${n}`;
    add({ id, kind: 'button', button: b });
    draft.order.buttons.push(id);
  }
  return draft;
}

/** Form fields in order, by draft (a draft is never changed in place): the designer asks several times per command. */
const fieldOrders = new WeakMap<DesignDraft, FieldNode[]>();

/** The form fields in grid order: tab group (ungrouped first), row, column. */
export function formFieldNodes(draft: DesignDraft): FieldNode[] {
  let order = fieldOrders.get(draft);
  if (!order) {
    order = sortedFieldNodes(draft);
    if (Object.isFrozen(draft)) fieldOrders.set(draft, order);
  }
  return order;
}

function sortedFieldNodes(draft: DesignDraft): FieldNode[] {
  const groupIndex = new Map(draft.order.groups.map((id, i) => [(draft.nodes[id] as TabGroupNode).key, i + 1]));
  const rank = (n: FieldNode) => (n.layout.group ? groupIndex.get(n.layout.group) ?? 0 : 0);
  // the sort key computed once per node (the designer sorts a 500-field form on every command)
  return Object.values(draft.nodes)
    .filter((n): n is FieldNode => n.kind === 'field')
    .map((n) => ({ n, r: rank(n), row: n.layout.row, col: n.layout.col }))
    .sort((a, b) => a.r - b.r || a.row - b.row || a.col - b.col || (a.n.id < b.n.id ? -1 : a.n.id > b.n.id ? 1 : 0))
    .map((k) => k.n);
}

/**
 * A placed field as the template holds it (its definition with its grid place), the same object while
 * the node is the same (immer replaces a node that changes): the designer checks the template after
 * every command and parses only the fields that are new objects.
 */
const placedFields = new WeakMap<FieldNode, FieldDefinition>();
export function placedField(n: FieldNode): FieldDefinition {
  let f = placedFields.get(n);
  if (!f) {
    f = { ...n.field, layout: { ...n.layout } };
    placedFields.set(n, f);
  }
  return f;
}

/** The template of a node map (its lists in the order the runtime reads them). */
export function toTemplate(draft: DesignDraft): Template {
  const field = (id: string) => (draft.nodes[id] as ColumnNode).field;
  return {
    ...draft.meta,
    formSubList: formFieldNodes(draft).map(placedField),
    listSubList: draft.order.listSubList.map(field),
    resSubList: draft.order.resSubList.map(field),
    childSubLists: draft.order.childTables.map((id) => {
      const c = draft.nodes[id] as ChildTableNode;
      return { customTable: c.customTable, label: c.label, fields: (draft.order.children[id] ?? []).map(field) };
    }),
    buttons: draft.order.buttons.map((id) => (draft.nodes[id] as ButtonNode).button),
    groups: draft.order.groups.map((id) => { const g = draft.nodes[id] as TabGroupNode; return { key: g.key, label: g.label }; }),
  };
}

/**
 * The node a parser path of `toTemplate(draft)` names (`formSubList[3].layout` → the fourth placed
 * field, `childSubLists[0].fields[2]…` → that column), or null for the template's own properties.
 * Worked out when a problem is found, not kept for every command.
 */
export function nodeOfPath(draft: DesignDraft, path: string): string | null {
  const child = /^childSubLists\[(\d+)\](?:\.fields\[(\d+)\])?/.exec(path);
  if (child) {
    const table = draft.order.childTables[Number(child[1])];
    if (table === undefined) return null;
    return child[2] === undefined ? table : draft.order.children[table]?.[Number(child[2])] ?? table;
  }
  const item = /^(formSubList|listSubList|resSubList|buttons|groups)\[(\d+)\]/.exec(path);
  if (!item) return null;
  const i = Number(item[2]);
  switch (item[1]) {
    case 'formSubList': return formFieldNodes(draft)[i]?.id ?? null;
    case 'listSubList': return draft.order.listSubList[i] ?? null;
    case 'resSubList': return draft.order.resSubList[i] ?? null;
    case 'buttons': return draft.order.buttons[i] ?? null;
    default: return draft.order.groups[i] ?? null;
  }
}

/** The ordered list a node is kept in (form fields have a grid place instead). */
export function listOf(draft: DesignDraft, node: DesignNode): OrderedList | null {
  switch (node.kind) {
    case 'field': return null;
    case 'column': return node.parent === 'listSubList' || node.parent === 'resSubList' ? node.parent : `children:${node.parent}`;
    case 'childTable': return 'childTables';
    case 'tabGroup': return 'groups';
    case 'button': return 'buttons';
  }
}

/** The ids of an ordered list (mutable inside an immer recipe). */
export function orderOf(draft: DesignDraft, list: OrderedList): string[] {
  if (list.startsWith('children:')) {
    const parent = list.slice('children:'.length);
    draft.order.children[parent] ??= [];
    return draft.order.children[parent];
  }
  return draft.order[list as Exclude<OrderedList, `children:${string}`>];
}
