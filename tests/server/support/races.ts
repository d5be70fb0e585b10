import type { LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { expect } from 'vitest';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Answer = LightMyRequestResponse;

/**
 * Two writers staged at once on PostgreSQL, deterministically: a transaction of the test's own (a
 * connection of the test's database, `db`) holds what the request must wait for, the request is seen
 * waiting in pg_stat_activity, and only then does that transaction commit. The embedded database runs
 * one transaction at a time: these are PostgreSQL's.
 */
export function raceHelpers(db: () => AnyDb) {
  /** How many connections of the database wait for a lock. */
  const waiting = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db())).rows[0].n;

  /**
   * `first` sent and held just before it commits (its operation-log entry waits for this lock on
   * sys_log: its row is stored, not committed), then `second` sent while it is held; both answered
   * once the first has committed.
   */
  const heldFirst = async (first: () => Promise<Answer>, second: () => Promise<Answer>, stored: () => Promise<number>) =>
    db().transaction().execute(async (trx) => {
      await sql`lock table sys_log in exclusive mode`.execute(trx);
      const a = Promise.resolve(first());
      // precondition: the first waits before its commit, its row stored and not seen by others
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      expect(await stored()).toBe(0);
      const b = Promise.resolve(second());
      // the second waits too: for the first's key (before the change: for the table's write generation, its own row stored)
      await expect.poll(waiting, { timeout: 10_000 }).toBe(2);
      return { a, b };
    }).then(async ({ a, b }) => [await a, await b] as const);

  /**
   * `request` sent while a transaction of the test's own holds `insert` (the key stored, not committed):
   * it waits for it (the unique index), and is answered once that transaction has committed.
   */
  const whileInserted = async (insert: (trx: AnyDb) => Promise<unknown>, request: () => Promise<Answer>, stored: () => Promise<number>) =>
    db().transaction().execute(async (trx) => {
      await insert(trx);
      // precondition: the key is not seen outside this transaction, so the request's own check passes
      expect(await stored()).toBe(0);
      const answer = Promise.resolve(request());
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      return { answer };
    }).then(({ answer }) => answer);

  /** The unique indexes of `table` besides its primary key. */
  const uniqueIndexes = async (table: string) =>
    (await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = ${table} and indexdef like 'CREATE UNIQUE%' and indexname <> ${`${table}_pkey`}`.execute(db())).rows.map((r) => r.name);

  /** A 400 naming the field, as the API refuses bad input. */
  const refused = (res: Answer, msg: string, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, code: '400', msg, data: { field } });
  };

  return { waiting, heldFirst, whileInserted, uniqueIndexes, refused };
}
