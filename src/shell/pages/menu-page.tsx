import { lazy, Suspense, useMemo, useRef } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSnapshot } from 'valtio';
import { usePageActive, usePagePath, usePageRefresh } from '../layout/kept-page';
import { usePageTitle } from '../page-title';
import { formPageOf, formPageTitle, SUB_PAGES, subPageOf } from '../navigation';
import { i18nStore, useT } from '../i18n/i18n';
import { findLeafByRoute, leafRoute, menuTitle, type MenuNode } from '../session/menu';
import { session } from '../session/session-store';
import { loadDesignerPages, loadFormPage, loadListPage } from './page-modules';

const TemplateListPage = lazy(() => loadListPage().then((m) => ({ default: m.TemplateListPage })));
const FormPage = lazy(() => loadFormPage().then((m) => ({ default: m.FormPage })));
const MenuAdminPage = lazy(() => import('./admin/menu-admin-page').then((m) => ({ default: m.MenuAdminPage })));
const UserAdminPage = lazy(() => import('./admin/user-admin-page').then((m) => ({ default: m.UserAdminPage })));
const OrgAdminPage = lazy(() => import('./admin/org-admin-page').then((m) => ({ default: m.OrgAdminPage })));
const RoleAdminPage = lazy(() => import('./admin/role-admin-page').then((m) => ({ default: m.RoleAdminPage })));
const GroupAdminPage = lazy(() => import('./admin/group-admin-page').then((m) => ({ default: m.GroupAdminPage })));
const WarnNoticePage = lazy(() => import('./admin/warn-notice-page').then((m) => ({ default: m.WarnNoticePage })));
const FormatListHost = lazy(() => loadDesignerPages().then((m) => ({ default: m.FormatListHost })));
const DatasourceHost = lazy(() => loadDesignerPages().then((m) => ({ default: m.DatasourceHost })));
const FormatFieldsHost = lazy(() => loadDesignerPages().then((m) => ({ default: m.FormatFieldsHost })));
const ListDesignerHost = lazy(() => loadDesignerPages().then((m) => ({ default: m.ListDesignerHost })));
const PickerDesignerHost = lazy(() => loadDesignerPages().then((m) => ({ default: m.PickerDesignerHost })));
const WeighPage = lazy(() => import('./weigh/weigh-page').then((m) => ({ default: m.WeighPage })));
const LogAdminPage = lazy(() => import('./admin/log-admin-page').then((m) => ({ default: m.LogAdminPage })));
const SettingAdminPage = lazy(() => import('./admin/setting-admin-page').then((m) => ({ default: m.SettingAdminPage })));
const NoTemplate = lazy(() => loadListPage().then((m) => ({ default: m.NoTemplate })));

/** A menu's template list: the top bar's 刷新 re-runs its query (search, sort, page and page size kept), as after 审核. */
function ListMenuPage(props: { menuId: number | string; pagePath?: string; preset?: Record<string, string> }) {
  const refresh = usePageRefresh();
  return <TemplateListPage {...props} refresh={refresh} />;
}

/** Menu component names → pages; anything else is the unconfigured-template page. */
const PAGES: Record<string, (menu: MenuNode, preset?: Record<string, string>) => React.ReactNode> = {
  'views/template/list': (menu, preset) => <ListMenuPage menuId={menu.id} pagePath={leafRoute(menu) ?? undefined} preset={preset} />,
  'views/admin/role': (menu) => <RoleAdminPage menuId={menu.id} />,
  'views/admin/menu': () => <MenuAdminPage />,
  'views/admin/user': (menu) => <UserAdminPage menuId={menu.id} />,
  'views/admin/org': (menu) => <OrgAdminPage menuId={menu.id} />,
  'views/admin/group': (menu) => <GroupAdminPage menuId={menu.id} />,
  'views/admin/warn-notice': () => <WarnNoticePage />,
  'views/admin/log': (menu) => <LogAdminPage menuId={menu.id} />,
  'views/admin/setting': (menu) => <SettingAdminPage menuId={menu.id} />,
  'views/designer/format': () => <FormatListHost />,
  'views/designer/table': () => <DatasourceHost />,
  'views/measure/weigh': () => <WeighPage />,
};
/** The administration pages that are template lists (the others, e.g. 预警通知 and 菜单管理, are not). */
const TEMPLATE_PAGES = new Set(['views/admin/role', 'views/admin/user', 'views/admin/org', 'views/admin/group', 'views/admin/log', 'views/admin/setting']);
/** Sub pages (navigation's SUB_PAGES) by route. */
const SUB_PAGE_VIEWS: Record<string, (path: string) => React.ReactNode> = {
  '/custom/format/form/sub': (path) => <FormatFieldsHost path={path} />,
  '/custom/format/form/sub/dt': (path) => <ListDesignerHost path={path} />,
  '/custom/format/form/factor': (path) => <PickerDesignerHost path={path} />,
};

/** A route built from the menu tree: the page named by the entry's component (spec 000 §2.2). */
export function MenuPage() {
  const pathname = usePagePath();
  const { menu } = useSnapshot(session);
  const { locale } = useSnapshot(i18nStore);
  const t = useT();
  // ?status=FREE (a 待办 link) starts a list filtered to its pending documents; read while the page is on screen
  const { search } = useLocation();
  const active = usePageActive();
  const shownStatus = useRef<string | null>(null);
  if (active) shownStatus.current = new URLSearchParams(search).get('status');
  const status = shownStatus.current;
  const preset = useMemo(() => (status ? { status } : undefined), [status]);
  const entry = findLeafByRoute(menu as MenuNode[], pathname);
  const form = entry ? undefined : formPageOf(menu as MenuNode[], pathname);
  const sub = entry || form ? undefined : subPageOf(menu as MenuNode[], pathname);
  usePageTitle(form ? formPageTitle(form.entry, form.view, locale) : sub ? t(SUB_PAGES[pathname].titleKey) : entry ? menuTitle(entry, locale) : '404');
  if (form) {
    return <Suspense fallback={null}><FormPage entry={form.entry} path={pathname} view={form.view} /></Suspense>;
  }
  if (sub) return <Suspense fallback={null}>{SUB_PAGE_VIEWS[pathname](pathname)}</Suspense>;
  if (!entry) {
    if (menu.length === 0) return null; // the menu is still loading
    // an administration address the user's menus do not hold is refused, not silently replaced by home
    return <Navigate to={pathname.startsWith('/admin/') ? '/403' : '/clouds/index1'} replace />;
  }
  // the administration screens are template lists too (their templates are published under the admin menus)
  const page = entry.component ? PAGES[entry.component] ?? (entry.component.startsWith('views/admin/') ? PAGES['views/template/list'] : undefined) : undefined;
  // a template page whose template is not published says so without asking the server for it
  const unconfigured = !page || (entry.listTemplate === false && (page === PAGES['views/template/list'] || TEMPLATE_PAGES.has(entry.component ?? '')));
  return (
    <Suspense fallback={null}>
      {unconfigured ? <TemplateFreePage title={menuTitle(entry, locale)} /> : page(entry, preset)}
    </Suspense>
  );
}

/** /template-free: a menu entry whose template is not configured yet (the runtime's one message). */
export function TemplateFreePage({ title }: { title?: string }) {
  usePageTitle(title ?? '未配置模板');
  return <Suspense fallback={null}><NoTemplate /></Suspense>;
}
