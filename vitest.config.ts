import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { nativeResizeObserver } from './vite.config.ts';

// The browser-side files share their worker's imports (isolate: false), so a module one of them
// replaces with vi.mock would stay replaced for the files after it: each file that mocks a module is
// named here and runs isolated, in the `web-mocks` project.
const MOCKING = ['src/shell/request/early-answers.test.ts', 'src/runtime/list/list-dialogs.test.tsx', 'src/designer/sql-source-page.test.tsx', 'src/shell/pages/page-modules.test.ts', 'src/shell/start.test.ts'];
// The server files share their worker's imports too; those that wait in real time for a simulated scale
// indicator over TCP (a value within 3 s) run isolated, in `server-devices`, in a process of their own:
// once, sharing a worker, the scale connection's waits ran out.
const DEVICES = ['server/weigh/station/scale-connection.test.ts', 'tests/server/weigh-cycle.test.ts', 'tests/server/weigh-two-process.test.ts'];
const SERVER = ['tests/server/**/*.test.ts', 'server/**/*.test.ts', 'src/schema/**/*.test.ts'];

export default defineConfig({
  plugins: [react()],
  resolve: { alias: nativeResizeObserver },
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
          include: SERVER,
          exclude: ['node_modules/**', ...DEVICES],
          globalSetup: ['tests/server/support/global-setup.ts'],
          // the suites share their worker's imports (each builds its own app and database, and none
          // replaces a module): loading the server's code anew for each of some hundred files took three
          // of the project's nine minutes on a 2-core machine
          isolate: false,
          setupFiles: ['tests/server/support/shared-worker.ts', 'tests/server/support/pg-one-query.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server-devices',
          environment: 'node',
          include: DEVICES,
          globalSetup: ['tests/server/support/global-setup.ts'],
          setupFiles: ['tests/server/support/pg-one-query.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.{ts,tsx}'],
          exclude: ['src/schema/**', 'tests/server/**', 'node_modules/**', ...MOCKING],
          setupFiles: ['tests/web-setup.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-mocks',
          environment: 'happy-dom',
          include: MOCKING,
          setupFiles: ['tests/web-setup.ts'],
        },
      },
    ],
  },
});
