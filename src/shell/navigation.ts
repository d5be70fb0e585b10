import { request } from './request/request';
import { translate, type MessageKey } from './i18n/i18n';
import { leafRoute, leaves, menuTitle, type MenuNode } from './session/menu';
import { session } from './session/session-store';

/** Other applications opened in a new window (spec 000 §2.2). */
export const EXTERNAL_APPS = ['jzjk', 'pdjk', 'dsrw'] as const;

const HISTORY_KEY = 'wb.historyUrl';

/** Where a menu entry leads: a route in this app, a framed external page, or another application's window. */
export type MenuTarget =
  | { kind: 'route'; path: string }
  | { kind: 'iframe'; path: string }
  | { kind: 'window'; url: string }
  | { kind: 'none' };

/**
 * jzjk opens its index with the access token in the query; pdjk and dsrw open their login page;
 * addresses with http open in the embedded frame page; everything else is a route with /index.
 */
export function menuTarget(node: MenuNode, origin: string, token: string | null): MenuTarget {
  const address = node.urlPath ?? '';
  const app = EXTERNAL_APPS.find((a) => address.includes(a));
  if (app) {
    const base = address.startsWith('http') ? address.replace(/\/+$/, '') : `${origin}/${app}`;
    return { kind: 'window', url: app === 'jzjk' ? `${base}/index?token=${encodeURIComponent(token ?? '')}` : `${base}/login` };
  }
  if (address.startsWith('http')) return { kind: 'iframe', path: `/myiframe/${encodeURIComponent(address)}` };
  const route = leafRoute(node);
  return route ? { kind: 'route', path: route } : { kind: 'none' };
}

/** The front-end address check made before entering a menu or opening its tab (spec 000 §7.3). */
export async function checkAddress(menuId: number): Promise<boolean> {
  try {
    return (await request<boolean>({ method: 'POST', url: '/core/sys-site-license/checkFrontendAdress', body: { adress: menuId, token: session.refreshToken ?? '' }, quiet: true })) === true;
  } catch {
    return false;
  }
}

/** Tells the server which pages (menu ids) were closed. */
export function reportClosed(menuIds: number[]): void {
  if (menuIds.length === 0 || !session.accessToken) return;
  void request({ method: 'POST', url: '/closeCall', body: { token: session.refreshToken ?? '', adress: menuIds }, quiet: true }).catch(() => undefined);
}

/** Component name of the button entries that open a document's edit page. */
export const FORM_PAGE_COMPONENT = 'views/template/form';

/**
 * The edit page a route names (`…/edit`, `…/viewEdit`): a registered button entry of a list page
 * (spec 000 §2.2), found among the buttons the user holds; its list entry gives the templates.
 */
export function formPageOf(menu: readonly MenuNode[], pathname: string): { entry: MenuNode; view: boolean } | undefined {
  for (const leaf of leaves(menu)) {
    const button = leaf.buttonUrls?.find((b) => !b.isApp && b.component === FORM_PAGE_COMPONENT && b.urlPath?.split('?')[0] === pathname);
    if (button) return { entry: leaf, view: pathname.endsWith('/viewEdit') };
  }
  return undefined;
}

/**
 * Pages opened from a menu page rather than from the menu (spec 000 §2.2: `/custom/format/form/sub`,
 * the template-attribute configuration of 模板设计): route → the component of the entry they
 * belong to and their title. The entry's permission is theirs.
 */
export const SUB_PAGES: Record<string, { component: string; title: string; titleKey: MessageKey }> = {
  '/custom/format/form/sub': { component: 'views/designer/format', title: '模板属性配置', titleKey: 'page.formatFields' },
  '/custom/format/form/sub/dt': { component: 'views/designer/format', title: '列表设计', titleKey: 'page.listDesign' },
  '/custom/format/form/factor': { component: 'views/designer/format', title: '弹窗设计', titleKey: 'page.pickerDesign' },
};

/** An edit page's title: its list entry's title with 编辑 / 查看, in the language shown. */
export function formPageTitle(entry: MenuNode, view: boolean, locale: string): string {
  return translate(locale, view ? 'page.formView' : 'page.formEdit', { title: menuTitle(entry, locale) });
}

/**
 * The title of the page a route opens (a menu entry, its edit page or a sub page) in the language
 * shown — the tab label and the document title; undefined for a route the menu does not hold.
 */
export function pageLabel(menu: readonly MenuNode[], pathname: string, locale: string): string | undefined {
  const entry = menuOfPath(menu, pathname);
  if (entry) return menuTitle(entry, locale);
  const form = formPageOf(menu, pathname);
  if (form) return formPageTitle(form.entry, form.view, locale);
  const sub = subPageOf(menu, pathname);
  return sub ? translate(locale, SUB_PAGES[pathname].titleKey) : undefined;
}

/** The menu entry a sub page belongs to (among the entries the user holds), and the page's title. */
export function subPageOf(menu: readonly MenuNode[], pathname: string): { entry: MenuNode; title: string } | undefined {
  const page = SUB_PAGES[pathname];
  const entry = page ? leaves(menu).find((n) => n.component === page.component) : undefined;
  return entry && page ? { entry, title: page.title } : undefined;
}

/** The menu entry a route belongs to. */
export function menuOfPath(menu: readonly MenuNode[], pathname: string): MenuNode | undefined {
  return leaves(menu).find((n) => {
    const t = menuTarget(n, '', null);
    return (t.kind === 'route' || t.kind === 'iframe') && t.path === pathname;
  });
}

/** The history url: the last page reached through the menu routes, restored after the menu loads. */
export function rememberUrl(url: string): void {
  try { localStorage.setItem(HISTORY_KEY, url); } catch { /* storage off */ }
}
export function rememberedUrl(): string | null {
  try { return localStorage.getItem(HISTORY_KEY); } catch { return null; }
}
