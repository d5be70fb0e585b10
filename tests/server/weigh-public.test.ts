import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, createTestApp, type TestApp } from './support/test-app';

type Row = Record<string, unknown>;

describe.each(DATABASES)('the signed-out public screens on %s', (kind) => {
  let t: TestApp;
  let own: number;
  let foreign: number;
  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}` });
  const orgId = async (code: string) => (await t.database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', code).executeTakeFirstOrThrow()).id;
  /** The first registry of an organisation, given a plate, standing at a control point. */
  const truckAt = async (org: number, plate: string, point: string) => {
    const r = await sql<{ id: number }>`select id from pu_registry where org_id = ${org} and deleted = false order by id limit 1`.execute(t.database.db);
    const id = Number(r.rows[0].id);
    await sql`update pu_registry set plate_number = ${plate} where id = ${id}`.execute(t.database.db);
    await t.database.db.insertInto('weighVisit').values({ orgId: org, kind: 'PU', registryId: id, point }).execute();
  };
  /** The first weigh record of an organisation, completed now by `weigher` with a plate and net. */
  const doneNow = async (org: number, plate: string, weigher: string, net: string) => {
    const r = await sql<{ id: number }>`select id from mm_pu_weigh where org_id = ${org} and deleted = false order by id limit 1`.execute(t.database.db);
    const id = Number(r.rows[0].id);
    await sql`update mm_pu_weigh set plate_number = ${plate}, tare_weigher = ${weigher}, net = ${net}, weigh_status = 'DONE',
      gross_time = ${new Date(Date.now() - 60_000)}, tare_time = ${new Date()} where id = ${id}`.execute(t.database.db);
    return id;
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    own = await orgId('DFNY');
    foreign = await orgId('HBGT');
    await truckAt(own, '蒙PUB001', 'SH_GROSS_WEIGH');
    await truckAt(foreign, '冀PUB999', 'SH_IN_DOOR');
    await doneNow(own, '蒙PUB002', '公开班组甲', '31.250');
    await doneNow(foreign, '冀PUB998', '公开班组乙', '12.000');
    // the truck's assay: audited, with two results; a second truck's assay is not audited yet
    const org = await t.database.db.selectFrom('sysOrg').select(['id', 'groupId']).where('id', '=', own).executeTakeFirstOrThrow();
    const assay = async (code: string, status: string, results: [string, string, boolean][]) => {
      const made = await t.database.db.insertInto('qc_assay' as never).values({
        org_id: org.id, group_id: org.groupId, assay_code: code, group_code: `G-${code}`, material_name: '原煤', assay_time: new Date(), assayer: '公开化验员', status,
      } as never).returning('id' as never).executeTakeFirstOrThrow() as { id: number };
      for (const [itemCode, value, passed] of results) {
        await t.database.db.insertInto('qc_assay_result' as never).values({ org_id: org.id, group_id: org.groupId, assay_id: made.id, item_code: itemCode, value, unit: '%', passed } as never).execute();
      }
    };
    await assay('PUBAS-1', 'AUDITED', [['001', '13.250', false], ['003', '0.800', true]]);
    await assay('PUBAS-2', 'FREE', [['001', '9.000', true]]);
    await sql`update mm_pu_weigh set assay_code = 'PUBAS-1' where org_id = ${own} and plate_number = '蒙PUB002'`.execute(t.database.db);
    const second = await sql<{ id: number }>`select id from mm_pu_weigh where org_id = ${own} and deleted = false order by id offset 1 limit 1`.execute(t.database.db);
    await sql`update mm_pu_weigh set plate_number = '蒙PUB003', net = 20, weigh_status = 'DONE', assay_code = 'PUBAS-2', gross_time = ${new Date(Date.now() - 60_000)}, tare_time = ${new Date()} where id = ${second.rows[0].id}`.execute(t.database.db);
  });
  afterAll(async () => { await t.close(); });

  it('shows the trucks inside the factory of the organisation named in the address, by stage, and nothing else', async () => {
    const res = await get('/public/factory-vehicle?org=DFNY');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(Object.keys(data).sort()).toEqual(['orgName', 'stages', 'total', 'vehicles']);
    expect(data.orgName).toBe('东方能源有限公司');
    const mine = data.vehicles.find((v: Row) => v.plateNumber === '蒙PUB001');
    expect(mine).toMatchObject({ kind: 'PU', point: 'SH_GROSS_WEIGH', label: '称毛重' });
    expect(Object.keys(mine).sort()).toEqual(['kind', 'label', 'plateNumber', 'point', 'since']);
    expect(data.stages.find((s: Row) => s.point === 'SH_GROSS_WEIGH').count).toBeGreaterThanOrEqual(1);
    // the other company's truck exists (seen through its own code) and is not on this board
    expect(data.vehicles.some((v: Row) => v.plateNumber === '冀PUB999')).toBe(false);
    const theirs = (await get('/public/factory-vehicle?org=HBGT')).json().data;
    expect(theirs.vehicles.some((v: Row) => v.plateNumber === '冀PUB999')).toBe(true);
  });

  it('answers only today\'s weighings of the named organisation with the columns the page shows', async () => {
    const res = await get('/public/view-weigh?org=DFNY');
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = res.json().data;
    const mine = rows.find((r: Row) => r.plateNumber === '蒙PUB002');
    expect(mine).toMatchObject({ kind: 'PU', net: expect.stringMatching(/^31\.25/), weighStatus: 'DONE' });
    // with its audited assay's items and values, as the page lists them
    expect(mine.assay).toEqual([
      { item: '水分', value: expect.stringMatching(/^13\.25/), unit: '%', passed: false },
      { item: 'S', value: expect.stringMatching(/^0?\.8/), unit: '%', passed: true },
    ]);
    // no partner, ticket or assay number, weigher, assayer, limits or id leaves through the public page
    expect(Object.keys(mine).sort()).toEqual(['assay', 'at', 'kind', 'materialName', 'net', 'plateNumber', 'weighStatus']);
    expect(JSON.stringify(res.json())).not.toMatch(/PUBAS|公开化验员|公开班组|billCode|vendor|assayCode/);
    // an assay not yet audited shows nothing
    expect(rows.find((r: Row) => r.plateNumber === '蒙PUB003')).toMatchObject({ assay: [] });
    expect(rows.some((r: Row) => r.plateNumber === '冀PUB998')).toBe(false);
  });

  it('sums a period\'s completed weighings by team and material for the named organisation', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: t.app.svc.config.timezone }).format(new Date());
    const res = await get(`/public/team-report?org=DFNY&from=${today}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const { rows } = res.json().data;
    const team = rows.find((r: Row) => r.team === '公开班组甲');
    expect(team).toMatchObject({ kind: 'PU', count: 1, net: expect.stringMatching(/^31\.25/) });
    expect(Object.keys(team).sort()).toEqual(['count', 'kind', 'materialName', 'net', 'team']);
    expect(rows.some((r: Row) => r.team === '公开班组乙')).toBe(false);
  });

  it('refuses an unknown organisation code, a bad period and any signed-in route', async () => {
    expect((await get('/public/view-weigh?org=NOPE')).statusCode).toBe(404);
    expect((await get('/public/view-weigh')).statusCode).toBe(400);
    const reversed = await get('/public/team-report?org=DFNY&from=2026-11-10&to=2026-11-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toMatchObject({ msg: '结束日期不能早于开始日期', data: { field: 'to' } });
    const long = await get('/public/team-report?org=DFNY&from=2026-01-01&to=2026-03-01');
    expect(long.json()).toMatchObject({ data: { field: 'to' } });
    // the weigh records themselves stay behind sign-in
    const list = await t.app.inject({ method: 'POST', url: '/api/measure/mm-pu-weigh/list', payload: {} });
    expect(list.statusCode).toBe(401);
  });
});

describe('the public screens\' own rate limit', () => {
  it('counts the signed-out endpoints per address in a bucket of their own', async () => {
    const t = await createTestApp('pglite', { config: { publicRateLimitPerMinute: 2 } });
    try {
      const get = () => t.app.inject({ method: 'GET', url: '/api/public/view-weigh?org=DFNY', remoteAddress: '203.0.113.9' });
      expect((await get()).statusCode).toBe(200);
      expect((await get()).headers['x-ratelimit-remaining']).toBe('0');
      const refused = await get();
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeTruthy();
      // the signed-in API of the same address is not held up by it
      expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
