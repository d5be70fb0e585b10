import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A kept-alive page keeps its own path: the router's location moves on to the active tab while
 * hidden pages stay mounted, so a page must not read the live location to know what it shows.
 */
export interface KeptPage { path: string; active: boolean }
export const KeptPageContext = createContext<KeptPage | null>(null);

/** The path this page was opened at (the live location outside the tab host). */
export function usePagePath(): string {
  const kept = useContext(KeptPageContext);
  const { pathname } = useLocation();
  return kept?.path ?? pathname;
}

/** Whether this page is the one on screen. */
export function usePageActive(): boolean {
  return useContext(KeptPageContext)?.active ?? true;
}

/** One kept-alive page: shown when active, hidden (state kept) otherwise. */
export function KeptPageFrame({ path, active, children }: { path: string; active: boolean; children: ReactNode }) {
  const value = useMemo(() => ({ path, active }), [path, active]);
  return (
    <KeptPageContext.Provider value={value}>
      <div className="wb-page" style={{ display: active ? 'block' : 'none' }}>{children}</div>
    </KeptPageContext.Provider>
  );
}
