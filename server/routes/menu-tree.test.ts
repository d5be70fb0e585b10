import { describe, expect, it } from 'vitest';
import type { SysMenu } from '../db/schema';
import { untranslatedMenus } from '../seed/menu-titles-en';
import { buildMenuTree, withAncestors } from './menu-tree';

const row = (id: number, parentId: number | null, menuType: 'MENU' | 'BUTTON', title: string, sort = 0, extra: Partial<SysMenu> = {}): SysMenu => ({
  id, parentId, menuType, title, urlPath: null, component: null, icon: null, query: null, permission: null, sort, iusual: false,
  keepAlive: true, isApp: false, uuid: `m${id}`, enabled: true, createdAt: new Date(0), updatedAt: new Date(0), version: 1, ...extra,
});

describe('buildMenuTree', () => {
  it('nests menus by parent in sort order and turns buttons into their parent’s buttonUrls', () => {
    const tree = buildMenuTree([
      row(3, 1, 'MENU', '第二组', 20),
      row(1, null, 'MENU', '基础档案', 10),
      row(2, 1, 'MENU', '第一组', 10),
      row(4, 2, 'MENU', '车辆', 10, { urlPath: '/modules/material/as-vehicle', iusual: true }),
      row(5, 4, 'BUTTON', '新增', 10, { permission: 'as_vehicle_add' }),
    ], new Set([4]));
    expect(tree.map((n) => n.title)).toEqual(['基础档案']);
    expect(tree[0].children.map((n) => n.title)).toEqual(['第一组', '第二组']);
    const vehicle = tree[0].children[0].children[0];
    expect(vehicle).toMatchObject({ title: '车辆', ownMenu: true, iusual: true, menuParentId: 2, buttonUrls: [{ title: '新增', permission: 'as_vehicle_add' }] });
  });

  it('drops entries whose parent is not visible', () => {
    expect(buildMenuTree([row(4, 2, 'MENU', '孤儿')], new Set())).toEqual([]);
  });
});

describe('English menu titles', () => {
  it('gives a seeded entry its English title while its Chinese title is the seeded one', () => {
    const tree = buildMenuTree([
      row(1, null, 'MENU', '质检管理', 10, { uuid: 'area_quality' }),
      row(2, 1, 'MENU', '化验', 10, { uuid: 'grp_assay' }),
      row(3, 2, 'MENU', '化验单（新）', 10, { uuid: 'qc_assay', urlPath: '/modules/quality/qc-assay' }),
      row(4, 2, 'MENU', '自建菜单', 20, { uuid: 'a-uuid-of-an-added-entry', urlPath: '/x' }),
    ], new Set());
    expect(tree[0].titleEn).toBe('Quality');
    expect(tree[0].children[0].titleEn).toBe('Assay');
    // renamed in 菜单管理: no stale translation; added by an administrator: none
    expect(tree[0].children[0].children.map((n) => n.titleEn)).toEqual([undefined, undefined]);
  });

  it('has an English title for every seeded entry', () => {
    expect(untranslatedMenus()).toEqual([]);
  });
});

describe('withAncestors', () => {
  it('adds every ancestor of the granted entries', () => {
    const parentOf = new Map<number, number | null>([[1, null], [2, 1], [4, 2], [5, 4], [9, null]]);
    expect([...withAncestors([5], parentOf)].sort()).toEqual([1, 2, 4, 5]);
  });
});
