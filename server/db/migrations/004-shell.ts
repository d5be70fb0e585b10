import { sql, type Kysely } from 'kysely';

/** Pages a session has open (entered through the front-end address check, closed through closeCall). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sys_session_page (
      session_id bigint not null references auth_session(id) on delete cascade,
      menu_id bigint not null references sys_menu(id) on delete cascade,
      opened_at timestamptz not null,
      primary key (session_id, menu_id)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sys_session_page`.execute(db);
}
