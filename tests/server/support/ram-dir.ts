import fs from 'node:fs';
import os from 'node:os';

/**
 * Where the suites keep their embedded databases' files: the machine's memory-backed folder
 * (/dev/shm) where there is one, else the temporary folder. A suite's database is a copy of a data
 * directory the run prepared once (global-setup.ts), some fifty megabytes written and read back
 * while the suite runs: in memory, that costs no disk.
 */
export function ramDir(): string {
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    return '/dev/shm';
  } catch {
    return os.tmpdir();
  }
}

/**
 * The test databases' buffer pool: PostgreSQL's default (128MB) is zeroed at each start, about
 * 0.4 s of each of the run's hundred-odd embedded databases, and they hold a few megabytes each;
 * pages beyond the pool are read from the copied files, in memory too.
 */
export const TEST_SHARED_BUFFERS = '16MB';
