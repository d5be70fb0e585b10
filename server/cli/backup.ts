import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { loadConfig } from '../config';
import { acquireDataDirLock } from '../db/data-dir-lock';
import { PGliteThread } from '../db/pglite-thread';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` for the embedded database: one .tar file
 * holding the database (PGlite's own data-directory tarball) and the uploaded files
 * (`DATA_DIR/files`). Both take the data-directory lock, so they refuse a directory a running
 * server has open: a copy taken under a running server would not be consistent, and a restore under
 * it would be overwritten. With DATABASE_URL the database is PostgreSQL's to back up (pg_dump).
 */
const MANIFEST = 'weighbridge-backup.json';
const DATABASE = 'pgdata.tar.gz';
const FILES = 'files';
const FORMAT = 1;

interface Manifest { format: number; createdAt: string; database: string }

export async function backup(dataDir: string, file: string): Promise<void> {
  const pgdata = path.join(dataDir, 'pgdata');
  if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) throw new Error(`No embedded database in ${dataDir} (${pgdata} is missing)`);
  const release = acquireDataDirLock(dataDir);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-backup-'));
  try {
    const thread = await PGliteThread.start({ dataDir: pgdata, timezone: 'UTC' });
    try {
      fs.writeFileSync(path.join(staging, DATABASE), Buffer.from(await (await thread.dumpDataDir()).arrayBuffer()));
    } finally {
      await thread.close();
    }
    const manifest: Manifest = { format: FORMAT, createdAt: new Date().toISOString(), database: DATABASE };
    fs.writeFileSync(path.join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    const entries = [MANIFEST, DATABASE];
    // the uploaded files are packed from where they are (a link followed by tar), not copied first
    if (fs.existsSync(path.join(dataDir, FILES))) {
      fs.symlinkSync(path.join(dataDir, FILES), path.join(staging, FILES));
      entries.push(FILES);
    }
    const partial = `${file}.partial`;
    await tar.create({ file: partial, cwd: staging, follow: true, portable: true }, entries);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

export async function restore(dataDir: string, file: string): Promise<{ keptAs: string | null }> {
  if (!fs.existsSync(file)) throw new Error(`No backup file ${file}`);
  fs.mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  // unpacked next to the data directory, so that moving it in is a rename on the same disk
  const staging = fs.mkdtempSync(path.join(dataDir, '.restore-'));
  try {
    await tar.extract({ file, cwd: staging, strict: true });
    const manifestPath = path.join(staging, MANIFEST);
    const manifest = fs.existsSync(manifestPath) ? (JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest) : undefined;
    if (manifest?.format !== FORMAT || !fs.existsSync(path.join(staging, DATABASE))) throw new Error(`${file} is not a backup made by npm run backup`);

    // what was there is kept aside (never deleted by a restore), under one dated folder
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const aside = path.join(dataDir, `before-restore-${stamp}`);
    let keptAs: string | null = null;
    for (const name of ['pgdata', FILES]) {
      if (!fs.existsSync(path.join(dataDir, name))) continue;
      fs.mkdirSync(aside, { recursive: true });
      fs.renameSync(path.join(dataDir, name), path.join(aside, name));
      keptAs = aside;
    }
    const snapshot = new Blob([fs.readFileSync(path.join(staging, DATABASE))]);
    const thread = await PGliteThread.start({ dataDir: path.join(dataDir, 'pgdata'), snapshot, timezone: 'UTC' });
    await thread.close();
    if (fs.existsSync(path.join(staging, FILES))) fs.renameSync(path.join(staging, FILES), path.join(dataDir, FILES));
    return { keptAs };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new Error('Usage: npm run backup -- FILE | npm run restore -- FILE (DATA_DIR names the data directory, default ./data)');
  }
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore, and copy DATA_DIR/files (see README "Backup and restore")');
  }
  const target = path.resolve(file);
  if (command === 'backup') {
    await backup(config.dataDir, target);
    console.log(`Backed up ${config.dataDir} to ${target} (${(fs.statSync(target).size / 1024 / 1024).toFixed(1)} MB)`);
  } else {
    const { keptAs } = await restore(config.dataDir, target);
    console.log(`Restored ${target} into ${config.dataDir}${keptAs ? `; the previous database and files are kept in ${keptAs}` : ''}`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
