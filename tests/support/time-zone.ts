import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the file's tests in `zone` (Node reads TZ anew when it is set), whatever the machine's own
 * (CI's is UTC); the zone the worker had is put back after the file, for the files that share it.
 */
export function inTimeZone(zone: string): void {
  const before = process.env.TZ;
  beforeAll(() => { process.env.TZ = zone; });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
