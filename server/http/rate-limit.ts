import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { MESSAGES } from './app-error';
import { failure } from './envelope';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';

const WINDOW_MS = 60_000;
/** After a store failure, how long before the next failure is logged again. */
const STORE_ERROR_LOG_MS = 60_000;
/** After a store failure, how long the process counts on its own before it asks the shared store again. */
const STORE_RETRY_MS = 5_000;

/**
 * The bucket of a client address: IPv4 addresses as they are, IPv6 addresses by their /64 prefix
 * (one subscriber usually holds a whole /64 and could rotate through it for fresh buckets).
 */
export function clientBucket(ip: string): string {
  const v4mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4mapped) return v4mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.split('%')[0].toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => (g.replace(/^0+(?=.)/, '') || '0')).join(':')}::/64`;
}

/**
 * Fixed-window limit per client address. The address is Fastify's `request.ip`, which honours
 * X-Forwarded-For only when TRUST_PROXY names the proxy: a forged header gets no fresh bucket.
 */
export function registerRateLimit(app: FastifyInstance, store: RateLimitStore, limits: { perMinute: number; loginPerMinute: number; publicPerMinute?: number }): void {
  // A shared store (Redis) that is down must neither take the API down nor lift the limits: the
  // process counts on its own meanwhile, says so once a minute, and asks the shared store again
  // after a few seconds (so a store that hangs costs one timeout per retry, not one per request).
  const local = createMemoryRateLimitStore();
  let sharedDownUntil = 0;
  let lastStoreError = 0;
  const hitShared = async (key: string, log: FastifyBaseLogger) => {
    if (Date.now() < sharedDownUntil) return undefined;
    try {
      return await store.hit(key, WINDOW_MS);
    } catch (error) {
      const now = Date.now();
      sharedDownUntil = now + STORE_RETRY_MS;
      if (now - lastStoreError >= STORE_ERROR_LOG_MS) {
        lastStoreError = now;
        log.warn({ err: error }, 'rate-limit store unavailable; counting per process until it is back');
      }
      return undefined;
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const bucket = request.routeOptions.config.rateLimitBucket ?? 'api';
    const max = bucket === 'login' ? limits.loginPerMinute : bucket === 'public' ? limits.publicPerMinute ?? limits.perMinute : limits.perMinute;
    if (max <= 0) return;
    const key = `${bucket}:${clientBucket(request.ip)}`;
    const hit = (await hitShared(key, request.log)) ?? (await local.hit(key, WINDOW_MS));
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - hit.count));
    if (hit.count > max) {
      reply.header('retry-after', Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000)));
      return reply.status(429).send(failure('429', MESSAGES.tooFrequent));
    }
  });
  app.addHook('onClose', async () => { await Promise.all([store.close(), local.close()]); });
}
