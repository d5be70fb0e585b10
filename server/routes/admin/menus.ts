import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import crypto from 'node:crypto';
import { badRequest, notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { buildMenuTree } from '../menu-tree';
import { idParams, staleVersion } from './common';

const menuFields = {
  parentId: { type: ['integer', 'null'], minimum: 1 },
  menuType: { type: 'string', enum: ['MENU', 'BUTTON'] },
  title: { type: 'string', minLength: 1, maxLength: 50 },
  urlPath: { type: ['string', 'null'], maxLength: 300 },
  component: { type: ['string', 'null'], maxLength: 200 },
  icon: { type: ['string', 'null'], maxLength: 100 },
  query: { type: ['string', 'null'], maxLength: 300 },
  permission: { type: ['string', 'null'], maxLength: 100, pattern: '^([A-Za-z0-9_:.-]+)?$' },
  sort: { type: 'integer' },
  iusual: { type: 'boolean' },
  keepAlive: { type: 'boolean' },
  isApp: { type: 'boolean' },
  enabled: { type: 'boolean' },
} as const;
type MenuBody = { parentId?: number | null; menuType?: 'MENU' | 'BUTTON'; title?: string; urlPath?: string | null; component?: string | null; icon?: string | null; query?: string | null; permission?: string | null; sort?: number; iusual?: boolean; keepAlive?: boolean; isApp?: boolean; enabled?: boolean };

export async function menuAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  app.get('/sys-menu/manage_list', {
    config: { permission: 'sys_menu_view' },
    schema: { tags: ['admin'], summary: '全部菜单树（含按钮）' },
  }, async () => ok(buildMenuTree(await db.selectFrom('sysMenu').selectAll().execute(), new Set())));

  app.get<{ Querystring: { menuId: number } }>('/sys-menu/manage_button_list', {
    config: { permission: 'sys_menu_view' },
    schema: { tags: ['admin'], summary: '菜单的按钮', querystring: { type: 'object', additionalProperties: false, required: ['menuId'], properties: { menuId: { type: 'integer', minimum: 1 } } } },
  }, async (request) => ok(await db.selectFrom('sysMenu').selectAll().where('parentId', '=', request.query.menuId).where('menuType', '=', 'BUTTON').orderBy('sort').orderBy('id').execute()));

  app.get<{ Params: { id: number } }>('/sys-menu/info/:id', {
    config: { permission: 'sys_menu_view' },
    schema: { tags: ['admin'], summary: '菜单详情', params: idParams },
  }, async (request) => {
    const row = await db.selectFrom('sysMenu').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound('菜单不存在');
    return ok(row);
  });

  const checkParent = async (parentId: number | null | undefined, selfId?: number) => {
    if (parentId === undefined || parentId === null) return;
    const parentOf = new Map((await db.selectFrom('sysMenu').select(['id', 'parentId']).execute()).map((m) => [m.id, m.parentId]));
    if (!parentOf.has(parentId)) throw badRequest('上级菜单不存在', { field: 'parentId' });
    for (let id: number | null | undefined = parentId, guard = 0; id && guard < 50; id = parentOf.get(id), guard++) {
      if (id === selfId) throw badRequest('不能把菜单移到它自己或它的下级之下', { field: 'parentId' });
    }
  };

  app.post<{ Body: MenuBody }>('/sys-menu/create', {
    config: { permission: 'sys_menu_add', title: '新增菜单' },
    schema: { tags: ['admin'], summary: '新增菜单或按钮', body: { type: 'object', additionalProperties: false, required: ['title', 'menuType'], properties: menuFields } },
  }, async (request) => {
    const b = request.body;
    await checkParent(b.parentId);
    if (b.menuType === 'BUTTON' && !b.parentId) throw badRequest('按钮须有上级菜单', { field: 'parentId' });
    const row = await db.insertInto('sysMenu').values({ ...b, menuType: b.menuType!, title: b.title!.trim(), uuid: `menu_${crypto.randomUUID()}` }).returning('id').executeTakeFirstOrThrow();
    return ok({ id: row.id }, '新增成功');
  });

  app.put<{ Body: MenuBody & { id: number; version: number } }>('/sys-menu/update', {
    config: { permission: 'sys_menu_edit', title: '修改菜单' },
    schema: {
      tags: ['admin'], summary: '修改菜单（带 version 乐观锁）',
      body: { type: 'object', additionalProperties: false, required: ['id', 'version'], properties: { ...menuFields, id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const { id, version, ...changes } = request.body;
    if (!(await db.selectFrom('sysMenu').select('id').where('id', '=', id).executeTakeFirst())) throw notFound('菜单不存在');
    await checkParent(changes.parentId, id);
    const updated = await db.updateTable('sysMenu').set({ ...changes, updatedAt: app.svc.clock(), version: sql<number>`version + 1` })
      .where('id', '=', id).where('version', '=', version).returning('id').executeTakeFirst();
    if (!updated) throw staleVersion();
    return ok(null, '修改成功');
  });

  app.delete<{ Params: { id: number } }>('/sys-menu/:id', {
    config: { permission: 'sys_menu_del', title: '删除菜单' },
    schema: { tags: ['admin'], summary: '删除菜单（其下级菜单与按钮一并删除）', params: idParams },
  }, async (request) => {
    const deleted = await db.deleteFrom('sysMenu').where('id', '=', request.params.id).returning('id').executeTakeFirst();
    if (!deleted) throw notFound('菜单不存在');
    return ok(null, '删除成功');
  });
}
