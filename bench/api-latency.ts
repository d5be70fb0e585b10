import { measure, startBenchServer } from './bench-server';
import { ms } from './stats';

const CONCURRENCY = 10;
const REQUESTS = 1000;

/** Latency of the calls every page makes (who am I, my menus) at concurrency 10, over real HTTP on PGlite. */
export async function benchApiLatency(): Promise<void> {
  const server = await startBenchServer();
  try {
    for (const url of ['/api/sys-info/me', '/api/sys-menu/list']) {
      const r = await measure(REQUESTS, CONCURRENCY, { url: server.base + url, headers: { authorization: `Bearer ${server.token}` } });
      console.log(`GET ${url} (PGlite, concurrency ${CONCURRENCY}, ${REQUESTS} requests): p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, p99 ${ms(r.p99)}`);
    }
  } finally {
    await server.close();
  }
}
