/**
 * Compressed copies of the built assets (a Vite plugin): next to each script, stylesheet and picture
 * of `dist/assets` of 1 KB or more, a brotli (`.br`) and a gzip (`.gz`) copy made once at build time.
 * The server sends the copy the browser accepts (`preCompressed` in server/app.ts) and the file itself
 * to a client that accepts neither; the assets are cached for a year, so this is the cost of a first
 * visit after each release: the sign-in page's scripts go out as about a third of their bytes (704 KB as
 * 220 KB of brotli), which counts over a slow site network.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|wasm|ttf)$/;
const MIN_BYTES = 1024;

/** Writes `file.br` and `file.gz` beside each compressible file of `dir` (recursively); answers how many files. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) { count += precompressDir(file); continue; }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
    count++;
  }
  return count;
}

export function precompress(): Plugin {
  let assets = '';
  return {
    name: 'wb-precompress',
    apply: 'build',
    configResolved(config) { assets = path.join(path.resolve(config.root, config.build.outDir), config.build.assetsDir); },
    closeBundle() { if (fs.existsSync(assets)) precompressDir(assets); },
  };
}
