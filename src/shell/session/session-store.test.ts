import { afterEach, describe, expect, it, vi } from 'vitest';
import { settings } from '../settings-store';
import { clearSession, loadUser, session } from './session-store';

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
});
