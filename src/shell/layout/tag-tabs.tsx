import { DownOutlined } from '@ant-design/icons';
import { Dropdown, Tabs } from 'antd';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { HOME_TAB, closeAll, closeOthers, tabsStore } from './tabs-store';

export const CLOSE_ALL_DELAY_MS = 200;

/** The tag tab bar: right-click menu and the 更多 dropdown offer 关闭其他 and 关闭全部. */
export function TagTabs({ active, onClose }: { active: string; onClose(value: string): void }) {
  const { tabs } = useSnapshot(tabsStore);
  const navigate = useNavigate();
  const actions = {
    items: [{ key: 'others', label: '关闭其他' }, { key: 'all', label: '关闭全部' }],
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
          items={tabs.map((t) => ({ key: t.value, label: t.label, closable: t.value !== HOME_TAB.value }))}
          onChange={(key) => navigate(key)}
          onEdit={(key, action) => {
            if (action === 'remove' && typeof key === 'string') onClose(key);
          }}
          tabBarExtraContent={{ right: <Dropdown menu={actions}><span className="wb-tabs-more">更多 <DownOutlined /></span></Dropdown> }}
        />
      </div>
    </Dropdown>
  );
}
