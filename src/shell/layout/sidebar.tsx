import { StarFilled, StarOutlined } from '@ant-design/icons';
import { App as AntApp } from 'antd';
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { request } from '../request/request';
import { useMenuTitle, type MenuNode } from '../session/menu';
import { changeMenuEntry, session } from '../session/session-store';
import { MenuIcon } from './menu-icon';
import { useOpenMenu } from './use-open-menu';

/** Common-menu star clicks are throttled to one per second (spec 000 §9). */
export const STAR_THROTTLE_MS = 1000;

/**
 * First-level menus on the left; hovering one opens a drawer with its second-level groups and
 * their third-level items; leaving the drawer closes it (spec 000 §2.3). Items flagged iusual
 * carry the common-menu star.
 */
export function Sidebar({ collapsed = false }: { collapsed?: boolean }) {
  const t = useT();
  const title = useMenuTitle();
  const { menu } = useSnapshot(session);
  const { message } = AntApp.useApp();
  const openMenu = useOpenMenu();
  const [open, setOpen] = useState<number | null>(null);
  const lastStar = useRef(0);
  const top = (menu as MenuNode[]).filter((m) => !m.isApp);
  const current = top.find((m) => m.id === open);

  const go = (item: MenuNode) => {
    setOpen(null);
    void openMenu(item);
  };

  const star = async (item: MenuNode) => {
    const now = Date.now();
    if (now - lastStar.current < STAR_THROTTLE_MS) return;
    lastStar.current = now;
    const adding = !item.ownMenu;
    try {
      await request({ method: 'POST', url: '/sys-menu-user-define/batchUpdate', body: adding ? { addIds: [item.id] } : { removeIds: [item.id] } });
      changeMenuEntry(item.id, { ownMenu: adding });
      message.success(t('menu.starDone'));
    } catch {
      // the request layer has shown why
    }
  };

  return (
    <nav className={`wb-sidebar${collapsed ? ' collapsed' : ''}`} onMouseLeave={() => setOpen(null)} aria-label={t('menu.main')}>
      {top.map((m) => (
        <div key={m.id} className={`wb-sidebar-item${open === m.id ? ' active' : ''}`} onMouseEnter={() => setOpen(m.id)} onClick={() => setOpen(m.id)} title={title(m)}>
          <MenuIcon name={m.icon} />
          <span>{title(m)}</span>
        </div>
      ))}
      {current && (
        <div className="wb-menu-drawer" role="menu" aria-label={title(current)}>
          {current.children.filter((g) => !g.isApp).map((group) => (
            <section key={group.id} className="wb-menu-group">
              <h4>{title(group)}</h4>
              {(group.children.length ? group.children : [group]).filter((i) => !i.isApp).map((item) => (
                <div key={item.id} className="wb-menu-row">
                  <MenuIcon name={item.icon ?? 'FileTextOutlined'} />
                  <a role="menuitem" className="wb-menu-link" onClick={() => go(item)}>{title(item)}</a>
                  {item.iusual && (
                    <span
                      role="button" className={`wb-menu-star${item.ownMenu ? ' on' : ''}`} aria-pressed={item.ownMenu}
                      aria-label={`${item.ownMenu ? t('menu.unstar') : t('menu.star')}：${title(item)}`} title={item.ownMenu ? t('menu.unstar') : t('menu.star')}
                      onClick={(e) => { e.stopPropagation(); void star(item); }}
                    >
                      {item.ownMenu ? <StarFilled /> : <StarOutlined />}
                    </span>
                  )}
                </div>
              ))}
            </section>
          ))}
        </div>
      )}
    </nav>
  );
}
