import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A kept-alive page keeps its own path: the router's location moves on to the active tab while
 * hidden pages stay mounted, so a page must not read the live location to know what it shows.
 * `refresh` counts the top bar's 刷新 clicks on a page that reloads itself in place (see usePageRefresh).
 */
export interface KeptPage { path: string; active: boolean; refresh: number; reloadsInPlace?(): () => void }
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

/**
 * For a page that reloads its data itself (a list re-runs its query, keeping its search, sort and
 * page): the top bar's 刷新 then bumps the number this returns instead of mounting the page anew.
 * 0 until the first 刷新.
 */
export function usePageRefresh(): number {
  const kept = useContext(KeptPageContext);
  const claim = kept?.reloadsInPlace;
  useEffect(() => claim?.(), [claim]);
  return kept?.refresh ?? 0;
}

/** One kept-alive page: shown when active, hidden (state kept) otherwise. */
export function KeptPageFrame({ path, active, refresh = 0, reloadsInPlace, children }: {
  path: string; active: boolean; refresh?: number; reloadsInPlace?(): () => void; children: ReactNode;
}) {
  const value = useMemo(() => ({ path, active, refresh, reloadsInPlace }), [path, active, refresh, reloadsInPlace]);
  return (
    <KeptPageContext.Provider value={value}>
      <div className="wb-page" style={{ display: active ? 'block' : 'none' }}>{children}</div>
    </KeptPageContext.Provider>
  );
}
