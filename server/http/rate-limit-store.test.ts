import crypto from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store';

describe('memory rate-limit store', () => {
  afterEach(() => { vi.useRealTimers(); });

  it('counts within a window and starts again after it', async () => {
    let now = 1_000;
    const store = createMemoryRateLimitStore({ now: () => now });
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetAt: 61_000 });
    now = 60_999;
    expect(await store.hit('a', 60_000)).toEqual({ count: 2, resetAt: 61_000 });
    now = 61_000;
    expect(await store.hit('a', 60_000)).toEqual({ count: 1, resetAt: 121_000 });
    await store.close();
  });

  it('keeps separate keys independent', async () => {
    const store = createMemoryRateLimitStore({ now: () => 0 });
    for (let i = 0; i < 3; i++) await store.hit('a', 60_000);
    expect((await store.hit('b', 60_000)).count).toBe(1);
    expect((await store.hit('a', 60_000)).count).toBe(4);
    await store.reset('a');
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('b', 60_000)).count).toBe(2);
    await store.close();
  });

  it('stays within maxKeys, dropping the oldest windows first', async () => {
    let now = 0;
    const store = createMemoryRateLimitStore({ now: () => now, maxKeys: 3 });
    await store.hit('a', 1_000);
    await store.hit('b', 1_000);
    await store.hit('c', 1_000);
    now = 2_000;
    await store.hit('a', 1_000); // a's window renews: a is now the newest
    await store.hit('d', 1_000); // full: b (oldest) goes
    expect((await store.hit('a', 1_000)).count).toBe(2); // a survived
    expect((await store.hit('d', 1_000)).count).toBe(2);
    expect((await store.hit('b', 1_000)).count).toBe(1); // b was dropped (and c makes room for it)
    expect((await store.hit('a', 1_000)).count).toBe(3);
    await store.close();
  });

  it('holds at most maxKeys under a flood of new keys', async () => {
    const store = createMemoryRateLimitStore({ now: () => 0, maxKeys: 100 });
    for (let i = 0; i < 10_000; i++) await store.hit(`ip-${i}`, 60_000);
    // the newest 100 are still counted, anything older was dropped
    expect((await store.hit('ip-9999', 60_000)).count).toBe(2);
    expect((await store.hit('ip-9901', 60_000)).count).toBe(2);
    expect((await store.hit('ip-0', 60_000)).count).toBe(1);
    await store.close();
  });

  it('sweeps with one unref\'d timer that close() clears', async () => {
    vi.useFakeTimers();
    const before = vi.getTimerCount();
    const unref = vi.spyOn(globalThis, 'setInterval');
    const store = createMemoryRateLimitStore();
    expect(vi.getTimerCount()).toBe(before + 1);
    expect((unref.mock.results[0].value as NodeJS.Timeout).hasRef()).toBe(false);
    unref.mockRestore();
    await store.close();
    expect(vi.getTimerCount()).toBe(before);
  });

  it('refuses a window that is not a positive number', async () => {
    const store = createMemoryRateLimitStore();
    await expect(store.hit('a', 0)).rejects.toThrow(RangeError);
    await expect(store.hit('a', Number.NaN)).rejects.toThrow(RangeError);
    await store.close();
  });
});

/**
 * The Redis tests run when REDIS_URL is set (and then fail loudly if it is unreachable), or when
 * a Redis answers on 127.0.0.1:6379; they are skipped only when neither holds.
 */
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const localRedisUp = process.env.REDIS_URL ? true : await new Promise<boolean>((resolve) => {
  const socket = net.connect({ host: '127.0.0.1', port: 6379 });
  socket.setTimeout(500);
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => { socket.destroy(); resolve(false); });
});

describe.skipIf(!localRedisUp)('Redis rate-limit store (shared by API processes)', () => {
  const prefix = `rl-test:${crypto.randomBytes(6).toString('hex')}:`;
  const stores: RateLimitStore[] = [];
  const store = () => { const s = createRedisRateLimitStore(REDIS_URL, { prefix }); stores.push(s); return s; };
  const admin = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  admin.on('error', () => { /* the failing command reports it */ });
  afterAll(async () => {
    for (const s of stores) await s.close();
    await admin.del(...['burst', 'shared', 'ttl', 'short'].map((k) => prefix + k));
    await admin.quit();
  });

  it('counts atomically under 50 concurrent hits', async () => {
    const s = store();
    const hits = await Promise.all(Array.from({ length: 50 }, () => s.hit('burst', 60_000)));
    expect(Math.max(...hits.map((h) => h.count))).toBe(50);
    expect(new Set(hits.map((h) => h.count)).size).toBe(50); // each hit saw its own count
    const resetAt = hits[0].resetAt;
    expect(resetAt).toBeGreaterThan(Date.now() + 55_000);
    expect(resetAt).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('shares one count between two store instances (two API processes)', async () => {
    const a = store();
    const b = store();
    const hits = await Promise.all([
      ...Array.from({ length: 20 }, () => a.hit('shared', 60_000)),
      ...Array.from({ length: 20 }, () => b.hit('shared', 60_000)),
    ]);
    expect(Math.max(...hits.map((h) => h.count))).toBe(40);
    expect((await b.hit('shared', 60_000)).count).toBe(41);
    await a.reset('shared');
    expect((await b.hit('shared', 60_000)).count).toBe(1);
  });

  it('puts the key under the prefix with the window as its expiry', async () => {
    await store().hit('ttl', 30_000);
    const ttl = await admin.pttl(`${prefix}ttl`);
    expect(ttl).toBeGreaterThan(25_000);
    expect(ttl).toBeLessThanOrEqual(30_000);
  });

  it('lets a window expire', async () => {
    const s = store();
    await s.hit('short', 150);
    expect((await s.hit('short', 150)).count).toBe(2);
    await new Promise((r) => setTimeout(r, 250));
    expect(await admin.exists(`${prefix}short`)).toBe(0);
    expect((await s.hit('short', 150)).count).toBe(1);
  });
});
