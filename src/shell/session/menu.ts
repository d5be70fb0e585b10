import { request } from '../request/request';

export interface MenuButton { id: number; title: string; urlPath: string | null; component: string | null; permission: string | null; isApp: boolean }
export interface MenuNode {
  id: number; title: string; urlPath: string | null; component: string | null; icon: string | null; query: string | null;
  iusual: boolean; ownMenu: boolean; keepAlive: boolean; isApp: boolean; menuParentId: number | null; uuid: string;
  permission: string | null; buttonUrls: MenuButton[]; children: MenuNode[];
}

export const fetchMenu = () => request<MenuNode[]>({ url: '/sys-menu/list' });

/** A leaf entry's route: its path without query, with the /index suffix (spec 000 §2.2). */
export function leafRoute(node: MenuNode): string | null {
  if (!node.urlPath || node.urlPath.includes('http')) return node.urlPath;
  const path = node.urlPath.split('?')[0].replace(/\/$/, '');
  return `${path}/index`;
}

/** Every leaf entry (no children), app-only entries dropped. */
export function leaves(nodes: readonly MenuNode[]): MenuNode[] {
  return nodes.filter((n) => !n.isApp).flatMap((n) => (n.children.length ? leaves(n.children) : n.urlPath ? [n] : []));
}

export function findLeafByRoute(nodes: readonly MenuNode[], pathname: string): MenuNode | undefined {
  return leaves(nodes).find((n) => leafRoute(n) === pathname);
}
