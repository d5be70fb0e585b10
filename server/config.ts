import path from 'node:path';

/** Runtime configuration, read once from the environment (see README "Configuration"). */
export interface AppConfig {
  port: number;
  host: string;
  /** Folder of the embedded database and uploaded files. */
  dataDir: string;
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  databaseUrl?: string;
  /** demo: demo organisations, users and data; none: only the admin user. */
  seed: 'demo' | 'none';
  adminPassword?: string;
  /** OAuth client credentials accepted by /api/oauth/token (HTTP Basic). */
  clients: Record<string, string>;
  accessTokenTtlSec: number;
  refreshTokenTtlSec: number;
  /** Fastify trustProxy: false, true, or a comma list of addresses/CIDRs of trusted proxies. */
  trustProxy: boolean | string[];
  redisUrl?: string;
  /** Requests per client address per minute (all API routes). */
  rateLimitPerMinute: number;
  /** Sign-in attempts per client address per minute. */
  loginRateLimitPerMinute: number;
  /** Calls of the signed-out public screens' endpoints per client address per minute. */
  publicRateLimitPerMinute: number;
  /** Folder with the built UI (dist/). Served when present. */
  staticDir?: string;
  logLevel: string;
  versionCode: string;
  /** Time zone of local date-times (search ranges, daily figures). */
  timezone: string;
  /** Development aid: a 403 in the UI offers to register the missing permission (admins only). */
  devAid: boolean;
  /** CSP frame-src sources: the sites the /myiframe/* pages (menu entries with an http address) may show. */
  frameSources: string;
  /** `npm start` reads the enabled scales' indicators (their simulators on the demo data); off: no live weights. */
  weighStation: boolean;
  /** Every n-th simulated truck cheats (its weight jumps while it stands); 0: none. */
  simulatorCheatEvery: number;
  /** SQL data sources: statement and lock timeouts, and the planner cost above which a statement is refused before it runs. */
  sqlSource: { statementTimeoutMs: number; lockTimeoutMs: number; maxCost: number };
  /**
   * PEM of the Ed25519 public key authorisation codes are verified with; the key shipped in
   * server/licence/licence-public-key.pem when absent (not read from the environment: tests give theirs).
   */
  licencePublicKey?: string;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Configuration ${name} must be a non-negative whole number, got "${value}"`);
  return n;
}

function parseClients(value: string | undefined): Record<string, string> {
  const text = value && value.trim() !== '' ? value : 'web:web,lock:lock';
  const clients: Record<string, string> = {};
  for (const pair of text.split(',')) {
    const i = pair.indexOf(':');
    if (i <= 0) throw new Error(`OAUTH_CLIENTS must be id:secret pairs separated by commas, got "${pair}"`);
    clients[pair.slice(0, i).trim()] = pair.slice(i + 1).trim();
  }
  return clients;
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true' || value === '1') return true;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  const seedEnv = env.SEED?.trim();
  if (seedEnv && seedEnv !== 'demo' && seedEnv !== 'none') throw new Error(`SEED must be "demo" or "none", got "${seedEnv}"`);
  return {
    port: int(env.PORT, 8080, 'PORT'),
    host: env.HOST?.trim() || '127.0.0.1',
    dataDir: path.resolve(env.DATA_DIR?.trim() || './data'),
    databaseUrl,
    seed: (seedEnv as 'demo' | 'none' | undefined) ?? (databaseUrl ? 'none' : 'demo'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    clients: parseClients(env.OAUTH_CLIENTS),
    accessTokenTtlSec: int(env.ACCESS_TOKEN_TTL, 2 * 3600, 'ACCESS_TOKEN_TTL'),
    refreshTokenTtlSec: int(env.REFRESH_TOKEN_TTL, 7 * 24 * 3600, 'REFRESH_TOKEN_TTL'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    redisUrl: env.REDIS_URL?.trim() || undefined,
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 1200, 'RATE_LIMIT_PER_MINUTE'),
    loginRateLimitPerMinute: int(env.LOGIN_RATE_LIMIT_PER_MINUTE, 60, 'LOGIN_RATE_LIMIT_PER_MINUTE'),
    publicRateLimitPerMinute: int(env.PUBLIC_RATE_LIMIT_PER_MINUTE, 120, 'PUBLIC_RATE_LIMIT_PER_MINUTE'),
    staticDir: env.STATIC_DIR?.trim() || path.resolve('dist'),
    logLevel: env.LOG_LEVEL?.trim() || 'info',
    versionCode: env.VERSION_CODE?.trim() || '0.1.0',
    timezone: env.TIMEZONE?.trim() || 'Asia/Shanghai',
    devAid: env.DEV_AID === '1' || env.DEV_AID === 'true',
    frameSources: parseFrameSources(env.FRAME_SOURCES),
    weighStation: env.WEIGH_STATION !== '0' && env.WEIGH_STATION !== 'false',
    simulatorCheatEvery: int(env.WEIGH_SIMULATOR_CHEAT_EVERY, 0, 'WEIGH_SIMULATOR_CHEAT_EVERY'),
    sqlSource: {
      statementTimeoutMs: Math.max(100, int(env.SQL_SOURCE_TIMEOUT_MS, 5000, 'SQL_SOURCE_TIMEOUT_MS')),
      lockTimeoutMs: int(env.SQL_SOURCE_LOCK_TIMEOUT_MS, 1000, 'SQL_SOURCE_LOCK_TIMEOUT_MS'),
      maxCost: Math.max(1, int(env.SQL_SOURCE_MAX_COST, 2_000_000, 'SQL_SOURCE_MAX_COST')),
    },
  };
}

/** CSP source expressions separated by spaces (`https:`, `https://bi.example.com`, `'none'`): nothing that ends the directive. */
function parseFrameSources(value: string | undefined): string {
  const sources = (value ?? '').trim().split(/\s+/).filter(Boolean);
  if (sources.length === 0) return 'https: http:';
  const bad = sources.find((s) => !/^('none'|'self'|[A-Za-z][A-Za-z0-9+.-]*:(\/\/[A-Za-z0-9*.:-]+(\/[A-Za-z0-9._~/-]*)?)?|[A-Za-z0-9*.-]+(:\d+)?)$/.test(s));
  if (bad) throw new Error(`FRAME_SOURCES must be CSP sources separated by spaces (https:, https://host, 'none'), got "${bad}"`);
  return sources.join(' ');
}
