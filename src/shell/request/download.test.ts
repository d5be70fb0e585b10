import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { download, fileNameOf } from './download';
import { configureRequest, onRequestError } from './request';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function streamOf(chunks: Uint8Array[], failAfter?: number): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (failAfter !== undefined && i === failAfter) return controller.error(new TypeError('network error'));
      if (i === chunks.length) return controller.close();
      controller.enqueue(chunks[i++]);
    },
  });
}

function fileResponse(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}): Response {
  return new Response(body, { status: 200, headers: { 'content-type': XLSX, ...headers } });
}

describe('download', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  it('sends the request layer’s headers, reports the bytes received and answers the server’s file name and row count', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => fileResponse(streamOf([new Uint8Array(1000), new Uint8Array(24)]), {
      'content-disposition': `attachment; filename="mm-pu-weigh-20261122080000.xlsx"; filename*=UTF-8''${encodeURIComponent('采购过磅记录20261122080000.xlsx')}`,
      'x-total-count': '60',
    }));
    vi.stubGlobal('fetch', fetchMock);
    configureRequest({ getToken: () => 'tok', getTenantId: () => 3, getRoutePath: () => '/modules/measure/mm-pu-weigh/index' });
    const progress: [number, number | null][] = [];
    const file = await download({ method: 'POST', url: '/measure/mm-pu-weigh/export', body: { search: [], tplId: 7 }, onProgress: (r, t) => progress.push([r, t]) });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/measure/mm-pu-weigh/export');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer tok', TENANT_ID: '3', login_type: 'WEB', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"search":[],"tplId":7}');
    expect(file.fileName).toBe('采购过磅记录20261122080000.xlsx');
    expect(file.total).toBe(60);
    expect(file.blob.size).toBe(1024);
    expect(file.blob.type).toBe(XLSX);
    expect(progress).toEqual([[0, 60], [1000, 60], [1024, 60]]);
  });

  it('answers a JSON file sent as an attachment as the file, byte for byte (not read as the API\'s envelope)', async () => {
    const text = '{\n  "formatCode": "as_vehicle_form",\n  "formatName": "车辆表单"\n}\n';
    vi.stubGlobal('fetch', vi.fn(async () => new Response(text, { status: 200, headers: { 'content-type': 'application/json; charset=utf-8', 'content-disposition': 'attachment; filename="as_vehicle_form.json"' } })));
    const file = await download({ url: '/optimus_prime/cg-format/export/7' });
    expect(file.fileName).toBe('as_vehicle_form.json');
    expect(await file.blob.text()).toBe(text);
  });

  it('turns a refused export into the typed error request() throws, and publishes it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: false, code: '400', msg: '不支持的查询字段 x', data: null }), { status: 400, headers: { 'content-type': 'application/json' } })));
    const shown = vi.fn();
    const off = onRequestError(shown);
    await expect(download({ method: 'POST', url: '/measure/mm-pu-weigh/export', body: {} })).rejects.toMatchObject({ kind: 'badRequest', status: 400, message: '不支持的查询字段 x' });
    expect(shown).toHaveBeenCalledOnce();
    expect(shown.mock.calls[0][0]).toBeInstanceOf(ApiError);
    off();
  });

  it('reports a body cut off half-way as a network failure', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => fileResponse(streamOf([new Uint8Array(10), new Uint8Array(10)], 1))));
    const shown = vi.fn();
    const off = onRequestError(shown);
    await expect(download({ method: 'POST', url: '/x/y/export', body: {} })).rejects.toMatchObject({ kind: 'network' });
    expect(shown).toHaveBeenCalledOnce();
    off();
  });

  it('reads the file name from filename* first, then filename', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''%E5%AF%BC%E5%87%BA.xlsx`)).toBe('导出.xlsx');
    expect(fileNameOf('attachment; filename="a b.xlsx"')).toBe('a b.xlsx');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf(null, 'x.xlsx')).toBe('x.xlsx');
  });
});
