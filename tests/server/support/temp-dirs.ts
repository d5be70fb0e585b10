import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { Database } from '../../../server/db/database';

/**
 * Temporary folders for a suite of embedded data directories (backup, data-dir-lock): each test's
 * folders are removed after it, once the databases it kept open are closed.
 */
export function useTempDirs(prefix: string) {
  const dirs: string[] = [];
  const open: Database[] = [];
  afterEach(async () => {
    for (const d of open.splice(0)) await d.close();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
  return {
    tempDir,
    /** Closes `database` when the test ends. */
    keepOpen<T extends Database>(database: T): T {
      open.push(database);
      return database;
    },
  };
}
