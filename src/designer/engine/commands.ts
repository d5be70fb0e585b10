import { Immer, current, enablePatches, freeze, isDraft, original, type Draft, type Patch } from 'immer';
import type { FieldDefinition } from '../../schema/field-definition';
import { propertyLabel } from '../../schema/control-properties';
import { keyOfPath, problemAt } from '../problem-place';
import { formColumns } from '../../schema/form-controls';
import { GRID_UNITS, clampSpan, isColumnStart, layoutsOverlap, type SpanClamp } from '../../schema/layout-rules';
import { parseFieldDefinition, parseTemplate } from '../../schema/parse-template';
import { ShapeError } from '../../schema/shape';
import type { TemplateButton } from '../../schema/template';
import {
  IDENTITY_PROPERTIES, LIST_KEYS, buttonNodeId, childTableNodeId, columnNodeId, fieldNodeId, groupNodeId, listOf, orderOf,
  type ButtonNode, type ColumnArea, type ColumnNode, type DesignDraft, type DesignNode, type FieldNode, type OrderedList,
} from '../../schema/design-nodes';

enablePatches();
/**
 * The designer's immer. The draft holds plain JSON objects (no symbols, no hidden properties): immer
 * may walk their keys the quick way. And it does not freeze a command's result itself: freezing the
 * new node map deeply walks its hundreds of nodes on every command, when only the objects on the
 * patches' paths are new (`freezeChanged`); the rest were frozen when the draft was opened.
 */
const immer = new Immer({ autoFreeze: false });
immer.setUseStrictIteration(false);

/** Freezes what a command made: the objects along each patch's path, and a value it put there (deeply). */
function freezeChanged(draft: DesignDraft, patches: readonly Patch[]): void {
  for (const patch of patches) {
    let at: unknown = draft;
    for (const key of patch.path) {
      if (at === null || typeof at !== 'object') break;
      freeze(at);
      at = (at as Record<string | number, unknown>)[key];
    }
    // deeply: a value put there may be new all through (an added node); an old one is frozen already
    if (at !== null && typeof at === 'object') freeze(at, true);
  }
}

/**
 * The designer's edits as typed commands. Each one, applied to a node map, gives the new map with
 * its immer patches and inverse patches (an undo step), or a refusal naming the node and the
 * problem. A span that does not fit is clamped and the clamp reported, never changed silently.
 */

/** A place on the form grid: row, first unit (0–47), tab group. */
export interface GridPlace { row: number; col: number; group?: string | null }

export type NewNode =
  | { kind: 'field'; field: FieldDefinition; at?: GridPlace & { span?: number } }
  | { kind: 'column'; parent: ColumnArea | string; field: FieldDefinition; index?: number }
  | { kind: 'childTable'; customTable: string; label: string; index?: number }
  | { kind: 'tabGroup'; key: string; label: string; index?: number }
  | { kind: 'button'; button: TemplateButton; index?: number };

export type Command =
  | { type: 'add'; node: NewNode }
  | { type: 'move'; id: string; to: GridPlace }
  | { type: 'resize'; id: string; span: number }
  /** A column, button, group or child table moved to another place of its own list (`index`: its place after the move, from 0). */
  | { type: 'reorder'; id: string; index: number }
  | { type: 'reorder-columns'; list: OrderedList; ids: string[] }
  | { type: 'remove'; ids: string[] }
  /** `id` null: a property of the template itself (formatName, formatStyle…). */
  | { type: 'set-property'; id: string | null; key: string; value: unknown; typing?: string }
  /** `values`: a value of its own for some of the ids (恢复默认 of 标题 puts back each field's own label); the others take `value`. */
  | { type: 'batch-set-property'; ids: string[]; key: string; value: unknown; values?: Record<string, unknown> };

export interface Refusal { nodeId: string | null; message: string }

export type Applied =
  | { ok: true; draft: DesignDraft; patches: Patch[]; inverse: Patch[]; clamp: SpanClamp | null; touched: string[] }
  | { ok: false; refusal: Refusal };

class Refused extends Error {
  constructor(readonly refusal: Refusal) { super(refusal.message); }
}
const refuse = (nodeId: string | null, message: string): never => { throw new Refused({ nodeId, message }); };

const columnsOf = (d: DesignDraft | Draft<DesignDraft>) => formColumns(d.meta);

function nodeOf(d: Draft<DesignDraft>, id: string): Draft<DesignNode> {
  const n = d.nodes[id];
  if (!n) refuse(id, `节点 ${id} 不存在`);
  return n;
}

