import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormatApp, type FormatApp } from './support/format-app';
import { DATABASES } from './support/test-app';

interface Row { id: number; formatCode: string; formatName: string; formatType: string }

/** 模板设计's list filtered by template kind: what the designer's 弹窗模板 select offers. */
describe.each(DATABASES)('模板列表按类型筛选 on %s', (kind) => {
  let f: FormatApp;
  beforeAll(async () => { f = await createFormatApp(kind); });
  afterAll(async () => { await f?.t.close(); });

  it('formatType=RESOURCE answers the popup templates only, all of them over the pages', async () => {
    const { db } = f.t.database;
    const stored = await db.selectFrom('cgFormat').select(['id', 'formatType']).execute();
    const popups = stored.filter((r) => r.formatType === 'RESOURCE').map((r) => r.id).sort((a, b) => a - b);
    // the seed holds popups and other kinds, so the filter has something to leave out
    expect(popups.length).toBeGreaterThan(1);
    expect(stored.length).toBeGreaterThan(popups.length);
    const first = await f.data<{ list: Row[]; total: number }>('GET', '/optimus_prime/cg-format/list?formatType=RESOURCE&pn=1&ps=200');
    expect(first.total).toBe(popups.length);
    expect(first.list.every((r) => r.formatType === 'RESOURCE')).toBe(true);
    // page by page as the select reads them: the same templates, none twice
    const seen: number[] = [];
    for (let pn = 1; seen.length < popups.length; pn++) {
      const page = await f.data<{ list: Row[]; total: number }>('GET', `/optimus_prime/cg-format/list?formatType=RESOURCE&pn=${pn}&ps=1`);
      expect(page.list).toHaveLength(1);
      seen.push(page.list[0].id);
    }
    expect(seen).toEqual(popups);
    // with a name too
    const named = first.list[0];
    const byName = await f.data<{ list: Row[] }>('GET', `/optimus_prime/cg-format/list?formatType=RESOURCE&formatName=${encodeURIComponent(named.formatName)}`);
    expect(byName.list.map((r) => r.id)).toContain(named.id);
    expect(byName.list.every((r) => r.formatType === 'RESOURCE')).toBe(true);
  });

  it('refuses a formatType that is not a template kind with a 400 naming the field, never a 500 or a wider list', async () => {
    for (const bad of ['resource', 'POPUP', "RESOURCE' OR '1'='1", 'RESOURCE,FORM', '']) {
      const res = await f.call('GET', `/optimus_prime/cg-format/list?formatType=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json(), bad).toMatchObject({ success: false, code: '400', data: { field: 'formatType' } });
    }
    const twice = await f.call('GET', '/optimus_prime/cg-format/list?formatType=RESOURCE&formatType=FORM');
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ success: false, data: { field: 'formatType' } });
  });
});
