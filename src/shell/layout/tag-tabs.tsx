import { DownOutlined } from '@ant-design/icons';
import { Dropdown, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { i18nStore, useT } from '../i18n/i18n';
import { pageLabel } from '../navigation';
import type { MenuNode } from '../session/menu';
import { session } from '../session/session-store';
import { HOME_TAB, closeAll, closeOthers, tabsStore } from './tabs-store';

export const CLOSE_ALL_DELAY_MS = 200;

/** The tag tab bar: right-click menu and the 更多 dropdown offer 关闭其他 and 关闭全部. */
export function TagTabs({ active, onClose }: { active: string; onClose(value: string): void }) {
  const { tabs } = useSnapshot(tabsStore);
  const { menu } = useSnapshot(session);
  const { locale } = useSnapshot(i18nStore);
  const t = useT();
  const navigate = useNavigate();
  // a tab's label follows the language: the home and common-menu tabs from the catalogue, a page's from its menu entry
  const label = (tab: { label: string; value: string }) =>
    tab.value === HOME_TAB.value ? t('home.title') : tab.value === '/clouds/index1' ? t('tabs.commonMenus') : pageLabel(menu as MenuNode[], tab.value, locale) ?? tab.label;
  const actions = {
    items: [{ key: 'others', label: t('tabs.closeOthers') }, { key: 'all', label: t('tabs.closeAll') }],
    onClick: ({ key }: { key: string }) => {
      if (key === 'others') closeOthers(active);
      else {
        closeAll();
        setTimeout(() => navigate(HOME_TAB.value), CLOSE_ALL_DELAY_MS);
      }
    },
  };
  return (
    <Dropdown menu={actions} trigger={['contextMenu']}>
      <div className="wb-tabs">
        <Tabs
          type="editable-card" size="small" hideAdd activeKey={active}
          items={tabs.map((tab) => ({ key: tab.value, label: label(tab), closable: tab.value !== HOME_TAB.value }))}
          onChange={(key) => navigate(key)}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') onClose(key);
          }}
          tabBarExtraContent={{ right: <Dropdown menu={actions}><span className="wb-tabs-more">{t('tabs.more')} <DownOutlined /></span></Dropdown> }}
        />
      </div>
    </Dropdown>
  );
}
