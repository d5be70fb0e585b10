import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { configureRequest, onForbidden, onPasswordUnsafe, onRequestError, onUnauthorized, request } from './request';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('request', () => {
  afterEach(() => { vi.unstubAllGlobals(); vi.useRealTimers(); });

  it('resolves data only when success is true', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, code: '0', msg: 'ok', data: { a: 1 } })));
    await expect(request({ url: '/x' })).resolves.toEqual({ a: 1 });
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: false, code: '1', msg: '不能审核', data: null })));
    await expect(request({ url: '/x', quiet: true })).rejects.toMatchObject({ kind: 'business', message: '不能审核' });
  });

  it('sends the headers and the JSON body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { success: true, code: '0', msg: '', data: null }));
    vi.stubGlobal('fetch', fetchMock);
    configureRequest({ getToken: () => 'tok', getTenantId: () => 3, getRoutePath: () => '/a/12' });
    await request({ method: 'POST', url: '/list', body: { search: [] }, list: true });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/list');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', TENANT_ID: '3', path: '/a/:id', UrlSource: 'RES', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"search":[]}');
  });

  it('refreshes once on 401 and retries with the new token', async () => {
    let token = 'old';
    const fetchMock = vi.fn(async (_url: string, init: RequestInit) =>
      (init.headers as Record<string, string>).Authorization === 'Bearer new'
        ? json(200, { success: true, code: '0', msg: '', data: 'again' })
        : json(401, { success: false, code: '401', msg: '登录已失效', data: null }));
    vi.stubGlobal('fetch', fetchMock);
    configureRequest({ getToken: () => token, refresh: async () => { token = 'new'; return true; } });
    await expect(request({ url: '/me' })).resolves.toBe('again');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('tells the shell when the session is gone, and publishes the error', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(401, { success: false, code: '401', msg: '登录已失效', data: null })));
    configureRequest({ getToken: () => 'tok', refresh: async () => false });
    const gone = vi.fn();
    const shown = vi.fn();
    const off1 = onUnauthorized(gone);
    const off2 = onRequestError(shown);
    await expect(request({ url: '/me' })).rejects.toBeInstanceOf(ApiError);
    expect(gone).toHaveBeenCalledOnce();
    expect(shown).toHaveBeenCalledOnce();
    off1();
    off2();
  });

  it('a call refused until the initial password is changed sends the shell to 修改密码, quiet or not, with no error notice', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(403, { success: false, code: 'PWD_UNSAFE', msg: '请修改初始密码！', data: null })));
    configureRequest({ getToken: () => 'tok', refresh: async () => false });
    const change = vi.fn();
    const shown = vi.fn();
    const forbidden = vi.fn();
    const offs = [onPasswordUnsafe(change), onRequestError(shown), onForbidden(forbidden)];
    await expect(request({ url: '/index/getCount' })).rejects.toMatchObject({ code: 'PWD_UNSAFE' });
    await expect(request({ url: '/sys-group/getPic/1', quiet: true })).rejects.toMatchObject({ code: 'PWD_UNSAFE' });
    expect(change).toHaveBeenCalledTimes(2);
    // not 无权限 (403's notice), and not the development aid's missing-permission registration
    expect(shown).not.toHaveBeenCalled();
    expect(forbidden).not.toHaveBeenCalled();
    // any other 403 is a refusal as before
    vi.stubGlobal('fetch', vi.fn(async () => json(403, { success: false, code: '403', msg: '无权限', data: null })));
    await expect(request({ url: '/index/getCount' })).rejects.toBeInstanceOf(ApiError);
    expect(change).toHaveBeenCalledTimes(2);
    expect(shown).toHaveBeenCalledOnce();
    for (const off of offs) off();
  });

  it('times out after 60 s with 请求超时！', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    })));
    const pending = request({ url: '/slow', quiet: true });
    const assertion = expect(pending).rejects.toMatchObject({ kind: 'timeout', message: '请求超时！' });
    await vi.advanceTimersByTimeAsync(60_000);
    await assertion;
  });
});
