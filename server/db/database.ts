import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { PGliteDialect } from './pglite-dialect';
import { PGliteThread } from './pglite-thread';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The embedded database's files as a gzipped tarball, when kind is pglite (tests start from such snapshots). */
  dumpDataDir?(): Promise<Blob>;
}

const INT8 = 20;
const NUMERIC = 1700;

/**
 * int8 and count(*) come back as numbers, numeric as exact strings, on both engines, so the API
 * answers the same JSON whichever database is behind it.
 */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === NUMERIC) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
};

export interface OpenOptions {
  /** postgres://… — use a PostgreSQL server. */
  databaseUrl?: string;
  /** Folder for the embedded database (its files live in DATA_DIR/pgdata). */
  dataDir?: string;
  /** In-memory embedded database (tests), optionally started from a saved data-dir snapshot. */
  memory?: { snapshot?: Blob };
  poolSize?: number;
  /** Session time zone: how the database reads and groups local date-times (default Asia/Shanghai). */
  timezone?: string;
}

const TZ = /^[A-Za-z_]+(\/[A-Za-z_+-]+){0,2}$|^UTC$/;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  const plugins = [new CamelCasePlugin()];
  const timezone = options.timezone ?? 'Asia/Shanghai';
  if (!TZ.test(timezone)) throw new Error(`TIMEZONE must be a time-zone name such as Asia/Shanghai, got "${timezone}"`);
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, types: pgTypes, options: `-c TimeZone=${timezone}` });
    pool.on('error', () => { /* an idle client lost its connection; the pool replaces it */ });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }

  let releaseLock: (() => void) | undefined;
  let dataDir: string | undefined;
  if (!options.memory) {
    if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or memory');
    releaseLock = acquireDataDirLock(options.dataDir);
    dataDir = path.join(options.dataDir, 'pgdata');
  }
  try {
    const thread = await PGliteThread.start({ dataDir, snapshot: options.memory?.snapshot, timezone });
    const db = new Kysely<DB>({ dialect: new PGliteDialect(thread), plugins });
    return {
      db,
      kind: 'pglite',
      dumpDataDir: () => thread.dumpDataDir(),
      close: async () => {
        await db.destroy();
        releaseLock?.();
      },
    };
  } catch (error) {
    releaseLock?.();
    throw error;
  }
}
