import { parse as pgParse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
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

/** How many named statements the connection keeps prepared (least recently used ones are closed). */
const STATEMENT_CACHE_SIZE = 256;
/** PostgreSQL refuses a prepared statement whose result columns changed under it (a column was added). */
const PLAN_RESULT_CHANGED = '0A000';

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

interface Prepared { name: string; paramTypes: number[] }

class PGliteConnection implements DatabaseConnection {
  inTransaction = false;
  /** Named statements by SQL text, in least-recently-used order (a Map keeps insertion order). */
  private readonly statements = new Map<string, Prepared>();
  private statementSeq = 0;
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // The extended protocol takes one statement; a parameterless script (migrations) goes through exec.
    const result =
      query.parameters.length === 0
        ? ((await this.pglite.exec(query.sql)).at(-1) ?? { rows: [], fields: [] })
        : await this.prepared<R>(query.sql, query.parameters);
    const command = result.command ?? '';
    const affected = result.affectedRows ?? result.rowCount ?? 0;
    return {
      rows: result.rows as R[],
      ...(command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  /**
   * A statement with parameters runs as a named prepared statement, kept per SQL text: its parse
   * and parameter description happen once, and PostgreSQL may keep its plan (after five custom
   * plans it weighs a generic one, as it does for any driver's prepared statements). Each run is
   * then one round trip into the database (bind, describe, execute, sync) instead of PGlite's six.
   * Parameters are serialised as PGlite's own query() does, by the types PostgreSQL inferred.
   */
  private async prepared<R>(text: string, parameters: readonly unknown[]): Promise<Results<R>> {
    try {
      return await this.runPrepared<R>(text, parameters);
    } catch (error) {
      // a table changed shape under a `select *` statement: prepare it again (at once, unless a
      // transaction is now aborted by the error; then at its next use)
      if ((error as { code?: string }).code !== PLAN_RESULT_CHANGED) throw error;
      if (this.inTransaction) { this.statements.delete(text); throw error; }
      await this.forget(text);
      return this.runPrepared<R>(text, parameters);
    }
  }

  private async runPrepared<R>(text: string, parameters: readonly unknown[]): Promise<Results<R>> {
    const { serialize } = protocol;
    const statement = await this.statement(text);
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[statement.paramTypes[i]];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await this.exchange(
      concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      !this.inTransaction,
    );
    return pgParse.parseResults(messages, this.pglite.parsers)[0] as Results<R>;
  }

  private async statement(text: string): Promise<Prepared> {
    const known = this.statements.get(text);
    if (known) {
      this.statements.delete(text);
      this.statements.set(text, known);
      return known;
    }
    const { serialize } = protocol;
    const name = `kysely_${++this.statementSeq}`;
    const { messages } = await this.exchange(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), false);
    const prepared = { name, paramTypes: pgParse.parseDescribeStatementResults(messages) };
    this.statements.set(text, prepared);
    if (this.statements.size > STATEMENT_CACHE_SIZE) await this.forget(this.statements.keys().next().value as string);
    return prepared;
  }

  private async forget(text: string): Promise<void> {
    const known = this.statements.get(text);
    if (!known) return;
    this.statements.delete(text);
    const { serialize } = protocol;
    await this.exchange(concat([serialize.close({ type: 'S', name: known.name }), serialize.sync()]), false);
  }

  /** One protocol exchange, under PGlite's own lock (as its query() takes it). */
  private exchange(message: Uint8Array, syncToFs: boolean) {
    return this.pglite.runExclusive(() => this.pglite.execProtocol(message, { syncToFs }));
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
