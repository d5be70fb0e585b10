import { sql, type Kysely } from 'kysely';

/** Which uploaded image is a group's main logo ({pkGroup}_1) and sub logo ({pkGroup}_0). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sys_group
      add column logo_main_file_id bigint references sys_file(id) on delete set null,
      add column logo_sub_file_id bigint references sys_file(id) on delete set null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sys_group drop column logo_main_file_id, drop column logo_sub_file_id`.execute(db);
}
