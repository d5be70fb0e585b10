import { describe, expect, it } from 'vitest';
import { initials } from '../../server/resources/pinyin';
import { DATABASES, resourceTestApp } from './support/test-app';

describe('pinyin initials', () => {
  it('are the first letters of each character, lower-cased, other text kept', () => {
    expect(initials('东方能源有限公司')).toBe('dfnyyxgs');
    expect(initials('重庆长安')).toBe('cqca');
    expect(initials('ABC煤业')).toBe('abcmy');
    expect(initials('')).toBeNull();
  });
});

describe.each(DATABASES)('searching master data by pinyin initials on %s', (kind) => {
  const { call } = resourceTestApp(kind);
  const quick = async (url: string, text: string, keys: string[]) =>
    (await call('POST', url, { search: [{ conj: 'or', list: keys.map((key) => ({ key, op: 'like', val: text })) }], limit: { pn: 1, ps: 100 } })).json().data as { list: Record<string, unknown>[]; total: number };

  it('finds seeded vendors by the initials of their names, as well as by text', async () => {
    const byInitials = await quick('/material/as-vendor/list', 'sxht', ['vendorCode', 'vendorName']);
    expect(byInitials.total).toBeGreaterThan(0);
    // 山西恒通 and 陕西华拓 share the initials sxht: both are found, nothing else
    expect(byInitials.list.some((v) => String(v.vendorName).startsWith('山西恒通'))).toBe(true);
    expect(byInitials.list.every((v) => initials(String(v.vendorName))!.includes('sxht'))).toBe(true);
    const upper = await quick('/material/as-vendor/list', 'SXHT', ['vendorCode', 'vendorName']);
    expect(upper.total).toBe(byInitials.total);
    const byText = (await quick('/material/as-vendor/list', '恒通', ['vendorName'])).list;
    expect(byText.length).toBeGreaterThan(0);
    expect(byText.every((v) => String(v.vendorName).includes('恒通'))).toBe(true);
  });

  it('keeps the initials with every write: a new vendor is found at once, a renamed one by its new name', async () => {
    const made = (await call('POST', '/material/as-vendor/create', { vendorCode: 'PY-001', vendorName: '东方能源物流有限公司' })).json().data;
    expect((await quick('/material/as-vendor/list', 'dfny', ['vendorName'])).list.map((v) => v.vendorCode)).toContain('PY-001');
    await call('PUT', '/material/as-vendor/update', { id: made.id, version: made.version, vendorName: '西部矿业有限公司' });
    expect((await quick('/material/as-vendor/list', 'dfny', ['vendorName'])).list.map((v) => v.vendorCode)).not.toContain('PY-001');
    expect((await quick('/material/as-vendor/list', 'xbky', ['vendorName'])).list.map((v) => v.vendorCode)).toContain('PY-001');
  });

  it('leaves documents alone: a letters-only search on a weigh record matches its text only', async () => {
    const res = await quick('/measure/mm-pu-weigh/list', 'sxht', ['vendorName']);
    expect(res.total).toBe(0);
  });
});
