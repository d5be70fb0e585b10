// The suite's `test`: Playwright's, with `baseURL` set to the server of the worker that runs the test
// (see servers.ts). Every spec imports `test` and `expect` from here.
import { test as base } from '@playwright/test';
import { serverURL } from './servers';

export * from '@playwright/test';

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use, testInfo) => {
    await use(serverURL(testInfo.parallelIndex));
  },
});
