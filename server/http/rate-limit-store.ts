import { Redis } from 'ioredis';

export interface RateLimitHit { count: number; resetAt: number /* epoch ms */ }
export interface RateLimitStore {
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

function checkWindow(windowMs: number): number {
  if (!Number.isFinite(windowMs) || windowMs <= 0) throw new RangeError(`A rate-limit window must be a positive number of milliseconds (got ${windowMs})`);
  return Math.max(1, Math.ceil(windowMs)); // PEXPIRE takes whole milliseconds
}

/**
 * Fixed-window counters in this process's memory, bounded in size and swept when expired.
 * The Map is kept in the order windows were opened (a renewed window moves to the end), so the
 * front holds the oldest windows: making room is O(1) amortised even under a flood of new keys.
 */
export function createMemoryRateLimitStore(opts: { now?: () => number; maxKeys?: number } = {}): RateLimitStore {
  const now = opts.now ?? Date.now;
  const maxKeys = opts.maxKeys ?? 100_000;
  if (!Number.isInteger(maxKeys) || maxKeys < 1) throw new RangeError(`maxKeys must be a positive whole number (got ${maxKeys})`);
  const windows = new Map<string, RateLimitHit>();
  const sweep = () => {
    const t = now();
    for (const [k, v] of windows) if (v.resetAt <= t) windows.delete(k);
  };
  const timer = setInterval(sweep, 60_000);
  timer.unref();
  return {
    async hit(key, windowMs) {
      const ms = checkWindow(windowMs);
      const t = now();
      let w = windows.get(key);
      if (!w || w.resetAt <= t) {
        windows.delete(key);
        // make room: drop the oldest windows (expired ones first in practice, as they sit at the front)
        for (const k of windows.keys()) {
          if (windows.size < maxKeys) break;
          windows.delete(k);
        }
        w = { count: 0, resetAt: t + ms };
        windows.set(key, w);
      }
      w.count += 1;
      return { count: w.count, resetAt: w.resetAt };
    },
    async reset(key) { windows.delete(key); },
    async close() { clearInterval(timer); windows.clear(); },
  };
}

/** Our own constant script: count, set the expiry only for a new window, answer the count and time left. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

const LOST = new Set(['reconnecting', 'close', 'end']);

/** Counters shared by every API process through Redis: one atomic round trip per hit. */
export function createRedisRateLimitStore(url: string, opts: { prefix?: string } = {}): RateLimitStore {
  const prefix = opts.prefix ?? 'rl:';
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true, commandTimeout: 1000 }) as Redis & {
    rateLimitHit(key: string, windowMs: string): Promise<[number, number]>;
  };
  redis.on('error', () => { /* reported by the failing command */ });
  // a Lua script on the Redis server (ioredis sends it once, then by its SHA)
  redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  return {
    async hit(key, windowMs) {
      // once a connection was lost, a hit fails at once (the caller counts per process meanwhile)
      // rather than queueing behind reconnect attempts; only the first connection is waited for
      if (LOST.has(redis.status)) throw new Error(`Redis at ${redis.options.host}:${redis.options.port} is ${redis.status}`);
      const [count, ttl] = await redis.rateLimitHit(prefix + key, String(checkWindow(windowMs)));
      return { count: Number(count), resetAt: Date.now() + Number(ttl) };
    },
    async reset(key) { await redis.del(prefix + key); },
    async close() { await redis.quit().catch(() => redis.disconnect()); },
  };
}
