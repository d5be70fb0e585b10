import { sql, type Kysely } from 'kysely';

/** The tables that decide which menus (and buttons) a signed-in user sees. */
export const MENU_TABLES = ['sys_menu', 'sys_role_menu', 'sys_user_role', 'sys_role', 'sys_role_org', 'sys_user_org'] as const;

/**
 * The menu tree's generation: the list totals' statement trigger (resource_generation_bump) on
 * each table that decides a user's menus, so any writer — 菜单管理, 分配权限, 分配用户, a seed —
 * moves it in the writing transaction, and every signed-in client sees it move.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of MENU_TABLES) {
    await sql`create or replace trigger ${sql.id(`${table}_generation_trg`)} after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function resource_generation_bump()`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of MENU_TABLES) await sql`drop trigger if exists ${sql.id(`${table}_generation_trg`)} on ${sql.table(table)}`.execute(db);
}
