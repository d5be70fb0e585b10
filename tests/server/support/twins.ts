import type { TestApp } from './test-app';

/**
 * A new user like a demo user — the same password, group, companies and roles — for a suite that shares
 * one app between its tests: a test that changes its user (a password, a lock, a company) changes no
 * other test's. `roleIds` gives it those roles instead of the model's (a twin role, which the test may
 * change). Answers the new user's id.
 */
export async function twinUser(t: TestApp, model: string, username: string, roleIds?: number[]): Promise<number> {
  const { db } = t.database;
  const source = await db.selectFrom('sysUser').selectAll().where('username', '=', model).executeTakeFirstOrThrow();
  const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, version: _version, ...copied } = source;
  const { id } = await db.insertInto('sysUser').values({ ...copied, username, mobile: null, email: null }).returning('id').executeTakeFirstOrThrow();
  const orgs = await db.selectFrom('sysUserOrg').select('orgId').where('userId', '=', source.id).execute();
  if (orgs.length) await db.insertInto('sysUserOrg').values(orgs.map((o) => ({ userId: id, orgId: o.orgId }))).execute();
  const roles = roleIds?.map((roleId) => ({ roleId })) ?? await db.selectFrom('sysUserRole').select('roleId').where('userId', '=', source.id).execute();
  if (roles.length) await db.insertInto('sysUserRole').values(roles.map((r) => ({ userId: id, roleId: r.roleId }))).execute();
  return id;
}

/** A new role like a demo role (the same menus and companies) under another code; answers its id. */
export async function twinRole(t: TestApp, model: string, roleCode: string): Promise<number> {
  const { db } = t.database;
  const source = await db.selectFrom('sysRole').selectAll().where('roleCode', '=', model).executeTakeFirstOrThrow();
  const { id } = await db.insertInto('sysRole')
    .values({ roleCode, roleName: `${source.roleName} ${roleCode}`, description: source.description, enabled: source.enabled })
    .returning('id').executeTakeFirstOrThrow();
  const menus = await db.selectFrom('sysRoleMenu').select('menuId').where('roleId', '=', source.id).execute();
  if (menus.length) await db.insertInto('sysRoleMenu').values(menus.map((m) => ({ roleId: id, menuId: m.menuId }))).execute();
  const orgs = await db.selectFrom('sysRoleOrg').select('orgId').where('roleId', '=', source.id).execute();
  if (orgs.length) await db.insertInto('sysRoleOrg').values(orgs.map((o) => ({ roleId: id, orgId: o.orgId }))).execute();
  return id;
}
