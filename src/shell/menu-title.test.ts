import { describe, expect, it } from 'vitest';
import { searchMenus } from './layout/header-tools';
import { pageLabel } from './navigation';
import type { MenuNode } from './session/menu';

const node = (id: number, title: string, extra: Partial<MenuNode> = {}): MenuNode => ({
  id, title, urlPath: null, component: null, icon: null, query: null, iusual: false, ownMenu: false, keepAlive: true, isApp: false,
  menuParentId: null, uuid: `m${id}`, permission: null, buttonUrls: [], children: [], ...extra,
});

const MENU: MenuNode[] = [node(1, '质检管理', { titleEn: 'Quality', children: [node(2, '化验', { titleEn: 'Assay', children: [
  node(3, '化验单', {
    titleEn: 'Assays', urlPath: '/modules/quality/qc-assay', component: 'views/template/list',
    buttonUrls: [{ id: 9, title: '新增', urlPath: '/modules/quality/qc-assay/edit', component: 'views/template/form', permission: 'qc_assay_add', isApp: false }],
  }),
  node(4, '自建页面', { urlPath: '/modules/x/own', component: 'views/template/list' }),
] })] })];

describe('menu titles in the language shown', () => {
  it('labels a page, its edit page and an entry without English', () => {
    expect(pageLabel(MENU, '/modules/quality/qc-assay/index', 'zh-CN')).toBe('化验单');
    expect(pageLabel(MENU, '/modules/quality/qc-assay/index', 'en-US')).toBe('Assays');
    expect(pageLabel(MENU, '/modules/quality/qc-assay/edit', 'zh-CN')).toBe('化验单编辑');
    expect(pageLabel(MENU, '/modules/quality/qc-assay/edit', 'en-US')).toBe('Assays – edit');
    // an entry an administrator added keeps its own title
    expect(pageLabel(MENU, '/modules/x/own/index', 'en-US')).toBe('自建页面');
    expect(pageLabel(MENU, '/modules/nowhere/index', 'en-US')).toBeUndefined();
  });

  it('finds entries by their English title too', () => {
    expect(searchMenus(MENU, 'assay').map((n) => n.id)).toEqual([3]);
    expect(searchMenus(MENU, '化验').map((n) => n.id)).toEqual([3]);
  });
});
