import { afterEach, describe, expect, it, vi } from 'vitest';
import { openingListCall } from '../../runtime/list/opening-call';
import { templateRequest } from '../../runtime/template-request';
import type { Template } from '../../schema/template';
import { request } from '../request/request';
import type { MenuButton, MenuNode } from '../session/menu';
import { session } from '../session/session-store';
import { pageModuleOf, preloadAtStart, preloadPage } from './page-modules';

vi.mock('../request/request', async (original) => ({ ...(await original<typeof import('../request/request')>()), request: vi.fn(() => new Promise(() => {})) }));
// the page modules themselves are not what these tests load
vi.mock('../layout/basic-layout', () => ({}));
vi.mock('./menu-page', () => ({}));
vi.mock('./form-page', () => ({}));
vi.mock('../../runtime/list/template-list-page', () => ({}));
vi.mock('./designer-pages', () => ({}));
const calls = vi.mocked(request);

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

describe('asking for the page an address opens at start, before the app has loaded', () => {
  afterEach(async () => {
    // the page modules a preload imports are loaded before the environment goes
    await vi.dynamicImportSettled();
    session.accessToken = null;
    session.menu = [];
    localStorage.removeItem('wb.isLock');
    calls.mockReset();
  });
  const signIn = () => { session.accessToken = 'token-a'; session.menu = menu; };

  it('a kept session opening a form page asks for its template at once, then the app; the shell then asks nothing again', () => {
    signIn();
    const order: string[] = [];
    calls.mockImplementation(() => { order.push('request'); return new Promise(() => {}); });
    preloadAtStart({ pathname: '/modules/material/as-driver/edit', search: '?type=create' }, () => order.push('app'));
    expect(calls.mock.calls.map(([o]) => o)).toEqual([templateRequest('FORM', 2)]);
    // the template is asked for before the app is fetched: the server answers while the code comes
    expect(order).toEqual(['request', 'app']);
    // the signed-in shell's own preload of the same address (as it renders) asks nothing more
    preloadPage(menu, '/modules/material/as-driver/edit', '?type=create');
    expect(calls).toHaveBeenCalledTimes(1);
    // the next address the shell opens is preloaded as before
    preloadPage(menu, '/modules/material/as-driver/index');
    expect(calls.mock.calls.at(-1)![0]).toEqual(templateRequest('LIST', 2));
    expect(order.filter((x) => x === 'app')).toHaveLength(1);
  });

  it('asks for nothing without a session, in a locked one, or at an address that is not a menu page, and loads the app each time', () => {
    const app = vi.fn();
    preloadAtStart({ pathname: '/modules/material/as-driver/edit', search: '' }, app);
    signIn();
    localStorage.setItem('wb.isLock', '1');
    preloadAtStart({ pathname: '/modules/material/as-driver/edit', search: '' }, app);
    localStorage.removeItem('wb.isLock');
    preloadAtStart({ pathname: '/clouds/index', search: '' }, app);
    preloadAtStart({ pathname: '/login', search: '' }, app);
    expect(calls).not.toHaveBeenCalled();
    expect(app).toHaveBeenCalledTimes(4);
    // the precondition: the same session at the form page asks
    preloadAtStart({ pathname: '/modules/material/as-driver/edit', search: '' }, app);
    expect(calls).toHaveBeenCalledTimes(1);
    expect(app).toHaveBeenCalledTimes(5);
  });

  it('a kept session opening a template list asks for its first rows as soon as its template has come, without waiting for the code of the list', async () => {
    signIn();
    const template = { id: 7, formatType: 'LIST', resUrl: '/material/as-driver/list', resMethod: 'POST', ps: 20, listSubList: [] } as unknown as Template;
    let answer: (t: Template) => void = () => undefined;
    const isTemplate = (o: unknown) => JSON.stringify(o) === JSON.stringify(templateRequest('LIST', 2));
    calls.mockImplementation((o) => (isTemplate(o) ? new Promise((resolve) => { answer = resolve as never; }) : new Promise(() => {})));
    preloadAtStart({ pathname: '/modules/material/as-driver/index', search: '' }, () => undefined);
    // precondition: the template is asked for, and nothing else until it comes
    expect(calls).toHaveBeenCalledTimes(1);
    expect(isTemplate(calls.mock.calls[0][0])).toBe(true);
    // the list's code (the runtime) never loads in this test: the rows' call is made without it
    answer(template);
    await vi.waitFor(() => expect(calls).toHaveBeenCalledTimes(2));
    expect(calls.mock.calls[1][0]).toEqual(openingListCall(template, new Date()));
    expect(calls.mock.calls[1][0]).toMatchObject({ url: '/material/as-driver/list', body: { limit: { pn: 1, ps: 20 } } });
  });
});
