import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDatabase } from '../server/seed/seed';
import { ms, percentile } from './stats';

const CONCURRENCY = 10;
const REQUESTS = 1000;

/** Latency of the calls every page makes (who am I, my menus) at concurrency 10, over real HTTP on PGlite. */
export async function benchApiLatency(): Promise<void> {
  const database = await openDatabase({ memory: {} });
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { mode: 'demo' });
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
    for (const url of ['/api/sys-info/me', '/api/sys-menu/list']) {
      const times: number[] = [];
      let next = 0;
      const worker = async () => {
        while (next < REQUESTS) {
          next += 1;
          const t0 = performance.now();
          const res = await fetch(base + url, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
          times.push(performance.now() - t0);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      console.log(`GET ${url} (PGlite, concurrency ${CONCURRENCY}, ${REQUESTS} requests): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}, p99 ${ms(percentile(times, 99))}`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}
