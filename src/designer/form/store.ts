import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { DesignNode } from '../../schema/design-nodes';
import type { DesignerState } from '../engine/designer';

/**
 * The designer state outside React: components subscribe to the slice they draw (a field card to
 * its own node, which immer keeps the same object until that node changes), so a command on one
 * field re-renders that field and not the hundreds of others.
 */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(listener: () => void): () => void;
}

/**
 * A store with a subscription per node besides the whole state's: a node's listener is told only when
 * `affects` says the change concerns that node. With hundreds of field cards on screen, each asked
 * after every command (or every step of a drag) would cost more than the command.
 */
export interface KeyedStore<T> extends Store<T> {
  subscribeNode(id: string, listener: () => void): () => void;
}

/** The designer's store: a card hears of a command only when its own node, its selection or its problem changed. */
export type DesignerStore = KeyedStore<DesignerState>;

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      if (next === state) return;
      state = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** A slice of a store's state (compared by reference). */
export function useStore<T, V>(store: Store<T>, pick: (s: T) => V): V {
  return useSyncExternalStore(store.subscribe, () => pick(store.get()));
}

/** A slice of the designer state (compared by reference). */
export const useDesigner = <T,>(store: DesignerStore, pick: (s: DesignerState) => T): T => useStore(store, pick);

/**
 * A value computed from the designer state: computed again only when the `inputs` (compared one by
 * one, by reference) change, and kept as it was when `equal` says the new one is the same, so that a
 * command that does not change what a component draws does not re-render it.
 */
export function useDerived<T>(store: DesignerStore, inputs: (s: DesignerState) => readonly unknown[], compute: (s: DesignerState) => T, equal: (a: T, b: T) => boolean): T {
  const cache = useRef<{ inputs: readonly unknown[]; value: T } | null>(null);
  const get = (): T => {
    const s = store.get();
    const now = inputs(s);
    const c = cache.current;
    if (c && c.inputs.length === now.length && c.inputs.every((x, i) => Object.is(x, now[i]))) return c.value;
    const next = compute(s);
    const value = c && equal(c.value, next) ? c.value : next;
    cache.current = { inputs: now, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, get);
}

/** Two arrays with the same items in the same order. */
export const sameItems = <T,>(a: readonly T[], b: readonly T[]): boolean => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/** One node (undefined once removed). */
export const useNode = (store: DesignerStore, id: string): DesignNode | undefined => useDesigner(store, (s) => s.draft.nodes[id]);

/** A node's problem message (null: none). */
export const problemOf = (s: DesignerState, id: string): string | null => {
  for (const p of s.problems) if (p.nodeId === id) return p.message;
  return null;
};

/**
 * `affects(prev, next)`: for a change of the state, null when it concerns no node, else whether it
 * concerns a given node.
 */
export function createKeyedStore<T>(initial: T, affects: (prev: T, next: T) => ((id: string) => boolean) | null): KeyedStore<T> {
  const whole = createStore(initial);
  const byNode = new Map<string, Set<() => void>>();
  let last = initial;
  whole.subscribe(() => {
    const prev = last;
    const next = (last = whole.get());
    const concerns = affects(prev, next);
    if (!concerns) return;
    const told: (() => void)[] = [];
    for (const [id, listeners] of byNode) if (concerns(id)) told.push(...listeners);
    for (const l of told) l();
  });
  return {
    ...whole,
    subscribeNode(id, listener) {
      let listeners = byNode.get(id);
      if (!listeners) byNode.set(id, (listeners = new Set()));
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) byNode.delete(id);
      };
    },
  };
}

export const createDesignerStore = (initial: DesignerState): DesignerStore => createKeyedStore(initial, (prev, next) => {
  const nodes = prev.draft.nodes !== next.draft.nodes;
  const selection = prev.selection !== next.selection;
  const problems = prev.problems !== next.problems;
  if (!nodes && !selection && !problems) return null;
  return (id) => (nodes && prev.draft.nodes[id] !== next.draft.nodes[id])
    || (selection && prev.selection.includes(id) !== next.selection.includes(id))
    || (problems && problemOf(prev, id) !== problemOf(next, id));
});

/** A slice of one node's part of a keyed store, re-rendering only when the store says the node is concerned and the slice changed (by `equal`). */
export function useNodeSlice<T, V>(store: KeyedStore<T>, id: string, pick: (s: T) => V, equal: (a: V, b: V) => boolean = Object.is): V {
  const cache = useRef<{ value: V } | null>(null);
  const subscribe = useCallback((listener: () => void) => store.subscribeNode(id, listener), [store, id]);
  const get = (): V => {
    const value = pick(store.get());
    const c = cache.current;
    if (c && equal(c.value, value)) return c.value;
    cache.current = { value };
    return value;
  };
  return useSyncExternalStore(subscribe, get);
}

/** What a field card draws of the state: its node, whether it is selected, its problem. */
export interface NodeView { node: DesignNode | undefined; selected: boolean; problem: string | null }

const sameView = (a: NodeView, b: NodeView): boolean => a.node === b.node && a.selected === b.selected && a.problem === b.problem;

/** A node's view, re-rendering only when it changes (through the store's per-node subscription). */
export const useNodeView = (store: DesignerStore, id: string): NodeView =>
  useNodeSlice(store, id, (s) => ({ node: s.draft.nodes[id], selected: s.selection.includes(id), problem: problemOf(s, id) }), sameView);
