import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORMAT_VERSION } from '../../src/schema/format-migrations';
import type { Template } from '../../src/schema/template';
import { DATABASES, bearer, createTestApp, type TestApp } from '../../tests/server/support/test-app';

describe.each(DATABASES)('the template format version on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let id: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    const row = await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'as_driver_list').executeTakeFirstOrThrow();
    id = row.id;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), ...(payload ? { payload } : {}) });

  it('a template stored before versions existed (no formatVersion) is read in the current format', async () => {
    const { db } = t.database;
    await db.updateTable('cgFormat')
      .set({ published: sql`published - 'formatVersion'`, draft: sql`draft - 'formatVersion'` })
      .where('id', '=', id).execute();
    const stored = await db.selectFrom('cgFormat').select(['published', 'draft']).where('id', '=', id).executeTakeFirstOrThrow();
    // precondition: the stored documents carry no version
    expect((stored.published as Record<string, unknown>).formatVersion).toBeUndefined();
    expect((stored.draft as Record<string, unknown>).formatVersion).toBeUndefined();
    const published = (await call('GET', `/optimus_prime/cg-format/type/subs/${id}`)).json().data as Template;
    expect(published).toMatchObject({ formatCode: 'as_driver_list', formatVersion: FORMAT_VERSION });
    const draft = (await call('GET', `/optimus_prime/cg-format/draft/${id}`)).json().data as { version: number; draft: Template };
    expect(draft.draft.formatVersion).toBe(FORMAT_VERSION);
    // saved and published again, it is stored with the version
    const saved = await call('PUT', `/optimus_prime/cg-format/draft/${id}`, { version: draft.version, draft: draft.draft });
    expect(saved.statusCode).toBe(200);
    expect((await call('POST', `/optimus_prime/cg-format/publish/${id}`, { version: saved.json().data.version })).statusCode).toBe(200);
    const again = await db.selectFrom('cgFormat').select('published').where('id', '=', id).executeTakeFirstOrThrow();
    expect((again.published as Record<string, unknown>).formatVersion).toBe(FORMAT_VERSION);
  });

  it('a draft of a newer format than the server knows is refused with 400 naming formatVersion', async () => {
    const draft = (await call('GET', `/optimus_prime/cg-format/draft/${id}`)).json().data as { version: number; draft: Template };
    const res = await call('PUT', `/optimus_prime/cg-format/draft/${id}`, { version: draft.version, draft: { ...draft.draft, formatVersion: FORMAT_VERSION + 1 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, data: { field: 'formatVersion' } });
    expect(res.json().msg).toContain('formatVersion');
  });
});
