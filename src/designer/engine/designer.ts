import { freeze } from 'immer';
import { FIELD_LOCAL_KEYS, parseTemplate, rememberingFieldParser } from '../../schema/parse-template';
import { ShapeError } from '../../schema/shape';
import type { SpanClamp } from '../../schema/layout-rules';
import type { DeclaredColumnTypes } from '../../schema/field-definition';
import type { Template } from '../../schema/template';
import { checkDraftRules } from '../../schema/draft-rules';
import { keyOfPath, problemAt, type ProblemPlace } from '../problem-place';
import { applyCommand, applyStep, buttonProblem, commandLabel, fieldProblem, type Command, type Refusal } from './commands';
import { fromTemplate, nodeOfPath, placedField, toTemplate, type DesignDraft } from '../../schema/design-nodes';
import {
  HISTORY_LIMIT, blockingScopes, dropRedo, isReplacement, moveReplacement, replayHistory, type History, type HistoryEntry, type Scope, type ScopeStacks, type Step,
} from '../../schema/design-history';

export { HISTORY_LIMIT, SCOPES, applyEntries, emptyHistory, isReplacement, replayHistory } from '../../schema/design-history';
export type { History, HistoryEntry, Scope, ScopeStacks, Step } from '../../schema/design-history';

/**
 * The designer without React: the node map being edited, undo and redo per scope, the selection,
 * and the problems of the draft by node. Every command is checked with the template parser; a
 * command after which the draft would not parse is refused (the draft stays as it was), and so is a
 * property edit that breaks a rule of the draft (`checkDraftRules`, the rules the server applies to a
 * draft: calculations, default times, 校验规则…) on the node it edits; a rule problem another edit
 * made (a field a calculation used removed) is shown on its node.
 *
 * Scopes keep their own undo stacks: Ctrl+Z on the canvas never undoes typing in the property
 * panel or the code editor. Typing in one property field (commands carrying the same `typing`
 * session) makes one undo step. Each step done, undone or redone is also a history entry; the
 * entries go to the server with the draft they produced (`takeEntries`), and `replayHistory`
 * rebuilds the stacks after a reload or in another browser.
 */


export interface Problem { nodeId: string | null; path: string; message: string }

export interface DesignerState {
  draft: DesignDraft;
  history: History;
  selection: string[];
  /** Rule problems of the current draft (it always parses). */
  problems: Problem[];
  /** History entries not yet sent to the server. */
  pending: HistoryEntry[];
  /** Step ids given so far (with the session prefix, unique across browsers). */
  counter: number;
  session: string;
  /** The column types the template's data sources declare (from the server with the draft): the draft rules read them. */
  declared: DeclaredColumnTypes;
}

export type Outcome =
  | { ok: true; state: DesignerState; clamp: SpanClamp | null }
  | { ok: false; state: DesignerState; refusal: Refusal };


/** Fields parsed so far, by the (frozen) object the draft's template holds: a command re-parses only what it changed. */
const parseField = rememberingFieldParser();

/**
 * The thing a parser path of the draft names, from the node map (a path without a node — the
 * template's own attributes — is not placed here: the designer shows those in their own forms).
 */
export function placeOfPath(draft: DesignDraft, path: string): ProblemPlace | null {
  const id = nodeOfPath(draft, path);
  const n = id ? draft.nodes[id] : undefined;
  if (!n) return null;
  switch (n.kind) {
    case 'field': case 'column': return { kind: 'field', name: n.field.fieldName, label: n.field.fieldExplain ?? '', key: keyOfPath(path) };
    case 'childTable': return { kind: 'childTable', label: n.label };
    case 'tabGroup': return { kind: 'tabGroup', label: n.label };
    case 'button': return { kind: 'button', label: n.button.label?.trim() || n.button.code, key: keyOfPath(path) };
  }
}

/**
 * A problem at a parser path of the draft (the designer's own, or the server's 400 `{ field, problem }`)
 * as a person reads it (`problemAt`): the node it is on by its name and the property by its label in
 * the panel, never the path (字段 vendorName（供应商）的「标题」不能为空; 子表 合同明细：…).
 */
export function problemText(draft: DesignDraft, path: string, problem: string): string {
  return problemAt(placeOfPath(draft, path), problem);
}

