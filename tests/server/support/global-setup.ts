import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedDatabase } from '../../../server/seed/seed';

/** Migrates and seeds one embedded database, saved so that each suite starts from it in half a second. */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-snapshot-'));
  const file = path.join(dir, 'seeded.tar.gz');
  const database = await openDatabase({ memory: {} });
  await migrateToLatest(database.db);
  await seedDatabase(database.db, { mode: 'demo' });
  const blob = await database.dumpDataDir!();
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide('pgliteSnapshot', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext { pgliteSnapshot: string }
}
