import { afterAll, vi } from 'vitest';

/**
 * Run before each server file in a worker the files share (`isolate: false`): whatever a file did to
 * the worker's clock, spies or environment is undone when it ends, so that the next file starts as it
 * would in a worker of its own.
 */
afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});
