import { DownOutlined, GlobalOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import { App as AntApp, Avatar, Dropdown, Layout } from 'antd';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { i18nStore, setLocale, useT } from '../i18n/i18n';
import { RuntimeHost } from '../runtime-host';
import { loadUser, logout, session } from '../session/session-store';
import { Sidebar } from './sidebar';

/** The signed-in frame: top bar with the company and the user menu, and the page. */
export function BasicLayout() {
  const t = useT();
  const navigate = useNavigate();
  const { modal } = AntApp.useApp();
  const snap = useSnapshot(session);
  const { locale } = useSnapshot(i18nStore);

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
        navigate('/login', { replace: true });
      },
    });

  const user = snap.userInfo;
  return (
    <Layout className="wb-layout">
      <Layout.Header className="wb-header">
        <div className="wb-brand">{t('appName')}</div>
        <div className="wb-header-right">
          <span className="wb-org" data-testid="current-org">{user?.currentOrgName ?? ''}</span>
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
          <RuntimeHost>
            <Outlet />
          </RuntimeHost>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
