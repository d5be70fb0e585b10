import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedDatabase } from '../../../server/seed/seed';
import { ramDir, TEST_SHARED_BUFFERS } from './ram-dir';

/**
 * Migrates and seeds one embedded database in a data directory of its own, closed (so shut down
 * cleanly), so that each suite starts from a copy of its files in a fifth of a second (PGlite starts
 * on them as on a database it had closed itself: no snapshot to unpack, no recovery to run); with
 * TEST_DATABASE_URL, also one PostgreSQL template database that each suite's database is cloned from
 * (`create database … template …`: 0.15 s instead of 1.4 s of migrating and seeding). Each is also
 * kept as it was migrated but not yet seeded, for the suites that seed it otherwise (SEED=none): an
 * empty embedded database takes seconds to create, a migration more. It also names the folder where
 * the first suite about data directories (backup, lock) leaves a new, empty embedded data directory
 * for the others to copy (see temp-dirs.ts): made here, the database's thread kept vitest from exiting.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // the server projects (`server`, `server-devices`) name this file each: vitest runs it once per project,
  // in the same process, and they share what the first made
  const shared = ((globalThis as { [SHARED]?: Shared })[SHARED] ??= { users: 0, ready: prepare() });
  shared.users += 1;
  const made = await shared.ready;
  project.provide('pgliteSeededDir', made.seededDir);
  project.provide('pgliteMigratedDir', made.migratedDir);
  project.provide('pgliteBlankDataDir', made.blankDataDir);
  project.provide('postgresTemplate', made.template?.name ?? '');
  project.provide('postgresMigratedTemplate', made.template?.migrated ?? '');
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    fs.rmSync(made.dir, { recursive: true, force: true });
    await made.template?.drop();
  };
}

const SHARED: unique symbol = Symbol.for('wb.test.databaseSnapshots');
interface Made { dir: string; seededDir: string; migratedDir: string; blankDataDir: string; template?: Awaited<ReturnType<typeof postgresTemplate>> }
interface Shared { users: number; ready: Promise<Made> }

/** The embedded data directories and the PostgreSQL templates, made side by side (the second is mostly the database server's work). */
async function prepare(): Promise<Made> {
  const dir = fs.mkdtempSync(path.join(ramDir(), 'wb-snapshot-'));
  const migratedDir = path.join(dir, 'migrated');
  const seededDir = path.join(dir, 'seeded');
  const blankDataDir = path.join(dir, 'blank-data-dir');
  const [, template] = await Promise.all([
    pgliteDataDirs(migratedDir, seededDir),
    process.env.TEST_DATABASE_URL ? postgresTemplate(process.env.TEST_DATABASE_URL) : undefined,
  ]);
  return { dir, seededDir, migratedDir, blankDataDir, template };
}

/**
 * Two embedded data directories to copy suites' databases from: `migratedDir` migrated, `seededDir`
 * the same then demo-seeded. Each is closed when made, so PostgreSQL wrote its shutdown checkpoint:
 * a copy starts without recovery.
 */
async function pgliteDataDirs(migratedDir: string, seededDir: string): Promise<void> {
  const migrated = await openDatabase({ dataDir: migratedDir, sharedBuffers: TEST_SHARED_BUFFERS });
  try {
    await migrateToLatest(migrated.db);
  } finally {
    await migrated.close();
  }
  fs.cpSync(migratedDir, seededDir, { recursive: true });
  const seeded = await openDatabase({ dataDir: seededDir, sharedBuffers: TEST_SHARED_BUFFERS });
  try {
    await seedDatabase(seeded.db, { mode: 'demo' });
  } finally {
    await seeded.close();
  }
}

/**
 * A migrated and demo-seeded PostgreSQL database, and one only migrated; nobody stays connected to
 * them, so they can be cloned.
 */
async function postgresTemplate(base: string): Promise<{ name: string; migrated: string; drop(): Promise<void> }> {
  const name = `wb_template_${process.pid}_${Date.now().toString(36)}${Math.floor(Math.random() * 46656).toString(36)}`;
  const migrated = `${name}_migrated`;
  const query = async (text: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try { await client.query(text); } finally { await client.end(); }
  };
  const urlOf = (db: string) => {
    const url = new URL(base);
    url.pathname = `/${db}`;
    return url.toString();
  };
  await query(`create database ${migrated}`);
  const bare = await openDatabase({ databaseUrl: urlOf(migrated), poolSize: 2 });
  try {
    await migrateToLatest(bare.db);
  } finally {
    await bare.close();
  }
  await query(`create database ${name} template ${migrated}`);
  const database = await openDatabase({ databaseUrl: urlOf(name), poolSize: 2 });
  try {
    await seedDatabase(database.db, { mode: 'demo', adminPassword: 'Admin@2026' });
  } finally {
    await database.close();
  }
  return {
    name, migrated,
    drop: async () => {
      await query(`drop database if exists ${name} with (force)`);
      await query(`drop database if exists ${migrated} with (force)`);
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** An embedded data directory (holding `pgdata`), migrated and demo-seeded, closed: each suite's database is a copy. */
    pgliteSeededDir: string;
    /** The same, migrated but not seeded. */
    pgliteMigratedDir: string;
    /** Where a folder is left as openDatabase({ dataDir }) leaves a new one once closed (`pgdata` initialised, no lock). */
    pgliteBlankDataDir: string;
    postgresTemplate: string;
    postgresMigratedTemplate: string;
  }
}