/** The template of a node map, checked: parse problems refuse it, rule problems (`checkDraftRules`) are listed by node. */
export function validate(draft: DesignDraft, declared: DeclaredColumnTypes = {}): { template: Template | null; refusal: Refusal | null; problems: Problem[] } {
  const template = toTemplate(draft);
  let parsed: Template;
  try {
    parsed = parseTemplate(template, { field: parseField });
  } catch (error) {
    if (error instanceof ShapeError) {
      const nodeId = nodeOfPath(draft, error.path);
      const n = nodeId ? draft.nodes[nodeId] : undefined;
      return { template: null, refusal: { nodeId, message: n?.kind === 'field' || n?.kind === 'column' ? fieldProblem(n.field, error) : n?.kind === 'button' ? buttonProblem(n.button, error) : error.message }, problems: [] };
    }
    throw error;
  }
  try {
    checkDraftRules(parsed, declared);
    return { template: parsed, refusal: null, problems: [] };
  } catch (error) {
    if (error instanceof ShapeError) return { template: parsed, refusal: null, problems: [{ nodeId: nodeOfPath(draft, error.path), path: error.path, message: problemText(draft, error.path, error.problem) }] };
    throw error;
  }
}

/**
 * A rule problem a property edit made on a node it edited (one the draft did not have before): the
 * edit is refused with it, so that the panel says why at once and the draft never holds it.
 */
function brokenBy(command: Command, before: readonly Problem[], after: readonly Problem[]): Problem | null {
  const edited = command.type === 'set-property' ? [command.id] : command.type === 'batch-set-property' ? command.ids : [];
  return after.find((p) => p.nodeId !== null && edited.includes(p.nodeId) && !before.some((q) => q.nodeId === p.nodeId && q.message === p.message)) ?? null;
}

/**
 * Whether a command applied to a draft that keeps every rule can have changed nothing but the field it
 * touched, which is then checked alone: a move or a resize (the command itself refused a place off the
 * grid, in a missing group or over another field; the field's place is parsed again here), or a
 * property only the field's own rules read (`FIELD_LOCAL_KEYS`), parsed when the command normalised
 * the field. Any other command, or a draft with a problem, is checked whole by `validate`.
 */
function touchedOnly(state: DesignerState, command: Command, draft: DesignDraft): boolean {
  if (state.problems.length > 0) return false;
  if (command.type === 'set-property') {
    const n = command.id === null ? undefined : draft.nodes[command.id];
    return (n?.kind === 'field' || n?.kind === 'column') && FIELD_LOCAL_KEYS.has(command.key);
  }
  if (command.type !== 'move' && command.type !== 'resize') return false;
  const n = draft.nodes[command.id];
  if (n?.kind !== 'field') return false;
  try {
    parseField(placedField(n), n.field.fieldName);
    return true;
  } catch (error) {
    if (error instanceof ShapeError) return false;
    throw error;
  }
}

/** Starts designing a (parsed) template, with the history read from the server. */
export function openDesigner(template: Template, entries: HistoryEntry[] = [], session = randomSession(), declared: DeclaredColumnTypes = {}): DesignerState {
  // frozen once here, so that the first command does not pay for freezing the whole map
  const draft = freeze(fromTemplate(template), true);
  return { draft, history: replayHistory(entries), selection: [], problems: validate(draft, declared).problems, pending: [], counter: 0, session, declared };
}

function randomSession(): string {
  const bytes = new Uint8Array(6);
  globalThis.crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(36).padStart(2, '0')).join('');
}

/** The scopes as the designer names them (the canvas's and the property panel's 撤销). */
const SCOPE_NAMES: Record<Scope, string> = { canvas: '画布', properties: '属性面板', code: '代码编辑' };

const scopeOf = (command: Command): Scope => (command.type === 'set-property' || command.type === 'batch-set-property' ? 'properties' : 'canvas');

/** Runs a command in a scope (by default: property edits in the property panel's, the rest on the canvas). */
export function execute(state: DesignerState, command: Command, scope: Scope = scopeOf(command)): Outcome {
  const applied = applyCommand(state.draft, command);
  if (!applied.ok) return { ok: false, state, refusal: applied.refusal };
  if (applied.patches.length === 0) return { ok: true, state, clamp: applied.clamp };
  const checked = touchedOnly(state, command, applied.draft) ? { refusal: null, problems: state.problems } : validate(applied.draft, state.declared);
  if (checked.refusal) return { ok: false, state, refusal: checked.refusal };
  const broken = brokenBy(command, state.problems, checked.problems);
  if (broken) return { ok: false, state, refusal: { nodeId: broken.nodeId, message: broken.message } };
  const stacks = state.history[scope];
  const typing = command.type === 'set-property' && command.typing ? `${command.id ?? ''}:${command.key}:${command.typing}` : null;
  const top = stacks.undo[stacks.undo.length - 1];
  let step: Step;
  let undo: Step[];
  let counter = state.counter;
  if (typing && top?.typing === typing && stacks.redo.length === 0) {
    // one more keystroke of the same field: the same step, its inverse still back to before the typing
    step = { ...top, patches: [...top.patches, ...applied.patches], inverse: [...applied.inverse, ...top.inverse] };
    undo = [...stacks.undo.slice(0, -1), step];
  } else {
    counter += 1;
    step = { id: `${state.session}-${counter}`, scope, label: commandLabel(command), patches: applied.patches, inverse: applied.inverse, typing };
    undo = [...stacks.undo, step].slice(-HISTORY_LIMIT);
  }
  const history = { ...dropRedo(state.history, scope), [scope]: { undo, redo: [] } };
  const pending = appendEntry(state.pending, { action: 'do', step });
  const selection = command.type === 'remove' ? state.selection.filter((id) => !command.ids.includes(id)) : state.selection;
  // no problems before or after: the same (empty) list, so that nothing drawn from it is asked again
  const problems = checked.problems.length === 0 && state.problems.length === 0 ? state.problems : checked.problems;
  return { ok: true, clamp: applied.clamp, state: { ...state, draft: applied.draft, history, pending, counter, problems, selection } };
}

