import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import { leafRoute, type MenuNode } from '../session/menu';
import { session } from '../session/session-store';
import { MenuIcon } from './menu-icon';

/**
 * First-level menus on the left; hovering one opens a drawer with its second-level groups and
 * their third-level items; leaving the drawer closes it (spec 000 §2.3).
 */
export function Sidebar() {
  const { menu } = useSnapshot(session);
  const navigate = useNavigate();
  const [open, setOpen] = useState<number | null>(null);
  const top = (menu as MenuNode[]).filter((m) => !m.isApp);
  const current = top.find((m) => m.id === open);

  const go = (item: MenuNode) => {
    const route = leafRoute(item);
    setOpen(null);
    if (!route) return;
    if (route.includes('http')) navigate(`/myiframe/${encodeURIComponent(route)}`);
    else navigate(route);
  };

  return (
    <nav className="wb-sidebar" onMouseLeave={() => setOpen(null)} aria-label="主菜单">
      {top.map((m) => (
        <div key={m.id} className={`wb-sidebar-item${open === m.id ? ' active' : ''}`} onMouseEnter={() => setOpen(m.id)} onClick={() => setOpen(m.id)}>
          <MenuIcon name={m.icon} />
          <span>{m.title}</span>
        </div>
      ))}
      {current && (
        <div className="wb-menu-drawer" role="menu" aria-label={current.title}>
          {current.children.filter((g) => !g.isApp).map((group) => (
            <section key={group.id} className="wb-menu-group">
              <h4>{group.title}</h4>
              {(group.children.length ? group.children : [group]).filter((i) => !i.isApp).map((item) => (
                <a key={item.id} role="menuitem" className="wb-menu-link" onClick={() => go(item)}>{item.title}</a>
              ))}
            </section>
          ))}
        </div>
      )}
    </nav>
  );
}
