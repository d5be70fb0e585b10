import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { checkAddress, menuTarget } from '../navigation';
import type { MenuNode } from '../session/menu';
import { session } from '../session/session-store';
import { settings } from '../settings-store';
import { HOME_TAB } from './tabs-store';

/** Menu ids whose address check passed during this page load (a deep link is checked on arrival). */
export const checkedMenus = new Set<number>();

/**
 * Opens a menu entry: other applications in a new window, otherwise the front-end address check
 * first (home on failure), then the route; with tabs switched off, routes open in a new window.
 */
export function useOpenMenu(): (node: MenuNode, query?: string) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async (node: MenuNode, query = '') => {
    const target = menuTarget(node, window.location.origin, session.accessToken);
    if (target.kind === 'none') return;
    if (target.kind === 'window') {
      window.open(target.url, '_blank', 'noopener');
      return;
    }
    if (!(await checkAddress(node.id))) {
      navigate(HOME_TAB.value);
      return;
    }
    checkedMenus.add(node.id);
    if (!settings.showTag) window.open(`${target.path}${query}`, '_blank', 'noopener');
    else navigate(`${target.path}${query}`);
  }, [navigate]);
}
