import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { forbidden } from '../http/app-error';
import { visibleMenus } from '../routes/menu-access';
import { loadPermissions } from './permissions';
import type { AuthContext } from './session-service';

/**
 * No self-promotion: a user who manages users and roles without the admin flag hands out only what
 * it holds itself. Only what is added is checked (what a user or role already has may stay, so an
 * edit of someone else's name does not fail on roles the editor lacks). A refusal is a 403 on a
 * write, which the operation log records with its message.
 */
export const REFUSED = {
  adminFlag: '只有管理员可以设置管理员标志',
  role: '不能分配权限超出自己权限的角色',
  org: '不能分配自己不属于的公司',
  menu: '不能分配自己没有的菜单或权限',
  own: '不能给自己增加角色或公司',
} as const;

/** The ids of `next` that `current` lacks. */
export const added = (current: readonly number[], next: readonly number[]): number[] => {
  const had = new Set(current);
  return [...new Set(next)].filter((id) => !had.has(id));
};

/** Only an administrator sets or clears the admin flag. */
export function assertMaySetAdmin(auth: AuthContext, current: boolean, next: boolean | undefined): void {
  if (!auth.admin && next !== undefined && next !== current) throw forbidden(REFUSED.adminFlag);
}

/** A non-administrator adds no role or company to its own account. */
export function assertNotOwnGrant(auth: AuthContext, userId: number, addedIds: readonly number[]): void {
  if (!auth.admin && userId === auth.userId && addedIds.length) throw forbidden(REFUSED.own);
}

/** Whether the roles grant a permission the caller lacks in its current company (never for an administrator). */
export async function rolesExceedCaller(db: Kysely<DB>, auth: AuthContext, roleIds: readonly number[]): Promise<boolean> {
  if (auth.admin || roleIds.length === 0) return false;
  const own = await loadPermissions(db, auth.userId, auth.orgId);
  const rows = await db.selectFrom('sysRoleMenu as rm').innerJoin('sysMenu as m', 'm.id', 'rm.menuId')
    .select('m.permission').distinct().where('rm.roleId', 'in', [...roleIds]).where('m.enabled', '=', true).where('m.permission', 'is not', null).execute();
  return rows.some((r) => r.permission && !own.has(r.permission));
}

/** Each added role grants only permissions the caller holds in its current company. */
export async function assertMayGrantRoles(db: Kysely<DB>, auth: AuthContext, roleIds: readonly number[]): Promise<void> {
  if (await rolesExceedCaller(db, auth, roleIds)) throw forbidden(REFUSED.role);
}

/** Each added company is one the caller belongs to. */
export async function assertMayGrantOrgs(db: Kysely<DB>, auth: AuthContext, orgIds: readonly number[]): Promise<void> {
  if (auth.admin || orgIds.length === 0) return;
  const own = new Set((await db.selectFrom('sysUserOrg').select('orgId').where('userId', '=', auth.userId).execute()).map((r) => r.orgId));
  if (orgIds.some((id) => !own.has(id))) throw forbidden(REFUSED.org);
}

/** Each added menu, button or permission entry is one the caller sees through its own roles. */
export async function assertMayGrantMenus(db: Kysely<DB>, auth: AuthContext, menuIds: readonly number[]): Promise<void> {
  if (auth.admin || menuIds.length === 0) return;
  const own = new Set((await visibleMenus(db, auth)).map((m) => m.id));
  if (menuIds.some((id) => !own.has(id))) throw forbidden(REFUSED.menu);
}
