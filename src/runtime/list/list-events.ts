/**
 * Saves made outside a list (an edit page in its own tab) tell the lists of that resource, which
 * reload in place (search and page kept).
 */
type Listener = () => void;
const listeners = new Map<string, Set<Listener>>();

export function onResourceSaved(base: string, listener: Listener): () => void {
  const set = listeners.get(base) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(base, set);
  return () => { set.delete(listener); };
}

export function notifyResourceSaved(base: string): void {
  for (const l of listeners.get(base) ?? []) l();
}
