import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { kb } from './stats';

/**
 * The JavaScript the sign-in route loads before the user signs in: the entry script of
 * dist/index.html and every module it preloads (the login page is not lazy), gzipped.
 */
export async function benchLoginBundle(): Promise<void> {
  const dist = path.resolve('dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of new Set(files)) {
    const buf = fs.readFileSync(path.join(dist, f));
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
  }
  const sheets = [...html.matchAll(/href="\/?(assets\/[^"]+\.css)"/g)].map((m) => m[1]);
  // antd's styles written at build time come as two sheets, one per motion setting: a page applies one
  const antd = sheets.filter((f) => /\/antd-/.test(f)).map((f) => fs.readFileSync(path.join(dist, f)));
  const own = sheets.filter((f) => !/\/antd-/.test(f)).map((f) => fs.readFileSync(path.join(dist, f)));
  const cssGz = own.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0);
  console.log(`sign-in route JavaScript: ${files.length} files, ${kb(raw)} raw, ${kb(gz)} gzipped (target ≤ 300 KB); CSS ${kb(cssGz)} gzipped`);
  for (const b of antd) console.log(`antd's styles written at build time, one sheet: ${kb(b.length)} raw, ${kb(zlib.gzipSync(b, { level: 9 }).length)} gzipped, ${kb(zlib.brotliCompressSync(b).length)} brotli`);
}
