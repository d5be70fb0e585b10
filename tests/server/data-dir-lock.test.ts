import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database';
import { DataDirLockedError, isZombie } from '../../server/db/data-dir-lock';
import { migrateToLatest } from '../../server/db/migrate';
import { useTempDirs } from './support/temp-dirs';

describe('embedded database directory', () => {
  // each test's folder starts as a copy of a new, empty data directory (creating one takes seconds)
  const { dataDir, keepOpen } = useTempDirs('wb-lock-');

  it('refuses a second opener at once with a clear message', async () => {
    const dir = await dataDir();
    keepOpen(await openDatabase({ dataDir: dir }));
    // a different process holds it: simulate by writing another live pid (our parent's)
    fs.writeFileSync(path.join(dir, '.lock'), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirLockedError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/already open in process .*DATABASE_URL/s);
  }, 60_000);

  it('a second server process on the same directory exits with that message', async () => {
    const dir = await dataDir();
    const first = keepOpen(await openDatabase({ dataDir: dir }));
    await migrateToLatest(first.db);
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      env: { ...process.env, DATA_DIR: dir, PORT: '0', DATABASE_URL: '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`The embedded database in ${dir} is already open in process ${process.pid}`);
  }, 90_000);

  it('takes over a lock left by a process that has exited, and keeps data across reopening', async () => {
    const dir = await dataDir();
    fs.writeFileSync(path.join(dir, '.lock'), '999999999');
    const db = await openDatabase({ dataDir: dir });
    await migrateToLatest(db.db);
    await db.db.insertInto('sysGroup').values({ groupCode: 'G1', groupName: '测试集团' }).execute();
    await db.close();
    expect(fs.existsSync(path.join(dir, '.lock'))).toBe(false);
    const again = keepOpen(await openDatabase({ dataDir: dir }));
    expect(await again.db.selectFrom('sysGroup').select('groupName').execute()).toEqual([{ groupName: '测试集团' }]);
  }, 60_000);

  it('takes over the lock of a process killed a moment ago that is still a zombie', async () => {
    const dir = await dataDir();
    // `sh` starts a child and becomes `sleep 30`, which never reaps it: the child stays a zombie. The
    // child ends a second later, after `sh` is gone (ended at once, it could be reaped by `sh` itself,
    // or not have run yet on a busy machine when the wait below gave up: a clean-clone run saw that once)
    const parent = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const zombie = Number(await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(d.toString()))));
      for (let i = 0; i < 750 && !isZombie(zombie); i++) await new Promise((r) => setTimeout(r, 20));
      expect(isZombie(zombie)).toBe(true);
      expect(() => process.kill(zombie, 0)).not.toThrow(); // what the lock used to take for a live owner
      fs.writeFileSync(path.join(dir, '.lock'), String(zombie));
      keepOpen(await openDatabase({ dataDir: dir }));
      expect(fs.readFileSync(path.join(dir, '.lock'), 'utf8')).toBe(String(process.pid));
    } finally {
      parent.kill('SIGKILL');
    }
  }, 60_000);
});
