import type { FastifyInstance } from 'fastify';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { visibleMenus } from './menu-access';
import { buildMenuTree } from './menu-tree';

export async function sysMenuRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sys-menu/list', { schema: { tags: ['menu'], summary: '当前用户的菜单树（含按钮及权限标识）' } }, async (request) => {
    const auth = caller(request);
    const { db } = app.svc;
    const visible = await visibleMenus(db, auth);
    const own = await db.selectFrom('sysMenuUserDefine').select('menuId').where('userId', '=', auth.userId).execute();
    return ok(buildMenuTree(visible, new Set(own.map((o) => o.menuId))));
  });
}
