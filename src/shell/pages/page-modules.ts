import { templateRequest } from '../../runtime/template-request';
import { formPageOf, subPageOf } from '../navigation';
import { askEarly } from '../request/early-answers';
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

export type PageModule = { module: 'form' | 'list'; menuId: number } | { module: 'designer'; menuId?: undefined };

/** Which on-demand module the page at an address draws, and the menu entry whose template it reads (from the menu kept with the session). */
export function pageModuleOf(menu: readonly MenuNode[], pathname: string): PageModule | null {
  const form = formPageOf(menu, pathname);
  if (form) return { module: 'form', menuId: form.entry.id };
  if (subPageOf(menu, pathname)) return { module: 'designer' };
  const leaf = findLeafByRoute(menu, pathname);
  const component = leaf?.component ?? '';
  if (leaf && (component === 'views/template/list' || component.startsWith('views/admin/'))) return { module: 'list', menuId: leaf.id };
  return null;
}

/**
 * Opening a signed-in address (a reload, a link): the layout, the menu page and the page's own module
 * are fetched together at start, instead of one after another as each renders the next; a form
 * page's template and a template list's are asked for at the same time (the page takes that answer).
 */
export function preloadPage(menu: readonly MenuNode[], pathname: string): void {
  void loadLayout();
  void loadMenuPage();
  const page = pageModuleOf(menu, pathname);
  if (page?.module === 'form') {
    void loadFormPage();
    askEarly(templateRequest('FORM', page.menuId));
  } else if (page?.module === 'designer') {
    void loadDesignerPages();
  } else if (page?.module === 'list') {
    void loadRuntime();
    const leaf = findLeafByRoute(menu, pathname);
    // a plain template list whose template is published (the administration pages read theirs as they need)
    if (leaf?.component === 'views/template/list' && leaf.listTemplate !== false) askEarly(templateRequest('LIST', page.menuId));
  }
}
