import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { Lru } from '../../server/resources/list-cache';
import { seedDatabase } from '../../server/seed/seed';
import { BASIC_WEB, DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

type ListData = { list: Record<string, unknown>[]; total: number; tongji: Record<string, string> };
const LIST = '/api/measure/mm-pu-weigh/list';
const thousandths = (v: unknown) => Math.round(Number(v ?? 0) * 1000);

describe.each(DATABASES)('list totals cache and keyset paging on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let tplId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    tplId = (await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'mm_pu_weigh_list').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload: object) => t.app.inject({ method, url: `/api${url}`, headers: bearer(admin), payload });
  const list = async (body: object): Promise<ListData> => {
    const res = await t.app.inject({ method: 'POST', url: LIST, headers: bearer(admin), payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const generation = async () => Number((await t.database.db.selectFrom('resourceGeneration').select('generation').where('tableName', '=', 'mm_pu_weigh').executeTakeFirst())?.generation ?? 0);

  it('sums only the template’s itotal columns with a tplId, and every number column without one', async () => {
    const withTemplate = await list({ tplId, limit: { pn: 1, ps: 5 } });
    expect(Object.keys(withTemplate.tongji).sort()).toEqual(['deduct', 'gross', 'net', 'tare']);
    const asText = await list({ tplId: String(tplId), limit: { pn: 1, ps: 5 } });
    expect(asText.tongji).toEqual(withTemplate.tongji);
    const vehicles = await t.app.inject({ method: 'POST', url: '/api/material/as-vehicle/list', headers: bearer(admin), payload: {} });
    expect(Object.keys(vehicles.json().data.tongji).sort()).toEqual(['axles', 'tareWeight']);
  });

  it('refuses a tplId of another table, of a template that is not a list, or of no published template', async () => {
    const vendorList = (await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'as_vendor_list').executeTakeFirstOrThrow()).id;
    const detail = (await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'mm_pu_weigh_detail').executeTakeFirstOrThrow()).id;
    const cases: [unknown, string][] = [
      [vendorList, `模板 ${vendorList} 不属于采购过磅记录(mm_pu_weigh)`],
      [detail, `模板 ${detail} 不是列表或弹窗模板`],
      [999_999, '模板 999999 不存在或未发布'],
      ['abc', 'tplId abc 不是模板编号'],
    ];
    for (const [id, msg] of cases) {
      const res = await t.app.inject({ method: 'POST', url: LIST, headers: bearer(admin), payload: { tplId: id } });
      expect(res.statusCode, String(id)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
  });

  it('refuses a template whose itotal field is not a number column of the resource', async () => {
    const row = await t.database.db.selectFrom('cgFormat').select(['published']).where('id', '=', tplId).executeTakeFirstOrThrow();
    const template = row.published as { formatCode: string; listSubList: { fieldName: string; itotal?: boolean }[] };
    const bad = { ...template, formatCode: 'mm_pu_weigh_list_bad', listSubList: template.listSubList.map((f) => (f.fieldName === 'plateNumber' ? { ...f, itotal: true } : f)) };
    const json = JSON.stringify(bad);
    const id = (await t.database.db.insertInto('cgFormat').values({ formatCode: bad.formatCode, formatName: 'bad', formatType: 'LIST', customTable: 'mm_pu_weigh', draft: json, published: json })
      .returning('id').executeTakeFirstOrThrow()).id;
    const res = await t.app.inject({ method: 'POST', url: LIST, headers: bearer(admin), payload: { tplId: id } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(`模板 ${id} 的合计字段 plateNumber 不是采购过磅记录(mm_pu_weigh)的数值列`);
  });

  it('answers a new total and new sums after a create, an update, an audit and a delete', async () => {
    const free = { tplId, search: [{ key: 'status', op: 'eq', val: 'FREE' }], limit: { pn: 1, ps: 10 } };
    const all = { tplId, limit: { pn: 1, ps: 10 } };
    const before = await list(all);
    const freeBefore = await list(free);
    expect(await list(all)).toEqual(before); // answered from the cache: same generation, same answer

    const g0 = await generation();
    const created = await call('POST', '/measure/mm-pu-weigh/create', { billCode: 'CACHE-0001', plateNumber: '蒙K00001', materialName: '原煤', gross: '50.000', tare: '20.000', net: '30.000' });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().data;
    expect(await generation()).toBeGreaterThan(g0);
    const afterCreate = await list(all);
    expect(afterCreate.total).toBe(before.total + 1);
    expect(thousandths(afterCreate.tongji.net)).toBe(thousandths(before.tongji.net) + 30_000);
    expect(afterCreate.list[0]).toMatchObject({ id, plateNumber: '蒙K00001' });
    expect((await list(free)).total).toBe(freeBefore.total + 1);

    // a weigh record's weights change by 称重更正 (net recalculated: 51.5 − 20)
    expect((await call('POST', '/measure/mm-pu-weigh/weighCorrect', { id, version: 1, gross: 51.5, reason: '缓存测试更正' })).statusCode).toBe(200);
    const afterUpdate = await list(all);
    expect(afterUpdate.total).toBe(afterCreate.total);
    expect(thousandths(afterUpdate.tongji.net)).toBe(thousandths(afterCreate.tongji.net) + 1_500);

    expect((await call('POST', '/measure/mm-pu-weigh/audit', { ids: [id] })).statusCode).toBe(200);
    expect((await list(free)).total).toBe(freeBefore.total);
    expect((await call('POST', '/measure/mm-pu-weigh/mulInit', { ids: [id] })).statusCode).toBe(200);
    expect((await list(free)).total).toBe(freeBefore.total + 1);

    expect((await call('DELETE', '/measure/mm-pu-weigh/deletes', { ids: [id], reason: '测试删除' })).statusCode).toBe(200);
    const afterDelete = await list(all);
    expect(afterDelete.total).toBe(before.total);
    expect(afterDelete.tongji).toEqual(before.tongji);
    expect(afterDelete.list).toEqual(before.list);
  });

  it('counts a write made outside the API too (the trigger bumps the generation)', async () => {
    const before = await list({ tplId, limit: { pn: 1, ps: 1 } });
    const g0 = await generation();
    await sql`update mm_pu_weigh set net = net + 1 where id = ${before.list[0].id as number}`.execute(t.database.db);
    expect(await generation()).toBe(g0 + 1);
    const after = await list({ tplId, limit: { pn: 1, ps: 1 } });
    expect(thousandths(after.tongji.net)).toBe(thousandths(before.tongji.net) + 1000);
    await sql`update mm_pu_weigh set net = net - 1 where id = ${before.list[0].id as number}`.execute(t.database.db);
  });

  it('pages exactly like one long page: forwards, backwards, again, from the far end, filtered and sorted', async () => {
    const bodies = [
      { search: [] },
      { search: [{ key: 'plateNumber', op: 'like', val: 'B' }, { key: 'net', op: 'ge', val: 20 }] },
      { search: [{ key: 'weighStatus', op: 'eq', val: 'DONE' }], sort: [{ key: 'net', dir: 'desc' }] },
      { search: [], sort: [{ key: 'grossTime', dir: 'asc' }] },
      // nulls (the tare of a record weighed only once) and ties, in both directions
      { search: [], sort: [{ key: 'tare', dir: 'asc' }] },
      { search: [], sort: [{ key: 'tareTime', dir: 'desc' }, { key: 'materialName', dir: 'asc' }] },
    ];
    for (const body of bodies) {
      const whole = await list({ ...body, tplId, limit: { pn: 1, ps: 1000 } });
      const ids = whole.list.map((r) => r.id);
      const ps = 7;
      const pages = Math.ceil(whole.total / ps);
      const order = [1, 2, 3, 2, 1, 5, 6, 6, pages, pages - 1, pages - 2, Math.ceil(pages / 2), Math.ceil(pages / 2) + 1, 4, 3, pages + 1];
      for (const pn of order) {
        const page = await list({ ...body, tplId, limit: { pn, ps } });
        expect(page.total).toBe(whole.total);
        expect(page.list.map((r) => r.id), `${JSON.stringify(body)} page ${pn}`).toEqual(ids.slice((pn - 1) * ps, pn * ps));
      }
    }
  });

  it('pages correctly across a write: the bounds of the old generation are not used', async () => {
    const ps = 10;
    const p3 = await list({ tplId, limit: { pn: 3, ps } });
    await list({ tplId, limit: { pn: 4, ps } });
    const created = await call('POST', '/measure/mm-pu-weigh/create', { billCode: 'CACHE-0002', plateNumber: '蒙K00002', materialName: '原煤' });
    const { id } = created.json().data;
    const again = await list({ tplId, limit: { pn: 3, ps } });
    // one row more on top: every page moves down by one
    expect(again.list.slice(1).map((r) => r.id)).toEqual(p3.list.slice(0, ps - 1).map((r) => r.id));
    const whole = await list({ tplId, limit: { pn: 1, ps: 1000 } });
    expect(again.list.map((r) => r.id)).toEqual(whole.list.slice(2 * ps, 3 * ps).map((r) => r.id));
    expect(whole.list[0].id).toBe(id);
    await call('DELETE', '/measure/mm-pu-weigh/deletes', { ids: [id], reason: '测试删除' });
  });
});

describe('the list caches’ least-recently-used map', () => {
  it('keeps at most its capacity, dropping the least recently used', () => {
    const lru = new Lru<string, number>(3);
    lru.set('a', 1); lru.set('b', 2); lru.set('c', 3);
    expect(lru.get('a')).toBe(1);
    lru.set('d', 4);
    expect(lru.size).toBe(3);
    expect(lru.get('b')).toBeUndefined();
    expect([lru.get('a'), lru.get('c'), lru.get('d')]).toEqual([1, 3, 4]);
  });
});

const base = process.env.TEST_DATABASE_URL;

describe.skipIf(!base)('two API instances over one PostgreSQL', () => {
  const name = `wb_cache_${crypto.randomBytes(5).toString('hex')}`;
  const apps: { app: FastifyInstance; database: Database; token: string }[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(base!);
    url.pathname = `/${name}`;
    for (let i = 0; i < 2; i++) {
      // each instance has its own database handle, so its own caches, as separate processes would
      const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 3 });
      if (i === 0) {
        await migrateToLatest(database.db);
        await seedDatabase(database.db, { mode: 'demo' });
      }
      const app = await buildApp({ config: { ...loadConfig({}), staticDir: undefined, logLevel: 'silent' }, database, logger: false });
      await app.ready();
      const res = await app.inject({
        method: 'POST', url: '/api/oauth/token', headers: { authorization: BASIC_WEB, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'Demo@2026' }).toString(),
      });
      apps.push({ app, database, token: res.json().data.access_token });
    }
  }, 120_000);

  afterAll(async () => {
    for (const a of apps) { await a.app.close(); await a.database.close(); }
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('never serves the first instance’s cached total after a write through the second', async () => {
    const [a, b] = apps;
    const list = async (x: typeof a, body: object) => (await x.app.inject({ method: 'POST', url: LIST, headers: bearer(x.token), payload: body })).json().data as ListData;
    const tplId = (await a.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'mm_pu_weigh_list').executeTakeFirstOrThrow()).id;
    const body = { tplId, limit: { pn: 2, ps: 10 } };
    const before = await list(a, body);
    expect(await list(a, body)).toEqual(before);
    const created = await b.app.inject({ method: 'POST', url: '/api/measure/mm-pu-weigh/create', headers: bearer(b.token), payload: { billCode: 'TWO-0001', plateNumber: '蒙K20001', materialName: '原煤', net: '12.000' } });
    expect(created.statusCode, created.body).toBe(200);
    const after = await list(a, body);
    expect(after.total).toBe(before.total + 1);
    expect(thousandths(after.tongji.net)).toBe(thousandths(before.tongji.net) + 12_000);
    // page 2 moved down by one row
    expect(after.list.slice(1).map((r) => r.id)).toEqual(before.list.slice(0, 9).map((r) => r.id));
    const del = await b.app.inject({ method: 'DELETE', url: '/api/measure/mm-pu-weigh/deletes', headers: bearer(b.token), payload: { ids: [created.json().data.id], reason: '测试删除' } });
    expect(del.statusCode).toBe(200);
    expect(await list(a, body)).toEqual(before);
  });
});
