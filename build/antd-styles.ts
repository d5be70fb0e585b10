/**
 * antd's styles written at build time (a Vite plugin).
 *
 * antd and Formily's antd components write each component's CSS from the theme the first time the
 * component renders: on opening the application, about half a second of script on a two-core machine
 * before the first screen shows, and more on each screen that shows a component for the first time.
 * The build does it once instead: it draws, in Node, every antd component and Formily component the
 * application's code imports (`build/antd-styles-render.ts`), under the shell's theme and style
 * transformers, once with motion and once without, and links the two stylesheets ahead of the
 * application's own CSS, each for its `prefers-reduced-motion` media (the theme the shell picks); the
 * one for reduced motion disabled, so that it is fetched only where the entry enables it
 * (`src/shell/motion-sheet.ts`). Each
 * ends with antd's map of the styles it holds, which antd reads when it first needs a style: a style the
 * sheet holds is not written again; one it lacks (a component drawn only inside another's pop-up, say)
 * is written at run time as before. `npm run dev` writes every style at run time.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The names a source file imports from `pkg`: `import { A, B as C, type D } from 'pkg'` gives A and B. */
export function importedNames(source: string, pkg: string): string[] {
  const names: string[] = [];
  const quoted = pkg.replace(/[/\\^$*+?.()|[\]{}-]/g, '\\$&');
  for (const m of source.matchAll(new RegExp(`import\\s*(?:type\\s*)?\\{([^}]*)\\}\\s*from\\s*['"]${quoted}['"]`, 'g'))) {
    if (/^import\s*type/.test(m[0])) continue;
    for (const part of m[1].split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0].trim();
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

/** Every `.ts` / `.tsx` file under `dir` but tests. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The antd and Formily names the application imports, sorted (so that the stylesheets are the same build after build). */
export function usedComponents(srcDir: string): { antd: string[]; formily: string[] } {
  const antd = new Set<string>();
  const formily = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    const source = fs.readFileSync(file, 'utf8');
    for (const name of importedNames(source, 'antd')) antd.add(name);
    for (const name of importedNames(source, '@formily/antd-v5')) formily.add(name);
  }
  return { antd: [...antd].sort(), formily: [...formily].sort() };
}

interface Sheet { fileName: string; css: string; media: string; reducedMotion: boolean }

export function antdStyles(): Plugin {
  let root = '';
  let assetsDir = 'assets';
  let sheets: Sheet[] = [];
  return {
    name: 'wb-antd-styles',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      assetsDir = config.build.assetsDir;
    },
    async buildStart() {
      // loaded here, not with the configuration: the test runner reads that configuration too
      const { renderAntdStyles } = await import('./antd-styles-render.ts');
      const used = usedComponents(path.join(root, 'src'));
      sheets = ([false, true] as const).map((reducedMotion) => {
        const { css, media, styles, skipped } = renderAntdStyles(used.antd, used.formily, reducedMotion);
        const hash = crypto.createHash('sha256').update(css).digest('hex').slice(0, 8);
        const name = reducedMotion ? 'antd-reduced-motion' : 'antd';
        if (!reducedMotion) {
          this.info(`antd's styles written at build time: ${styles} styles, ${Math.round(css.length / 1024)} KB a sheet${skipped.length ? `; drawn at run time only: ${skipped.join(', ')}` : ''}`);
        }
        return { fileName: `${assetsDir}/${name}-${hash}.css`, css, media, reducedMotion };
      });
      for (const sheet of sheets) this.emitFile({ type: 'asset', fileName: sheet.fileName, source: sheet.css });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => sheets.map((sheet) => ({
        tag: 'link',
        // the reduced-motion sheet disabled: neither fetched nor parsed unless the entry enables it
        // (src/shell/motion-sheet.ts), on a system that asks for reduced motion
        attrs: { rel: 'stylesheet', href: `/${sheet.fileName}`, media: sheet.media, ...(sheet.reducedMotion ? { disabled: true } : {}) },
        injectTo: 'head-prepend' as const,
      })),
    },
  };
}
