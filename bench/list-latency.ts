import { seedBenchWeighs } from '../server/seed/bench-weighs';
import { measure, startBenchServer } from './bench-server';
import { ms } from './stats';

const CONCURRENCY = 10;
const REQUESTS = 200;

/** The weigh-record list over 200,000 rows on PGlite: first page, a filtered page, a deep page, a sorted page. */
export async function benchListLatency(): Promise<void> {
  const server = await startBenchServer(async (database) => {
    const org = await database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow();
    const t0 = Date.now();
    const rows = await seedBenchWeighs(database.db, org.id, 200_000);
    console.log(`data set: ${rows} weigh records in one organisation (made in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  try {
    const cases: [string, object][] = [
      ['first page', { limit: { pn: 1, ps: 10 } }],
      ['filtered page (plate like, net ≥ 30)', { search: [{ key: 'plateNumber', op: 'like', val: '蒙B1' }, { key: 'net', op: 'ge', val: 30 }], limit: { pn: 1, ps: 10 } }],
      ['deep page (page 2000)', { limit: { pn: 2000, ps: 10 } }],
      ['sorted by net, page 50', { sort: [{ key: 'net', dir: 'desc' }], limit: { pn: 50, ps: 20 } }],
    ];
    for (const [name, body] of cases) {
      const r = await measure(REQUESTS, CONCURRENCY, () => fetch(`${server.base}/api/measure/mm-pu-weigh/list`, {
        method: 'POST', headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body),
      }));
      console.log(`list ${name} (with total and sums), concurrency ${CONCURRENCY}: p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)} (target p95 ≤ 50 ms)`);
    }
  } finally {
    await server.close();
  }
}
