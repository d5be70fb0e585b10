import { useSyncExternalStore } from 'react';
import type { DesignNode } from '../../schema/design-nodes';
import type { DesignerState } from '../engine/designer';

/**
 * The designer state outside React: components subscribe to the slice they draw (a field card to
 * its own node, which immer keeps the same object until that node changes), so a command on one
 * field re-renders that field and not the hundreds of others.
 */
export interface DesignerStore {
  get(): DesignerState;
  set(next: DesignerState): void;
  subscribe(listener: () => void): () => void;
}

export function createDesignerStore(initial: DesignerState): DesignerStore {
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

/** A slice of the state (compared by reference). */
export function useDesigner<T>(store: DesignerStore, pick: (s: DesignerState) => T): T {
  return useSyncExternalStore(store.subscribe, () => pick(store.get()));
}

/** One node (undefined once removed). */
export const useNode = (store: DesignerStore, id: string): DesignNode | undefined => useDesigner(store, (s) => s.draft.nodes[id]);

/** Whether a node is selected. */
export const useSelected = (store: DesignerStore, id: string): boolean => useDesigner(store, (s) => s.selection.includes(id));
