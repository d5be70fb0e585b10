import { StarFilled } from '@ant-design/icons';
import { Card, Empty, List } from 'antd';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { leaves, useMenuTitle, type MenuNode } from '../session/menu';
import { session } from '../session/session-store';
import { usePageTitle } from '../page-title';
import { request } from '../request/request';
import { useOpenMenu } from '../layout/use-open-menu';

/** /clouds/index1: the second home, the user's common menus (also where unknown paths land when signed in). */
export function CommonMenusPage() {
  const t = useT();
  const title = useMenuTitle();
  usePageTitle(t('tabs.commonMenus'));
  const { menu } = useSnapshot(session);
  const openMenu = useOpenMenu();
  const [ids, setIds] = useState<number[] | null>(null);
  const starred = (menu as MenuNode[]).length ? leaves(menu as MenuNode[]).filter((n) => n.ownMenu).map((n) => n.id).join(',') : '';
  useEffect(() => {
    let live = true;
    request<{ id: number }[]>({ url: '/sys-menu-user-define/useMenus', quiet: true })
      .then((rows) => { if (live) setIds(rows.map((r) => r.id)); })
      .catch(() => { if (live) setIds([]); });
    return () => { live = false; };
  }, [starred]);
  const all = leaves(menu as MenuNode[]);
  const items = (ids ?? []).flatMap((id) => all.filter((n) => n.id === id));
  return (
    <Card title={t('tabs.commonMenus')} size="small" className="wb-common-menus">
      {items.length === 0 ? <Empty description={t('commonMenus.empty')} /> : (
        <List
          grid={{ gutter: 12, xs: 2, sm: 3, md: 4, lg: 6 }} dataSource={items}
          renderItem={(n) => (
            <List.Item>
              <Card size="small" hoverable onClick={() => void openMenu(n)} className="wb-common-menu"><StarFilled style={{ color: '#faad14' }} /> {title(n)}</Card>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}

/** /myiframe/{address}: an external link of the menu shown in an embedded frame. */
export function IframePage() {
  const params = useParams();
  const raw = params['*'] ?? '';
  let address = raw;
  try { address = decodeURIComponent(raw); } catch { /* already decoded */ }
  const { menu } = useSnapshot(session);
  const entry = leaves(menu as MenuNode[]).find((n) => n.urlPath === address);
  const title = useMenuTitle();
  usePageTitle(entry ? title(entry) : address);
  if (!/^https?:\/\//.test(address)) return <Empty description="链接地址无效" />;
  return <iframe className="wb-iframe" src={address} title={entry ? title(entry) : address} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />;
}
