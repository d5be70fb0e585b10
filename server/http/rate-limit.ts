import type { FastifyInstance } from 'fastify';
import { MESSAGES } from './app-error';
import { failure } from './envelope';
import type { RateLimitStore } from './rate-limit-store';

const WINDOW_MS = 60_000;

/**
 * Fixed-window limit per client address. The address is Fastify's `request.ip`, which honours
 * X-Forwarded-For only when TRUST_PROXY names the proxy: a forged header gets no fresh bucket.
 */
export function registerRateLimit(app: FastifyInstance, store: RateLimitStore, limits: { perMinute: number; loginPerMinute: number }): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const login = request.routeOptions.config.rateLimitBucket === 'login';
    const max = login ? limits.loginPerMinute : limits.perMinute;
    if (max <= 0) return;
    const hit = await store.hit(`${login ? 'login' : 'api'}:${request.ip}`, WINDOW_MS);
    reply.header('x-ratelimit-limit', max);
    reply.header('x-ratelimit-remaining', Math.max(0, max - hit.count));
    if (hit.count > max) {
      reply.header('retry-after', Math.max(1, Math.ceil((hit.resetAt - Date.now()) / 1000)));
      return reply.status(429).send(failure('429', MESSAGES.tooFrequent));
    }
  });
  app.addHook('onClose', async () => { await store.close(); });
}
