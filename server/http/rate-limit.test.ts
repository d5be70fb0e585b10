import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { clientBucket, registerRateLimit } from './rate-limit';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';

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

async function appWith(store: RateLimitStore, perMinute = 2) {
  const app = Fastify();
  registerRateLimit(app, store, { perMinute, loginPerMinute: perMinute });
  app.get('/api/ping', async () => ({ success: true }));
  await app.ready();
  return app;
}

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

  it('lets calls through when the shared store is down (fail-open), instead of failing every request', async () => {
    const broken: RateLimitStore = {
      hit: async () => { throw new Error('connect ECONNREFUSED 127.0.0.1:6379'); },
      reset: async () => undefined,
      close: async () => undefined,
    };
    const app = await appWith(broken);
    for (let i = 0; i < 3; i++) expect((await app.inject({ method: 'GET', url: '/api/ping' })).statusCode).toBe(200);
    await app.close();
  });
});
