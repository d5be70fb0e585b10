import { describe, expect, it } from 'vitest';
import { BUILTIN_RESOURCES } from '../../server/seed/resources';
import { DATABASES, resourceTestApp } from './support/test-app';

type Row = Record<string, unknown> & { id: number; version: number };
type Doc = Row & { children?: Record<string, Row[]> };

/** Every seeded resource that is written on its own (lines come with their documents). */
const RESOURCES = BUILTIN_RESOURCES.filter((r) => r.kind !== 'LINE');

describe.each(DATABASES)('update takes the detail answer back on %s', (kind) => {
  const { call } = resourceTestApp(kind);


  it.each(RESOURCES.map((r) => [`/${r.module}/${r.resource}`, r] as const))('%s: detail → update unchanged is 200; a changed system value is refused by name', async (base, def) => {
    // the first row that may be saved (a document only while free)
    const search = def.kind === 'DOCUMENT' ? [{ key: 'status', op: 'eq', val: 'FREE' }] : [];
    const listed = (await call('POST', `${base}/list`, { search, limit: { pn: 1, ps: 1 } })).json();
    const first = listed.data.list[0] as Row | undefined;
    expect(first, `${base} has a seeded row`).toBeDefined();
    const detail = (await call('GET', `${base}/detail/${first!.id}`)).json().data as Doc;
    expect(detail.orgId, `${base} answers its system columns`).toEqual(expect.any(Number));

    const same = await call('PUT', `${base}/update`, detail);
    expect(same.json(), same.body).toMatchObject({ success: true, data: { id: detail.id, version: detail.version + 1 } });
    const after = (await call('GET', `${base}/detail/${detail.id}`)).json().data as Doc;
    // nothing but the bookkeeping changed, lines included
    const plain = (d: Doc) => {
      const { version: _v, updatedAt: _u, updatedBy: _b, children, ...rest } = d;
      return { ...rest, children: children && Object.fromEntries(Object.entries(children).map(([k, rows]) => [k, rows.map(({ version: _lv, updatedAt: _lu, updatedBy: _lb, ...line }) => line)])) };
    };
    expect(plain(after)).toEqual(plain(detail));

    for (const [field, value] of [['orgId', Number(detail.orgId) + 1000], ['createdBy', 999999], ['status', 'AUDITED'], ['createdAt', '2001-01-01 00:00:00']] as const) {
      const changed = await call('PUT', `${base}/update`, { ...after, [field]: value });
      expect(changed.statusCode, `${base} ${field}`).toBe(400);
      expect(changed.json(), `${base} ${field}`).toMatchObject({ msg: `${field} 由系统维护，不允许修改`, data: { field } });
    }
    const lines = Object.entries(after.children ?? {}).filter(([, rows]) => rows.length > 0);
    for (const [table, rows] of lines) {
      const changed = await call('PUT', `${base}/update`, { ...after, children: { ...after.children, [table]: rows.map((r, i) => (i === 0 ? { ...r, createdByName: '别人' } : r)) } });
      expect(changed.statusCode, `${base} ${table}`).toBe(400);
      expect(changed.json().data, `${base} ${table}`).toEqual({ field: `children.${table}[0].createdByName` });
    }
    expect((await call('GET', `${base}/detail/${detail.id}`)).json().data.version).toBe(after.version);
  });
});
