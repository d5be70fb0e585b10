import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { kb } from './stats';

/** The chunks a chunk imports statically (`from"./x.js"`, `import"./x.js"`), as paths under dist/assets. */
const staticImports = (code: string) => [...code.matchAll(/(?:from|import)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)].map((m) => `assets/${m[1]}`);

/**
 * The JavaScript the sign-in route loads before the user signs in, gzipped: the entry script of
 * dist/index.html, the app it always imports (`boot`: React, antd, the shell and the login page, which
 * is not lazy) and every chunk those two import statically; not the pages loaded on demand.
 */
export async function benchLoginBundle(): Promise<void> {
  const dist = path.resolve('dist');
  if (!fs.existsSync(path.join(dist, 'index.html'))) {
    const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
    if (r.status !== 0) throw new Error('vite build failed');
  }
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entry = /<script type="module"[^>]*src="\/?(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!entry) throw new Error('dist/index.html has no entry script');
  const entryCode = fs.readFileSync(path.join(dist, entry), 'utf8');
  const boot = /import\(\s*["'`]\.\/(boot-[^"'`]+\.js)["'`]\s*\)/.exec(entryCode)?.[1];
  if (!boot) throw new Error(`the entry ${entry} does not import the app (boot-*.js)`);
  const closure = (roots: string[]) => {
    const files: string[] = [];
    for (const todo = [...roots]; todo.length;) {
      const f = todo.pop()!;
      if (files.includes(f)) continue;
      files.push(f);
      todo.push(...staticImports(fs.readFileSync(path.join(dist, f), 'utf8')));
    }
    return files;
  };
  const sizes = (files: string[]) => {
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      const buf = fs.readFileSync(path.join(dist, f));
      raw += buf.length;
      gz += zlib.gzipSync(buf, { level: 9 }).length;
    }
    return { raw, gz };
  };
  const files = closure([entry, `assets/${boot}`]);
  const { raw, gz } = sizes(files);
  // the page's sheets, and the app's own, which come with it (named in the entry's preload list)
  const sheets = [...html.matchAll(/href="\/?(assets\/[^"]+\.css)"/g), ...entryCode.matchAll(/["'`](assets\/boot-[^"'`]+\.css)["'`]/g)].map((m) => m[1]);
  // antd's styles written at build time come as two sheets, one per motion setting: a page applies one
  const antd = sheets.filter((f) => /\/antd-/.test(f)).map((f) => fs.readFileSync(path.join(dist, f)));
  const own = sheets.filter((f) => !/\/antd-/.test(f)).map((f) => fs.readFileSync(path.join(dist, f)));
  const cssGz = own.reduce((n, b) => n + zlib.gzipSync(b, { level: 9 }).length, 0);
  console.log(`sign-in route JavaScript: ${files.length} files, ${kb(raw)} raw, ${kb(gz)} gzipped (target ≤ 300 KB); CSS ${kb(cssGz)} gzipped`);
  // after signing in: the frame (basic-layout) and the home page, each loaded on demand, with what they import
  const onDemand = (name: string) => {
    const chunk = fs.readdirSync(path.join(dist, 'assets')).find((f) => new RegExp(`^${name}-[\\w-]+\\.js$`).test(f));
    if (!chunk) throw new Error(`no ${name} chunk in dist/assets`);
    return `assets/${chunk}`;
  };
  const home = closure([...files, onDemand('basic-layout'), onDemand('home-page')]);
  const homeSizes = sizes(home);
  console.log(`home route JavaScript (signed in: the sign-in route's, the frame and the home page): ${home.length} files, ${kb(homeSizes.raw)} raw, ${kb(homeSizes.gz)} gzipped`);
  // a template list opened from the menu: the frame, the menu page and the list page, with what they import (not the dialogs, loaded later)
  const list = closure([...files, onDemand('basic-layout'), onDemand('menu-page'), onDemand('template-list-page')]);
  const listSizes = sizes(list);
  const held = (name: string, mark: RegExp) => (list.some((f) => mark.test(fs.readFileSync(path.join(dist, f), 'utf8'))) ? name : null);
  // the form dialog by its chunk's name; re2js and @dnd-kit by names their code keeps when minified
  const heavy = [list.some((f) => /\/form-dialog-/.test(f)) ? 'the form dialog' : null, held('re2js', /RE2JS/), held('@dnd-kit', /DndDescribedBy/)].filter(Boolean);
  console.log(`template list route JavaScript (signed in: the frame, the menu page and the list page): ${list.length} files, ${kb(listSizes.raw)} raw, ${kb(listSizes.gz)} gzipped; ${heavy.length ? `holds ${heavy.join(', ')}` : 'without the form dialog, re2js or @dnd-kit'}`);
  for (const b of antd) console.log(`antd's styles written at build time, one sheet: ${kb(b.length)} raw, ${kb(zlib.gzipSync(b, { level: 9 }).length)} gzipped, ${kb(zlib.brotliCompressSync(b).length)} brotli`);
}
