import { DownOutlined, GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App as AntApp, Avatar, Dropdown, Layout } from 'antd';
import { useCallback, useEffect, useReducer, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useOutlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { i18nStore, setLocale, useT } from '../i18n/i18n';
import { checkAddress, formPageOf, formPageTitle, menuOfPath, rememberUrl, reportClosed, subPageOf } from '../navigation';
import { RuntimeHost } from '../runtime-host';
import { startIdleTimer } from '../session/idle-lock';
import type { MenuNode } from '../session/menu';
import { checkMenuGeneration, loadUser, logout, session } from '../session/session-store';
import { CompanySwitcher } from './company-switcher';
import { FullScreenToggle, LogoArea, MenuSearch, REFRESH_OFF_MS, RefreshButton, useScreenClass } from './header-tools';
import { KeptPageFrame } from './kept-page';
import { Sidebar } from './sidebar';
import { TagTabs } from './tag-tabs';
import { HOME_TAB, closeAll, closeTab, onTabsClosed, openTab, tabsStore } from './tabs-store';
import { checkedMenus, useOpenMenu } from './use-open-menu';

/** How often an open page checks the menu generation. */
const MENU_CHECK_MS = 60_000;

const FIXED_TABS: Record<string, string> = { [HOME_TAB.value]: HOME_TAB.label, '/clouds/index1': '常用菜单' };

/** The signed-in frame: top bar, sidebar, tag tabs and the kept-alive pages. */
export function BasicLayout() {
  const t = useT();
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const snap = useSnapshot(session);
  const { locale } = useSnapshot(i18nStore);
  const { tabs } = useSnapshot(tabsStore);
  const location = useLocation();
  const outlet = useOutlet();
  const openMenu = useOpenMenu();
  const screen = useScreenClass();
  const pages = useRef(new Map<string, ReactNode>());
  // Refresh reloads a page that reloads itself in place (a list: its query kept, usePageRefresh);
  // any other page is switched off for 200 ms and mounted again (a new generation).
  const generations = useRef(new Map<string, number>());
  const [refreshing, setRefreshing] = useState(false);
  const refreshes = useRef(new Map<string, number>());
  const inPlace = useRef(new Map<string, number>());
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const claims = useRef(new Map<string, () => () => void>());
  const reloadsInPlace = useCallback((p: string) => {
    let claim = claims.current.get(p);
    if (!claim) {
      claim = () => {
        inPlace.current.set(p, (inPlace.current.get(p) ?? 0) + 1);
        return () => { inPlace.current.set(p, (inPlace.current.get(p) ?? 1) - 1); };
      };
      claims.current.set(p, claim);
    }
    return claim;
  }, []);
  const path = location.pathname;

  // A page opens a tab once its menu entry passed the front-end address check (home on failure).
  useEffect(() => {
    const fixed = FIXED_TABS[path];
    if (fixed) return void openTab({ label: fixed, value: path });
    const form = menuOfPath(snap.menu as MenuNode[], path) ? undefined : formPageOf(snap.menu as MenuNode[], path);
    const sub = form || menuOfPath(snap.menu as MenuNode[], path) ? undefined : subPageOf(snap.menu as MenuNode[], path);
    const entry = form?.entry ?? sub?.entry ?? menuOfPath(snap.menu as MenuNode[], path);
    if (!entry) return;
    // the stored label is the Chinese one; the tab bar shows it in the language shown (pageLabel)
    const label = form ? formPageTitle(entry, form.view, 'zh-CN') : sub ? sub.title : entry.title;
    rememberUrl(path + location.search);
    if (tabsStore.tabs.some((tab) => tab.value === path)) return;
    let live = true;
    void (async () => {
      if (!checkedMenus.has(entry.id)) {
        if (!(await checkAddress(entry.id))) {
          if (live) navigate(HOME_TAB.value, { replace: true });
          return;
        }
        checkedMenus.add(entry.id);
      }
      // an edit page's (or sub page's) tab belongs to its list's entry, whose tab reports the menu when it closes
      if (live) openTab({ label, value: path, ...(form || sub ? {} : { menuId: entry.id }) });
    })();
    return () => { live = false; };
  }, [path, location.search, snap.menu, navigate]);

  // Each close tells the server which pages were closed; their kept-alive state is dropped.
  useEffect(() => onTabsClosed((closed) => {
    for (const tab of closed) if (tab.menuId) checkedMenus.delete(tab.menuId);
    reportClosed(closed.flatMap((tab) => (tab.menuId ? [tab.menuId] : [])));
  }), []);

  // Idle: 40 minutes without mouse movement end the session and send the user to /login (spec 000 §4):
  // whoever comes back signs in again.
  useEffect(() => startIdleTimer(path, () => { void logout().finally(() => navigate('/login', { replace: true })); }), [path, navigate]);

  useEffect(() => {
    if (!session.userInfo || session.menu.length === 0) void loadUser().catch(() => undefined);
  }, []);

  // The menu follows 菜单管理 and role changes without signing in again: its generation is checked
  // on each page change, when the window gets the focus and every minute.
  useEffect(() => { void checkMenuGeneration(); }, [path]);
  useEffect(() => {
    const check = () => void checkMenuGeneration();
    const timer = setInterval(check, MENU_CHECK_MS);
    window.addEventListener('focus', check);
    return () => { clearInterval(timer); window.removeEventListener('focus', check); };
  }, []);

  // Visited pages stay alive (state kept) while their tab is open, and are dropped when it closes.
  if (!pages.current.has(path)) pages.current.set(path, outlet);
  for (const p of [...pages.current.keys()]) {
    if (p !== path && !tabs.some((tab) => tab.value === p)) {
      pages.current.delete(p);
      generations.current.delete(p);
      refreshes.current.delete(p);
    }
  }

  const doRefresh = () => {
    if (refreshing) return;
    const current = path;
    if (inPlace.current.get(current)) {
      refreshes.current.set(current, (refreshes.current.get(current) ?? 0) + 1);
      return redraw();
    }
    setRefreshing(true);
    setTimeout(() => {
      generations.current.set(current, (generations.current.get(current) ?? 0) + 1);
      setRefreshing(false);
    }, REFRESH_OFF_MS);
  };

  const confirmLogout = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        closeAll();
        navigate('/login', { replace: true });
      },
    });

  const user = snap.userInfo;
  return (
    <Layout className={`wb-layout wb-screen-${screen}`}>
      <Layout.Header className="wb-header">
        <LogoArea />
        <div className="wb-header-right">
          {screen !== 'xs' && <MenuSearch onChoose={(node) => void openMenu(node)} />}
          <CompanySwitcher />
          {screen !== 'xs' && <FullScreenToggle />}
          <RefreshButton onRefresh={doRefresh} />
          <Dropdown
            menu={{
              items: [{ key: 'zh-CN', label: '中文' }, { key: 'en-US', label: 'English' }],
              selectedKeys: [locale],
              onClick: ({ key }) => setLocale(key as 'zh-CN' | 'en-US'),
            }}
          >
            <span className="wb-header-item" aria-label={t('layout.language')}><GlobalOutlined /></span>
          </Dropdown>
          <Dropdown
            menu={{
              items: [
                { key: 'personal', icon: <UserOutlined />, label: t('layout.personal') },
                { key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout') },
              ],
              onClick: ({ key }) => (key === 'logout' ? confirmLogout() : navigate(`/editpwd?id=${user?.user ?? ''}`)),
            }}
          >
            <span className="wb-header-item wb-user" data-testid="user-menu">
              <Avatar size="small" icon={<UserOutlined />} src={user?.avatar ?? undefined} />
              {screen !== 'xs' && <span className="wb-real-name">{user?.realName ?? ''}</span>}
              <DownOutlined />
            </span>
          </Dropdown>
        </div>
      </Layout.Header>
      <Layout hasSider>
        <Sidebar collapsed={screen === 'xs' || screen === 'sm'} />
        <Layout.Content className="wb-content">
          <TagTabs active={path} onClose={(value) => { const next = closeTab(value, path); if (next) navigate(next); }} />
          <RuntimeHost>
            {[...pages.current.entries()].map(([p, page]) => {
              const active = p === path;
              if (active && refreshing) return null;
              return (
                <KeptPageFrame
                  key={`${p}#${generations.current.get(p) ?? 0}`} path={p} active={active}
                  refresh={refreshes.current.get(p) ?? 0} reloadsInPlace={reloadsInPlace(p)}
                >
                  {page}
                </KeptPageFrame>
              );
            })}
          </RuntimeHost>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