function gridField(d: Draft<DesignDraft>, id: string): Draft<FieldNode> {
  const n = nodeOf(d, id);
  if (n.kind !== 'field') refuse(id, '只有表单字段在栅格上');
  return n as Draft<FieldNode>;
}

/**
 * The nodes as they are now, without drafting each one: reading every node through the draft would
 * make an immer proxy per node (and finalise them all), the cost of a command on a 500-field form.
 */
const nodesNow = (d: Draft<DesignDraft>): DesignNode[] => Object.values((isDraft(d.nodes) ? current(d.nodes) : d.nodes) as Record<string, DesignNode>);

/**
 * The placed field a place would overlap, if any: looked up in the nodes as the command found them
 * (no copy of the map), which is right because a command places one field, checked before it is
 * written, and the node it moves is in `except`.
 */
function occupant(d: Draft<DesignDraft>, place: { row: number; col: number; span: number; group: string | null }, except: ReadonlySet<string>): FieldNode | undefined {
  const nodes = (isDraft(d.nodes) ? original(d.nodes) : d.nodes) as Record<string, DesignNode>;
  for (const id in nodes) {
    const n = nodes[id];
    if (n.kind === 'field' && !except.has(id) && layoutsOverlap(n.layout, place)) return n;
  }
  return undefined;
}

/** The placed field that a place on the grid would overlap (not counting `except`, the field being moved): the check a move or an add makes, asked before the drop. */
export function occupantOf(draft: DesignDraft, place: { row: number; col: number; span: number; group: string | null }, except: string | null = null): FieldNode | undefined {
  return occupant(draft as Draft<DesignDraft>, place, new Set(except ? [except] : []));
}

function checkPlace(d: Draft<DesignDraft>, id: string, place: GridPlace): void {
  const columns = columnsOf(d);
  if (!Number.isInteger(place.row) || place.row < 0 || place.row > 10000) refuse(id, `行号 ${place.row} 无效`);
  if (!isColumnStart(place.col, columns)) refuse(id, `第 ${place.col} 格不是列的起点（每列 ${GRID_UNITS / columns} 格）`);
  if (place.group && !nodesNow(d).some((n) => n.kind === 'tabGroup' && n.key === place.group)) refuse(id, `分组 ${place.group} 不存在`);
}

/** The first free place of `span` units after the last placed field of a group. */
function freePlace(d: Draft<DesignDraft>, span: number, group: string | null): { row: number; col: number } {
  const unit = GRID_UNITS / columnsOf(d);
  for (let row = 0; row < 10000; row++) {
    for (let col = 0; col + span <= GRID_UNITS; col += unit) {
      if (!occupant(d, { row, col, span, group }, new Set())) return { row, col };
    }
  }
  return refuse(null, '栅格已满');
}

function insertAt(list: string[], id: string, index: number | undefined): void {
  const at = index === undefined ? list.length : Math.max(0, Math.min(list.length, index));
  list.splice(at, 0, id);
}

function addNode(d: Draft<DesignDraft>, node: NewNode): { id: string; clamp: SpanClamp | null } {
  let clamp: SpanClamp | null = null;
  const exists = (id: string) => { if (d.nodes[id]) refuse(id, '该项已在模板中'); };
  switch (node.kind) {
    case 'field': {
      const id = fieldNodeId(node.field);
      exists(id);
      const columns = columnsOf(d);
      const group = node.at?.group ?? null;
      const wanted = node.at?.span ?? GRID_UNITS / columns;
      const place = node.at ?? { ...freePlace(d, clampSpan(wanted, 0, columns).applied, group), group };
      checkPlace(d, id, place);
      clamp = clampSpan(wanted, place.col, columns);
      const layout = { row: place.row, col: place.col, span: clamp.applied, group };
      const other = occupant(d, layout, new Set());
      if (other) refuse(id, `该位置已有字段 ${other.field.fieldExplain}`);
      d.nodes[id] = { id, kind: 'field', field: { ...node.field, layout: null }, layout };
      return { id, clamp: clamp.reason ? clamp : null };
    }
    case 'column': {
      if (node.parent !== 'listSubList' && node.parent !== 'resSubList' && d.nodes[node.parent]?.kind !== 'childTable') refuse(node.parent, '子表不存在');
      const id = columnNodeId(node.parent, node.field);
      exists(id);
      d.nodes[id] = { id, kind: 'column', parent: node.parent, field: node.field };
      const list: OrderedList = node.parent === 'listSubList' || node.parent === 'resSubList' ? node.parent : `children:${node.parent}`;
      insertAt(orderOf(d as DesignDraft, list), id, node.index);
      return { id, clamp };
    }
    case 'childTable': {
      const id = childTableNodeId(node.customTable);
      exists(id);
      d.nodes[id] = { id, kind: 'childTable', customTable: node.customTable, label: node.label };
      insertAt(d.order.childTables, id, node.index);
      d.order.children[id] = [];
      return { id, clamp };
    }
    case 'tabGroup': {
      const id = groupNodeId(node.key);
      exists(id);
      d.nodes[id] = { id, kind: 'tabGroup', key: node.key, label: node.label };
      insertAt(d.order.groups, id, node.index);
      return { id, clamp };
    }
    case 'button': {
      const id = buttonNodeId(node.button.code);
      exists(id);
      d.nodes[id] = { id, kind: 'button', button: node.button };
      insertAt(d.order.buttons, id, node.index);
      return { id, clamp };
    }
  }
}

