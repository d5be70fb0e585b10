import type { RuntimeRequest } from '../../runtime/runtime-context';
import type { Template } from '../../schema/template';
import { templateRequest } from '../../runtime/template-request';
import { formPageOf, subPageOf } from '../navigation';
import { askEarly } from '../request/early-answers';
import { findLeafByRoute, type MenuNode } from '../session/menu';
import { isLocked } from '../session/idle-lock';
import { session } from '../session/session-store';

/**
 * The page modules loaded on demand, one import each: the lazy pages (router, menu page) and the
 * start-up preload below share them, so a module asked for early is the one the page then renders.
 */
export const loadLayout = () => import('../layout/basic-layout');
export const loadMenuPage = () => import('./menu-page');
export const loadFormPage = () => import('./form-page');
/** A template list (its page, not the whole runtime: the list's dialogs and the form engine load when first opened). */
export const loadListPage = () => import('../../runtime/list/template-list-page');
export const loadDesignerPages = () => import('./designer-pages');
/** A template list's opening call (no React, no antd): small, so a list's first rows are asked for as soon as its template has come. */
export const loadOpeningCall = () => import('../../runtime/list/opening-call');

/**
 * Which on-demand module the page at an address draws (from the menu kept with the session), and the
 * template the page reads first, if the shell may ask for it early: a form page's, and a plain template
 * list's that is published (the administration pages read theirs as they need).
 */
export type PageModule = { module: 'form' | 'list' | 'designer'; template: RuntimeRequest | null };

/** The page module of an address, and the template to ask for early. */
export function pageModuleOf(menu: readonly MenuNode[], pathname: string): PageModule | null {
  const form = formPageOf(menu, pathname);
  if (form) return { module: 'form', template: templateRequest('FORM', form.entry.id) };
  if (subPageOf(menu, pathname)) return { module: 'designer', template: null };
  const leaf = findLeafByRoute(menu, pathname);
  const component = leaf?.component ?? '';
  if (!leaf || !(component === 'views/template/list' || component.startsWith('views/admin/'))) return null;
  const published = component === 'views/template/list' && leaf.listTemplate !== false;
  return { module: 'list', template: published ? templateRequest('LIST', leaf.id) : null };
}

/**
 * Opening a signed-in address (a reload, a link): the layout, the menu page and the page's own module
 * are fetched together at start, instead of one after another as each renders the next; a form
 * page's template and a template list's are asked for first, and a template list's first rows as soon
 * as its template has come (with the small module that makes the call, not the runtime: the server
 * answers while the page's code loads; the page takes those answers). A list opened with a preset in
 * its address (`?status=`) asks for its rows itself. `beforeCode` runs between the template's request and
 * the code's (at start: the app's own import, which the page's code must not queue behind).
 */
export function preloadPage(menu: readonly MenuNode[], pathname: string, search = '', beforeCode?: () => void): void {
  if (startedAt === pathname + search) { startedAt = null; return; } // preloaded at start (below)
  startedAt = null;
  const page = pageModuleOf(menu, pathname);
  const template = page?.template ? askEarly<Template>(page.template) : null;
  const opening = page?.module === 'list' && template && !search ? loadOpeningCall() : null;
  beforeCode?.();
  void loadLayout();
  void loadMenuPage();
  if (!page) return;
  void { form: loadFormPage, list: loadListPage, designer: loadDesignerPages }[page.module]();
  if (!template || !opening) return;
  Promise.all([template, opening]).then(([t, { openingListCall }]) => {
    const rows = openingListCall(t, new Date());
    if (rows) askEarly(rows);
  }, () => { /* the page's own calls report a failure */ });
}

/** The address preloaded at start, until the signed-in shell opens it (its own preload is then skipped once). */
let startedAt: string | null = null;

/**
 * At start, before React and antd are loaded and evaluated: a kept session opening a page of its menu
 * (a reload, a link) has that page's template asked for at once, then the app (`loadApp`: React, antd,
 * the shell), then the page's modules and first rows, as the shell would do only once it renders. The
 * app goes before the page's code: a browser talks to a server over at most six connections, and the
 * app, which everything waits for, queued behind twenty files of the page's. Nothing is asked for a
 * locked session or an address that is not a menu page; the app is loaded in every case, once.
 */
export function preloadAtStart(location: { pathname: string; search: string }, loadApp: () => void): void {
  if (!session.accessToken || isLocked() || !pageModuleOf(session.menu, location.pathname)) { loadApp(); return; }
  preloadPage(session.menu, location.pathname, location.search, loadApp);
  startedAt = location.pathname + location.search;
}
