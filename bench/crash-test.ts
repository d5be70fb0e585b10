import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run crash-test`: writes purchase notices with lines to a server on an embedded database,
 * `kill -9`s it mid-write, restarts it at once on the same data directory, and checks that every
 * write the server acknowledged is there with all its lines and that no document is half-written
 * (a notice's code carries its line count; every notice of the run, acknowledged or not, must have
 * exactly that many lines, and no line may be left without its notice). Kills only the server it
 * started. Prints the figures; exits 1 if a write was lost or half-written.
 *
 * CRASH_ROUNDS (5), CRASH_PORT (8142), CRASH_WRITERS (4 concurrent writers), CRASH_WRITE_MS (how long
 * each round writes before the kill, 3000).
 */
const root = path.resolve(import.meta.dirname, '..');
const rounds = Number(process.env.CRASH_ROUNDS ?? 5);
const port = Number(process.env.CRASH_PORT ?? 8142);
const writers = Number(process.env.CRASH_WRITERS ?? 4);
const writeMs = Number(process.env.CRASH_WRITE_MS ?? 3000);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-crash-'));

interface Acknowledged { id: number; code: string; lines: string[] }
interface Notice { id: number; noticeCode: string; children: { pu_notice_line: { planQty: string; noticeId: number }[] } }

function startServer(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SEED: 'demo', LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '0', LOGIN_RATE_LIMIT_PER_MINUTE: '0',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString(); });
  child.once('exit', (code, signal) => {
    if (signal !== 'SIGKILL' && code !== 0) console.error(`server exited with ${code ?? signal}: ${stderr.trim()}`);
  });
  return child;
}

/** Polls /api/health until the server answers; fails if the child exits first. */
async function waitReady(child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch { /* not listening yet */ }
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: 'admin', password: 'Demo@2026' }),
  });
  const body = await res.json() as { data?: { access_token?: string }; msg?: string };
  if (!body.data?.access_token) throw new Error(`sign-in failed: ${res.status} ${body.msg}`);
  return body.data.access_token;
}

async function api<T>(token: string, method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; success: boolean; data: T; msg: string }> {
  const res = await fetch(`${base}/api${url}`, {
    method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json() as { success: boolean; data: T; msg: string };
  return { status: res.status, ...json };
}

/** Every notice of the run (codes start with CR-) with its lines, and the number of lines of the whole table. */
async function readBack(token: string): Promise<{ notices: Notice[]; totalLines: number }> {
  const notices: Notice[] = [];
  for (let pn = 1; ; pn++) {
    const page = await api<{ list: { id: number }[]; total: number }>(token, 'POST', '/purorder/pu-notice/list', {
      search: [{ key: 'noticeCode', op: 'like', val: 'CR-' }], limit: { pn, ps: 500 },
    });
    if (!page.success) throw new Error(`list failed: ${page.msg}`);
    for (const row of page.data.list) {
      const detail = await api<Notice>(token, 'GET', `/purorder/pu-notice/detail/${row.id}`);
      notices.push(detail.data);
    }
    if (page.data.list.length < 500) break;
  }
  const lines = await api<{ total: number }>(token, 'POST', '/purorder/pu-notice-line/list', { limit: { pn: 1, ps: 1 } });
  return { notices: notices.filter((n) => n.noticeCode.startsWith('CR-')), totalLines: Number(lines.data.total) };
}

let child: ChildProcess | undefined;

async function main(): Promise<void> {
  console.log(`crash test: ${rounds} rounds, ${writers} writers, ${writeMs} ms of writes per round, data in ${dataDir}, port ${port}`);
  child = startServer();
  await waitReady(child);
  let token = await signIn();
  const baselineLines = (await readBack(token)).totalLines;
  const acknowledged = new Map<string, Acknowledged>();
  const restartMs: number[] = [];
  let attempts = 0;
  let refused = 0;

  for (let round = 1; round <= rounds; round++) {
    let stop = false;
    const writer = async (w: number) => {
      for (let n = 1; !stop; n++) {
        const lineCount = 1 + ((round + w + n) % 5);
        const code = `CR-${round}-${w}-${n}-L${lineCount}`;
        const lines = Array.from({ length: lineCount }, (_, i) => `${n}.${i}`);
        attempts++;
        try {
          const res = await api<{ id: number }>(token, 'POST', '/purorder/pu-notice/create', {
            noticeCode: code, vendorName: '山西恒通矿业有限公司', materialName: '原煤',
            children: { pu_notice_line: lines.map((planQty) => ({ invName: '原煤', planQty })) },
          });
          if (res.success) acknowledged.set(code, { id: res.data.id, code, lines });
          else refused++;
        } catch {
          return; // the server is gone: this write was never acknowledged
        }
      }
    };
    const running = Array.from({ length: writers }, (_, w) => writer(w + 1));
    await new Promise((r) => setTimeout(r, writeMs * (0.7 + Math.random() * 0.6)));
    const killedAt = performance.now();
    child.kill('SIGKILL'); // our own child only
    stop = true;
    const killed = child;
    await Promise.all(running);
    // restart at once, as a supervisor would: the killed process may not even be reaped yet
    child = startServer();
    await waitReady(child);
    if (killed.exitCode === null && killed.signalCode === null) console.log('  (restarted before the killed process was reaped)');
    restartMs.push(performance.now() - killedAt);
    token = await signIn();
    const { notices, totalLines } = await readBack(token);
    const byCode = new Map(notices.map((n) => [n.noticeCode, n]));
    const lost = [...acknowledged.values()].filter((a) => {
      const n = byCode.get(a.code);
      return !n || n.id !== a.id || n.children.pu_notice_line.map((l) => Number(l.planQty)).join() !== a.lines.map(Number).join();
    });
    const halfWritten = notices.filter((n) => n.children.pu_notice_line.length !== Number(/-L(\d+)$/.exec(n.noticeCode)?.[1]));
    const orphanLines = totalLines - baselineLines - notices.reduce((sum, n) => sum + n.children.pu_notice_line.length, 0);
    console.log(`round ${round}: acknowledged ${acknowledged.size} so far, found ${notices.length} (${notices.length - acknowledged.size} in flight at the kill), lost ${lost.length}, half-written ${halfWritten.length}, orphan lines ${orphanLines}, restart ${restartMs.at(-1)!.toFixed(0)} ms`);
    if (lost.length || halfWritten.length || orphanLines !== 0) {
      for (const a of lost.slice(0, 5)) console.error(`  lost: ${a.code} (id ${a.id})`);
      for (const n of halfWritten.slice(0, 5)) console.error(`  half-written: ${n.noticeCode} has ${n.children.pu_notice_line.length} lines`);
      process.exitCode = 1;
      return;
    }
  }
  if (acknowledged.size === 0) throw new Error(`no write was acknowledged (${refused} refused): the crash test proved nothing`);
  const { notices } = await readBack(token);
  const sorted = [...restartMs].sort((a, b) => a - b);
  console.log('');
  console.log(`rounds ${rounds}; write attempts ${attempts} (${refused} refused with an answer); acknowledged ${acknowledged.size}; found ${notices.length}; lost 0; half-written 0`);
  console.log(`restart after kill -9 (to /api/health answering): min ${sorted[0].toFixed(0)} ms, median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`);
  const last = child;
  last.kill('SIGTERM');
  if (last.exitCode === null) await new Promise((r) => last.once('exit', r));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  })
  .finally(() => {
    // stop our server (only the child we started); the data directory is left for a look when a round failed
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
