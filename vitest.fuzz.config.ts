import { defineConfig } from 'vitest/config';

/** `npm run fuzz`: the full API fuzz suite (tests/fuzz), on PGlite and, with TEST_DATABASE_URL, PostgreSQL. */
export default defineConfig({
  test: {
    name: 'fuzz',
    environment: 'node',
    include: ['tests/fuzz/**/*.fuzz.ts'],
    globalSetup: ['tests/server/support/global-setup.ts'],
    testTimeout: 3_600_000,
    hookTimeout: 300_000,
  },
});
