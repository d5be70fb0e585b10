import fs from 'node:fs';
import { openDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedDatabase } from '../../../server/seed/seed';
import { TEST_SHARED_BUFFERS } from './ram-dir';

/**
 * Two embedded data directories to copy suites' databases from: `migratedDir` migrated, `seededDir`
 * the same then demo-seeded. Each is closed when made, so PostgreSQL wrote its shutdown checkpoint:
 * a copy starts without recovery.
 */
export async function pgliteDataDirs(migratedDir: string, seededDir: string): Promise<void> {
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
