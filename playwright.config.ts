import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8090);
/** Each run starts the production server on a fresh embedded database. */
const dataDir = path.join(os.tmpdir(), `wb-e2e-${Date.now()}`);

export default defineConfig({
  testDir: 'e2e',
  workers: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  outputDir: 'test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'demo', DATABASE_URL: '', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000', LOGIN_RATE_LIMIT_PER_MINUTE: '1000', DEV_AID: '1', WEIGH_SIMULATOR_CHEAT_EVERY: '1' },
  },
});
