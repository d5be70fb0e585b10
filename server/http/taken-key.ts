import type { Kysely, Transaction } from 'kysely';

/** PostgreSQL's unique_violation: a write met a committed row holding the same key in a unique index or constraint. */
const UNIQUE_VIOLATION = '23505';

export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * Stores a row whose unique key `check` found free up front (it throws the 400 naming the field when
 * the key is taken). Two requests storing the same key at once — READ COMMITTED, several API processes
 * over one PostgreSQL — both pass that check; the database's unique constraint or index then makes the
 * second wait for the first and refuses it once the first has committed (SQLSTATE 23505). That refusal
 * is answered as the check answers: `check` runs again and now sees the row that took the key. A unique
 * violation that the check does not explain stays what it was (a 500).
 *
 * `write` runs in a transaction of its own (a savepoint of the request's), so that the refused statement
 * leaves the request's transaction usable for the second check.
 */
export async function writeUnlessTaken<DB, T>(db: Kysely<DB>, check: () => Promise<void>, write: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  try {
    return await db.transaction().execute(write);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    await check();
    throw error;
  }
}
