import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { added, assertMayGrantMenus, assertMayGrantOrgs } from '../../auth/grant-limits';
import type { DB } from '../../db/schema';
import { caller } from '../../http/auth-hook';
import { notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { assertIdsExist, idList, idParams } from './common';
import { roleUserRoutes } from './role-users';
import { registerSimpleCrud } from './simple-crud';

type Link = { table: 'sysRoleMenu' | 'sysRoleOrg'; column: 'menuId' | 'orgId'; target: 'sysMenu' | 'sysOrg'; label: string; path: string; field: string; title: string };
const LINKS: Link[] = [
  { table: 'sysRoleMenu', column: 'menuId', target: 'sysMenu', label: '菜单', path: 'menu', field: 'menuIds', title: '分配角色菜单' },
  { table: 'sysRoleOrg', column: 'orgId', target: 'sysOrg', label: '公司', path: 'orgs', field: 'orgIds', title: '分配角色公司' },
];

async function assertRole(db: Kysely<DB>, roleId: number): Promise<void> {
  if (!(await db.selectFrom('sysRole').select('id').where('id', '=', roleId).executeTakeFirst())) throw notFound('角色不存在');
}

export async function roleAdminRoutes(app: FastifyInstance): Promise<void> {
  registerSimpleCrud(app, {
    table: 'sysRole', base: '/sys-role', permission: 'sys_role', label: '角色',
    columns: { id: { ref: 't.id', type: 'number' }, roleCode: { ref: 't.roleCode', type: 'text' }, roleName: { ref: 't.roleName', type: 'text' }, enabled: { ref: 't.enabled', type: 'boolean' } },
    fields: {
      roleCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }, roleName: { type: 'string', minLength: 1, maxLength: 50 },
      description: { type: ['string', 'null'], maxLength: 200 }, enabled: { type: 'boolean' },
    },
    required: ['roleCode', 'roleName'],
    unique: { field: 'roleCode', label: '角色编码' },
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- link tables and columns come from LINKS, written by us
  const db = app.svc.db as Kysely<any>;
  for (const link of LINKS) {
    app.get<{ Params: { id: number } }>(`/sys-role/${link.path}/:id`, {
      config: { permission: 'sys_role_view' },
      schema: { tags: ['admin'], summary: `角色的${link.label}`, params: idParams },
    }, async (request) => {
      await assertRole(app.svc.db, request.params.id);
      const rows = await db.selectFrom(link.table).select(link.column).where('roleId', '=', request.params.id).orderBy(link.column).execute();
      return ok(rows.map((r: Record<string, number>) => r[link.column]));
    });

    app.put<{ Body: Record<string, number | number[]> & { roleId: number } }>(`/sys-role/${link.path}`, {
      config: { permission: 'sys_role_perm', title: link.title },
      schema: {
        tags: ['admin'], summary: `设置角色的${link.label}（整体替换）`,
        body: { type: 'object', additionalProperties: false, required: ['roleId', link.field], properties: { roleId: { type: 'integer', minimum: 1 }, [link.field]: idList } },
      },
    }, async (request) => {
      const roleId = request.body.roleId;
      const ids = [...new Set(request.body[link.field] as number[])];
      await assertRole(app.svc.db, roleId);
      await assertIdsExist(app.svc.db, link.target, ids, link.label, link.field);
      const auth = caller(request);
      if (!auth.admin) {
        // a non-administrator adds only menus it sees and companies it belongs to
        const current = (await db.selectFrom(link.table).select(link.column).where('roleId', '=', roleId).execute()).map((r: Record<string, number>) => r[link.column]);
        await (link.column === 'menuId' ? assertMayGrantMenus : assertMayGrantOrgs)(app.svc.db, auth, added(current, ids));
      }
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom(link.table).where('roleId', '=', roleId).execute();
        if (ids.length) await trx.insertInto(link.table).values(ids.map((id) => ({ roleId, [link.column]: id }))).execute();
      });
      return ok(null, '保存成功');
    });
  }

  // the role's users are those of the caller's group (GET/PUT /sys-role/{id}/users)
  await app.register(roleUserRoutes);
}
