import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../build/precompress';
import { loadConfig } from '../../server/config';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `console.log('line ${i}');`).join('\n');

/** The browser headers of the served UI and of the API (the browser side: e2e/browser-headers.spec.ts). */
describe.each(DATABASES)('browser headers on %s', (kind) => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index.js"></script>');
    fs.writeFileSync(path.join(dist, 'assets', 'index.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'app.js'), BIG_SCRIPT);
    precompressDir(path.join(dist, 'assets'));
    t = await createTestApp(kind, { config: { staticDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const expectHeaders = (res: LightMyRequestResponse) => {
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(csp.split(/;\s*/).map((d) => { const [name, ...values] = d.split(' '); return [name, values]; }));
    expect(directives['script-src']).toEqual(["'self'"]); // no inline script, no eval
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['worker-src']).toEqual(["'self'", 'blob:']);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  };

  it('a page of the UI, its script, an API answer, a refusal and an unknown API path carry them', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/modules/purorder/pu_notice/list' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expectHeaders(page);
    const script = await t.app.inject({ method: 'GET', url: '/assets/index.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expectHeaders(script);

    const me = await t.app.inject({ method: 'GET', url: '/api/sys-info/me', headers: bearer((await t.login('weigher')).access) });
    expect(me.json().success).toBe(true);
    expectHeaders(me);
    const unauthorised = await t.app.inject({ method: 'GET', url: '/api/sys-info/me' });
    expect(unauthorised.statusCode).toBe(401);
    expectHeaders(unauthorised);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(missing.statusCode).toBe(404);
    expectHeaders(missing);
  });

  it('frames show the sites FRAME_SOURCES names (default any http or https site), and a bad value is refused at start', () => {
    expect(loadConfig({}).frameSources).toBe('https: http:');
    expect(loadConfig({ FRAME_SOURCES: 'https://bi.example.com https://*.example.org' }).frameSources).toBe('https://bi.example.com https://*.example.org');
    expect(() => loadConfig({ FRAME_SOURCES: "https: ; script-src 'unsafe-inline'" })).toThrow(/FRAME_SOURCES/);
  });

  it('a script is sent as its brotli or gzip copy made at build time to a browser that accepts it, and as itself otherwise', async () => {
    // precondition: the copies exist beside the script; a file under 1 KB gets none
    expect(fs.existsSync(path.join(dist, 'assets', 'app.js.br')) && fs.existsSync(path.join(dist, 'assets', 'app.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dist, 'assets', 'index.js.br'))).toBe(false);
    const get = (encoding?: string) => t.app.inject({ method: 'GET', url: '/assets/app.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(br.headers['content-type']).toContain('javascript');
    expect(String(br.headers.vary)).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expectHeaders(br);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // a page of the UI (no copy) is still the index page
    const page = await t.app.inject({ method: 'GET', url: '/modules/purorder/pu_notice/list', headers: { 'accept-encoding': 'br' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
  });
});
