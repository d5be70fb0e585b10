import pg from 'pg';

/**
 * Statements sent on a PostgreSQL connection (a pg.Client, pooled or not) while it was still running
 * another, each with its stack: pg queues such a statement and prints once per process
 * `DeprecationWarning: Calling client.query() when the client is already executing a query is
 * deprecated and will be removed in pg@9.0` (and only from the third at once). Recorded here from the
 * second at once, every time, in this process; pg's own warning is recorded too, should its internals
 * that tell a busy client (`_activeQuery`, `_queryQueue`) ever move.
 */
interface Client { _queryQueue?: unknown[]; _activeQuery?: unknown; pipeline?: boolean }

const KEY = Symbol.for('wb.test.pgOverlaps');
const global = globalThis as { [KEY]?: string[] };

/** Patches pg.Client once per process (the server files share their worker). */
export function watchPgOverlaps(): void {
  if (global[KEY]) return;
  const overlaps: string[] = (global[KEY] = []);
  const proto = pg.Client.prototype as unknown as { query(this: Client, ...args: unknown[]): unknown };
  const query = proto.query;
  proto.query = function (this: Client, ...args: unknown[]) {
    if (!Array.isArray(this._queryQueue) || !('_activeQuery' in this)) {
      throw new Error('pg-overlaps.ts: pg.Client has no _queryQueue / _activeQuery any more; see how pg now tells a busy client');
    }
    if (!this.pipeline && (this._activeQuery || this._queryQueue.length > 0)) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text ?? '(a submittable)';
      overlaps.push(`${text.slice(0, 200)}\n${new Error('sent while the connection was running another statement').stack}`);
    }
    return query.apply(this, args);
  };
  process.on('warning', (warning) => {
    if (/client is already executing a query/.test(warning.message)) overlaps.push(`${warning.message}\n${warning.stack}`);
  });
}

/** The overlaps recorded since the last call, and forgets them. */
export function takePgOverlaps(): string[] {
  return global[KEY]?.splice(0) ?? [];
}
