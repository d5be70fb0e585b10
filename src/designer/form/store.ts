import { useRef, useSyncExternalStore } from 'react';
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

export type DesignerStore = Store<DesignerState>;

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

export const createDesignerStore = (initial: DesignerState): DesignerStore => createStore(initial);

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

/** Whether a node is selected. */
export const useSelected = (store: DesignerStore, id: string): boolean => useDesigner(store, (s) => s.selection.includes(id));
