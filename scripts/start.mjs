// `npm start`: build the UI when dist/ is missing or older than its sources, then run the API
// server, which serves dist/ and /api on one port.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const built = path.join(root, 'dist', 'index.html');
const sources = ['src', 'build', 'index.html', 'vite.config.ts', 'public', 'package-lock.json'].map((p) => path.join(root, p));
const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
if (!builtAt || Math.max(...sources.map(newestMtime)) > builtAt) {
  console.log('Building the web UI (vite build)…');
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
// BUILD_ONLY=1: the UI brought up to date, no server (the e2e suite builds once, then starts its servers side by side)
if (process.env.BUILD_ONLY === '1') process.exit(0);

const { register } = await import('tsx/esm/api');
register();
await import('../server/main.ts');
