import { useSnapshot } from 'valtio';
import { i18nStore } from '../i18n/i18n';
import { request } from '../request/request';

export interface MenuButton { id: number; title: string; urlPath: string | null; component: string | null; permission: string | null; isApp: boolean }
export interface MenuNode {
  id: number; title: string; urlPath: string | null; component: string | null; icon: string | null; query: string | null;
  iusual: boolean; ownMenu: boolean; keepAlive: boolean; isApp: boolean; menuParentId: number | null; uuid: string;
  permission: string | null; buttonUrls: MenuButton[]; children: MenuNode[];
  /** A published LIST template is configured for the entry (absent in a menu read before it existed). */
  listTemplate?: boolean;
  /** The English title of a seeded entry (absent for entries added or renamed in 菜单管理). */
  titleEn?: string;
}

/** A menu entry's title in the language shown: its English title in English mode when it has one. */
export function menuTitle(node: Pick<MenuNode, 'title' | 'titleEn'>, locale: string): string {
  return locale === 'en-US' && node.titleEn ? node.titleEn : node.title;
}

/** `menuTitle` in the current language, re-rendering when it changes. */
export function useMenuTitle(): (node: Pick<MenuNode, 'title' | 'titleEn'>) => string {
  const { locale } = useSnapshot(i18nStore);
  return (node) => menuTitle(node, locale);
}

export const fetchMenu = () => request<MenuNode[]>({ url: '/sys-menu/list' });
export const fetchMenuGeneration = () => request<{ generation: number }>({ url: '/sys-menu/generation', quiet: true }).then((d) => d.generation);

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
