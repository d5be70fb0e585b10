import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect over an embedded PGlite database.
 *
 * PGlite is a single connection, so the driver hands out that one connection to one caller at a
 * time (a FIFO mutex): a transaction's statements can never interleave with another request's.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() { return new PostgresAdapter(); }
  createDriver(): Driver { return new PGliteDriver(this.pglite); }
  createQueryCompiler() { return new PostgresQueryCompiler(); }
  createIntrospector(db: Kysely<unknown>) { return new PostgresIntrospector(db); }
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => { release = resolve; });
    const acquired = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return acquired;
  }
}

class PGliteConnection implements DatabaseConnection {
  inTransaction = false;
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // The extended protocol takes one statement; a parameterless script (migrations) goes through exec.
    const result =
      query.parameters.length === 0
        ? ((await this.pglite.exec(query.sql)).at(-1) ?? { rows: [], fields: [] })
        : await this.pglite.query<R>(query.sql, [...query.parameters]);
    const command = result.command ?? '';
    const affected = result.affectedRows ?? result.rowCount ?? 0;
    return {
      rows: result.rows as R[],
      ...(command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  /** Streams through a server-side cursor, so a large export never holds the whole result. */
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    const ownTransaction = !this.inTransaction;
    if (ownTransaction) await this.pglite.query('begin');
    try {
      await this.pglite.query(`declare kysely_stream no scroll cursor for ${query.sql}`, [...query.parameters]);
      for (;;) {
        const chunk = await this.pglite.query<R>(`fetch ${Math.max(1, Math.floor(chunkSize))} from kysely_stream`);
        if (chunk.rows.length === 0) break;
        yield { rows: chunk.rows };
      }
      await this.pglite.query('close kysely_stream');
      if (ownTransaction) await this.pglite.query('commit');
    } catch (error) {
      if (ownTransaction) await this.pglite.query('rollback').catch(() => undefined);
      throw error;
    }
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly connection: PGliteConnection;
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> { await this.pglite.waitReady; }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    this.releases.set(this.connection, release);
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
    this.connection.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    this.connection.inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    this.connection.inTransaction = false;
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.releases.get(connection);
    this.releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}
