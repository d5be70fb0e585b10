import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The permission keys a user holds in an organisation: the keys of every menu and button entry
 * assigned to the user's enabled roles. A role linked to organisations applies only in those; a
 * role with no organisation links applies in all of the user's organisations.
 */
export async function loadPermissions(db: Kysely<DB>, userId: number, orgId: number | null): Promise<Set<string>> {
  const rows = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .innerJoin('sysRoleMenu as rm', 'rm.roleId', 'r.id')
    .innerJoin('sysMenu as m', 'm.id', 'rm.menuId')
    .select('m.permission')
    .distinct()
    .where('ur.userId', '=', userId)
    .where('r.enabled', '=', true)
    .where('m.enabled', '=', true)
    .where('m.permission', 'is not', null)
    .where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('sysRoleOrg as ro').select(sql`1`.as('one')).whereRef('ro.roleId', '=', 'r.id'))),
        ...(orgId === null ? [] : [eb.exists(eb.selectFrom('sysRoleOrg as ro').select(sql`1`.as('one')).whereRef('ro.roleId', '=', 'r.id').where('ro.orgId', '=', orgId))]),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.permission).filter((p): p is string => !!p));
}

/** The role codes of a user. */
export async function loadRoles(db: Kysely<DB>, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('sysUserRole as ur').innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .select('r.roleCode').where('ur.userId', '=', userId).where('r.enabled', '=', true).orderBy('r.id').execute();
  return rows.map((r) => r.roleCode);
}

/** Every permission key in the menu table (what an admin holds). */
export async function allPermissions(db: Kysely<DB>): Promise<Set<string>> {
  const rows = await db.selectFrom('sysMenu').select('permission').distinct().where('permission', 'is not', null).execute();
  return new Set(rows.map((r) => r.permission).filter((p): p is string => !!p));
}
