import { getVersion, snapshot, subscribe } from 'valtio';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { settings } from '../settings-store';
import { changeMenuEntry, clearSession, loadUser, session } from './session-store';

const json = (data: unknown) => new Response(JSON.stringify({ success: true, code: '0', msg: '', data }), { status: 200, headers: { 'content-type': 'application/json' } });

const ME = { user: 1, username: 'admin', realName: '系统管理员', admin: true, roles: ['admin'], permissions: ['sys_user_add'], currentOrg: 1, currentOrgName: '东方能源有限公司' };
const MENU = [{ id: 7, title: '基础档案', children: [] }];

describe('loadUser', () => {
  afterEach(() => { vi.unstubAllGlobals(); clearSession(); });

  it('reads the user, the menu generation and the display setting side by side, and the menu once its generation is read', async () => {
    const asked: string[] = [];
    const waiting = new Map<string, () => void>();
    const answers: Record<string, unknown> = { '/api/sys-info/me': ME, '/api/sys-menu/generation': { generation: 42 }, '/api/sys-menu/list': MENU, '/api/index/getDefineSetVal': '1' };
    vi.stubGlobal('fetch', vi.fn((url: string) => {
      const path = String(url).split('?')[0];
      asked.push(path);
      return new Promise<Response>((resolve) => waiting.set(path, () => resolve(json(answers[path]))));
    }));
    session.accessToken = 'tok';
    const loading = loadUser();
    await vi.waitFor(() => expect(asked).toHaveLength(3));
    // nothing answered yet: three calls are out at once, and not the menu (it waits for its generation)
    expect(asked.sort()).toEqual(['/api/index/getDefineSetVal', '/api/sys-info/me', '/api/sys-menu/generation']);
    waiting.get('/api/sys-menu/generation')!();
    await vi.waitFor(() => expect(asked).toContain('/api/sys-menu/list'));
    for (const path of ['/api/sys-menu/list', '/api/index/getDefineSetVal', '/api/sys-info/me']) waiting.get(path)!();
    await expect(loading).resolves.toMatchObject({ username: 'admin' });
    expect(session.userInfo?.realName).toBe('系统管理员');
    expect(session.permissions).toEqual({ sys_user_add: true });
    expect(session.menuGeneration).toBe(42);
    expect(session.menu).toEqual(MENU);
    expect(settings.desensitization).toBe('1');
  });

  it('keeps the menu and the permission keys whole (not a proxy per entry), and a new menu read replaces the old one where it is shown', async () => {
    const menus = [MENU, [{ id: 8, title: '计量管理', children: [{ id: 9, title: '采购过磅记录', children: [] }] }]];
    let reads = 0;
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      const path = String(url).split('?')[0];
      if (path === '/api/sys-menu/list') return json(menus[reads++]);
      const answers: Record<string, unknown> = { '/api/sys-info/me': ME, '/api/sys-menu/generation': { generation: reads }, '/api/index/getDefineSetVal': '0' };
      return json(answers[path]);
    }));
    session.accessToken = 'tok';
    await loadUser();
    // valtio gives a version to each object it has made a proxy of: none here
    expect(getVersion(session)).toBeTypeOf('number');
    expect(getVersion(session.menu)).toBeUndefined();
    expect(getVersion(session.menu[0])).toBeUndefined();
    expect(getVersion(session.permissions)).toBeUndefined();
    const told = vi.fn();
    const stop = subscribe(session, told, true);
    await loadUser();
    stop();
    expect(told).toHaveBeenCalled();
    expect(snapshot(session).menu).toEqual(menus[1]);
    expect(getVersion(session.menu)).toBeUndefined();
  });

  it('keeps the menu and the permission keys whole when the session comes back from storage at a page load', async () => {
    localStorage.setItem('wb.session', JSON.stringify({ accessToken: 'tok', permissions: { sys_user_add: true }, menu: MENU }));
    vi.resetModules();
    const again = await import('./session-store');
    expect(again.session.accessToken).toBe('tok');
    expect(again.session.menu).toEqual(MENU);
    expect(again.session.permissions).toEqual({ sys_user_add: true });
    expect(getVersion(again.session)).toBeTypeOf('number');
    expect(getVersion(again.session.menu)).toBeUndefined();
    expect(getVersion(again.session.permissions)).toBeUndefined();
    again.clearSession();
    await Promise.resolve(); // the cleared session is written to storage in a microtask
    // one kept by an older release without a menu still signs the person in, with an empty menu
    localStorage.setItem('wb.session', JSON.stringify({ accessToken: 'tok', menu: null }));
    vi.resetModules();
    const older = await import('./session-store');
    localStorage.removeItem('wb.session');
    expect(older.session.accessToken).toBe('tok');
    expect(older.session.menu).toEqual([]);
    older.clearSession();
  });

  it('changes one menu entry (the common-menu star) by replacing the menu whole: the change is noticed, the menu read before is left as it was', async () => {
    const read = [{ id: 1, title: '基础档案', children: [{ id: 2, title: '车辆', iusual: true, ownMenu: false, children: [] }, { id: 3, title: '司机', children: [] }] }, { id: 4, title: '计量管理', children: [] }];
    vi.stubGlobal('fetch', vi.fn(async (url: string) => {
      const path = String(url).split('?')[0];
      const answers: Record<string, unknown> = { '/api/sys-info/me': ME, '/api/sys-menu/generation': { generation: 1 }, '/api/sys-menu/list': read, '/api/index/getDefineSetVal': '0' };
      return json(answers[path]);
    }));
    session.accessToken = 'tok';
    await loadUser();
    const before = session.menu;
    const told = vi.fn();
    const stop = subscribe(session, told, true);
    changeMenuEntry(2, { ownMenu: true });
    stop();
    expect(told).toHaveBeenCalled();
    expect(snapshot(session).menu[0].children[0]).toMatchObject({ id: 2, ownMenu: true });
    expect(before[0].children[0].ownMenu).toBe(false);
    // the entries off the changed one's path are the same objects
    expect(session.menu[1]).toBe(before[1]);
    expect(session.menu[0].children[1]).toBe(before[0].children[1]);
    expect(getVersion(session.menu)).toBeUndefined();
  });
});
