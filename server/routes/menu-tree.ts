import type { SysMenu } from '../db/schema';
import { menuTitleEn } from '../seed/menu-titles-en';

export interface MenuButton { id: number; title: string; urlPath: string | null; component: string | null; permission: string | null; isApp: boolean }
export interface MenuNode {
  id: number;
  title: string;
  /** The English title of a seeded entry whose title is still the seeded one (absent otherwise). */
  titleEn?: string;
  urlPath: string | null;
  component: string | null;
  icon: string | null;
  query: string | null;
  iusual: boolean;
  ownMenu: boolean;
  keepAlive: boolean;
  isApp: boolean;
  menuParentId: number | null;
  uuid: string;
  sort: number;
  permission: string | null;
  /** A published LIST template is configured for the entry. */
  listTemplate: boolean;
  buttonUrls: MenuButton[];
  children: MenuNode[];
}

/**
 * The menu tree of spec 000 §3 from flat rows: MENU rows nest by parent, BUTTON rows become their
 * parent's `buttonUrls`. Rows whose parent is not in the set are dropped (a branch is visible only
 * with its ancestors).
 */
export function buildMenuTree(rows: SysMenu[], ownMenuIds: ReadonlySet<number>, listTemplates: ReadonlySet<string> = new Set()): MenuNode[] {
  const nodes = new Map<number, MenuNode>();
  const sorted = [...rows].sort((a, b) => a.sort - b.sort || a.id - b.id);
  for (const m of sorted) {
    if (m.menuType !== 'MENU') continue;
    nodes.set(m.id, {
      id: m.id, title: m.title, ...(menuTitleEn(m.uuid, m.title) ? { titleEn: menuTitleEn(m.uuid, m.title) } : {}), urlPath: m.urlPath, component: m.component, icon: m.icon, query: m.query,
      iusual: m.iusual, ownMenu: ownMenuIds.has(m.id), keepAlive: m.keepAlive, isApp: m.isApp,
      menuParentId: m.parentId, uuid: m.uuid, sort: m.sort, permission: m.permission, listTemplate: listTemplates.has(m.uuid), buttonUrls: [], children: [],
    });
  }
  const roots: MenuNode[] = [];
  for (const m of sorted) {
    if (m.menuType === 'BUTTON') {
      const parent = m.parentId === null ? undefined : nodes.get(m.parentId);
      parent?.buttonUrls.push({ id: m.id, title: m.title, urlPath: m.urlPath, component: m.component, permission: m.permission, isApp: m.isApp });
      continue;
    }
    const node = nodes.get(m.id)!;
    if (m.parentId === null) roots.push(node);
    else nodes.get(m.parentId)?.children.push(node);
  }
  return roots;
}

/** Ids of the given menus plus all their ancestors. */
export function withAncestors(ids: Iterable<number>, parentOf: ReadonlyMap<number, number | null>): Set<number> {
  const out = new Set<number>();
  for (let id of ids) {
    for (let guard = 0; guard < 20 && !out.has(id); guard++) {
      out.add(id);
      const parent = parentOf.get(id);
      if (parent === null || parent === undefined) break;
      id = parent;
    }
  }
  return out;
}
