import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from './bench/peer/measure.mjs';
import { E2E_PORT, E2E_WORKERS, serverURL } from './e2e/support/servers';

/** Each run starts the production server on fresh embedded databases: one server per worker. */
const runDir = path.join(os.tmpdir(), `wb-e2e-${Date.now()}`);

export default defineConfig({
  testDir: 'e2e',
  // test files run side by side, each worker on its own server and database (e2e/support/servers.ts)
  workers: E2E_WORKERS,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  outputDir: 'test-results',
  use: {
    // a test's `baseURL` is its worker's server (e2e/support/test.ts); this one is the first server's
    baseURL: serverURL(0),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // the app turns antd's animations off for a system that asks for reduced motion: the tests do not
    // wait for dialogs and menus to slide in and out (e2e/login.spec.ts checks a dialog both ways)
    reducedMotion: 'reduce',
    // a trace records every action's screenshots and page snapshots: a third of the suite's time on a
    // 2-core machine. A test that fails is run again (CI) with its trace kept; `--trace on` records all.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // the benchmarks' flags: headless, and none of the browser's own background work (its address-bar
      // pop-up, built for every new window, took a core for about a second while each test's page loaded)
      // and the compositor's GPU thread (software, headless) inside the browser's process instead of a
      // process of its own: three e2e files took 182–189 s instead of 207–210 (301–314 s of the machine's
      // CPU instead of 335–348); the benchmarks keep the separate process, as a user's browser has it
      args: [...CHROMIUM_ARGS, '--in-process-gpu'],
    },
  },
  // the weigh file waits on the simulated scale's truck cycles (about a minute and a half, mostly idle):
  // its project comes first, so that it starts at once on a worker of its own, and the other files run
  // two at a time beside it (files are handed out in the projects' order; last, it ran alone at the end
  // of the run). With one worker for the weigh file and one for the rest, the rest ran one file at a
  // time for that minute and a half while a core idled.
  projects: [
    { name: 'scale', testMatch: '**/e2e/weigh.spec.ts', workers: 1 },
    { name: 'screens', testIgnore: '**/e2e/weigh.spec.ts', workers: Math.max(1, E2E_WORKERS - 1) },
  ],
  // one command starts every worker's server side by side (Playwright would start them one after another,
  // each once the one before answers) and says when all of them answer
  webServer: {
    command: 'node e2e/support/start-servers.mjs',
    wait: { stdout: /e2e servers ready/ },
    timeout: 180_000,
    // SIGTERM, so that the servers' PostgreSQL databases of this run are dropped (start-servers.mjs)
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    stdout: 'pipe',
    env: { E2E_WORKERS: String(E2E_WORKERS), E2E_PORT: String(E2E_PORT), E2E_RUN_DIR: runDir, HOST: '127.0.0.1', SEED: 'demo', DATABASE_URL: '', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_MINUTE: '1000', DEV_AID: '1', WEIGH_SIMULATOR_CHEAT_EVERY: '1' },
  },
});
