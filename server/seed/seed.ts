import crypto from 'node:crypto';
import { sql, type Insertable, type Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords';
import type { DB, SysMenuTable } from '../db/schema';
import { seedDemoBusiness } from './demo-business';
import { MENU_TREE, ROLE_GRANTS, type MenuSeed } from './menu-data';
import { fillPinyin } from '../resources/pinyin';
import { BUILTIN_RESOURCES, ensureBuiltinResources } from './resources';
import { ensureBuiltinTemplates } from './templates';
import { ensureBuiltinReports, ensureBuiltinSqlSources } from './sql-sources';

export const DEMO_PASSWORD = 'Demo@2026';
export const DEMO_GROUP = '演示集团';
export const DEMO_ORGS = [
  { orgCode: 'DFNY', orgName: '东方能源有限公司', shortName: '东方能源' },
  { orgCode: 'HBGT', orgName: '华北钢铁有限公司', shortName: '华北钢铁' },
  { orgCode: 'XBMY', orgName: '西部煤业有限公司', shortName: '西部煤业' },
] as const;
export const DEMO_ROLES = [
  { roleCode: 'admin', roleName: '系统管理员', description: '拥有全部菜单与按钮权限' },
  { roleCode: 'weigher', roleName: '司磅员', description: '过磅作业、车辆与司机档案' },
  { roleCode: 'assayer', roleName: '化验员', description: '化验与化验组' },
  { roleCode: 'finance', roleName: '财务', description: '结算与通知单查询' },
] as const;
/** username, real name, role, organisation indexes into DEMO_ORGS, admin flag */
export const DEMO_USERS = [
  { username: 'admin', realName: '系统管理员', role: 'admin', orgs: [0, 1, 2], admin: true },
  { username: 'weigher', realName: '张司磅', role: 'weigher', orgs: [0], admin: false },
  { username: 'assayer', realName: '李化验', role: 'assayer', orgs: [0], admin: false },
  { username: 'finance', realName: '王财务', role: 'finance', orgs: [0, 1], admin: false },
  { username: 'newuser', realName: '新用户', role: 'weigher', orgs: [0], admin: false, password: '123456' },
] as const;

export interface SeedOptions {
  mode: 'demo' | 'none';
  adminPassword?: string;
  /** Told once about a generated admin password. */
  onGeneratedPassword?: (password: string) => void;
}

/**
 * Creates what is missing; running it again changes nothing that exists. Runs in one transaction
 * under an advisory lock, so processes starting together over one PostgreSQL seed once.
 */
export async function seedDatabase(db: Kysely<DB>, options: SeedOptions): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(724201)`.execute(trx);
    await seedIn(trx, options);
    // pinyin initials of master-data names written by the seed (the engine keeps them on every write)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
    for (const def of BUILTIN_RESOURCES) await fillPinyin(trx as Kysely<any>, def);
  });
}

async function seedIn(db: Kysely<DB>, options: SeedOptions): Promise<void> {
  await ensureBuiltinResources(db);
  await ensureBuiltinTemplates(db);
  await ensureBuiltinSqlSources(db);
  await ensureBuiltinReports(db);
  const added = new Set<string>();
  const menuIds = await seedMenus(db, MENU_TREE, null, new Map(), added);
  const adminRole = await ensureRole(db, DEMO_ROLES[0], () => [...menuIds.values()], [...added].map((uuid) => menuIds.get(uuid)!));
  if (options.mode === 'none') {
    const existing = await db.selectFrom('sysUser').select('id').where('username', '=', 'admin').executeTakeFirst();
    if (existing) return;
    let password = options.adminPassword;
    if (!password) {
      password = crypto.randomBytes(9).toString('base64url');
      options.onGeneratedPassword?.(password);
    }
    const user = await db.insertInto('sysUser').values({ username: 'admin', realName: '系统管理员', passwordHash: await hashPassword(password), admin: true })
      .returning('id').executeTakeFirstOrThrow();
    await db.insertInto('sysUserRole').values({ userId: user.id, roleId: adminRole }).onConflict((oc) => oc.doNothing()).execute();
    return;
  }

  const group = await db.insertInto('sysGroup').values({ groupCode: 'DEMO', groupName: DEMO_GROUP })
    .onConflict((oc) => oc.column('groupCode').doUpdateSet({ groupCode: 'DEMO' })).returning('id').executeTakeFirstOrThrow();
  const orgIds: number[] = [];
  for (const org of DEMO_ORGS) {
    const row = await db.insertInto('sysOrg').values({ ...org, groupId: group.id })
      .onConflict((oc) => oc.column('orgCode').doUpdateSet({ orgCode: org.orgCode })).returning('id').executeTakeFirstOrThrow();
    orgIds.push(row.id);
  }
  const roleIds: Record<string, number> = { admin: adminRole };
  for (const role of DEMO_ROLES.slice(1)) {
    const grant = ROLE_GRANTS[role.roleCode];
    const ids = () => [...grant.pages, ...grant.buttons].map((uuid) => {
      const id = menuIds.get(uuid);
      if (id === undefined) throw new Error(`Seed: role ${role.roleCode} grants unknown menu ${uuid}`);
      return id;
    });
    roleIds[role.roleCode] = await ensureRole(db, role, ids, [...grant.pages, ...grant.buttons].filter((uuid) => added.has(uuid)).map((uuid) => menuIds.get(uuid)!));
  }
  for (const u of DEMO_USERS) {
    const existing = await db.selectFrom('sysUser').select('id').where('username', '=', u.username).executeTakeFirst();
    if (existing) continue;
    const password = 'password' in u ? u.password : DEMO_PASSWORD;
    const user = await db.insertInto('sysUser').values({
      username: u.username, realName: u.realName, passwordHash: await hashPassword(password), admin: u.admin,
      passwordSafe: !('password' in u), groupId: group.id, currentOrgId: orgIds[u.orgs[0]],
      mobile: null, email: `${u.username}@demo.example.com`,
    }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('sysUserOrg').values(u.orgs.map((i) => ({ userId: user.id, orgId: orgIds[i] }))).execute();
    await db.insertInto('sysUserRole').values({ userId: user.id, roleId: roleIds[u.role] }).execute();
  }
  for (const [index, org] of DEMO_ORGS.entries()) {
    await seedDemoBusiness(db, { id: orgIds[index], groupId: group.id, code: org.orgCode }, index + 1, new Date());
  }
  const setting = await db.selectFrom('sysSetting').select('id').where('paramKey', '=', 'data_desensitization').where('groupId', 'is', null).executeTakeFirst();
  if (!setting) await db.insertInto('sysSetting').values({ groupId: null, paramKey: 'data_desensitization', paramValue: '0', remark: '数据脱敏（1 开启）' }).execute();
}

/**
 * A demo role with its grants when it is new. An existing role keeps what administrators made of
 * it and gets only the entries of `added` (menu entries this start created, e.g. a page a newer
 * version brings: nobody can have taken those away yet).
 */
async function ensureRole(db: Kysely<DB>, role: { roleCode: string; roleName: string; description: string }, grants: () => number[], added: number[] = []): Promise<number> {
  const existing = await db.selectFrom('sysRole').select('id').where('roleCode', '=', role.roleCode).executeTakeFirst();
  if (existing) {
    if (added.length) await db.insertInto('sysRoleMenu').values(added.map((menuId) => ({ roleId: existing.id, menuId }))).onConflict((oc) => oc.doNothing()).execute();
    return existing.id;
  }
  const created = await db.insertInto('sysRole').values(role).returning('id').executeTakeFirstOrThrow();
  const menuIds = grants();
  if (menuIds.length) await db.insertInto('sysRoleMenu').values(menuIds.map((menuId) => ({ roleId: created.id, menuId }))).execute();
  return created.id;
}

/** Inserts missing menu entries (by uuid, noting them in `added`); returns uuid → id for every entry of the tree. */
async function seedMenus(db: Kysely<DB>, tree: MenuSeed[], parentId: number | null, ids: Map<string, number>, added: Set<string>): Promise<Map<string, number>> {
  for (const [index, m] of tree.entries()) {
    const id = await upsertMenu(db, added, {
      uuid: m.uuid, parentId, menuType: 'MENU', title: m.title, urlPath: m.urlPath ?? null, component: m.component ?? null,
      icon: m.icon ?? null, permission: m.permission ?? null, sort: (index + 1) * 10, iusual: m.iusual ?? false,
      keepAlive: m.keepAlive ?? true, isApp: m.isApp ?? false,
    });
    ids.set(m.uuid, id);
    for (const [bi, b] of (m.buttons ?? []).entries()) {
      ids.set(b.uuid, await upsertMenu(db, added, {
        uuid: b.uuid, parentId: id, menuType: 'BUTTON', title: b.title, urlPath: b.urlPath ?? null, component: b.component ?? null,
        icon: null, permission: b.permission, sort: (bi + 1) * 10, iusual: false, keepAlive: true, isApp: b.isApp ?? false,
      }));
    }
    if (m.children) await seedMenus(db, m.children, id, ids, added);
  }
  return ids;
}

/**
 * Addresses an earlier seed gave its entries, and what they are now: an entry still at the old
 * address (and its buttons) moves with the seed; one an administrator changed is left alone.
 */
const MOVED_PATHS: Record<string, string> = {
  '/modules/purorder/fd-pu-settlement-main': '/modules/purorder/fd_pu_settlement_main',
  '/modules/sale/fd-sa-settlement-main': '/modules/sale/fd_sa_settlement_main',
};
function movedPath(path: string | null): string | null {
  if (!path) return null;
  for (const [old, now] of Object.entries(MOVED_PATHS)) {
    if (path === old || path.startsWith(`${old}/`)) return now + path.slice(old.length);
  }
  return null;
}

async function upsertMenu(db: Kysely<DB>, added: Set<string>, values: Insertable<SysMenuTable>): Promise<number> {
  const existing = await db.selectFrom('sysMenu').select(['id', 'urlPath']).where('uuid', '=', values.uuid).executeTakeFirst();
  if (existing) {
    const moved = movedPath(existing.urlPath);
    if (moved && moved === values.urlPath) await db.updateTable('sysMenu').set({ urlPath: moved }).where('id', '=', existing.id).execute();
    return existing.id;
  }
  const row = await db.insertInto('sysMenu').values(values).returning('id').executeTakeFirstOrThrow();
  added.add(values.uuid);
  return row.id;
}
