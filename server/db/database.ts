import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock';
import { connectionGate, PGliteDialect } from './pglite-dialect';
import { PGliteThread } from './pglite-thread';
import { requestScoped } from './request-transaction';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The embedded database's files as a gzipped tarball, when kind is pglite (tests start from such snapshots). */
  dumpDataDir?(): Promise<Blob>;
  /**
   * A read-only transaction on a connection of its own (SQL data sources, server/sql/run.ts): begun
   * `read only`, always rolled back, outside any request transaction.
   */
  readOnly<T>(fn: (conn: ReadOnlyConnection) => Promise<T>): Promise<T>;
}

/** A result with its columns' names and type oids. */
export interface FieldResult { rows: Record<string, unknown>[]; fields: { name: string; dataTypeID: number }[] }

export interface ReadOnlyConnection {
  /** One of our own statements (no parameters: SET LOCAL ROLE and the like). */
  command(sql: string): Promise<void>;
  /**
   * A statement that carries a SQL source's text: always a prepared statement with at least one
   * bound parameter (never a path that runs several statements). On the embedded database a
   * statement still running after `watchdogMs` is stopped by restarting the database thread.
   */
  query(sql: string, parameters: readonly unknown[], watchdogMs: number, onWatchdog?: () => void): Promise<FieldResult>;
}

const needsParameters = (parameters: readonly unknown[]) => {
  if (parameters.length === 0) throw new Error('a SQL source statement must carry bound parameters (one prepared statement)');
};

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
  /** In-memory embedded database (benchmarks, tools), optionally started from a saved data-dir snapshot. */
  memory?: { snapshot?: Blob };
  poolSize?: number;
  /** Session time zone: how the database reads and groups local date-times (default Asia/Shanghai). */
  timezone?: string;
  /**
   * The embedded database's buffer pool (PostgreSQL's shared_buffers, e.g. `16MB`; default 128MB).
   * Zeroing the default pool is about 0.4 s of each start: the test suites, which start some hundred
   * small databases, ask for a small one.
   */
  sharedBuffers?: string;
}

const TZ = /^[A-Za-z_]+(\/[A-Za-z_+-]+){0,2}$|^UTC$/;
const MEMORY_SIZE = /^[1-9]\d{0,5}(kB|MB|GB)$/;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  // Column names are mapped (snake_case in SQL, camelCase in code), never the keys inside a json
  // column: what is stored there is read back as it was written. A designer history step keeps its
  // node map by node id (`f:as_vehicle.plateNumber`), which the mapping turned into
  // `f:asVehicle.plateNumber`, an id no node has: the designer lost every field when undoing a 回滚.
  const plugins = [new CamelCasePlugin({ maintainNestedObjectKeys: true })];
  const timezone = options.timezone ?? 'Asia/Shanghai';
  if (!TZ.test(timezone)) throw new Error(`TIMEZONE must be a time-zone name such as Asia/Shanghai, got "${timezone}"`);
  if (options.sharedBuffers !== undefined && !MEMORY_SIZE.test(options.sharedBuffers)) throw new Error(`sharedBuffers must be a size such as 16MB, got "${options.sharedBuffers}"`);
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, types: pgTypes, options: `-c TimeZone=${timezone}` });
    pool.on('error', () => { /* an idle client lost its connection; the pool replaces it */ });
    const db = new Kysely<DB>({ dialect: requestScoped(new PostgresDialect({ pool })), plugins });
    const readOnly = async <T>(fn: (conn: ReadOnlyConnection) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      let broken = false;
      try {
        await client.query('begin read only');
        return await fn({
          command: async (text) => { await client.query(text); },
          query: async (text, parameters) => {
            needsParameters(parameters);
            // values given: pg sends Parse/Bind/Execute (the extended protocol), one statement
            const result = await client.query({ text, values: [...parameters] });
            return { rows: result.rows, fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) };
          },
        });
      } finally {
        await client.query('rollback').catch(() => { broken = true; });
        client.release(broken);
      }
    };
    return { db, kind: 'postgres', close: () => db.destroy(), readOnly };
  }

  let releaseLock: (() => void) | undefined;
  let dataDir: string | undefined;
  if (!options.memory) {
    if (!options.dataDir) throw new Error('openDatabase needs databaseUrl, dataDir or memory');
    releaseLock = acquireDataDirLock(options.dataDir);
    dataDir = path.join(options.dataDir, 'pgdata');
  }
  try {
    const thread = await PGliteThread.start({ dataDir, snapshot: options.memory?.snapshot, timezone, sharedBuffers: options.sharedBuffers });
    const db = new Kysely<DB>({ dialect: requestScoped(new PGliteDialect(thread)), plugins });
    const readOnly = async <T>(fn: (conn: ReadOnlyConnection) => Promise<T>): Promise<T> => {
      // the one connection alone, as a transaction holds it
      const release = await connectionGate(thread).exclusive();
      try {
        await thread.query('begin read only', [], true);
        try {
          return await fn({
            command: async (text) => { await thread.query(text, [], true); },
            query: async (text, parameters, watchdogMs, onWatchdog) => {
              needsParameters(parameters);
              const result = await thread.query(text, parameters, true, { watchdogMs, fired: onWatchdog, fields: true });
              return { rows: result.rows as Record<string, unknown>[], fields: result.fields ?? [] };
            },
          });
        } finally {
          // after a watchdog restart there is no transaction left to end
          await thread.query('rollback', [], true).catch(() => undefined);
        }
      } finally {
        release();
      }
    };
    return {
      db,
      kind: 'pglite',
      readOnly,
      dumpDataDir: () => thread.dumpDataDir(),
      close: async () => {
        await db.destroy();
        // Kysely ends its driver only if a statement ever ran: the thread is closed here in any case
        await thread.close();
        releaseLock?.();
      },
    };
  } catch (error) {
    releaseLock?.();
    throw error;
  }
}
