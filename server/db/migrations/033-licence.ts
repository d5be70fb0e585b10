import { sql, type Kysely } from 'kysely';

/**
 * The installation's authorisation (/grantAuth): one row, created on first read with a random
 * installation id that codes are issued for, and the last accepted authorisation code with what it
 * grants (licensee, edition, expiry) and who entered it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table if not exists sys_licence (
      id integer primary key check (id = 1),
      installation_id varchar(36) not null,
      code text,
      licensee varchar(200),
      edition varchar(40),
      expires_on varchar(10),
      issued_on varchar(10),
      applied_by bigint references sys_user(id) on delete set null,
      applied_at timestamptz,
      created_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists sys_licence`.execute(db);
}
