import { describe, expect, it } from 'vitest';
import { buildHeaders, normalizeRoutePath } from './headers';

describe('request headers', () => {
  it('replaces numeric route segments with :id', () => {
    expect(normalizeRoutePath('/modules/measure/mm-pu-weigh/123/edit?type=update')).toBe('/modules/measure/mm-pu-weigh/:id/edit');
    expect(normalizeRoutePath('/clouds/index')).toBe('/clouds/index');
  });

  it('sends login_type, Access-Ajax, path, the bearer token and the tenant', () => {
    expect(buildHeaders({ token: 'abc', tenantId: 7, routePath: '/activti/detail/42' })).toEqual({
      login_type: 'WEB', 'Access-Ajax': '1', path: '/activti/detail/:id', Authorization: 'Bearer abc', TENANT_ID: '7',
    });
  });

  it('leaves out the token when the call disables it, and adds UrlSource for list calls', () => {
    const h = buildHeaders({ token: 'abc', routePath: '/', auth: false, list: true });
    expect(h.Authorization).toBeUndefined();
    expect(h.UrlSource).toBe('RES');
    expect(h.TENANT_ID).toBeUndefined();
  });
});
