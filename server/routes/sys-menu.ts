import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { buildMenuTree, withAncestors } from './menu-tree';

export async function sysMenuRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sys-menu/list', { schema: { tags: ['menu'], summary: '当前用户的菜单树（含按钮及权限标识）' } }, async (request) => {
    const auth = caller(request);
    const { db } = app.svc;
    const all = await db.selectFrom('sysMenu').selectAll().where('enabled', '=', true).execute();
    let visible = all;
    if (!auth.admin) {
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
      visible = all.filter((m) => ids.has(m.id));
    }
    const own = await db.selectFrom('sysMenuUserDefine').select('menuId').where('userId', '=', auth.userId).execute();
    return ok(buildMenuTree(visible, new Set(own.map((o) => o.menuId))));
  });
}
