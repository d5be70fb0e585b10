import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FieldDefinition } from '../../src/schema/field-definition';
import { SYSTEM_COLUMNS, type ResourceDefinition } from '../../src/schema/resource';
import { ShapeError } from '../../src/schema/shape';
import type { Template } from '../../src/schema/template';
import { badRequest, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { idParams } from '../routes/admin/common';
import { BUTTONS_BY_KIND } from '../seed/templates';
import { checkDraft } from '../templates/draft-check';
import { EDIT } from './config-routes';
import { generateTemplates, generationContext } from './generate';

/**
 * A template that exists keeps what was made in it (picks, calculations, widths, other tables'
 * fields): the generated fields of new columns are appended, and the fields of columns the table
 * no longer has are taken out.
 */
export function mergedTemplate(existing: Template, generated: Template, def: ResourceDefinition): Template {
  const live = new Set<string>([...def.columns.map((c) => c.fieldName), ...SYSTEM_COLUMNS]);
  const merge = (table: string, old: FieldDefinition[] | undefined, fresh: FieldDefinition[] | undefined) => {
    if (!old) return fresh;
    const kept = old.filter((f) => (f.customTable ?? table) !== def.tableName || live.has(f.fieldName) || f.formSubmitType === 'CALCULATE');
    return [...kept, ...(fresh ?? []).filter((f) => !kept.some((o) => o.fieldName === f.fieldName))];
  };
  const own = existing.customTable ?? def.tableName;
  return {
    ...existing,
    ...(generated.formSubList ? { formSubList: merge(own, existing.formSubList, generated.formSubList) } : {}),
    ...(generated.listSubList ? { listSubList: merge(own, existing.listSubList, generated.listSubList) } : {}),
    ...(generated.resSubList ? { resSubList: merge(own, existing.resSubList, generated.resSubList) } : {}),
    ...(existing.childSubLists || generated.childSubLists ? {
      childSubLists: [
        ...(existing.childSubLists ?? []),
        ...(generated.childSubLists ?? []).filter((g) => !existing.childSubLists?.some((c) => c.customTable === g.customTable)),
      ],
    } : {}),
  };
}

/** The list page every generated menu entry opens (templates are read by the menu). */
const LIST_COMPONENT = 'views/template/list';

/**
 * 生成模板 and 分配菜单 of a synced data source: the four draft templates made from its columns
 * (a template that exists keeps what was published and gets a new draft), and a menu entry under
 * a chosen group with the standard buttons and their permission keys, bound to the templates
 * (spec's "format allot": cg_format.menu_uuid names the menu). 发布 goes through 模板设计
 * (`cg-format/publish/{id}`); 分配权限 through the roles' menu grants.
 */
export async function allotRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;
  const base = '/optimus_prime/cg-custom-table';

  const served = async (id: number): Promise<ResourceDefinition> => {
    const row = await db.selectFrom('cgCustomTable').select(['definition']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('数据源不存在');
    if (!row.definition) throw badRequest('请先同步数据源', { field: 'id' });
    const def = row.definition as ResourceDefinition;
    if (def.kind === 'LINE') throw badRequest(`明细表的模板和菜单随主表 ${def.parentTable} 生成`, { field: 'id' });
    return def;
  };

  app.post<{ Params: { id: number } }>(`${base}/generate-templates/:id`, {
    config: { permission: EDIT, title: '生成模板' },
    schema: { tags: ['datasource'], summary: '生成模板：按字段生成 LIST、FORM（主子表）、DETAIL、RESOURCE 草稿模板；已有的模板保留其配置，只在草稿中加入新字段、去掉已删除字段；发布在模板设计中进行', params: idParams },
  }, async (request) => {
    const def = await served(request.params.id);
    const all = await app.svc.resources.all();
    const lines = all.filter((r) => r.kind === 'LINE' && r.parentTable === def.tableName);
    const generated = generateTemplates(def, lines, await generationContext(db));
    const byTable = new Map(all.map((r) => [r.tableName, r]));
    const out: { id: number; formatType: string; formatCode: string; formatName: string }[] = [];
    await db.transaction().execute(async (trx) => {
      let detailId: number | undefined;
      for (const template of [generated.DETAIL, generated.LIST, generated.FORM, generated.RESOURCE]) {
        const stored = await trx.selectFrom('cgFormat').select(['draft', 'customTable']).where('formatCode', '=', template.formatCode).executeTakeFirst();
        const base = stored && stored.customTable === def.tableName ? mergedTemplate(stored.draft as Template, template, def) : template;
        let checked: Template;
        try {
          checked = checkDraft(template === generated.LIST && !base.detailId ? { ...base, detailId } : base, (t) => byTable.get(t));
        } catch (error) {
          if (error instanceof ShapeError) throw badRequest(`生成的${template.formatType}模板未通过校验：${error.message}`, { field: error.path });
          throw error;
        }
        const json = JSON.stringify(checked);
        const exists = await trx.selectFrom('cgFormat').select(['id', 'customTable']).where('formatCode', '=', checked.formatCode).executeTakeFirst();
        if (exists && exists.customTable !== def.tableName) throw badRequest(`模板编码 ${checked.formatCode} 已被其他数据源使用`, { field: 'formatCode' });
        const id = exists
          ? (await trx.updateTable('cgFormat').set({ draft: json, formatName: checked.formatName, updatedAt: app.svc.clock(), version: sql<number>`version + 1` })
            .where('id', '=', exists.id).returning('id').executeTakeFirstOrThrow()).id
          : (await trx.insertInto('cgFormat').values({ formatCode: checked.formatCode, formatName: checked.formatName, formatType: checked.formatType, customTable: def.tableName, draft: json })
            .returning('id').executeTakeFirstOrThrow()).id;
        if (template === generated.DETAIL) detailId = id;
        out.push({ id, formatType: checked.formatType, formatCode: checked.formatCode, formatName: checked.formatName });
      }
    });
    return ok(out, '已生成草稿模板，请在模板设计中发布');
  });

  app.post<{ Params: { id: number }; Body: { parentId: number; title?: string; sort?: number } }>(`${base}/allot-menu/:id`, {
    config: { permission: EDIT, title: '分配菜单' },
    schema: {
      tags: ['datasource'], summary: '分配菜单：在所选菜单组下建（或移动）数据源的菜单，带标准按钮及其权限键（{表名}_view、_add…），并把数据源的模板绑定到该菜单',
      params: idParams,
      body: { type: 'object', additionalProperties: false, required: ['parentId'], properties: { parentId: { type: 'integer', minimum: 1 }, title: { type: 'string', minLength: 1, maxLength: 50 }, sort: { type: 'integer' } } },
    },
  }, async (request) => {
    const def = await served(request.params.id);
    const parent = await menuGroup(db, request.body.parentId);
    const templates = await db.selectFrom('cgFormat').select('id').where('customTable', '=', def.tableName).where('formatType', '=', 'LIST').executeTakeFirst();
    if (!templates) throw badRequest('请先生成模板', { field: 'id' });
    const uuid = def.permissionPrefix;
    const menu = {
      parentId: parent.id, menuType: 'MENU' as const, title: request.body.title ?? def.tableExplain, urlPath: `/modules/${def.module}/${def.tableName}`,
      component: LIST_COMPONENT, permission: `${uuid}_view`, iusual: true, ...(request.body.sort === undefined ? {} : { sort: request.body.sort }),
    };
    const menuId = await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('sysMenu').select('id').where('uuid', '=', uuid).executeTakeFirst();
      const id = await writeMenuEntry(trx, taken?.id ?? null, uuid, menu, BUTTONS_BY_KIND[def.kind], app.svc.clock());
      await trx.updateTable('cgFormat').set({ menuUuid: uuid }).where('customTable', '=', def.tableName).execute();
      return id;
    });
    return ok({ menuId, uuid, urlPath: menu.urlPath }, '菜单已分配');
  });
}

