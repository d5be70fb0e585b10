import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { chromium, type Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { seedDatabase } from '../server/seed/seed';
import { CHROMIUM_ARGS } from './peer/measure.mjs';
import { percentile } from './stats';

export interface BenchServer { base: string; database: Database; app: FastifyInstance; token: string; close(): Promise<void> }

/** An in-memory demo database, the API on a loopback port, and a signed-in weigher. */
export async function startBenchServer(prepare?: (database: Database) => Promise<void>): Promise<BenchServer> {
  const database = await openDatabase({ memory: {} });
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { mode: 'demo' });
  await prepare?.(database);
  const config = { ...loadConfig({}), staticDir: undefined, logLevel: 'silent', rateLimitPerMinute: 0, loginRateLimitPerMinute: 0 };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const login = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'weigher', password: 'Demo@2026' }),
  });
  const token = (await login.json()).data.access_token as string;
  return { base, database, app, token, close: async () => { await app.close(); await database.close(); } };
}

/** One HTTP call of a load run, as data (it is made in the load thread). */
export interface BenchCall { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }

/**
 * Runs `requests` calls through `concurrency` callers and answers every call's time in ms. The
 * callers run in a worker thread (bench/load-worker.mjs): the HTTP client's own work does not
 * queue on the server's event loop, as it would not with real callers on other machines.
 */
export async function loadTimes(requests: number, concurrency: number, call: BenchCall): Promise<number[]> {
  const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), {
    workerData: { requests, concurrency, url: call.url, method: call.method ?? 'GET', headers: call.headers ?? {}, body: call.body },
  });
  const [answer] = (await once(worker, 'message')) as [{ times: number[]; failure: string | null }];
  await worker.terminate();
  if (answer.failure) throw new Error(answer.failure);
  return answer.times;
}

/** Runs `requests` calls through `concurrency` callers (in the load thread); answers p50, p95, p99 in ms. */
export async function measure(requests: number, concurrency: number, call: BenchCall): Promise<{ p50: number; p95: number; p99: number }> {
  const times = await loadTimes(requests, concurrency, call);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

/** The built app (built first if dist/ is missing) on a demo database, and headless Chromium: for the in-browser benchmarks. */
export async function startUiBench(): Promise<{ base: string; browser: Browser; close(): Promise<void> }> {
  const root = path.resolve(import.meta.dirname, '..');
  if (!fs.existsSync(path.join(root, 'dist', 'index.html'))) {
    spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit', cwd: root });
  }
  const database = await openDatabase({ memory: {} });
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { mode: 'demo' });
  const config = { ...loadConfig({}), staticDir: path.join(root, 'dist'), logLevel: 'silent', rateLimitPerMinute: 0, loginRateLimitPerMinute: 0 };
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  return { base, browser, close: async () => { await browser.close(); await app.close(); await database.close(); } };
}