/** A `do` of the step on top replaces it (typing extends a step); other entries are added. */
function appendEntry(pending: HistoryEntry[], entry: HistoryEntry): HistoryEntry[] {
  const last = pending[pending.length - 1];
  if (entry.action === 'do' && last?.action === 'do' && last.step.id === entry.step.id) return [...pending.slice(0, -1), entry];
  return [...pending, entry];
}

function move(state: DesignerState, scope: Scope, action: 'undo' | 'redo'): Outcome {
  const stacks = state.history[scope];
  const from = action === 'undo' ? stacks.undo : stacks.redo;
  const step = from[from.length - 1];
  if (!step) return { ok: false, state, refusal: { nodeId: null, message: action === 'undo' ? '没有可撤销的操作' : '没有可重做的操作' } };
  const verb = action === 'undo' ? '撤销' : '重做';
  // a replacement is in every scope's order (see isReplacement): the steps after it in any scope first
  const moved = isReplacement(step) ? moveReplacement(state.history, step, action) : null;
  if (isReplacement(step) && !moved) {
    const where = blockingScopes(state.history, step, action).blocking.map((s) => SCOPE_NAMES[s]).join('、');
    const first = action === 'undo' ? `请先撤销${where}中在它之后的操作` : `请先重做${where}中在它之前的操作`;
    return { ok: false, state, refusal: { nodeId: null, message: `无法${verb}「${step.label}」：它替换了整个草稿，${first}` } };
  }
  let draft: DesignDraft;
  try {
    draft = applyStep(state.draft, action === 'undo' ? step.inverse : step.patches);
  } catch {
    return { ok: false, state, refusal: { nodeId: null, message: `无法${verb}「${step.label}」：相关的项已被其他操作删除` } };
  }
  const checked = validate(draft, state.declared);
  if (checked.refusal) return { ok: false, state, refusal: checked.refusal };
  const sealed: Step = { ...step, typing: null };
  const next: ScopeStacks = action === 'undo'
    ? { undo: stacks.undo.slice(0, -1), redo: [...stacks.redo, sealed] }
    : { undo: [...stacks.undo, sealed], redo: stacks.redo.slice(0, -1) };
  const existing = new Set(Object.keys(draft.nodes));
  return {
    ok: true, clamp: null,
    state: {
      ...state, draft, problems: checked.problems, history: moved ?? { ...state.history, [scope]: next },
      pending: appendEntry(state.pending, { action, step: sealed }), selection: state.selection.filter((id) => existing.has(id)),
    },
  };
}

export const undo = (state: DesignerState, scope: Scope): Outcome => move(state, scope, 'undo');
export const redo = (state: DesignerState, scope: Scope): Outcome => move(state, scope, 'redo');

export const canUndo = (state: DesignerState, scope: Scope): boolean => state.history[scope].undo.length > 0;
export const canRedo = (state: DesignerState, scope: Scope): boolean => state.history[scope].redo.length > 0;

/** The entries to send with the next save, and the state without them. */
export function takeEntries(state: DesignerState): { entries: HistoryEntry[]; state: DesignerState } {
  return { entries: state.pending, state: { ...state, pending: [] } };
}

/** The template to save. */
export function currentTemplate(state: DesignerState): Template {
  return toTemplate(state.draft);
}

/** Selection: one node, add to it (Shift/Ctrl), or toggle one. Unknown ids are ignored. */
export function select(state: DesignerState, ids: string[], mode: 'replace' | 'add' | 'toggle' = 'replace'): DesignerState {
  const known = ids.filter((id) => state.draft.nodes[id]);
  let selection: string[];
  if (mode === 'replace') selection = [...new Set(known)];
  else if (mode === 'add') selection = [...new Set([...state.selection, ...known])];
  else selection = known.reduce((s, id) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]), state.selection);
  return { ...state, selection };
}

/** The selected nodes' property set to one value in one undo step. */
export const batchSet = (state: DesignerState, key: string, value: unknown): Outcome =>
  execute(state, { type: 'batch-set-property', ids: state.selection, key, value });
