import { DownOutlined, GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App as AntApp, Avatar, Dropdown, Layout } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate, useOutlet } from 'react-router';
import { useSnapshot } from 'valtio';
import { i18nStore, setLocale, useT } from '../i18n/i18n';
import { RuntimeHost } from '../runtime-host';
import { loadUser, logout, session } from '../session/session-store';
import { findLeafByRoute, type MenuNode } from '../session/menu';
import { CompanySwitcher } from './company-switcher';
import { Sidebar } from './sidebar';
import { TagTabs } from './tag-tabs';
import { HOME_TAB, closeAll, openTab, tabsStore } from './tabs-store';

/** The signed-in frame: top bar with the company and the user menu, and the page. */
export function BasicLayout() {
  const t = useT();
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const snap = useSnapshot(session);
  const { locale } = useSnapshot(i18nStore);
  const { tabs } = useSnapshot(tabsStore);
  const location = useLocation();
  const outlet = useOutlet();
  const pages = useRef(new Map<string, ReactNode>());

  useEffect(() => {
    const path = location.pathname;
    const label = path === HOME_TAB.value ? HOME_TAB.label : findLeafByRoute(snap.menu as MenuNode[], path)?.title;
    if (label) openTab({ label, value: path });
  }, [location.pathname, snap.menu]);

  // Visited pages stay alive (state kept) while their tab is open, and are dropped when it closes.
  if (!pages.current.has(location.pathname)) pages.current.set(location.pathname, outlet);
  for (const path of [...pages.current.keys()]) {
    if (path !== location.pathname && !tabs.some((t) => t.value === path)) pages.current.delete(path);
  }

  useEffect(() => {
    if (!session.userInfo || session.menu.length === 0) void loadUser().catch(() => undefined);
  }, []);

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
    <Layout className="wb-layout">
      <Layout.Header className="wb-header">
        <div className="wb-brand">{t('appName')}</div>
        <div className="wb-header-right">
          <CompanySwitcher />
          <Dropdown
            menu={{
              items: [
                { key: 'zh-CN', label: '中文' },
                { key: 'en-US', label: 'English' },
              ],
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
              <span className="wb-real-name">{user?.realName ?? ''}</span>
              <DownOutlined />
            </span>
          </Dropdown>
        </div>
      </Layout.Header>
      <Layout hasSider>
        <Sidebar />
        <Layout.Content className="wb-content">
          <TagTabs active={location.pathname} />
          <RuntimeHost>
            {[...pages.current.entries()].map(([path, page]) => (
              <div key={path} className="wb-page" style={{ display: path === location.pathname ? 'block' : 'none' }}>{page}</div>
            ))}
          </RuntimeHost>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
