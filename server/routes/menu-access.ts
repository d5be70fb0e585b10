import { sql, type Kysely } from 'kysely';
import type { AuthContext } from '../auth/session-service';
import type { DB, SysMenu } from '../db/schema';
import { withAncestors } from './menu-tree';

/**
 * The enabled menu entries a user may see: everything for an admin, otherwise the entries granted
 * through enabled roles that apply to the current organisation, with their ancestors.
 */
export async function visibleMenus(db: Kysely<DB>, auth: AuthContext): Promise<SysMenu[]> {
  const all = await db.selectFrom('sysMenu').selectAll().where('enabled', '=', true).execute();
  if (auth.admin) return all;
  const granted = await db
    .selectFrom('sysUserRole as ur')
    .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
    .innerJoin('sysRoleMenu as rm', 'rm.roleId', 'r.id')
    .select('rm.menuId')
    .distinct()
    .where('ur.userId', '=', auth.userId)
    .where('r.enabled', '=', true)
    .where((eb) => eb.or([
      eb.not(eb.exists(eb.selectFrom('sysRoleOrg as ro').select(sql`1`.as('one')).whereRef('ro.roleId', '=', 'r.id'))),
      eb.exists(eb.selectFrom('sysRoleOrg as ro').select(sql`1`.as('one')).whereRef('ro.roleId', '=', 'r.id').where('ro.orgId', '=', auth.orgId ?? -1)),
    ]))
    .execute();
  const parentOf = new Map(all.map((m) => [m.id, m.parentId]));
  const ids = withAncestors(granted.map((g) => g.menuId), parentOf);
  return all.filter((m) => ids.has(m.id));
}
