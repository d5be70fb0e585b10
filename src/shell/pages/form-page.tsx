import { Result } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TemplateEditPage, parseFormPageQuery } from '../../runtime';
import { usePageActive } from '../layout/kept-page';
import { closeTab } from '../layout/tabs-store';
import { leafRoute, type MenuNode } from '../session/menu';

const WEIGH_STATUS_KEY = 'weighStatus';

/**
 * PU or SA for a new document (spec 001 §4: a session-storage value). A purchase or sale page
 * sets it for the session; other pages read what the weighing page left.
 */
export function weighStatusOf(path: string): 'PU' | 'SA' | null {
  const own = /^\/modules\/purorder\//.test(path) ? 'PU' : /^\/modules\/sale\//.test(path) ? 'SA' : null;
  try {
    if (own) sessionStorage.setItem(WEIGH_STATUS_KEY, own);
    const kept = own ?? sessionStorage.getItem(WEIGH_STATUS_KEY);
    return kept === 'PU' || kept === 'SA' ? kept : null;
  } catch {
    return own;
  }
}

/**
 * The shell's side of an edit page: the query it was opened with (kept while its tab is hidden),
 * and leaving it — after a save or a cancel the tab closes and its list is shown again.
 */
export function FormPage({ entry, path, view }: { entry: MenuNode; path: string; view: boolean }) {
  const location = useLocation();
  const navigate = useNavigate();
  const active = usePageActive();
  // the page shows what its address asked for when it was last on screen (a hidden tab keeps it)
  const [search, setSearch] = useState(location.search);
  useEffect(() => { if (active && location.pathname === path) setSearch(location.search); }, [active, location.pathname, location.search, path]);
  const ask = useMemo(() => parseFormPageQuery(search, view), [search, view]);
  const weighStatus = useMemo(() => weighStatusOf(path), [path]);
  const listPath = leafRoute(entry) ?? '/clouds/index';
  const leave = () => {
    closeTab(path, path);
    navigate(listPath);
  };
  if ('problem' in ask) return <Result status="warning" title={ask.problem} />;
  return <TemplateEditPage menuId={entry.id} request={ask} weighStatus={weighStatus} onDone={leave} />;
}
