import { Empty } from 'antd';
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { usePagePath } from '../layout/kept-page';
import { usePageTitle } from '../page-title';
import { formPageOf, subPageOf } from '../navigation';
import { findLeafByRoute, leafRoute, type MenuNode } from '../session/menu';
import { session } from '../session/session-store';

const TemplateListPage = lazy(() => import('../../runtime').then((m) => ({ default: m.TemplateListPage })));
const FormPage = lazy(() => import('./form-page').then((m) => ({ default: m.FormPage })));
const MenuAdminPage = lazy(() => import('./admin/menu-admin-page').then((m) => ({ default: m.MenuAdminPage })));
const UserAdminPage = lazy(() => import('./admin/user-admin-page').then((m) => ({ default: m.UserAdminPage })));
const OrgAdminPage = lazy(() => import('./admin/org-admin-page').then((m) => ({ default: m.OrgAdminPage })));
const RoleAdminPage = lazy(() => import('./admin/role-admin-page').then((m) => ({ default: m.RoleAdminPage })));
const GroupAdminPage = lazy(() => import('./admin/group-admin-page').then((m) => ({ default: m.GroupAdminPage })));
const WarnNoticePage = lazy(() => import('./admin/warn-notice-page').then((m) => ({ default: m.WarnNoticePage })));
const FormatListHost = lazy(() => import('./designer-pages').then((m) => ({ default: m.FormatListHost })));
const FormatFieldsHost = lazy(() => import('./designer-pages').then((m) => ({ default: m.FormatFieldsHost })));

/** Menu component names → pages; anything else is the unconfigured-template page. */
const PAGES: Record<string, (menu: MenuNode) => React.ReactNode> = {
  'views/template/list': (menu) => <TemplateListPage menuId={menu.id} pagePath={leafRoute(menu) ?? undefined} />,
  'views/admin/role': (menu) => <RoleAdminPage menuId={menu.id} />,
  'views/admin/menu': () => <MenuAdminPage />,
  'views/admin/user': (menu) => <UserAdminPage menuId={menu.id} />,
  'views/admin/org': (menu) => <OrgAdminPage menuId={menu.id} />,
  'views/admin/group': (menu) => <GroupAdminPage menuId={menu.id} />,
  'views/admin/warn-notice': () => <WarnNoticePage />,
  'views/designer/format': () => <FormatListHost />,
};
/** Sub pages (navigation's SUB_PAGES) by route. */
const SUB_PAGE_VIEWS: Record<string, (path: string) => React.ReactNode> = {
  '/custom/format/form/sub': (path) => <FormatFieldsHost path={path} />,
};

/** A route built from the menu tree: the page named by the entry's component (spec 000 §2.2). */
export function MenuPage() {
  const pathname = usePagePath();
  const { menu } = useSnapshot(session);
  const entry = findLeafByRoute(menu as MenuNode[], pathname);
  const form = entry ? undefined : formPageOf(menu as MenuNode[], pathname);
  const sub = entry || form ? undefined : subPageOf(menu as MenuNode[], pathname);
  usePageTitle(form ? `${form.entry.title}${form.view ? '查看' : '编辑'}` : sub?.title ?? entry?.title ?? '404');
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
  return (
    <Suspense fallback={null}>
      {page ? page(entry) : <TemplateFreePage title={entry.title} />}
    </Suspense>
  );
}

/** /template-free: a menu entry whose template is not configured yet. */
export function TemplateFreePage({ title }: { title?: string }) {
  usePageTitle(title ?? '未配置模板');
  return <Empty className="wb-template-free" description={`${title ? `【${title}】` : ''}尚未配置模板，请联系管理员在模板设计中配置`} />;
}
