import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // vitest's default is one worker fewer than the cores: one on a 2-core machine, so no file ran
    // beside another while the other core idled (a server suite waits on PGlite's thread, PostgreSQL or
    // child processes much of the time)
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts', 'server/**/*.test.ts', 'src/schema/**/*.test.ts'],
          globalSetup: ['tests/server/support/global-setup.ts'],
          // the server suites hold no module state between files (each test builds its own app and
          // database), so a worker imports the server once instead of once per file (2.6 s × ~100
          // files) and keeps its warmed-up code; the web suites stay isolated (happy-dom, runtime caches)
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          exclude: ['src/schema/**', 'tests/server/**', 'node_modules/**'],
          setupFiles: ['tests/web-setup.ts'],
        },
      },
    ],
  },
});
