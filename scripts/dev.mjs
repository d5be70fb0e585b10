// `npm run dev`: the API in watch mode on API_PORT (default 8080) and Vite with HMR on 5173,
// which proxies /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.API_PORT ?? '8080';
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', '--watch-path=server', '--watch-path=src/schema', 'server/main.ts'], {
    cwd: root, stdio: 'inherit', env: { ...process.env, PORT: apiPort, STATIC_DIR: '/nonexistent' },
  }),
  spawn(process.execPath, [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: root, stdio: 'inherit', env: { ...process.env, API_PORT: apiPort },
  }),
];
const stop = () => { for (const c of children) c.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
