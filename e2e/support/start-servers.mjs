// The e2e suite's servers (playwright.config.ts): the UI built once when older than its sources, then
// one production server per worker (`node scripts/start.mjs`, each on a fresh embedded database of its
// own), started side by side — each takes about 13 s to migrate and seed its database, mostly on one
// core. Prints `e2e servers ready` once every one answers its health check; exits when one of them does.
import { spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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

const built = spawnSync(process.execPath, [start], { stdio: 'inherit', env: { ...process.env, BUILD_ONLY: '1' } });
if (built.status !== 0) process.exit(built.status ?? 1);

const children = Array.from({ length: count }, (_, i) => {
  const child = spawn(process.execPath, [start], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, PORT: String(firstPort + i), DATA_DIR: path.join(runDir, String(i)) },
  });
  child.on('exit', (code, signal) => {
    console.error(`the e2e server on port ${firstPort + i} exited (${signal ?? code})`);
    for (const other of children) other.kill('SIGKILL');
    process.exit(1);
  });
  return child;
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => { for (const child of children) child.kill('SIGKILL'); process.exit(0); });

const healthy = async (port) => {
  try { return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok; } catch { return false; }
};
for (let i = 0; i < count; i++) {
  while (!(await healthy(firstPort + i))) await new Promise((r) => setTimeout(r, 250));
}
console.log(`e2e servers ready: ${count}`);
