import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { useTempDirs } from './support/temp-dirs';

const root = path.resolve(import.meta.dirname, '../..');

/** `npm run backup` / `npm run restore` as an operator runs them, on an embedded data directory. */
function cli(command: 'backup' | 'restore', dataDir: string, file: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/backup.ts', command, file], {
    cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8', timeout: 120_000,
  });
}

describe('backup and restore of the embedded database', () => {
  // each test's data directory starts as a copy of a new, empty one (creating one takes seconds)
  const { tempDir, dataDir: emptyDataDir, keepOpen } = useTempDirs('wb-backup-test-');
  const groups = async (db: Database) => (await db.db.selectFrom('sysGroup').select('groupName').orderBy('groupName').execute()).map((g) => g.groupName);

  it('backs up, and a restore brings back the old data and uploaded files; a running instance\'s directory is refused', async () => {
    const dataDir = await emptyDataDir(path.join(tempDir(), 'data'));
    const file = path.join(tempDir(), 'nightly.tar');
    const picture = path.join(dataDir, 'files', '2026', 'plate.jpg');
    let db = await openDatabase({ dataDir });
    await migrateToLatest(db.db);
    await db.db.insertInto('sysGroup').values({ groupCode: 'G1', groupName: '备份前的集团' }).execute();
    fs.mkdirSync(path.dirname(picture), { recursive: true });
    fs.writeFileSync(picture, 'old picture');

    // while the database is open (a running server), neither command touches it
    const refused = cli('backup', dataDir, file);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`already open in process ${process.pid}`);
    expect(fs.existsSync(file)).toBe(false);
    await db.close();

    const made = cli('backup', dataDir, file);
    expect(made.stderr).toBe('');
    expect(made.status).toBe(0);
    expect(made.stdout).toContain(`Backed up ${dataDir} to ${file}`);

    // the data changes after the backup
    db = await openDatabase({ dataDir });
    await db.db.updateTable('sysGroup').set({ groupName: '备份后改名' }).where('groupCode', '=', 'G1').execute();
    await db.db.insertInto('sysGroup').values({ groupCode: 'G2', groupName: '备份后新增' }).execute();
    fs.writeFileSync(picture, 'new picture');
    fs.writeFileSync(path.join(dataDir, 'files', 'later.jpg'), 'added later');
    expect(await groups(db)).toEqual(['备份后改名', '备份后新增'].sort());

    const whileOpen = cli('restore', dataDir, file);
    expect(whileOpen.status).toBe(1);
    expect(whileOpen.stderr).toContain('already open in process');
    await db.close();

    const restored = cli('restore', dataDir, file);
    expect(restored.status).toBe(0);
    expect(restored.stdout).toMatch(/the previous database and files are kept in .*before-restore-/);
    db = keepOpen(await openDatabase({ dataDir }));
    expect(await groups(db)).toEqual(['备份前的集团']);
    expect(fs.readFileSync(picture, 'utf8')).toBe('old picture');
    expect(fs.existsSync(path.join(dataDir, 'files', 'later.jpg'))).toBe(false);
    // nothing is lost: the replaced files are kept aside
    const aside = fs.readdirSync(dataDir).filter((n) => n.startsWith('before-restore-'));
    expect(aside).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, aside[0], 'files', 'later.jpg'), 'utf8')).toBe('added later');
  }, 240_000);

  it('refuses a file that is not a backup, changing nothing', async () => {
    const dataDir = await emptyDataDir(path.join(tempDir(), 'data'));
    const db = await openDatabase({ dataDir });
    await migrateToLatest(db.db);
    await db.close();
    const bogus = path.join(tempDir(), 'bogus.tar');
    fs.writeFileSync(bogus, 'not a tar file at all');
    const res = cli('restore', dataDir, bogus);
    expect(res.status).toBe(1);
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('before-restore-') || n.startsWith('.restore-'))).toEqual([]);
  }, 120_000);
});
