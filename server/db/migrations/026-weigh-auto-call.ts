import { sql, type Kysely } from 'kysely';

/**
 * 自动叫号 (the spec's quartz/task startCall / stopCall): per organisation and kind (PU, SA) whether the
 * queue is called automatically, how many trucks may stand called but not yet through the gate, and
 * who started it (the calls are logged in that person's name).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table weigh_auto_call (
      org_id bigint not null references sys_org(id) on delete cascade,
      kind varchar(2) not null,
      enabled boolean not null default false,
      max_called integer not null default 1,
      started_by bigint references sys_user(id) on delete set null,
      started_at timestamptz,
      updated_at timestamptz not null default now(),
      primary key (org_id, kind)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists weigh_auto_call`.execute(db);
}
