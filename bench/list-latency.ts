import { sql } from 'kysely';
import { seedBenchWeighs } from '../server/seed/bench-weighs';
import { loadTimes, measure, startBenchServer, type BenchCall } from './bench-server';
import { ms, percentile } from './stats';

const CONCURRENCY = 10;
const REQUESTS = 200;
const WRITES = 20;

const pad = (n: number) => String(n).padStart(2, '0');
const day = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * The weigh-record list over 200,000 rows on PGlite, called as the UI's list page calls it (with
 * the LIST template's tplId): first page, a filtered page, a deep page, a sorted page and a sum
 * row; then the first calls after a write, when the cached total and sums are stale.
 */
export async function benchListLatency(): Promise<void> {
  const server = await startBenchServer(async (database) => {
    const org = await database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow();
    const t0 = Date.now();
    const rows = await seedBenchWeighs(database.db, org.id, 200_000);
    console.log(`data set: ${rows} weigh records in one organisation (made in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  });
  try {
    const tplId = (await server.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'mm_pu_weigh_list').executeTakeFirstOrThrow()).id;
    const monthAgo = new Date(Date.now() - 30 * 24 * 3600_000);
    const cases: [string, object][] = [
      ['first page', { search: [], limit: { pn: 1, ps: 10 }, sort: [] }],
      ['filtered page (plate like, net ≥ 30)', { search: [{ key: 'plateNumber', op: 'like', val: '蒙B1' }, { key: 'net', op: 'ge', val: 30 }], limit: { pn: 1, ps: 10 }, sort: [] }],
      ['deep page (page 2000)', { search: [], limit: { pn: 2000, ps: 10 }, sort: [] }],
      ['sorted by net, page 50', { search: [], sort: [{ key: 'net', dir: 'desc' }], limit: { pn: 50, ps: 20 } }],
      ['sum row (audited, gross time in the last 30 days)', {
        search: [{ key: 'status', op: 'eq', val: 'AUDITED' }, { key: 'grossTime', op: 'ge', val: `${day(monthAgo)} 00:00:00` }, { key: 'grossTime', op: 'le', val: `${day(new Date())} 23:59:59` }],
        limit: { pn: 1, ps: 10 }, sort: [],
      }],
    ];
    const list = (body: object): BenchCall => ({
      url: `${server.base}/api/measure/mm-pu-weigh/list`, method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ ...body, tplId }),
    });
    // A warm-up round over every case (the JIT, and each filter's first calls, which count and sum:
    // those are measured on their own below, after writes).
    for (const [, body] of cases) await measure(5 * CONCURRENCY, CONCURRENCY, list(body));
    for (const [name, body] of cases) {
      const r = await measure(REQUESTS, CONCURRENCY, list(body));
      console.log(`list ${name} (with total and sums), concurrency ${CONCURRENCY}: p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)} (target p95 ≤ 50 ms)`);
    }
    // A write makes the cached total and sums stale: the next calls count and sum again (once, shared).
    const times: number[] = [];
    for (let i = 0; i < WRITES; i++) {
      await sql`update mm_pu_weigh set updated_at = now() where id = (select max(id) from mm_pu_weigh)`.execute(server.database.db);
      times.push(...await loadTimes(CONCURRENCY, CONCURRENCY, list(cases[0][1])));
    }
    console.log(`list first page right after a write (total and sums recounted), ${CONCURRENCY} calls after each of ${WRITES} writes: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))} (no target)`);
  } finally {
    await server.close();
  }
}
