import type { FastifyInstance } from 'fastify';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { visibleMenus } from './menu-access';
import { buildMenuTree } from './menu-tree';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { MENU_TABLES } from '../db/migrations/025-menu-generation';

/** The sum of the menu tables' write generations: it moves whenever what any user's menu tree holds may have changed. */
export async function menuGeneration(db: Kysely<DB>): Promise<number> {
  const rows = await db.selectFrom('resourceGeneration').select('generation').where('tableName', 'in', [...MENU_TABLES]).execute();
  return rows.reduce((sum, r) => sum + Number(r.generation), 0);
}

export async function sysMenuRoutes(app: FastifyInstance): Promise<void> {
  app.get('/sys-menu/list', { config: { beforePasswordChange: true }, schema: { tags: ['menu'], summary: '当前用户的菜单树（含按钮及权限标识）' } }, async (request) => {
    const auth = caller(request);
    const { db } = app.svc;
    const visible = await visibleMenus(db, auth);
    const own = await db.selectFrom('sysMenuUserDefine').select('menuId').where('userId', '=', auth.userId).execute();
    // which pages have a published list template: the shell says 该菜单尚未配置模板 without asking for one
    const listed = await db.selectFrom('cgFormat').select('menuUuid').where('formatType', '=', 'LIST').where('published', 'is not', null).where('menuUuid', 'is not', null).execute();
    return ok(buildMenuTree(visible, new Set(own.map((o) => o.menuId)), new Set(listed.map((r) => r.menuUuid!))));
  });

  app.get('/sys-menu/generation', {
    config: { noOperationLog: true, beforePasswordChange: true },
    schema: { tags: ['menu'], summary: '菜单树的版本号：菜单、角色、角色菜单或用户角色有变化即增加；客户端据此重新读取菜单，无需重新登录' },
  }, async () => ok({ generation: await menuGeneration(app.svc.db) }));
}
