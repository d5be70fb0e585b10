import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is single-connection: two processes opening one data directory corrupt it. The first
 * opener writes `DATA_DIR/.lock` (with O_EXCL) holding its pid; a second opener fails at once with
 * a clear message. A lock left behind by a process that no longer runs is taken over, including one
 * killed a moment ago that its parent has not reaped yet (a zombie answers `kill(pid, 0)`).
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        try {
          if (fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch { /* already gone */ }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      fs.rmSync(lockPath, { force: true }); // stale lock of a process that has exited
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}`);
}

export class DataDirLockedError extends Error {
  constructor(readonly dataDir: string, readonly pid: number) {
    super(
      `The embedded database in ${dataDir} is already open in process ${pid}. ` +
        'Only one server process may use an embedded (PGlite) data directory: stop the other process, ' +
        'choose another DATA_DIR, or set DATABASE_URL to run several processes over PostgreSQL.',
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

/** Whether /proc says the process has exited and waits to be reaped (Z, or X: being removed); false where /proc is absent. */
export function isZombie(pid: number): boolean {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  // `pid (comm) state …`: comm may hold spaces and parentheses, the state follows the last `)`
  const state = stat.slice(stat.lastIndexOf(')') + 1).trim()[0];
  return state === 'Z' || state === 'X';
}
