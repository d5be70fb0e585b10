import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { LiveValue } from '../../src/schema/weigh';
import { passwordLogin, startApiProcess, stopApiProcesses, suiteDatabase, type ApiProcess as Server } from './support/api-process';

const base = process.env.TEST_DATABASE_URL;

async function login(server: Server, username: string): Promise<string> {
  return (await passwordLogin(server, username)).body.data.access_token;
}

/** Follows a scale's SSE stream on one process; `values` fills as they come. */
function follow(server: Server, token: string, scaleId: number) {
  const values: (LiveValue & { receivedAt: number })[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const res = await fetch(`${server.url}/api/measure/weigh/live/${scaleId}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) return;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const event = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (event.startsWith('data: ')) values.push({ ...JSON.parse(event.slice(6)), receivedAt: Date.now() });
      }
    }
  })().catch(() => undefined);
  return { values, stop: () => { controller.abort(); return done; } };
}

const until = async (test: () => boolean, ms: number) => {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
};

describe.skipIf(!base)('the weighing station on two API processes over one PostgreSQL', () => {
  let a: Server;
  let b: Server;
  let database: Awaited<ReturnType<typeof suiteDatabase>> | undefined;

  beforeAll(async () => {
    // a clone of the run's migrated and seeded template: what is tested here is the scales, not the start
    database = await suiteDatabase(base!, 'wb_weigh', inject('postgresTemplate') || undefined);
    // A first, so that it owns every scale; then B.
    a = await startApiProcess(database.url);
    b = await startApiProcess(database.url);
  }, 180_000);

  afterAll(async () => {
    await stopApiProcesses([a, b]);
    await database?.drop();
  });

  it('reads each scale on exactly one process, delivers its values to the other, and hands it over within 5 s when the owner dies', async () => {
    const tokenB = await login(b, 'weigher');
    const scales = (await (await fetch(`${b.url}/api/measure/weigh/scales`, { headers: { authorization: `Bearer ${tokenB}` } })).json()).data as { id: number }[];
    expect(scales.length).toBe(2);
    const live = follow(b, tokenB, scales[0].id);
    await until(() => live.values.length >= 10, 10_000);
    // A started first and took every lock; B shows A's values (LISTEN/NOTIFY), B reads none itself
    expect(live.values.every((v) => v.owner.endsWith(a.owner))).toBe(true);
    const seqs = live.values.map((v) => v.seq);
    expect(new Set(seqs).size).toBe(seqs.length);

    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    const takeover = await until(() => live.values.some((v) => v.owner.endsWith(b.owner) && !v.stale), 8000);
    expect(Date.now() - killedAt).toBeLessThan(5000);
    // from then on only B reads it
    const later = () => live.values.filter((v) => v.receivedAt > killedAt + takeover + 100);
    await until(() => later().length >= 5, 3000);
    expect(later().every((v) => v.owner.endsWith(b.owner))).toBe(true);
    await live.stop();
  }, 60_000);
});
