import { formPageOf, subPageOf } from '../navigation';
import { findLeafByRoute, type MenuNode } from '../session/menu';

/**
 * The page modules loaded on demand, one import each: the lazy pages (router, menu page) and the
 * start-up preload below share them, so a module asked for early is the one the page then renders.
 */
export const loadLayout = () => import('../layout/basic-layout');
export const loadMenuPage = () => import('./menu-page');
export const loadFormPage = () => import('./form-page');
export const loadRuntime = () => import('../../runtime');
export const loadDesignerPages = () => import('./designer-pages');

/** Which on-demand module the page at an address draws (from the menu kept with the session). */
export function pageModuleOf(menu: readonly MenuNode[], pathname: string): 'form' | 'designer' | 'list' | null {
  if (formPageOf(menu, pathname)) return 'form';
  if (subPageOf(menu, pathname)) return 'designer';
  const component = findLeafByRoute(menu, pathname)?.component ?? '';
  return component === 'views/template/list' || component.startsWith('views/admin/') ? 'list' : null;
}

/**
 * Opening a signed-in address (a reload, a link): the layout, the menu page and the page's own module
 * are fetched together at start, instead of one after another as each renders the next.
 */
export function preloadPage(menu: readonly MenuNode[], pathname: string): void {
  void loadLayout();
  void loadMenuPage();
  const page = pageModuleOf(menu, pathname);
  if (page === 'form') void loadFormPage();
  else if (page === 'designer') void loadDesignerPages();
  else if (page === 'list') void loadRuntime();
}