function removeNode(d: Draft<DesignDraft>, id: string): void {
  const node = nodeOf(d, id);
  if (node.kind === 'childTable') for (const col of [...(d.order.children[id] ?? [])]) delete d.nodes[col];
  if (node.kind === 'childTable') delete d.order.children[id];
  if (node.kind === 'tabGroup' && nodesNow(d).some((n) => n.kind === 'field' && n.layout.group === node.key)) {
    refuse(id, `分组 ${node.label} 中还有字段，请先移出或删除`);
  }
  const list = listOf(d as DesignDraft, node as DesignNode);
  if (list) {
    const order = orderOf(d as DesignDraft, list);
    order.splice(order.indexOf(id), 1);
  }
  delete d.nodes[id];
}

/** The object a property of a node lives on. */
function propertyTarget(d: Draft<DesignDraft>, id: string | null, key: string): Record<string, unknown> {
  if (id === null) {
    if (['formatCode', 'formatType', 'customTable', 'id'].includes(key)) refuse(null, `模板的 ${key} 不可在设计器中修改`);
    return d.meta as Record<string, unknown>;
  }
  const node = nodeOf(d, id);
  if (IDENTITY_PROPERTIES[node.kind].includes(key)) refuse(id, `${key} 标识该项，不可修改（请删除后重新添加）`);
  switch (node.kind) {
    case 'field': case 'column': return node.field as Record<string, unknown>;
    case 'button': return node.button as Record<string, unknown>;
    default: return node as Record<string, unknown>;
  }
}

function setProperty(d: Draft<DesignDraft>, id: string | null, key: string, value: unknown): void {
  if (key === 'id' || key === 'kind' || key === 'parent') refuse(id, `${key} 不可修改`);
  const target = propertyTarget(d, id, key);
  if (value === undefined) delete target[key];
  else target[key] = value as never;
}

const plain = <T,>(x: T): T => (isDraft(x) ? current(x as Draft<T>) as T : x);

/** The keys where `normal` differs from `now`, with their normal values (none: `now` is normal). */
function changedKeys(now: object, normal: Record<string, unknown>): [string, unknown][] {
  const was = now as Record<string, unknown>;
  const changed: [string, unknown][] = [];
  for (const [key, value] of Object.entries(normal)) {
    if (!(key in was) || (!Object.is(was[key], value) && JSON.stringify(was[key] ?? null) !== JSON.stringify(value ?? null))) changed.push([key, value]);
  }
  return changed;
}

/**
 * The template's own properties in the parser's normal form (inside the command's recipe: they parse
 * with the list's columns, a report's chart names them). A value the parser refuses refuses the command.
 */
function normaliseMeta(d: Draft<DesignDraft>): void {
  try {
    const listSubList = d.order.listSubList.map((id) => plain((d.nodes[id] as Draft<ColumnNode>).field) as FieldDefinition);
    const parsed = parseTemplate({ ...plain(d.meta), listSubList }) as unknown as Record<string, unknown>;
    for (const key of LIST_KEYS) delete parsed[key];
    for (const [key, value] of changedKeys(plain(d.meta), parsed)) (d.meta as Record<string, unknown>)[key] = value;
  } catch (error) {
    if (error instanceof ShapeError) refuse(null, error.message);
    throw error;
  }
}

