import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveValue } from '../../src/schema/weigh';
import { BASIC_WEB } from './support/test-app';

const base = process.env.TEST_DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../..');

interface Server { url: string; child: ChildProcess; owner: string }

function startServer(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<Server> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', SEED: 'demo', LOG_LEVEL: 'silent', STATIC_DIR: '/nonexistent', REDIS_URL: '', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 90_000);
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

async function login(server: Server, username: string): Promise<string> {
  const res = await fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: BASIC_WEB, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username, password: 'Demo@2026' }),
  });
  return (await res.json()).data.access_token;
}

/** Follows a scale's SSE stream on one process; `values` fills as they come. */
function follow(server: Server, token: string, scaleId: number) {
  const values: (LiveValue & { receivedAt: number })[] = [];
  const controller = new AbortController();
  const done = (async () => {
    const res = await fetch(`${server.url}/api/measure/weigh/live/${scaleId}`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buf = '';
    for (;;) {
      const { value, done: end } = await reader.read();
      if (end) return;
      buf += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const event = buf.slice(0, i);
        buf = buf.slice(i + 2);
        if (event.startsWith('data: ')) values.push({ ...JSON.parse(event.slice(6)), receivedAt: Date.now() });
      }
    }
  })().catch(() => undefined);
  return { values, stop: () => { controller.abort(); return done; } };
}

const until = async (test: () => boolean, ms: number) => {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
};

describe.skipIf(!base)('the weighing station on two API processes over one PostgreSQL', () => {
  let a: Server;
  let b: Server;
  const name = `wb_weigh_${crypto.randomBytes(5).toString('hex')}`;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(base!);
    u.pathname = `/${name}`;
    // A first, so that it owns every scale; then B.
    a = await startServer(u.toString());
    b = await startServer(u.toString());
  }, 180_000);

  afterAll(async () => {
    for (const s of [a, b]) s?.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 800));
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('reads each scale on exactly one process, delivers its values to the other, and hands it over within 5 s when the owner dies', async () => {
    const tokenB = await login(b, 'weigher');
    const scales = (await (await fetch(`${b.url}/api/measure/weigh/scales`, { headers: { authorization: `Bearer ${tokenB}` } })).json()).data as { id: number }[];
    expect(scales.length).toBe(2);
    const live = follow(b, tokenB, scales[0].id);
    await until(() => live.values.length >= 10, 10_000);
    // A started first and took every lock; B shows A's values (LISTEN/NOTIFY), B reads none itself
    expect(live.values.every((v) => v.owner.endsWith(a.owner))).toBe(true);
    const seqs = live.values.map((v) => v.seq);
    expect(new Set(seqs).size).toBe(seqs.length);

    a.child.kill('SIGKILL');
    const killedAt = Date.now();
    const takeover = await until(() => live.values.some((v) => v.owner.endsWith(b.owner) && !v.stale), 8000);
    expect(Date.now() - killedAt).toBeLessThan(5000);
    // from then on only B reads it
    const later = () => live.values.filter((v) => v.receivedAt > killedAt + takeover + 100);
    await until(() => later().length >= 5, 3000);
    expect(later().every((v) => v.owner.endsWith(b.owner))).toBe(true);
    await live.stop();
  }, 60_000);
});
