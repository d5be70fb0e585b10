import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { FieldDefinition } from '../../src/schema/field-definition';
import type { ResourceDefinition } from '../../src/schema/resource';
import { ShapeError } from '../../src/schema/shape';
import type { Template } from '../../src/schema/template';
import { badRequest, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { idParams } from '../routes/admin/common';
import { listCachesOf } from '../resources/list-cache';
import { checkDraft } from '../templates/draft-check';
import { EDIT } from '../datasource/config-routes';
import { menuGroup, mergedTemplate, writeMenuEntry } from '../datasource/allot-routes';
import { sqlSourceDefinition, sqlSourceListUrl, type SourceColumn } from './definitions';

/** The buttons of a report's menu entry: reading is the menu's view permission, exporting its own key. */
const REPORT_BUTTONS: [string, string][] = [['export', '导出']];

/** The list page every report menu entry opens (the runtime reads the template bound to the menu). */
const LIST_COMPONENT = 'views/template/list';

/** A report's menu path, as the seeded ones: `/modules/report/rpt-daily-weigh`. */
export const reportUrlPath = (code: string) => `/modules/report/${code.replace(/_/g, '-')}`;

/** A column that numbers rows rather than measures them (never summed). */
const ID_LIKE = /(^id$|_id$|Id$|^year$|^month$)/;

/**
 * Titles for result columns: a column named as a registered table's column (`vendor_name` or
 * `vendorName`) takes that column's title (供应商), the one most tables give it; others keep their name.
 */
export function columnTitles(resources: readonly ResourceDefinition[]): Map<string, string> {
  const counts = new Map<string, Map<string, number>>();
  for (const r of resources) {
    for (const c of r.columns) {
      for (const name of new Set([c.fieldDbName, c.fieldName])) {
        const byTitle = counts.get(name) ?? new Map<string, number>();
        byTitle.set(c.fieldExplain, (byTitle.get(c.fieldExplain) ?? 0) + 1);
        counts.set(name, byTitle);
      }
    }
  }
  return new Map([...counts].map(([name, byTitle]) => [name, [...byTitle].sort((a, b) => b[1] - a[1])[0][0]]));
}

function listField(code: string, c: SourceColumn, kind: ResourceDefinition['columns'][number]['fieldType'], seq: number, quick: boolean, titles: ReadonlyMap<string, string>): FieldDefinition {
  const numeric = kind === 'NUMBER';
  const date = kind === 'DATE';
  return {
    fieldName: c.name, fieldExplain: titles.get(c.name) ?? c.name, customTable: code, seq,
    fieldType: numeric ? 'NUMBER' : date ? 'DATE' : kind === 'BOOLEAN' ? 'BOOLEAN' : 'TEXT',
    detailsUrl: date ? 'TIME_RANGE_BOX' : numeric ? 'NUMBER' : kind === 'BOOLEAN' ? 'BOOLEAN' : null,
    ishow: true, isortField: kind !== 'TXT', iallowQuery: quick, iallowAdvanceQuery: kind !== 'TXT',
    itotal: numeric && !ID_LIKE.test(c.name),
    cgValFormat: c.type === 'numeric' ? { valFormatFun: 'fixed3' } : c.type === 'date' ? { valFormatFun: 'date' } : date ? { valFormatFun: 'datetime' } : null,
  };
}

/**
 * 生成模板 of a SQL data source: the draft LIST (every result column shown, titled as the tables
 * title a column of that name (columnTitles); numbers summed in 合计
 * unless they number rows, text columns quick-searched, dates searched as a range; 导出 under the
 * report's `{code}_export`) and RESOURCE (picker over its text columns) templates.
 */
export function generateReportTemplates(source: { code: string; name: string; resultColumns: unknown }, titles: ReadonlyMap<string, string> = new Map()): { LIST: Template; RESOURCE: Template } {
  const def = sqlSourceDefinition(source);
  const answered = (Array.isArray(source.resultColumns) ? source.resultColumns : []) as SourceColumn[];
  // a name's pinyin initials answered beside it (`vendor_name_py`) serve the search, never a column shown
  const columns = answered.filter((c) => !(c.name.endsWith('_py') && answered.some((o) => o.name === c.name.slice(0, -3))));
  const kindOf = (name: string) => def.columns.find((c) => c.fieldName === name)!.fieldType;
  const quick = new Set(columns.filter((c) => kindOf(c.name) === 'CHAR').slice(0, 3).map((c) => c.name));
  const base = { customTable: source.code, resUrl: sqlSourceListUrl(source.code), resMethod: 'POST' as const };
  const text = columns.filter((c) => kindOf(c.name) === 'CHAR');
  const pickable = [...text, ...columns.filter((c) => !text.includes(c))].slice(0, 6);
  const name = text.find((c) => /name$/i.test(c.name)) ?? text[0] ?? columns[0];
  const key = columns.find((c) => c.name === 'id') ?? name;
  return {
    LIST: {
      ...base, formatName: source.name, formatCode: `${source.code}_list`, formatType: 'LIST', formatStyle: 'FORMAT_LIST', ps: 20,
      buttons: REPORT_BUTTONS.map(([action, label], seq) => ({ code: action, label, action, permission: `${source.code}_${action}`, seq })),
      listSubList: columns.map((c, i) => listField(source.code, c, kindOf(c.name), (i + 1) * 10, quick.has(c.name), titles)),
    },
    RESOURCE: {
      ...base, formatName: `选择${source.name}`, formatCode: `${source.code}_resource`, formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
      ps: 10, valueResourceSubName: key?.name ?? null, viewResourceSubName: name?.name ?? null,
      resSubList: pickable.map((c, i) => ({ ...listField(source.code, c, kindOf(c.name), (i + 1) * 10, kindOf(c.name) === 'CHAR', titles), isortField: false, itotal: false })),
    },
  };
}

/**
 * 生成模板 and 分配菜单 of a SQL data source, as the table data sources have them
 * (datasource/allot-routes.ts): drafts published through 模板设计, and a menu entry under a chosen
 * group with the view permission `{code}_view` and the export button `{code}_export`, the
 * source's templates bound to it (cg_format.menu_uuid) — the list then serves a non-author only
 * through that grant (routes.ts `mayRead`).
 */
export async function sqlReportRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;
  const base = '/optimus_prime/cg-sql-source';

  const sourceOf = async (id: number) => {
    const row = await db.selectFrom('cgSqlSource').select(['id', 'code', 'name', 'resultColumns']).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('SQL 数据源不存在');
    if (!Array.isArray(row.resultColumns) || row.resultColumns.length === 0) throw badRequest('SQL 数据源没有结果列，请先运行并保存', { field: 'id' });
    return row;
  };

  app.post<{ Params: { id: number } }>(`${base}/generate/:id`, {
    config: { permission: EDIT, title: '生成模板' },
    schema: {
      tags: ['datasource'],
      summary: '生成模板：按 SQL 数据源的结果列生成 LIST、RESOURCE 草稿模板；已有的模板保留其配置（图表、列宽、标题），只在草稿中加入新列、去掉已删除的列；发布在模板设计中进行',
      params: idParams,
    },
  }, async (request) => {
    const source = await sourceOf(request.params.id);
    const def = sqlSourceDefinition(source);
    const resources = await app.svc.resources.all();
    const generated = generateReportTemplates(source, columnTitles(resources));
    const tables = new Map(resources.map((r) => [r.tableName, r]));
    const resourceOf = (t: string) => (t === source.code ? def : tables.get(t));
    const out: { id: number; formatType: string; formatCode: string; formatName: string }[] = [];
    await db.transaction().execute(async (trx) => {
      for (const template of [generated.LIST, generated.RESOURCE]) {
        const stored = await trx.selectFrom('cgFormat').select(['id', 'draft', 'customTable']).where('formatCode', '=', template.formatCode).executeTakeFirst();
        // a template of that code over something else (a table of the same name, say) is never touched
        if (stored && (stored.customTable !== source.code || (stored.draft as Template).resUrl !== template.resUrl)) {
          throw badRequest(`模板编码 ${template.formatCode} 已被其他数据源使用`, { field: 'formatCode' });
        }
        const merged = stored ? mergedTemplate(stored.draft as Template, template, def) : template;
        let checked: Template;
        try {
          checked = checkDraft(merged, resourceOf);
        } catch (error) {
          if (error instanceof ShapeError) throw badRequest(`生成的${template.formatType}模板未通过校验：${error.message}`, { field: error.path });
          throw error;
        }
        const json = JSON.stringify(checked);
        const id = stored
          ? (await trx.updateTable('cgFormat').set({ draft: json, formatName: checked.formatName, updatedAt: app.svc.clock(), version: sql<number>`version + 1` })
            .where('id', '=', stored.id).returning('id').executeTakeFirstOrThrow()).id
          : (await trx.insertInto('cgFormat').values({ formatCode: checked.formatCode, formatName: checked.formatName, formatType: checked.formatType, customTable: source.code, draft: json })
            .returning('id').executeTakeFirstOrThrow()).id;
        out.push({ id, formatType: checked.formatType, formatCode: checked.formatCode, formatName: checked.formatName });
      }
    });
    return ok(out, '已生成草稿模板，请在模板设计中发布');
  });

  app.post<{ Params: { id: number }; Body: { parentId: number; title?: string; sort?: number } }>(`${base}/allot-menu/:id`, {
    config: { permission: EDIT, title: '分配菜单' },
    schema: {
      tags: ['datasource'],
      summary: '分配菜单：在所选菜单组下建（或移动）报表的菜单（/modules/report/{编码}），带查看权限 {编码}_view 和导出按钮 {编码}_export，并把 SQL 数据源的模板绑定到该菜单',
      params: idParams,
      body: { type: 'object', additionalProperties: false, required: ['parentId'], properties: { parentId: { type: 'integer', minimum: 1 }, title: { type: 'string', minLength: 1, maxLength: 50 }, sort: { type: 'integer' } } },
    },
  }, async (request) => {
    const source = await sourceOf(request.params.id);
    const parent = await menuGroup(db, request.body.parentId);
    const templates = await db.selectFrom('cgFormat').select(['formatCode', 'formatType', 'draft']).where('customTable', '=', source.code).execute();
    // the templates bound are the source's own: a table of the same name keeps its templates and menu
    const foreign = templates.find((f) => (f.draft as Template).resUrl !== sqlSourceListUrl(source.code));
    if (foreign) throw badRequest(`模板编码 ${foreign.formatCode} 已被其他数据源使用`, { field: 'id' });
    if (!templates.some((f) => f.formatType === 'LIST')) throw badRequest('请先生成模板', { field: 'id' });
    const uuid = source.code;
    const urlPath = reportUrlPath(source.code);
    const menu = {
      parentId: parent.id, menuType: 'MENU' as const, title: request.body.title?.trim() || source.name, urlPath,
      component: LIST_COMPONENT, permission: `${uuid}_view`, iusual: true, ...(request.body.sort === undefined ? {} : { sort: request.body.sort }),
    };
    const menuId = await db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('sysMenu').select(['id', 'urlPath']).where('uuid', '=', uuid).executeTakeFirst();
      // a menu entry of that code which is not this report's (a table's, say) is never taken over
      if (taken && taken.urlPath !== urlPath) throw badRequest(`菜单标识 ${uuid} 已被其他菜单使用`, { field: 'id' });
      const samePath = await trx.selectFrom('sysMenu').select('id').where('urlPath', '=', urlPath).where('uuid', '<>', uuid).executeTakeFirst();
      if (samePath) throw badRequest(`菜单路径 ${urlPath} 已被其他菜单使用`, { field: 'id' });
      const id = await writeMenuEntry(trx, taken?.id ?? null, uuid, menu, REPORT_BUTTONS, app.svc.clock());
      await trx.updateTable('cgFormat').set({ menuUuid: uuid }).where('customTable', '=', source.code).execute();
      return id;
    });
    // the list reads a template's menu binding from its cache: the new binding holds from now on
    listCachesOf(db).invalidateTemplates();
    return ok({ menuId, uuid, urlPath }, '菜单已分配');
  });
}
