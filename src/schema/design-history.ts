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
 * The undo and redo stacks a history log leaves. The log may start anywhere (the server drops the
 * oldest entries): an undo or redo of a step that is not on top of its stack is skipped, so the
 * stacks are always the newest part of the real ones.
 */
export function replayHistory(entries: HistoryEntry[]): History {
  const history = emptyHistory();
  for (const { action, step } of entries) {
    const stacks = history[step.scope];
    if (!stacks) continue;
    if (action === 'do') {
      const top = stacks.undo[stacks.undo.length - 1];
      if (top?.id === step.id) stacks.undo[stacks.undo.length - 1] = step;
      else stacks.undo.push(step);
      if (stacks.undo.length > HISTORY_LIMIT) stacks.undo.shift();
      stacks.redo = [];
    } else if (action === 'undo') {
      if (stacks.undo[stacks.undo.length - 1]?.id === step.id) stacks.redo.push(stacks.undo.pop()!);
    } else if (stacks.redo[stacks.redo.length - 1]?.id === step.id) {
      stacks.undo.push(stacks.redo.pop()!);
    }
  }
  return history;
}

/** Applies history entries to a node map in order (what the server checks against the draft sent with them). */
export function applyEntries(draft: DesignDraft, entries: HistoryEntry[]): DesignDraft {
  return entries.reduce((d, e) => applyPatches(d, e.action === 'undo' ? e.step.inverse : e.step.patches), draft);
}

