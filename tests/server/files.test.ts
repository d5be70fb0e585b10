import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d0e9b50000000049454e44ae426082', 'hex');

function multipart(name: string, bytes: Buffer, type: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = '----wbtest' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DATABASES)('image upload on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-files-'));
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { dataDir } });
    admin = (await t.login('admin')).access;
  });
  afterAll(async () => { await t.close(); fs.rmSync(dataDir, { recursive: true, force: true }); });
  const upload = (name: string, bytes: Buffer, type: string, token = admin) => {
    const { payload, headers } = multipart(name, bytes, type);
    return t.app.inject({ method: 'POST', url: '/api/sys-file-type/upload', headers: { ...bearer(token), ...headers }, payload });
  };

  it('stores a PNG under a server-chosen name and answers it with its type and nosniff', async () => {
    const res = await upload('../../etc/evil name.png', PNG, 'image/png');
    expect(res.json(), res.body).toMatchObject({ success: true, data: { mime: 'image/png', size: PNG.length } });
    const stored = fs.readdirSync(path.join(dataDir, 'files'));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatch(/^[0-9a-f-]{36}\.png$/);
    const img = await t.app.inject({ method: 'GET', url: `/api${res.json().data.url}`, headers: bearer(admin) });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    expect(img.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses SVG, HTML and a renamed text by their content, and anything over 2 MB', async () => {
    for (const [name, body, type] of [
      ['x.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'image/svg+xml'],
      ['x.html', '<html><script>alert(1)</script></html>', 'text/html'],
      ['x.png', 'not really a png', 'image/png'],
    ] as const) {
      const res = await upload(name, Buffer.from(body), type);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('上传头像图片只能是JPG或者png格式!');
    }
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const res = await upload('big.png', big, 'image/png');
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('上传头像图片大小不能超过 2MB!');
  });

  it('shows an image only to the organisation it was uploaded in', async () => {
    const id = (await upload('a.png', PNG, 'image/png')).json().data.id;
    const other = (await t.login('admin')).access;
    const orgs = (await t.app.inject({ method: 'POST', url: '/api/sys-user-org/currentOrgs', headers: bearer(other), payload: { limit: { pn: 1, ps: 100 } } })).json().data.list as { id: number; orgCode: string }[];
    await t.app.inject({ method: 'POST', url: `/api/switchOrg/${orgs.find((o) => o.orgCode === 'HBGT')!.id}`, headers: bearer(other) });
    expect((await t.app.inject({ method: 'GET', url: `/api/sys-file-type/img/${id}`, headers: bearer(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/sys-file-type/img/${id}` })).statusCode).toBe(401);
  });

  it('抓拍图片: getPics answers the pictures of a weigh record from its image field; none is an empty list', async () => {
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });
    const [record] = (await call('POST', '/measure/mm-pu-weigh/list', { search: [{ key: 'status', op: 'eq', val: 'FREE' }], limit: { pn: 1, ps: 1 } })).json().data.list;
    expect((await call('GET', `/measure/mm-pu-weigh/getPics/${record.id}`)).json().data).toEqual([]);
    const a = (await upload('front.png', PNG, 'image/png')).json().data.id;
    const b = (await upload('back.png', PNG, 'image/png')).json().data.id;
    const saved = await call('PUT', '/measure/mm-pu-weigh/update', { id: record.id, version: record.version, snapPhotos: `${a},${b}` });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    expect((await call('GET', `/measure/mm-pu-weigh/getPics/${record.id}`)).json().data).toEqual([
      { fileId: a, url: `/sys-file-type/img/${a}`, field: 'snapPhotos', label: '抓拍图片' },
      { fileId: b, url: `/sys-file-type/img/${b}`, field: 'snapPhotos', label: '抓拍图片' },
    ]);
    expect((await call('GET', '/measure/mm-pu-weigh/getPics/999999999')).statusCode).toBe(404);
  });
});
