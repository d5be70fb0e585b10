import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { buildApp } from '../../../server/app';
import type { CaptchaGenerator } from '../../../server/auth/captcha-service';
import type { Clock } from '../../../server/auth/session-service';
import { loadConfig, type AppConfig } from '../../../server/config';
import { openDatabase, type Database, type DatabaseKind } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import type { RateLimitStore } from '../../../server/http/rate-limit-store';
import { seedDatabase } from '../../../server/seed/seed';
import { ramDir, TEST_SHARED_BUFFERS } from './ram-dir';

/** The databases every server suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export const BASIC_WEB = `Basic ${Buffer.from('web:web').toString('base64')}`;

/** A clock the test moves by hand. */
export function manualClock(start = new Date('2026-11-22T08:00:00Z')): Clock & { advance(ms: number): void; set(d: Date): void } {
  let now = start.getTime();
  const clock = (() => new Date(now)) as Clock & { advance(ms: number): void; set(d: Date): void };
  clock.advance = (ms) => { now += ms; };
  clock.set = (d) => { now = d.getTime(); };
  return clock;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  kind: DatabaseKind;
  /** The PostgreSQL database's address (for a connection of the test's own, as the weighing station has); none on PGlite. */
  databaseUrl?: string;
  /** Signs in and answers the access and refresh tokens. */
  login(username: string, password?: string, extra?: Record<string, string>): Promise<{ access: string; refresh: string; res: LightMyRequestResponse }>;
  /** Form-encoded POST to /api/oauth/token. */
  token(form: Record<string, string>, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: Clock;
  captcha?: CaptchaGenerator;
  config?: Partial<AppConfig>;
  rateLimitStore?: RateLimitStore;
  seed?: 'demo' | 'none';
}

/**
 * A fresh embedded database for one test app, its files removed on close: a copy of the run's data
 * directory (global-setup.ts), migrated and demo-seeded or only migrated.
 */
async function freshPglite(seeded: boolean): Promise<{ database: Database; remove(): void }> {
  const from = inject(seeded ? 'pgliteSeededDir' : 'pgliteMigratedDir');
  if (!from || !fs.existsSync(from)) throw new Error('no embedded data directory to copy: the server suites run with tests/server/support/global-setup.ts');
  const dir = fs.mkdtempSync(path.join(ramDir(), 'wb-test-db-'));
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  try {
    fs.cpSync(from, dir, { recursive: true });
    return { database: await openDatabase({ dataDir: dir, sharedBuffers: TEST_SHARED_BUFFERS }), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * A fresh PostgreSQL database for one test app, dropped on close: a clone of one of the run's templates
 * (migrated, demo-seeded or not) when there is one (global setup), else empty.
 */
async function freshPostgres(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL!;
  const name = `wb_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export async function createTestApp(kind: DatabaseKind, options: TestAppOptions = {}): Promise<TestApp> {
  const seedMode = options.seed ?? 'demo';
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  let databaseUrl: string | undefined;
  if (kind === 'pglite') {
    const fresh = await freshPglite(seedMode === 'demo');
    database = fresh.database;
    drop = async () => fresh.remove();
    if (seedMode !== 'demo') await seedDatabase(database.db, { mode: seedMode, adminPassword: 'Admin@2026' });
  } else {
    const template = inject(seedMode === 'demo' ? 'postgresTemplate' : 'postgresMigratedTemplate') || undefined;
    const fresh = await freshPostgres(template);
    drop = fresh.drop;
    databaseUrl = fresh.url;
    database = await openDatabase({ databaseUrl, poolSize: 4 });
    if (!template) await migrateToLatest(database.db);
    if (!template || seedMode !== 'demo') await seedDatabase(database.db, { mode: seedMode, adminPassword: 'Admin@2026' });
  }
  const config: AppConfig = { ...loadConfig({}), staticDir: undefined, logLevel: 'silent', ...options.config };
  const app = await buildApp({ config, database, clock: options.clock, captcha: options.captcha, rateLimitStore: options.rateLimitStore, logger: false });
  await app.ready();

  const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST', url: '/api/oauth/token',
      headers: { authorization: BASIC_WEB, 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(form).toString(),
    });

  return {
    app, database, kind, databaseUrl, token,
    async login(username, password = 'Demo@2026', extra = {}) {
      const res = await token({ grant_type: 'password', username, password, ...extra });
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
      const body = res.json();
      return { access: body.data.access_token, refresh: body.data.refresh_token, res };
    },
    async close() {
      await app.close();
      await database.close();
      await drop?.();
    },
  };
}

/** Authorization header for an access token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One app for a `describe` block, the administrator signed in, and calls to its API. */
export interface ResourceTestApp {
  /** The block's app (made before its first test, closed after its last). */
  readonly t: TestApp;
  /** The administrator's access token. */
  readonly admin: string;
  /** `/api{url}` as `token` (the administrator by default), `payload` the JSON body when given. */
  call(method: Method, url: string, payload?: unknown, token?: string): Promise<LightMyRequestResponse>;
}

/**
 * The set-up most server files repeated in each `describe`: an app on `kind` made before the tests and
 * closed after them, the administrator signed in, and a `call` helper. Keep the object (its `t` and
 * `admin` are there once the block's beforeAll ran); `call` may be taken out of it.
 */
export function resourceTestApp(kind: DatabaseKind, options: TestAppOptions = {}): ResourceTestApp {
  let app: TestApp | undefined;
  let admin = '';
  beforeAll(async () => {
    app = await createTestApp(kind, options);
    admin = (await app.login('admin')).access;
  });
  afterAll(async () => { await app?.close(); });
  const api: ResourceTestApp = {
    get t() {
      if (!app) throw new Error('resourceTestApp: the app is made in the block\'s beforeAll');
      return app;
    },
    get admin() { return admin; },
    call: (method, url, payload, token = admin) =>
      api.t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) }),
  };
  return api;
}

/**
 * One app for the tests of a `describe` block (building an app per test was most of a suite's time),
 * with the administrator signed in afresh for each test: `use` hands the test its app and the admin's
 * token before each test. `ownApp()` moves the current test to an app of its own, closed after it, for
 * a test that changes what every user of the app sees (a seeded menu, a role of the demo users).
 */
export function sharedTestApp(kind: DatabaseKind, use: (app: TestApp, admin: string) => void): { ownApp(): Promise<void> } {
  let shared: TestApp | undefined;
  let current: TestApp | undefined;
  const start = async (app: TestApp) => {
    current = app;
    use(app, (await app.login('admin')).access);
  };
  beforeAll(async () => { shared = await createTestApp(kind); });
  afterAll(async () => { await shared?.close(); });
  beforeEach(async () => { await start(shared!); });
  afterEach(async () => { if (current && current !== shared) await current.close(); });
  return { ownApp: async () => start(await createTestApp(kind)) };
}
