import { AsyncLocalStorage } from 'node:async_hooks';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { inTurn } from './in-turn';

/**
 * A request's writes as one transaction (the operation log's guarantee: a write and its log entry
 * are committed together or not at all), without handlers knowing about it.
 *
 * Code that runs inside `scope.run()` uses the application's one Kysely instance as usual. Its
 * reads go to the database as they come until the first statement that may write; that statement
 * opens the request's transaction (lazily, so the embedded database — one connection, which a
 * transaction holds alone — is held only from the first write on) and every statement after it
 * runs in that transaction. A `db.transaction()` inside the scope becomes a savepoint of it, so a
 * handler's own all-or-nothing block still rolls back alone. Whoever opened the scope ends it with
 * `commit()` or `rollback()`; statements after that run on their own again.
 *
 * Never await, inside an open transaction, work that another request started and that needs the
 * database (a shared cache's loading promise): that request waits for this transaction's connection.
 */
export class RequestScope {
  private tx: { driver: ScopedDriver; conn: DatabaseConnection } | null = null;
  private opening: Promise<DatabaseConnection> | null = null;
  private ended = false;
  private savepoints = 0;
  private readonly turns = inTurn();

  run<T>(fn: () => Promise<T>): Promise<T> {
    return scopes.run(this, fn);
  }

  /** Whether a statement that may write ran in this scope (its transaction is open). */
  get wrote(): boolean {
    return this.opening !== null && !this.ended;
  }

  /** The open transaction's connection when it belongs to `driver`. */
  connectionFor(driver: ScopedDriver): Promise<DatabaseConnection> | null {
    if (this.ended || !this.opening || this.tx?.driver !== driver) return null;
    return this.opening;
  }

  /** Opens the transaction on `driver` (once); null when the scope has ended or belongs to another database. */
  open(driver: ScopedDriver): Promise<DatabaseConnection> | null {
    if (this.ended) return null;
    if (this.opening) return this.tx?.driver === driver ? this.opening : null;
    this.tx = { driver, conn: null as unknown as DatabaseConnection };
    this.opening = (async () => {
      const conn = await driver.inner.acquireConnection();
      try {
        await driver.inner.beginTransaction(conn, {});
      } catch (error) {
        await driver.inner.releaseConnection(conn);
        throw error;
      }
      this.tx!.conn = conn;
      return conn;
    })();
    return this.opening;
  }

  /**
   * Runs a statement on the transaction's connection once the statements sent before it are done: a
   * connection runs one at a time, and a handler's `Promise.all` of reads after its first write would
   * otherwise send them together (pg queues them with a DeprecationWarning, and pg@9 refuses them).
   */
  inTurn<T>(statement: () => Promise<T>): Promise<T> {
    return this.turns(statement);
  }

  nextSavepoint(): string {
    this.savepoints += 1;
    return `request_sp_${this.savepoints}`;
  }

  commit(): Promise<void> { return this.end('commit'); }
  rollback(): Promise<void> { return this.end('rollback'); }

  private async end(how: 'commit' | 'rollback'): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    if (!this.opening || !this.tx) return;
    let conn: DatabaseConnection;
    try {
      conn = await this.opening;
    } catch {
      return; // it never began
    }
    const { inner } = this.tx.driver;
    try {
      if (how === 'commit') await inner.commitTransaction(conn);
      else await inner.rollbackTransaction(conn);
    } finally {
      await inner.releaseConnection(conn);
    }
  }
}

const scopes = new AsyncLocalStorage<RequestScope>();

/** Whether the calling code runs in a request scope whose transaction is open (it holds a connection). */
export function insideOpenTransaction(): boolean {
  return scopes.getStore()?.wrote ?? false;
}

/**
 * Runs `fn` as if outside any request scope: its statements never open or join the request's
 * transaction (maintenance such as ANALYZE that must not hold the request's connection).
 */
export function outsideRequestScope<T>(fn: () => Promise<T>): Promise<T> {
  return scopes.exit(fn);
}

/** A statement that only reads (a plain SELECT: no locking clause, no CTE that could write). */
function onlyReads(query: CompiledQuery): boolean {
  const node = query.query as { kind: string; endModifiers?: unknown[]; with?: unknown };
  return node.kind === 'SelectQueryNode' && !node.endModifiers?.length && !node.with;
}

/** The connection handed out inside a scope: routes each statement to the request's transaction or past it. */
class ScopedConnection implements DatabaseConnection {
  /** Savepoints of the `db.transaction()` blocks begun on this handle, innermost last. */
  readonly savepoints: string[] = [];
  constructor(readonly driver: ScopedDriver, readonly scope: RequestScope) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const tx = this.scope.connectionFor(this.driver) ?? (onlyReads(query) ? null : this.scope.open(this.driver));
    if (tx) return this.scope.inTurn(async () => (await tx).executeQuery<R>(query));
    return this.driver.outside((conn) => conn.executeQuery<R>(query));
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    const tx = this.scope.connectionFor(this.driver);
    if (tx) {
      yield* (await tx).streamQuery<R>(query, chunkSize);
      return;
    }
    const conn = await this.driver.inner.acquireConnection();
    try {
      yield* conn.streamQuery<R>(query, chunkSize);
    } finally {
      await this.driver.inner.releaseConnection(conn);
    }
  }
}

class ScopedDriver implements Driver {
  constructor(readonly inner: Driver) {}

  init(): Promise<void> { return this.inner.init(); }
  destroy(): Promise<void> { return this.inner.destroy(); }

  async acquireConnection(): Promise<DatabaseConnection> {
    const scope = scopes.getStore();
    return scope ? new ScopedConnection(this, scope) : this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) await this.inner.releaseConnection(connection);
  }

  /** One statement on a connection of its own (as outside a scope). */
  async outside<T>(fn: (conn: DatabaseConnection) => Promise<T>): Promise<T> {
    const conn = await this.inner.acquireConnection();
    try {
      return await fn(conn);
    } finally {
      await this.inner.releaseConnection(conn);
    }
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.beginTransaction(connection, settings);
    const tx = connection.scope.connectionFor(this) ?? connection.scope.open(this);
    if (!tx) throw new Error('the request transaction has ended');
    const name = connection.scope.nextSavepoint();
    await connection.scope.inTurn(async () => (await tx).executeQuery(CompiledQuery.raw(`savepoint ${name}`)));
    connection.savepoints.push(name);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.commitTransaction(connection);
    const name = connection.savepoints.pop()!;
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    if (!(connection instanceof ScopedConnection)) return this.inner.rollbackTransaction(connection);
    const name = connection.savepoints.pop()!;
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${name}`));
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${name}`));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(await this.real(connection), name, compile);
  }
  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.rollbackToSavepoint!(await this.real(connection), name, compile);
  }
  async releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.releaseSavepoint!(await this.real(connection), name, compile);
  }
  private async real(connection: DatabaseConnection): Promise<DatabaseConnection> {
    if (!(connection instanceof ScopedConnection)) return connection;
    const tx = connection.scope.connectionFor(this) ?? connection.scope.open(this);
    if (!tx) throw new Error('the request transaction has ended');
    return tx;
  }
}

/** A dialect whose statements take part in the request scope they run in (see RequestScope). */
export function requestScoped(dialect: Dialect): Dialect {
  return {
    createAdapter: (): DialectAdapter => dialect.createAdapter(),
    createDriver: (): Driver => new ScopedDriver(dialect.createDriver()),
    createQueryCompiler: (): QueryCompiler => dialect.createQueryCompiler(),
    createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => dialect.createIntrospector(db),
  };
}