/**
 * A parser's problem with a field's attribute as the designer says it: the field, the label its
 * property has in the panel, the problem (字段 vendorName（供应商）的「标题」不能为空); the parser's own
 * message (path and problem) for an attribute the panel does not show.
 */
/** A button's property refused by the parser, named as the button panel names it: 按钮「导出」的「权限标识」格式不正确. */
export function buttonProblem(button: Pick<TemplateButton, 'label' | 'code'>, error: ShapeError): string {
  return problemAt({ kind: 'button', label: button.label?.trim() || button.code, key: keyOfPath(error.path) ?? '' }, error.problem);
}

export function fieldProblem(field: Pick<FieldDefinition, 'fieldName' | 'fieldExplain'>, error: ShapeError): string {
  const key = keyOfPath(error.path);
  if (!key || !propertyLabel(key)) return error.message;
  return problemAt({ kind: 'field', name: field.fieldName, label: field.fieldExplain ?? '', key }, error.problem);
}

interface NormalFix { id: string; target: 'field' | 'button'; keys: [string, unknown][] }

/**
 * What the touched nodes' definitions need to be in the parser's normal form (defaults filled, `'1'` →
 * true…), so that the draft saved and read back is the draft edited: read from the node map the
 * command made (plain objects, not immer drafts, which each read would copy). A value the parser
 * refuses refuses the command.
 */
function normalFixes(draft: DesignDraft, touched: readonly string[], before: DesignDraft): NormalFix[] {
  const fixes: NormalFix[] = [];
  for (const id of touched) {
    const n = draft.nodes[id];
    try {
      if (n?.kind === 'field' || n?.kind === 'column') {
        const keys = changedKeys(n.field, { ...parseFieldDefinition(n.field, n.field.fieldName) });
        if (keys.length > 0) fixes.push({ id, target: 'field', keys });
      } else if (n?.kind === 'button') {
        const [button] = parseTemplate({ formatName: 'x', formatCode: 'x', formatType: 'LIST', buttons: [n.button] }).buttons!;
        const keys = changedKeys(n.button, { ...button });
        if (keys.length > 0) fixes.push({ id, target: 'button', keys });
      }
    } catch (error) {
      // the field named as it was before the command (its 标题 may be what the command emptied)
      const was = before.nodes[id] ?? n;
      if (error instanceof ShapeError) refuse(id, was?.kind === 'field' || was?.kind === 'column' ? fieldProblem(was.field, error) : was?.kind === 'button' ? buttonProblem(was.button, error) : error.message);
      throw error;
    }
  }
  return fixes;
}

/**
 * The runtime shows columns and buttons by `seq`: after a reorder each item of the list gets its
 * index as `seq`, so what the designer shows is what the runtime shows. The ids whose seq changed.
 */
function renumber(d: Draft<DesignDraft>, order: readonly string[]): string[] {
  const changed: string[] = [];
  order.forEach((id, i) => {
    const n = d.nodes[id];
    const target = n?.kind === 'column' ? n.field : n?.kind === 'button' ? n.button : null;
    if (target && target.seq !== i) { target.seq = i; changed.push(id); }
  });
  return changed;
}

