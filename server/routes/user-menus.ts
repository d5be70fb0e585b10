import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { caller } from '../http/auth-hook';
import { AppError, badRequest, forbidden, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { visibleMenus } from './menu-access';

const idList = { type: 'array', maxItems: 500, uniqueItems: true, items: { type: 'integer', minimum: 1 } } as const;

/**
 * Common menus (sys-menu-user-define), the front-end address check before a page opens, closeCall
 * when tabs close, and the 403 development aid that registers a missing permission (spec 000 §6, §7.3).
 */
export async function userMenuRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  /** The leaf entries the user may mark as common menus (iusual), with ownMenu set for the marked ones. */
  const candidates = async (request: Parameters<typeof caller>[0]) => {
    const auth = caller(request);
    const visible = await visibleMenus(db, auth);
    const own = new Set((await db.selectFrom('sysMenuUserDefine').select('menuId').where('userId', '=', auth.userId).execute()).map((o) => o.menuId));
    return visible.filter((m) => m.menuType === 'MENU' && m.iusual && !m.isApp)
      .map((m) => ({ id: m.id, title: m.title, urlPath: m.urlPath, icon: m.icon, menuParentId: m.parentId, ownMenu: own.has(m.id) }));
  };

  app.get('/sys-menu-user-define/useMenus', {
    schema: { tags: ['menu'], summary: '当前用户的常用菜单（按设置顺序）' },
  }, async (request) => {
    const auth = caller(request);
    const visible = new Map((await visibleMenus(db, auth)).map((m) => [m.id, m]));
    const rows = await db.selectFrom('sysMenuUserDefine').select(['menuId', 'sort']).where('userId', '=', auth.userId).orderBy('sort').orderBy('createdAt').execute();
    return ok(rows.flatMap((r) => {
      const m = visible.get(r.menuId);
      return m ? [{ id: m.id, title: m.title, urlPath: m.urlPath, icon: m.icon, menuParentId: m.parentId }] : [];
    }));
  });

  app.get('/sys-menu-user-define/defineMenus', {
    schema: { tags: ['menu'], summary: '可设为常用菜单的菜单（iusual），ownMenu 表示已设为常用' },
  }, async (request) => ok(await candidates(request)));

  app.post<{ Body: { addIds?: number[]; removeIds?: number[] } }>('/sys-menu-user-define/batchUpdate', {
    config: { title: '设置常用菜单' },
    schema: {
      tags: ['menu'], summary: '设置常用菜单：addIds 加入，removeIds 移除（只允许 iusual 菜单）',
      body: { type: 'object', additionalProperties: false, properties: { addIds: idList, removeIds: idList } },
    },
  }, async (request) => {
    const auth = caller(request);
    const addIds = request.body.addIds ?? [];
    const removeIds = request.body.removeIds ?? [];
    if (addIds.length === 0 && removeIds.length === 0) throw badRequest('请选择要设置的菜单', { field: 'addIds' });
    const allowed = new Set((await candidates(request)).map((m) => m.id));
    const refused = addIds.find((id) => !allowed.has(id));
    if (refused !== undefined) throw badRequest(`菜单 ${refused} 不能设为常用菜单`, { field: 'addIds' });
    await db.transaction().execute(async (trx) => {
      if (removeIds.length) await trx.deleteFrom('sysMenuUserDefine').where('userId', '=', auth.userId).where('menuId', 'in', removeIds).execute();
      if (addIds.length) {
        const last = await trx.selectFrom('sysMenuUserDefine').select((eb) => eb.fn.max('sort').as('sort')).where('userId', '=', auth.userId).executeTakeFirst();
        const start = Number(last?.sort ?? 0);
        await trx.insertInto('sysMenuUserDefine')
          .values(addIds.map((menuId, i) => ({ userId: auth.userId, menuId, sort: start + i + 1, createdAt: app.svc.clock() })))
          .onConflict((oc) => oc.columns(['userId', 'menuId']).doNothing()).execute();
      }
    });
    return ok(null, '设置成功');
  });

  app.post<{ Body: { adress: number | string; token?: string } }>('/core/sys-site-license/checkFrontendAdress', {
    config: { noOperationLog: true },
    schema: {
      tags: ['menu'], summary: '前端地址检查：进入菜单或打开页签前确认该菜单对当前用户可用，并记为本会话已打开的页面',
      body: { type: 'object', additionalProperties: false, required: ['adress'], properties: { adress: { type: ['integer', 'string'], maxLength: 20 }, token: { type: 'string', maxLength: 200 } } },
    },
  }, async (request) => {
    const auth = caller(request);
    const id = Number(request.body.adress);
    if (!Number.isSafeInteger(id) || id < 1) throw badRequest('adress 须为菜单编号', { field: 'adress' });
    const menu = (await visibleMenus(db, auth)).find((m) => m.id === id && m.menuType === 'MENU');
    if (!menu) throw new AppError(200, '当前页面地址未授权，无法访问', '1');
    await db.insertInto('sysSessionPage').values({ sessionId: auth.sessionId, menuId: id, openedAt: app.svc.clock() })
      .onConflict((oc) => oc.columns(['sessionId', 'menuId']).doUpdateSet({ openedAt: app.svc.clock() })).execute();
    return ok(true);
  });

  app.post<{ Body: { token?: string; adress: (number | string)[] } }>('/closeCall', {
    config: { noOperationLog: true },
    schema: {
      tags: ['menu'], summary: '页签关闭通知：adress 为关闭的页面（菜单编号），token 为刷新令牌',
      body: { type: 'object', additionalProperties: false, required: ['adress'], properties: { token: { type: 'string', maxLength: 200 }, adress: { type: 'array', maxItems: 200, items: { type: ['integer', 'string'], maxLength: 20 } } } },
    },
  }, async (request) => {
    const auth = caller(request);
    const ids = request.body.adress.map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
    if (ids.length) await db.deleteFrom('sysSessionPage').where('sessionId', '=', auth.sessionId).where('menuId', 'in', ids).execute();
    return ok({ closed: ids.length });
  });

  app.post<{ Body: { menuId: number; permission: string; methods?: string } }>('/sys-menu/savePermission', {
    config: { title: '登记缺少的权限' },
    schema: {
      tags: ['menu'], summary: '开发辅助：403 时登记缺少的按钮权限（仅当服务端开启 DEV_AID；只登记按钮，不授予权限）',
      body: {
        type: 'object', additionalProperties: false, required: ['menuId', 'permission'],
        properties: { menuId: { type: 'integer', minimum: 1 }, permission: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_:.-]+$' }, methods: { type: 'string', maxLength: 20 } },
      },
    },
  }, async (request) => {
    caller(request);
    if (!app.svc.config.devAid) throw forbidden();
    const { menuId, permission, methods } = request.body;
    const menu = await db.selectFrom('sysMenu').select(['id', 'menuType']).where('id', '=', menuId).executeTakeFirst();
    if (!menu || menu.menuType !== 'MENU') throw notFound('菜单不存在');
    const exists = await db.selectFrom('sysMenu').select('id').where((eb) => eb.or([eb('parentId', '=', menuId), eb('id', '=', menuId)]))
      .where('permission', '=', permission).executeTakeFirst();
    if (exists) return ok({ added: false }, `权限 ${permission} 已存在`);
    await db.insertInto('sysMenu').values({
      parentId: menuId, menuType: 'BUTTON', title: `${permission}${methods ? ` (${methods})` : ''}`.slice(0, 50), permission, uuid: crypto.randomUUID(), sort: 900,
    }).execute();
    return ok({ added: true }, `已添加权限 ${permission}`);
  });
}
