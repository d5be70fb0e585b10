import { applyPatches, enablePatches, type Patch } from 'immer';
import type { DesignDraft } from './design-nodes';

enablePatches();

/**
 * The designer's undo history as data (client and server alike): steps of immer patches over the
 * node map (`design-nodes.ts`) and their inverse, per scope, and the log of steps done, undone and
 * redone that the server keeps with the draft.
 */

export const SCOPES = ['canvas', 'properties', 'code'] as const;
export type Scope = (typeof SCOPES)[number];

/** Steps kept per scope (the server keeps at least as many). */
export const HISTORY_LIMIT = 500;

export interface Step {
  id: string;
  scope: Scope;
  label: string;
  patches: Patch[];
  inverse: Patch[];
  /** Typing session that may extend this step (`${node}:${key}:${session}`). */
  typing?: string | null;
}

/** One line of the history log: a step done (or extended by typing), undone or redone. */
export interface HistoryEntry { action: 'do' | 'undo' | 'redo'; step: Step }

export interface ScopeStacks { undo: Step[]; redo: Step[] }
export type History = Record<Scope, ScopeStacks>;

export const emptyHistory = (): History => ({ canvas: { undo: [], redo: [] }, properties: { undo: [], redo: [] }, code: { undo: [], redo: [] } });

/**
 * Whether a step replaces the whole node map: the server records so a draft replaced by something
 * else than the designer (属性配置, 回滚, 导入).
 *
 * Such a step is put in every scope's order, not only its own. Scopes are kept apart because a
 * canvas step and a property step touch different things, so each can be undone alone; a
 * replacement touches everything. A property edit made before a 回滚 undone while the 回滚 stays
 * would write its old value into the rolled-back draft (or fail on a node the 回滚 removed), and
 * undoing the 回滚 under a later edit would silently drop that edit. So in every scope the
 * replacement sits on the undo stack where it happened: what was done before it is undone only
 * after it, and it is undone (or redone) only when it is on top in every scope; the designer says
 * which scope's steps come first (`blockingScopes`).
 */
export const isReplacement = (step: Step): boolean => step.patches.some((p) => p.path.length === 0);

/** The scopes whose undo (or redo) stack holds the step, and those of them where it is not on top. */
export function blockingScopes(history: History, step: Step, action: 'undo' | 'redo'): { holders: Scope[]; blocking: Scope[] } {
  const stackOf = (scope: Scope) => (action === 'undo' ? history[scope].undo : history[scope].redo);
  const holders = SCOPES.filter((scope) => stackOf(scope).some((x) => x.id === step.id));
  return { holders, blocking: holders.filter((scope) => stackOf(scope).at(-1)?.id !== step.id) };
}

/**
 * The history after a step is done in a scope: that scope's redo stack is dropped and, when it held a
 * replacement, the replacement leaves the other scopes' redo stacks too, with what was done after it
 * (below it there): redone, it would put back a whole draft over the step just done.
 */
export function dropRedo(history: History, scope: Scope): History {
  const next: History = { ...history, [scope]: { ...history[scope], redo: [] } };
  for (const replaced of history[scope].redo.filter(isReplacement)) {
    for (const other of SCOPES) {
      const at = next[other].redo.findIndex((x) => x.id === replaced.id);
      if (at >= 0) next[other] = { ...next[other], redo: next[other].redo.slice(at + 1) };
    }
  }
  return next;
}

/** A replacement undone or redone: moved from the top of each stack holding it to the other stack of that scope (null: not on top everywhere). */
export function moveReplacement(history: History, step: Step, action: 'undo' | 'redo'): History | null {
  const { holders, blocking } = blockingScopes(history, step, action);
  if (blocking.length > 0) return null;
  const next = { ...history };
  for (const scope of holders) {
    const { undo, redo } = history[scope];
    next[scope] = action === 'undo' ? { undo: undo.slice(0, -1), redo: [...redo, step] } : { undo: [...undo, step], redo: redo.slice(0, -1) };
  }
  return next;
}

/**
 * The undo and redo stacks a history log leaves. The log may start anywhere (the server drops the
 * oldest entries): an undo or redo of a step that is not on top of its stack is skipped, so the
 * stacks are always the newest part of the real ones. A replacement goes on every scope's stacks
 * (see `isReplacement`).
 */
export function replayHistory(entries: HistoryEntry[]): History {
  let history = emptyHistory();
  for (const { action, step } of entries) {
    if (!history[step.scope]) continue;
    if (isReplacement(step)) {
      if (action === 'do') {
        history = SCOPES.reduce((h, scope) => dropRedo(h, scope), history);
        for (const scope of SCOPES) history[scope] = { undo: [...history[scope].undo, step].slice(-HISTORY_LIMIT), redo: [] };
      } else {
        history = moveReplacement(history, step, action) ?? history;
      }
      continue;
    }
    const stacks = history[step.scope];
    if (action === 'do') {
      history = dropRedo(history, step.scope);
      const undo = [...stacks.undo];
      if (undo.at(-1)?.id === step.id) undo[undo.length - 1] = step;
      else undo.push(step);
      history[step.scope] = { undo: undo.slice(-HISTORY_LIMIT), redo: [] };
    } else if (action === 'undo') {
      if (stacks.undo.at(-1)?.id === step.id) history[step.scope] = { undo: stacks.undo.slice(0, -1), redo: [...stacks.redo, stacks.undo.at(-1)!] };
    } else if (stacks.redo.at(-1)?.id === step.id) {
      history[step.scope] = { undo: [...stacks.undo, stacks.redo.at(-1)!], redo: stacks.redo.slice(0, -1) };
    }
  }
  return history;
}

/** Applies history entries to a node map in order (what the server checks against the draft sent with them). */
export function applyEntries(draft: DesignDraft, entries: HistoryEntry[]): DesignDraft {
  return entries.reduce((d, e) => applyPatches(d, e.action === 'undo' ? e.step.inverse : e.step.patches), draft);
}

