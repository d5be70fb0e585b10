// The e2e suite's servers (playwright.config.ts): the UI built once when older than its sources, then
// one production server per worker (`node scripts/start.mjs`, each on a fresh database of its own),
// started side by side — each takes about 13 s to migrate and seed its database, mostly on one core.
// Prints `e2e servers ready` once every one answers its health check; exits when one of them does.
//
// The first server runs on an embedded database (PGlite), as `npm start` does. With TEST_DATABASE_URL
// (CI sets it), the others run on that PostgreSQL server, each in a database made for this run and
// dropped after it, as a site with several API processes over one database runs: the browser tests
// cover both deployments (which test meets which is the order Playwright hands files out), and the
// PostgreSQL server answers with less of the machine's CPU than the embedded one, which shares it with
// the browser.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const start = path.join(root, 'scripts', 'start.mjs');
const count = Number(process.env.E2E_WORKERS);
const firstPort = Number(process.env.E2E_PORT);
const runDir = process.env.E2E_RUN_DIR;
if (!count || !firstPort || !runDir) throw new Error('E2E_WORKERS, E2E_PORT and E2E_RUN_DIR are required');

const taken = (port) => new Promise((resolve) => {
  const socket = net.connect(port, '127.0.0.1').on('connect', () => { socket.destroy(); resolve(true); }).on('error', () => resolve(false));
});
for (let i = 0; i < count; i++) {
  if (await taken(firstPort + i)) {
    console.error(`port ${firstPort + i} is already in use: stop what listens there first`);
    process.exit(1);
  }
}

const postgres = process.env.TEST_DATABASE_URL;
/** This run's database names on the PostgreSQL server: `wb_e2e_<this process>_<server>`. */
const PREFIX = 'wb_e2e_';
async function onPostgres(text) {
  const client = new pg.Client({ connectionString: postgres });
  await client.connect();
  try { return (await client.query(text)).rows; } finally { await client.end(); }
}
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch (error) { return error.code === 'EPERM'; } };
/** Drops the databases of earlier runs whose process is gone (a run stopped by SIGKILL leaves its own). */
async function dropStale() {
  const rows = await onPostgres(`select datname from pg_database where datname like '${PREFIX}%'`);
  for (const { datname } of rows) {
    const pid = Number(/^wb_e2e_(\d+)_\d+$/.exec(datname)?.[1]);
    if (pid && !alive(pid)) await onPostgres(`drop database if exists "${datname}" with (force)`);
  }
}
const databaseOf = (i) => `${PREFIX}${process.pid}_${i}`;
const urlOf = (name) => {
  const url = new URL(postgres);
  url.pathname = `/${name}`;
  return url.toString();
};
const ours = postgres ? Array.from({ length: count - 1 }, (_, i) => databaseOf(i + 1)) : [];
if (postgres) {
  await dropStale();
  for (const name of ours) await onPostgres(`create database "${name}"`);
}

const built = spawnSync(process.execPath, [start], { stdio: 'inherit', env: { ...process.env, BUILD_ONLY: '1' } });
if (built.status !== 0) process.exit(built.status ?? 1);

const children = Array.from({ length: count }, (_, i) => {
  const child = spawn(process.execPath, [start], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(firstPort + i), DATA_DIR: path.join(runDir, String(i)), DATABASE_URL: postgres && i > 0 ? urlOf(databaseOf(i)) : '' },
  });
  child.on('exit', (code, signal) => {
    console.error(`the e2e server on port ${firstPort + i} exited (${signal ?? code})`);
    for (const other of children) other.kill('SIGKILL');
    process.exit(1);
  });
  return child;
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    for (const child of children) { child.removeAllListeners('exit'); child.kill('SIGKILL'); }
    await Promise.all(children.map((child) => (child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : undefined)));
    for (const name of ours) await onPostgres(`drop database if exists "${name}" with (force)`).catch(() => undefined);
    process.exit(0);
  });
}

const healthy = async (port) => {
  try { return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok; } catch { return false; }
};
for (let i = 0; i < count; i++) {
  while (!(await healthy(firstPort + i))) await new Promise((r) => setTimeout(r, 250));
}
console.log(`e2e servers ready: ${count}`);
