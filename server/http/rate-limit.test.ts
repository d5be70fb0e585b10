import crypto from 'node:crypto';
import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientBucket, registerRateLimit } from './rate-limit';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './rate-limit-store';

describe('clientBucket', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones and keys IPv6 by its /64', () => {
    expect(clientBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientBucket('2001:db8:85a3:12:8a2e:370:7334:1')).toBe('2001:db8:85a3:12::/64');
    expect(clientBucket('2001:0db8:85a3:0012:ffff:ffff:ffff:ffff')).toBe('2001:db8:85a3:12::/64');
    expect(clientBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
  });
});

async function appWith(store: RateLimitStore, perMinute = 2, logs?: string[]) {
  const app = Fastify(logs ? { logger: { level: 'warn', stream: { write: (line: string) => { logs.push(line); } } } } : {});
  registerRateLimit(app, store, { perMinute, loginPerMinute: perMinute });
  app.get('/api/ping', async () => ({ success: true }));
  await app.ready();
  return app;
}

/** A TCP proxy to the local Redis that the test can cut (the machine's Redis itself is never stopped). */
async function redisProxy(): Promise<{ url: string; cut(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(6379, '127.0.0.1');
    for (const s of [client, upstream]) { sockets.add(s); s.on('error', () => undefined); s.on('close', () => sockets.delete(s)); }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}

const localRedisUp = await new Promise<boolean>((resolve) => {
  const socket = net.connect(6379, '127.0.0.1');
  socket.setTimeout(500);
  socket.once('connect', () => { socket.destroy(); resolve(true); });
  socket.once('error', () => resolve(false));
  socket.once('timeout', () => { socket.destroy(); resolve(false); });
});

describe('rate limit', () => {
  it('counts addresses of one IPv6 /64 together', async () => {
    const app = await appWith(createMemoryRateLimitStore());
    const from = (ip: string) => app.inject({ method: 'GET', url: '/api/ping', remoteAddress: ip });
    expect((await from('2001:db8:1:2::a')).statusCode).toBe(200);
    expect((await from('2001:db8:1:2::b')).statusCode).toBe(200);
    expect((await from('2001:db8:1:2::c')).statusCode).toBe(429);
    expect((await from('2001:db8:1:3::a')).statusCode).toBe(200);
    await app.close();
  });

  it('fails open to per-process counters when the shared store is down, with one warning a minute', async () => {
    let calls = 0;
    const broken: RateLimitStore = {
      hit: async () => { calls += 1; throw new Error('connect ECONNREFUSED 127.0.0.1:6379'); },
      reset: async () => undefined,
      close: async () => undefined,
    };
    const logs: string[] = [];
    const app = await appWith(broken, 2, logs);
    const from = (ip: string) => app.inject({ method: 'GET', url: '/api/ping', remoteAddress: ip });
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(200);
    expect((await from('203.0.113.1')).statusCode).toBe(429); // still limited, by this process
    for (let i = 0; i < 5; i++) expect((await from(`2001:db8:9:9::${i + 1}`)).statusCode).toBe(i < 2 ? 200 : 429);
    const warnings = logs.map((l) => JSON.parse(l)).filter((l) => l.msg.includes('rate-limit store unavailable'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].level).toBe(40); // warn
    expect(calls).toBe(1); // the store is asked again only after a pause, not on every request
    await app.close();
  });

  it.skipIf(!localRedisUp)('shares counts through a real Redis, then counts per process once Redis cannot be reached', async () => {
    const proxy = await redisProxy();
    const prefix = `rl-failopen:${crypto.randomBytes(5).toString('hex')}:`;
    const logs: string[] = [];
    const [a, b] = [await appWith(createRedisRateLimitStore(proxy.url, { prefix }), 3, logs), await appWith(createRedisRateLimitStore(proxy.url, { prefix }), 3, logs)];
    const from = (app: typeof a, ip: string) => app.inject({ method: 'GET', url: '/api/ping', remoteAddress: ip });
    // shared: three calls spread over two processes use up the one count
    expect((await from(a, '198.51.100.7')).statusCode).toBe(200);
    expect((await from(b, '198.51.100.7')).statusCode).toBe(200);
    expect((await from(a, '198.51.100.7')).statusCode).toBe(200);
    expect((await from(b, '198.51.100.7')).statusCode).toBe(429);
    await proxy.cut();
    // Redis is gone: each process lets calls through and limits them on its own
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await from(a, '198.51.100.8')).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    expect((await from(b, '198.51.100.8')).statusCode).toBe(200);
    expect(logs.filter((l) => l.includes('rate-limit store unavailable')).length).toBeGreaterThanOrEqual(1);
    expect(logs.filter((l) => l.includes('rate-limit store unavailable')).length).toBeLessThanOrEqual(2); // once per process
    await a.close();
    await b.close();
  });
});
