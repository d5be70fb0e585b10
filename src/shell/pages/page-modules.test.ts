import { describe, expect, it } from 'vitest';
import { templateRequest } from '../../runtime/template-request';
import type { MenuButton, MenuNode } from '../session/menu';
import { pageModuleOf } from './page-modules';

const button = (urlPath: string, component: string): MenuButton => ({ id: 0, title: '', urlPath, component, permission: null, isApp: false });
const leaf = (id: number, urlPath: string, component: string, buttonUrls: MenuButton[] = []): MenuNode => ({
  id, title: `菜单${id}`, urlPath, component, icon: null, query: null, iusual: false, ownMenu: true, keepAlive: true, isApp: false,
  menuParentId: 1, uuid: `u${id}`, permission: null, buttonUrls, children: [],
});
const menu: MenuNode[] = [{
  ...leaf(1, '/modules', 'Layout'),
  children: [
    leaf(2, '/modules/material/as-driver', 'views/template/list', [button('/modules/material/as-driver/edit', 'views/template/form')]),
    leaf(3, '/admin/user', 'views/admin/user'),
    leaf(4, '/custom/format', 'views/designer/format'),
    leaf(5, '/measure/weigh', 'views/measure/weigh'),
  ],
}];

describe('the module a signed-in address draws (fetched at start with the layout)', () => {
  it('names the form page, the template list, the designer, or none', () => {
    expect(pageModuleOf(menu, '/modules/material/as-driver/edit')).toEqual({ module: 'form', template: templateRequest('FORM', 2) });
    expect(pageModuleOf(menu, '/modules/material/as-driver/index')).toEqual({ module: 'list', template: templateRequest('LIST', 2) });
    // an administration list reads its template as it needs: none asked early
    expect(pageModuleOf(menu, '/admin/user/index')).toEqual({ module: 'list', template: null });
    expect(pageModuleOf(menu, '/custom/format/form/sub')).toEqual({ module: 'designer', template: null });
    expect(pageModuleOf(menu, '/measure/weigh/index')).toBeNull();
    expect(pageModuleOf(menu, '/clouds/index')).toBeNull();
    expect(pageModuleOf([], '/modules/material/as-driver/edit')).toBeNull();
  });
});
