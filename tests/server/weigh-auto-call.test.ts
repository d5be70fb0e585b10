import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autoCallTick } from '../../server/weigh/auto-call';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

/** 自动叫号 (quartz/task startCall / stopCall): the queue is called in order, never more trucks standing called than allowed. */
describe.each(DATABASES)('automatic call on %s', (kind) => {
  let t: TestApp;
  let weigher: string;
  let registries: number[];
  const call = (method: 'GET' | 'POST', url: string, payload?: object, token = weigher) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const pointOf = async (registryId: number) => (await call('GET', `/flow/inf/visit/PU/${registryId}`)).json().data as { next: string | null; log: { point: string; operatorName: string }[] };

  beforeAll(async () => {
    t = await createTestApp(kind);
    weigher = (await t.login('weigher')).access;
    const org = await t.database.db.selectFrom('sysOrg').select('id').where('orgName', '=', '东方能源有限公司').executeTakeFirstOrThrow();
    const rows = await sql<{ id: number }>`select r.id from pu_registry r where r.org_id = ${org.id} and r.deleted = false
      and not exists (select 1 from weigh_visit v where v.kind = 'PU' and v.registry_id = r.id) order by r.id limit 3`.execute(t.database.db);
    registries = rows.rows.map((r) => Number(r.id));
    expect(registries).toHaveLength(3);
  });
  afterAll(async () => { await t.close(); });

  it('calls the queue by number while fewer trucks stand called than allowed; stopCall ends it', async () => {
    for (const id of registries.slice(0, 2)) expect((await call('POST', '/flow/inf/queue', { kind: 'PU', registryId: id })).statusCode).toBe(200);
    // not started: a round calls nobody
    expect(await autoCallTick(t.app)).toBe(0);
    expect((await pointOf(registries[0])).next).toBe('CALL');

    const started = await call('POST', '/quartz/task/startCall', { kind: 'PU' });
    expect(started.json(), started.body).toMatchObject({ success: true, data: { enabled: true, maxCalled: 1, startedByName: '张司磅' } });
    // starting called the first in the queue, in the starter's name; the second waits
    const first = await pointOf(registries[0]);
    expect(first.next).toBe('IN_DOOR');
    expect(first.log.at(-1)).toMatchObject({ point: 'SH_CALL', operatorName: '张司磅' });
    expect(await autoCallTick(t.app)).toBe(0);
    expect((await pointOf(registries[1])).next).toBe('CALL');
    // the first truck drives in: the next round calls the second
    expect((await call('POST', '/flow/inf/door', { kind: 'PU', registryId: registries[0], direction: 'IN' })).statusCode).toBe(200);
    expect(await autoCallTick(t.app)).toBe(1);
    expect((await pointOf(registries[1])).next).toBe('IN_DOOR');

    const stopped = await call('POST', '/quartz/task/stopCall', { kind: 'PU' });
    expect(stopped.json().data).toMatchObject({ enabled: false });
    expect((await call('GET', '/quartz/task/call?kind=PU')).json().data).toMatchObject({ enabled: false });
    await call('POST', '/flow/inf/door', { kind: 'PU', registryId: registries[1], direction: 'IN' });
    await call('POST', '/flow/inf/queue', { kind: 'PU', registryId: registries[2] });
    expect(await autoCallTick(t.app)).toBe(0);
    expect((await pointOf(registries[2])).next).toBe('CALL');
  });

  it('needs the weighing permission and checks its input', async () => {
    const finance = (await t.login('finance')).access;
    expect((await call('POST', '/quartz/task/startCall', { kind: 'PU' }, finance)).statusCode).toBe(403);
    const bad = await call('POST', '/quartz/task/startCall', { kind: 'PU', maxCalled: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data).toMatchObject({ field: expect.stringContaining('maxCalled') });
    expect((await call('POST', '/quartz/task/startCall', { kind: 'XX' })).statusCode).toBe(400);
  });
});
