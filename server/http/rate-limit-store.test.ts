import crypto from 'node:crypto';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store';

describe('memory rate-limit store', () => {
  it('counts within a window and starts again after it', async () => {
    let now = 1_000;
    const store = createMemoryRateLimitStore({ now: () => now });
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect(await store.hit('a', 60_000)).toEqual({ count: 2, resetAt: 61_000 });
    expect((await store.hit('b', 60_000)).count).toBe(1);
    now = 61_000;
    expect((await store.hit('a', 60_000)).count).toBe(1);
    await store.close();
  });

  it('stays within maxKeys', async () => {
    const store = createMemoryRateLimitStore({ maxKeys: 3 });
    for (const k of ['a', 'b', 'c', 'd', 'e']) await store.hit(k, 60_000);
    expect((await store.hit('e', 60_000)).count).toBe(2); // the newest survive
    expect((await store.hit('a', 60_000)).count).toBe(1); // the oldest was dropped
    await store.close();
  });
});

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const socket = net.connect({ host: hostname, port: Number(port || 6379) });
  socket.setTimeout(500);
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => { socket.destroy(); resolve(false); });
});

describe.skipIf(!redisUp)('Redis rate-limit store (shared by API processes)', () => {
  const prefix = `rl-test:${crypto.randomBytes(4).toString('hex')}:`;
  const stores: RateLimitStore[] = [];
  const store = () => { const s = createRedisRateLimitStore(REDIS_URL, { prefix }); stores.push(s); return s; };
  afterAll(async () => { for (const s of stores) await s.close(); });

  it('counts atomically under concurrent hits', async () => {
    const s = store();
    const hits = await Promise.all(Array.from({ length: 50 }, () => s.hit('burst', 60_000)));
    expect(Math.max(...hits.map((h) => h.count))).toBe(50);
    expect(new Set(hits.map((h) => h.count)).size).toBe(50);
  });

  it('shares one count between two stores (two processes)', async () => {
    const a = store();
    const b = store();
    await a.hit('shared', 60_000);
    await b.hit('shared', 60_000);
    expect((await a.hit('shared', 60_000)).count).toBe(3);
  });

  it('lets a window expire', async () => {
    const s = store();
    await s.hit('short', 150);
    await new Promise((r) => setTimeout(r, 250));
    expect((await s.hit('short', 150)).count).toBe(1);
  });
});
