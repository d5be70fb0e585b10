import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { BASIC_WEB } from './test-app';

/** The suites that run the API as real processes over one PostgreSQL (two-process, weigh-two-process). */
const root = path.resolve(import.meta.dirname, '../../..');

export interface ApiProcess { url: string; child: ChildProcess; /** `:pid`, the end of the owner a scale's values carry */ owner: string }

/** Starts `server/main.ts` on a free port over `databaseUrl` (demo seed, no Redis) and answers once it listens. */
export function startApiProcess(databaseUrl: string, extraEnv: Record<string, string> = {}, timeoutMs = 90_000): Promise<ApiProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', SEED: 'demo', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', REDIS_URL: '', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = out.match(/running at (http:\/\/127\.0\.0\.1:\d+)/);
      if (m) { clearTimeout(timer); resolve({ url: m[1], child, owner: `:${child.pid}` }); }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited with ${code}: ${out}`)); });
  });
}

/** Stops the processes and waits until each has exited (at most `graceMs`), so that their database can be dropped. */
export async function stopApiProcesses(processes: (ApiProcess | undefined)[], graceMs = 2000): Promise<void> {
  await Promise.all(processes.map((p) => {
    if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return undefined;
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, graceMs);
      p.child.once('exit', () => { clearTimeout(timer); resolve(); });
      p.child.kill('SIGTERM');
    });
  }));
}

async function admin(base: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try { await client.query(text); } finally { await client.end(); }
}

/**
 * A PostgreSQL database of the suite's own next to `base`: empty, or a clone of the run's migrated and
 * demo-seeded template (global setup) when `template` is given. Answers its URL and how to drop it.
 */
export async function suiteDatabase(base: string, prefix: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(5).toString('hex')}`;
  await admin(base, template ? `create database ${name} template ${template}` : `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(base, `drop database if exists ${name} with (force)`) };
}

/** Signs in over HTTP with the password grant. */
export async function passwordLogin(server: ApiProcess, username: string, password = 'Demo@2026'): Promise<{ status: number; body: { data: { access_token: string } } & Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: BASIC_WEB, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password }),
  });
  return { status: res.status, body: await res.json() };
}