function recipe(d: Draft<DesignDraft>, command: Command): { clamp: SpanClamp | null; touched: string[] } {
  switch (command.type) {
    case 'add': {
      const { id, clamp } = addNode(d, command.node);
      return { clamp, touched: [id] };
    }
    case 'move': {
      const n = gridField(d, command.id);
      const group = command.to.group === undefined ? n.layout.group : command.to.group;
      checkPlace(d, n.id, { ...command.to, group });
      const clamp = clampSpan(n.layout.span, command.to.col, columnsOf(d));
      const layout = { row: command.to.row, col: command.to.col, span: clamp.applied, group: group ?? null };
      const other = occupant(d, layout, new Set([n.id]));
      if (other) refuse(n.id, `该位置已有字段 ${other.field.fieldExplain}`);
      n.layout = layout;
      return { clamp: clamp.reason ? clamp : null, touched: [n.id] };
    }
    case 'resize': {
      const n = gridField(d, command.id);
      const clamp = clampSpan(command.span, n.layout.col, columnsOf(d));
      const other = occupant(d, { ...n.layout, span: clamp.applied }, new Set([n.id]));
      if (other) {
        // up to the neighbour, reported as a clamp
        const room = other.layout.col - n.layout.col;
        const fit = clampSpan(room, n.layout.col, columnsOf(d));
        if (fit.applied > room) refuse(n.id, `右侧字段 ${other.field.fieldExplain} 占用了位置`);
        n.layout.span = fit.applied;
        return { clamp: { requested: command.span, applied: fit.applied, reason: 'max' }, touched: [n.id] };
      }
      n.layout.span = clamp.applied;
      return { clamp: clamp.reason ? clamp : null, touched: [n.id] };
    }
    case 'reorder': {
      const node = nodeOf(d, command.id);
      const list = listOf(d as DesignDraft, node as DesignNode);
      if (!list) refuse(command.id, '表单字段按栅格位置排列，请用移动');
      const order = orderOf(d as DesignDraft, list!);
      // a place in the list (a column of a child table: 0 is its first column); none past its end
      if (!Number.isInteger(command.index) || command.index < 0 || command.index >= order.length) refuse(command.id, `位置 ${command.index + 1} 无效：该列表共 ${order.length} 项`);
      order.splice(order.indexOf(command.id), 1);
      insertAt(order, command.id, command.index);
      return { clamp: null, touched: [command.id, ...renumber(d, order)] };
    }
    case 'reorder-columns': {
      const order = orderOf(d as DesignDraft, command.list);
      const now = [...order].sort();
      if (JSON.stringify(now) !== JSON.stringify([...command.ids].sort())) refuse(null, '新顺序须包含该列表的每一项且各一次');
      order.splice(0, order.length, ...command.ids);
      renumber(d, order);
      return { clamp: null, touched: [...command.ids] };
    }
    case 'remove': {
      if (command.ids.length === 0) refuse(null, '没有选中的项');
      for (const id of command.ids) removeNode(d, id);
      return { clamp: null, touched: [...command.ids] };
    }
    case 'set-property':
      setProperty(d, command.id, command.key, command.value);
      return { clamp: null, touched: command.id ? [command.id] : [] };
    case 'batch-set-property':
      if (command.ids.length === 0) refuse(null, '没有选中的项');
      for (const id of command.ids) setProperty(d, id, command.key, command.values && Object.hasOwn(command.values, id) ? command.values[id] : command.value);
      return { clamp: null, touched: [...command.ids] };
  }
}

/** Applies a command to a node map: the new map and its patches, or the refusal (the map unchanged). */
export function applyCommand(draft: DesignDraft, command: Command): Applied {
  try {
    let info: { clamp: SpanClamp | null; touched: string[] } = { clamp: null, touched: [] };
    const meta = command.type === 'set-property' && command.id === null;
    let [next, patches, inverse] = immer.produceWithPatches(draft, (d) => {
      info = recipe(d, command);
      if (meta) normaliseMeta(d);
    });
    // a move or a resize changes a node's place only: its definition is as normal as it was
    const placeOnly = command.type === 'remove' || command.type === 'move' || command.type === 'resize';
    const fixes = placeOnly ? [] : normalFixes(next, info.touched, draft);
    if (fixes.length > 0) {
      // written as part of the same step: its patches after the command's, their inverse before
      const [fixed, more, back] = immer.produceWithPatches(next, (d) => {
        for (const fix of fixes) {
          const n = d.nodes[fix.id] as Draft<ColumnNode | ButtonNode>;
          const target = (fix.target === 'field' ? (n as Draft<ColumnNode>).field : (n as Draft<ButtonNode>).button) as Record<string, unknown>;
          for (const [key, value] of fix.keys) target[key] = value;
        }
      });
      [next, patches, inverse] = [fixed, [...patches, ...more], [...back, ...inverse]];
    }
    freezeChanged(next, patches);
    return { ok: true, draft: next, patches, inverse, ...info };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/** A step's patches (or its inverse) applied to a node map: undo and redo, frozen the same way as a command. */
export function applyStep(draft: DesignDraft, patches: Patch[]): DesignDraft {
  const next = immer.applyPatches(draft, patches);
  freezeChanged(next, patches);
  return next;
}

/** A short Chinese label of a command for the history list. */
export function commandLabel(command: Command): string {
  switch (command.type) {
    case 'add': return '添加';
    case 'move': return '移动';
    case 'resize': return '调整宽度';
    case 'reorder': case 'reorder-columns': return '调整顺序';
    case 'remove': return `删除 ${command.ids.length} 项`;
    case 'set-property': return `修改 ${command.key}`;
    case 'batch-set-property': return `批量修改 ${command.key}（${command.ids.length} 项）`;
  }
}
