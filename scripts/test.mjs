// `npm test`: type-check, lint, the vitest suites and the Playwright e2e suite. Runs every step,
// then prints one closing line `N passed, N failed` over all of them and exits non-zero on any failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const reports = path.join(root, '.test-reports');
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });
const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file);

let passed = 0;
let failed = 0;
let skipped = 0;
const summary = [];

function run(name, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

/** Runs a step beside others (its output is printed whole when it ends, so that steps do not interleave). */
function background(name, args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code) => {
      console.log(`\n=== ${name} ===`);
      process.stdout.write(Buffer.concat(out));
      const ok = code === 0;
      if (ok) passed += 1; else failed += 1;
      summary.push(`${name}: ${ok ? 'ok' : 'FAILED'} (${((Date.now() - started) / 1000).toFixed(1)}s)`);
      resolve();
    });
  });
}

// type-check and lint each keep one core busy: on two cores they run side by side
await Promise.all([
  background('type-check', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.json', '--noEmit']),
  background('lint', [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0']),
]);

const vitestJson = path.join(reports, 'vitest.json');
const vitest = run('vitest', [bin('vitest', 'vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (fs.existsSync(vitestJson)) {
  const r = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  // a file that failed to load has no failed test of its own: count it once
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed')).length;
  failed += r.numFailedTests + brokenFiles;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  summary.push(`vitest: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped (${vitest.seconds}s)`);
} else {
  failed += 1;
  summary.push('vitest: no report (the run crashed)');
}
if (!vitest.ok && failed === 0) { failed += 1; summary.push('vitest exited non-zero'); }

if (process.env.SKIP_E2E === '1') {
  summary.push('e2e: skipped (SKIP_E2E=1)');
} else {
  const build = run('build', [bin('vite', 'bin/vite.js'), 'build', '--logLevel', 'warn']);
  if (!build.ok) { failed += 1; summary.push('build: FAILED'); }
  const e2eJson = path.join(reports, 'e2e.json');
  const e2e = run('e2e (Playwright)', [bin('@playwright/test', 'cli.js'), 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: e2eJson });
  if (fs.existsSync(e2eJson)) {
    const s = JSON.parse(fs.readFileSync(e2eJson, 'utf8')).stats;
    passed += s.expected + (s.flaky ?? 0);
    failed += s.unexpected;
    skipped += s.skipped;
    summary.push(`e2e: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky ?? 0} flaky, ${s.skipped} skipped (${e2e.seconds}s)`);
    if (!e2e.ok && s.unexpected === 0) { failed += 1; summary.push('e2e exited non-zero'); }
  } else {
    failed += 1;
    summary.push('e2e: no report (the run crashed)');
  }
}

console.log('\n=== summary ===');
for (const line of summary) console.log(line);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
