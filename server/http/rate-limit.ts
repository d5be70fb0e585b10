import type { FastifyInstance } from 'fastify';
import { MESSAGES } from './app-error';
import { failure } from './envelope';
import type { RateLimitStore } from './rate-limit-store';

const WINDOW_MS = 60_000;
/** After a store failure, how long before the next failure is logged again. */
const STORE_ERROR_LOG_MS = 60_000;

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
export function registerRateLimit(app: FastifyInstance, store: RateLimitStore, limits: { perMinute: number; loginPerMinute: number }): void {
  let lastStoreError = 0;
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const login = request.routeOptions.config.rateLimitBucket === 'login';
    const max = login ? limits.loginPerMinute : limits.perMinute;
    if (max <= 0) return;
    let hit: Awaited<ReturnType<RateLimitStore['hit']>>;
    try {
      hit = await store.hit(`${login ? 'login' : 'api'}:${clientBucket(request.ip)}`, WINDOW_MS);
    } catch (error) {
      // a shared store that is down must not take the API down with it: let the call through, say so in the log
      const now = Date.now();
      if (now - lastStoreError > STORE_ERROR_LOG_MS) {
        lastStoreError = now;
        request.log.error({ err: error }, 'rate-limit store unavailable; requests pass unlimited until it is back');
      }
      return;
    }
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - hit.count));
    if (hit.count > max) {
      reply.header('retry-after', Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000)));
      return reply.status(429).send(failure('429', MESSAGES.tooFrequent));
    }
  });
  app.addHook('onClose', async () => { await store.close(); });
}
