import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as core001 from './migrations/001-core';
import * as metadata002 from './migrations/002-metadata';
import * as shell004 from './migrations/004-shell';
import * as listCache005 from './migrations/005-list-cache';
import * as files006 from './migrations/006-files';
import * as groupLogoFiles007 from './migrations/007-group-logo-files';
import * as formatParams008 from './migrations/008-format-params';
import * as warnNotice009 from './migrations/009-warn-notice';
import * as authHardening011 from './migrations/011-auth-hardening';
import * as weighCycle014 from './migrations/014-weigh-cycle';
import * as weighPrints015 from './migrations/015-weigh-prints';
import * as customTables016 from './migrations/016-custom-tables';
import * as formatVersions020 from './migrations/020-format-versions';
import * as menuGeneration025 from './migrations/025-menu-generation';
import * as weighAutoCall026 from './migrations/026-weigh-auto-call';
import * as numberRules030 from './migrations/030-number-rules';
import * as licence033 from './migrations/033-licence';
import * as sqlSources035 from './migrations/035-sql-sources';
import * as previewTokens037 from './migrations/037-preview-tokens';

/** Migrations in order; a new one is appended here (file names sort in the same order). */
const migrations: Record<string, Migration> = {
  '001-core': core001,
  '002-metadata': metadata002,
  '004-shell': shell004,
  '005-list-cache': listCache005,
  '006-files': files006,
  '007-group-logo-files': groupLogoFiles007,
  '008-format-params': formatParams008,
  '009-warn-notice': warnNotice009,
  '011-auth-hardening': authHardening011,
  '014-weigh-cycle': weighCycle014,
  '015-weigh-prints': weighPrints015,
  '016-custom-tables': customTables016,
  '020-format-versions': formatVersions020,
  '025-menu-generation': menuGeneration025,
  '026-weigh-auto-call': weighAutoCall026,
  '030-number-rules': numberRules030,
  '033-licence': licence033,
  '035-sql-sources': sqlSources035,
  '037-preview-tokens': previewTokens037,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database to the latest schema; safe to run from several processes at once. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the migrator works on any schema
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableName: 'kysely_migration', migrationLockTableName: 'kysely_migration_lock' });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const cause = error instanceof Error ? error.message : String(error ?? '');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${cause}`);
  }
}