/** A menu entry 分配菜单 writes. */
/** The menu group a new entry goes under: a group, never a page (an entry with its own address). */
export async function menuGroup(db: Kysely<DB>, parentId: number): Promise<{ id: number }> {
  const parent = await db.selectFrom('sysMenu').select(['id', 'menuType', 'urlPath', 'component']).where('id', '=', parentId).executeTakeFirst();
  if (!parent || parent.menuType !== 'MENU') throw badRequest('上级菜单不存在', { field: 'parentId' });
  if (parent.urlPath || parent.component) throw badRequest('上级菜单必须是菜单组，不能是页面', { field: 'parentId' });
  return parent;
}

export interface MenuEntry { parentId: number; menuType: 'MENU'; title: string; urlPath: string; component: string; permission: string; iusual: boolean; sort?: number }

/**
 * 分配菜单's write, for a data source and a report alike: the MENU entry (updated when `existing`
 * names it, else inserted under `uuid`) and its buttons `{uuid}_{action}` with their permission keys.
 */
export async function writeMenuEntry(
  trx: Kysely<DB>, existing: number | null, uuid: string, menu: MenuEntry, buttons: readonly (readonly [string, string])[], now: Date,
): Promise<number> {
  const id = existing !== null
    ? (await trx.updateTable('sysMenu').set({ ...menu, updatedAt: now, version: sql<number>`version + 1` }).where('id', '=', existing).returning('id').executeTakeFirstOrThrow()).id
    : (await trx.insertInto('sysMenu').values({ ...menu, uuid }).returning('id').executeTakeFirstOrThrow()).id;
  for (const [seq, [action, label]] of buttons.entries()) {
    const button = { parentId: id, menuType: 'BUTTON' as const, title: label, permission: `${uuid}_${action}`, sort: seq };
    const exists = await trx.selectFrom('sysMenu').select('id').where('uuid', '=', `${uuid}_${action}`).executeTakeFirst();
    if (exists) await trx.updateTable('sysMenu').set(button).where('id', '=', exists.id).execute();
    else await trx.insertInto('sysMenu').values({ ...button, uuid: `${uuid}_${action}` }).execute();
  }
  return id;
}
