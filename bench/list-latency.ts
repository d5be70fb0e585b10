import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedBenchWeighs } from '../server/seed/bench-weighs';
import { seedDatabase } from '../server/seed/seed';
import { ms, percentile } from './stats';

const CONCURRENCY = 10;
const REQUESTS = 200;

/** The weigh-record list over 200,000 rows on PGlite: first page, a filtered page, a deep page, the sums. */
export async function benchListLatency(): Promise<void> {
  const database = await openDatabase({ memory: {} });
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { mode: 'demo' });
  const org = await database.db.selectFrom('sysOrg').select('id').where('orgCode', '=', 'DFNY').executeTakeFirstOrThrow();
  const t0 = Date.now();
  const rows = await seedBenchWeighs(database.db, org.id, 200_000);
  console.log(`data set: ${rows} weigh records in one organisation (made in ${((Date.now() - t0) / 1000).toFixed(0)} s)`);
  const config = { ...loadConfig({}), staticDir: undefined, logLevel: 'silent', rateLimitPerMinute: 0, loginRateLimitPerMinute: 0 };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: 'weigher', password: 'Demo@2026' }),
    });
    const token = (await login.json()).data.access_token as string;
    const cases: [string, object][] = [
      ['first page', { limit: { pn: 1, ps: 10 } }],
      ['filtered page (plate like, net ≥ 30)', { search: [{ key: 'plateNumber', op: 'like', val: '蒙B1' }, { key: 'net', op: 'ge', val: 30 }], limit: { pn: 1, ps: 10 } }],
      ['deep page (page 2000)', { limit: { pn: 2000, ps: 10 } }],
      ['sorted by net, page 50', { sort: [{ key: 'net', dir: 'desc' }], limit: { pn: 50, ps: 20 } }],
    ];
    for (const [name, body] of cases) {
      const times: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < REQUESTS) {
          next += 1;
          const started = performance.now();
          const res = await fetch(`${base}/api/measure/mm-pu-weigh/list`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${name} answered ${res.status}`);
          times.push(performance.now() - started);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      console.log(`list ${name} (with total and sums), concurrency ${CONCURRENCY}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))} (target p95 ≤ 50 ms)`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}
