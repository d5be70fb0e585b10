import { afterAll, expect } from 'vitest';
import { takePgOverlaps, watchPgOverlaps } from './pg-overlaps';

/**
 * Run before each server file (vitest setupFiles): a statement sent on a PostgreSQL connection while
 * another was still running on it (pg-overlaps.ts) fails the file — in a Promise.all over one
 * connection, a read in a request's scope after its first write, the weighing station's own
 * connection. PGlite's one connection serialises them silently, so only the PostgreSQL runs
 * (TEST_DATABASE_URL) can see it; the afterAll names each with its stack.
 */
watchPgOverlaps();

afterAll(() => {
  expect(takePgOverlaps(), 'statements sent on a PostgreSQL connection that was still running another (send them one after another)').toEqual([]);
});
