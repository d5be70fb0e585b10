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
import type { PGliteThread } from './pglite-thread';

/**
 * Kysely dialect over an embedded PGlite database running in its own thread (pglite-thread.ts).
 *
 * PGlite is a single connection. Single statements are sent as they come and run in order; a
 * transaction (or a cursor) holds the connection alone (ConnectionGate), so its statements never
 * interleave with another request's.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGliteThread) {}
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

/**
 * Who may send statements to the one database connection. Single statements outside a transaction
 * are sent as they come (the thread runs them in order, so several can be on their way at once); a
 * transaction or a cursor holds the connection alone: it waits for the statements on their way,
 * and statements that come meanwhile wait for it to end.
 */
export class ConnectionGate {
  private readonly exclusiveQueue = new Mutex();
  private holder: Promise<void> | null = null;
  private inflight = 0;
  private drained: (() => void) | null = null;

  /** A single statement's turn: answers its release. */
  async shared(): Promise<() => void> {
    while (this.holder) await this.holder;
    this.inflight += 1;
    return () => {
      this.inflight -= 1;
      if (this.inflight === 0) this.drained?.();
    };
  }

  /** The connection alone (a transaction or a cursor): answers its release. */
  async exclusive(): Promise<() => void> {
    const unlock = await this.exclusiveQueue.lock();
    let end!: () => void;
    this.holder = new Promise<void>((resolve) => { end = resolve; });
    if (this.inflight > 0) await new Promise<void>((resolve) => { this.drained = resolve; });
    this.drained = null;
    return () => {
      this.holder = null;
      end();
      unlock();
    };
  }
}

class PGliteConnection implements DatabaseConnection {
  inTransaction = false;
  /** Set while this connection holds the database alone (its transaction). */
  releaseExclusive: (() => void) | null = null;
  constructor(private readonly thread: PGliteThread, private readonly gate: ConnectionGate) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const release = this.releaseExclusive ? null : await this.gate.shared();
    let result;
    try {
      result = await this.thread.query(query.sql, query.parameters, this.inTransaction);
    } finally {
      release?.();
    }
    const command = result.command;
    return {
      rows: result.rows as R[],
      ...(command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
        ? { numAffectedRows: BigInt(result.affected) }
        : {}),
    };
  }

  /**
   * Streams through a server-side cursor, so a large export never holds the whole result. Outside
   * a transaction the cursor is declared WITH HOLD in a short transaction of its own: PostgreSQL
   * keeps the result (in its temporary files) and the chunks are then read like any single
   * statement, so other requests go on while a long export is read — a slow client included.
   */
  async *streamQuery<R>(query: CompiledQuery, chunkSize = 1000): AsyncIterableIterator<QueryResult<R>> {
    const name = `kysely_stream_${++streamSeq}`;
    const fetch = `fetch ${Math.max(1, Math.floor(chunkSize))} from ${name}`;
    if (this.inTransaction) {
      // inside the caller's transaction: a plain cursor, read within it
      await this.thread.query(`declare ${name} no scroll cursor for ${query.sql}`, query.parameters, true);
      for (;;) {
        const chunk = await this.thread.query(fetch, [], true);
        if (chunk.rows.length === 0) break;
        yield { rows: chunk.rows as R[] };
      }
      await this.thread.query(`close ${name}`, [], true);
      return;
    }
    const release = await this.gate.exclusive();
    try {
      await this.thread.query('begin', [], true);
      try {
        await this.thread.query(`declare ${name} no scroll cursor with hold for ${query.sql}`, query.parameters, true);
        await this.thread.query('commit', [], true);
      } catch (error) {
        await this.thread.query('rollback', [], true).catch(() => undefined);
        throw error;
      }
    } finally {
      release();
    }
    try {
      for (;;) {
        const chunk = await this.executeQuery<R>(CompiledQuery.raw(fetch));
        if (chunk.rows.length === 0) break;
        yield { rows: chunk.rows };
      }
    } finally {
      await this.executeQuery(CompiledQuery.raw(`close ${name}`)).catch(() => undefined);
    }
  }
}

const gates = new WeakMap<PGliteThread, ConnectionGate>();
/** The one gate of a database thread: every Kysely instance and the SQL-source runner share it. */
export function connectionGate(thread: PGliteThread): ConnectionGate {
  let gate = gates.get(thread);
  if (!gate) { gate = new ConnectionGate(); gates.set(thread, gate); }
  return gate;
}

/** Cursor names of the streams, unique on the one connection. */
let streamSeq = 0;

class PGliteDriver implements Driver {
  private readonly gate: ConnectionGate;

  constructor(private readonly pglite: PGliteThread) { this.gate = connectionGate(pglite); }

  async init(): Promise<void> { /* the thread is started ready */ }

  /** A handle on the one connection; it holds the connection alone only inside a transaction. */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new PGliteConnection(this.pglite, this.gate);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PGliteConnection;
    c.releaseExclusive = await this.gate.exclusive();
    try {
      await c.executeQuery(CompiledQuery.raw('begin'));
    } catch (error) {
      this.endExclusive(c);
      throw error;
    }
    c.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PGliteConnection;
    c.inTransaction = false;
    try {
      await c.executeQuery(CompiledQuery.raw('commit'));
    } finally {
      this.endExclusive(c);
    }
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const c = connection as PGliteConnection;
    c.inTransaction = false;
    try {
      await c.executeQuery(CompiledQuery.raw('rollback'));
    } finally {
      this.endExclusive(c);
    }
  }

  private endExclusive(c: PGliteConnection): void {
    const release = c.releaseExclusive;
    c.releaseExclusive = null;
    release?.();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    this.endExclusive(connection as PGliteConnection);
  }

  async destroy(): Promise<void> {
    await this.pglite.close();
  }
}
