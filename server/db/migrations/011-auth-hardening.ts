import { sql, type Kysely } from 'kysely';

/**
 * Sign-in, refresh and idempotency under concurrency:
 * - a sign-in attempt is recorded (pending) before its password is judged, so concurrent attempts
 *   count each other; a success erases only failures judged before it;
 * - a spent refresh token keeps its successor pair for a few seconds, sealed with a key only the
 *   holder of the spent token can derive, so a second tab refreshing at the same moment gets the
 *   same pair instead of tripping reuse detection;
 * - an idempotency key remembers a hash of the body it was first used with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table auth_login_failure add column pending boolean not null default false;
    alter table auth_token add column successor text;
    alter table idempotency_key add column body_hash text;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table auth_login_failure drop column pending;
    alter table auth_token drop column successor;
    alter table idempotency_key drop column body_hash;
  `.execute(db);
}
