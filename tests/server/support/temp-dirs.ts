import fs from 'node:fs';
import path from 'node:path';
import { afterEach, inject } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/database';
import { ramDir } from './ram-dir';

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
    const d = fs.mkdtempSync(path.join(ramDir(), prefix));
    dirs.push(d);
    return d;
  };
  return {
    tempDir,
    /**
     * A new folder for an embedded database, `dir` or a new temporary one, holding a copy of the
     * run's new, empty data directory: the database opens in it as in a folder it had created itself
     * before, without the seconds of creating it. The first caller of the run creates that directory.
     * (Other suites still open new, empty folders.)
     */
    async dataDir(dir = tempDir()): Promise<string> {
      const blank = inject('pgliteBlankDataDir');
      if (!blank) return dir;
      if (!fs.existsSync(blank)) {
        // made aside and renamed into place, so a suite in the other worker never copies half of it
        const making = `${blank}-${process.pid}-${Date.now()}`;
        await (await openDatabase({ dataDir: making })).close();
        try {
          fs.renameSync(making, blank);
        } catch {
          fs.rmSync(making, { recursive: true, force: true }); // the other worker was first
        }
      }
      fs.cpSync(blank, dir, { recursive: true });
      return dir;
    },
    /** Closes `database` when the test ends. */
    keepOpen<T extends Database>(database: T): T {
      open.push(database);
      return database;
    },
  };
}
