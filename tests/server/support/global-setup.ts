import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedDatabase } from '../../../server/seed/seed';

/**
 * Migrates and seeds one embedded database, saved so that each suite starts from it in half a second;
 * with TEST_DATABASE_URL, also one PostgreSQL template database that each suite's database is cloned
 * from (`create database … template …`: 0.15 s instead of 1.4 s of migrating and seeding). Each is also
 * kept as it was migrated but not yet seeded, for the suites that seed it otherwise (SEED=none): an empty
 * embedded database takes seconds to create, a migration more. It also names the folder where the
 * first suite about data directories (backup, lock) leaves a new, empty embedded data directory for
 * the others to copy (see temp-dirs.ts): made here, the database's thread kept vitest from exiting.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-snapshot-'));
  const file = path.join(dir, 'seeded.tar.gz');
  const migratedFile = path.join(dir, 'migrated.tar.gz');
  const blankDataDir = path.join(dir, 'blank-data-dir');
  const database = await openDatabase({ memory: {} });
  await migrateToLatest(database.db);
  const migrated = await database.dumpDataDir!();
  fs.writeFileSync(migratedFile, Buffer.from(await migrated.arrayBuffer()));
  await seedDatabase(database.db, { mode: 'demo' });
  const blob = await database.dumpDataDir!();
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  const template = process.env.TEST_DATABASE_URL ? await postgresTemplate(process.env.TEST_DATABASE_URL) : undefined;
  project.provide('pgliteSnapshot', file);
  project.provide('pgliteMigratedSnapshot', migratedFile);
  project.provide('pgliteBlankDataDir', blankDataDir);
  project.provide('postgresTemplate', template?.name ?? '');
  project.provide('postgresMigratedTemplate', template?.migrated ?? '');
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    await template?.drop();
  };
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
    pgliteSnapshot: string;
    pgliteMigratedSnapshot: string;
    /** Where a folder is left as openDatabase({ dataDir }) leaves a new one once closed (`pgdata` initialised, no lock). */
    pgliteBlankDataDir: string;
    postgresTemplate: string;
    postgresMigratedTemplate: string;
  }
}
