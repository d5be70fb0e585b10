import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ShapeError } from '../../src/schema/shape';
import type { Template } from '../../src/schema/template';
import { FORMAT_TYPES } from '../../src/schema/template';
import { migrateTemplate } from '../../src/schema/format-migrations';
import { badRequest, notFound } from '../http/app-error';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { escapeLike } from '../http/list-query';
import { ensureListSupport } from '../resources/ddl';
import { listCachesOf } from '../resources/list-cache';
import type { HistoryEntry } from '../../src/schema/design-history';
import { contentHash } from '../../src/schema/canonical';
import { checkDraft } from './draft-check';
import { declaredColumnTypes } from '../../src/schema/resource';
import { publishParamLinks } from './param-links';
import { sqlSourceDefinitions } from '../sql/definitions';
import { appendHistory, checkEntries, formatRow, migrateTemplateFormat, recordReplacement, staleDraft, versionsOf } from './format-store';
import { HISTORY_BODY, NOTE, versionRoutes } from './version-routes';

/** The message of a stale draft version (the request layer's 409). */
export { STALE_DRAFT } from './format-store';

const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
const version = { type: 'integer', minimum: 1 } as const;

interface ListQuery { formatName?: string; formatCode?: string; formatType?: string; pn?: number; ps?: number }

/**
 * 模板设计 (`/custom/format`) and its template-attribute configuration (`/custom/format/form/sub`):
 * the stored templates, and a template's draft — read, saved (checked like a published template
 * and with the rules of the attribute dialogs; a stale version is a 409) and published (the draft
 * copied to `published`, which is all the runtime reads).
 */
export async function formatRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  const resourceLookup = async () => {
    // data-source tables and SQL data sources (a report's LIST template is built on one)
    const all = [...await app.svc.resources.all(), ...await sqlSourceDefinitions(db)];
    const byTable = new Map(all.map((r) => [r.tableName, r]));
    return (table: string) => byTable.get(table);
  };
  /** The draft checked, or a 400 naming the field and the problem. */
  const checked = async (draft: unknown): Promise<Template> => {
    const resourceOf = await resourceLookup();
    try {
      return checkDraft(draft, resourceOf);
    } catch (error) {
      if (error instanceof ShapeError) throw badRequest(`模板校验未通过：${error.message}`, { field: error.path, problem: error.problem });
      throw error;
    }
  };
  const changedExpr = sql<boolean>`(draft is distinct from published)`;

  app.get<{ Querystring: ListQuery }>('/optimus_prime/cg-format/list', {
    config: { permission: 'custom_format_view', noOperationLog: true },
    schema: {
      tags: ['template'], summary: '模板设计：模板列表（按名称、编码模糊查询，按类型筛选）；changed 表示草稿与已发布版本不同',
      querystring: {
        type: 'object', additionalProperties: false,
        properties: {
          formatName: { type: 'string', maxLength: 100 }, formatCode: { type: 'string', maxLength: 64 },
          formatType: { type: 'string', enum: [...FORMAT_TYPES] }, pn: { type: 'integer', minimum: 1, default: 1 }, ps: { type: 'integer', minimum: 1, maximum: 200, default: 20 },
        },
      },
    },
  }, async (request) => {
    const { formatName, formatCode, formatType, pn = 1, ps = 20 } = request.query;
    let query = db.selectFrom('cgFormat').leftJoin('sysMenu', (j) => j.onRef('sysMenu.uuid', '=', 'cgFormat.menuUuid').on('sysMenu.menuType', '=', 'MENU'));
    if (formatName?.trim()) query = query.where('cgFormat.formatName', 'like', `%${escapeLike(formatName.trim())}%`);
    if (formatCode?.trim()) query = query.where('cgFormat.formatCode', 'like', `%${escapeLike(formatCode.trim())}%`);
    if (formatType) query = query.where('cgFormat.formatType', '=', formatType);
    const total = await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const list = await query.select([
      'cgFormat.id', 'cgFormat.formatCode', 'cgFormat.formatName', 'cgFormat.formatType', 'cgFormat.customTable', 'cgFormat.menuUuid',
      'sysMenu.title as menuTitle', 'cgFormat.publishedAt', 'cgFormat.publishedBy', 'cgFormat.updatedAt', 'cgFormat.version',
      changedExpr.as('changed'), sql<boolean>`(published is null)`.as('unpublished'),
    ]).orderBy('cgFormat.id').limit(ps).offset((pn - 1) * ps).execute();
    return ok({ list, total: Number(total.n) });
  });

  const row = async (id: number) => {
    const found = await db.selectFrom('cgFormat')
      .select(['id', 'formatCode', 'formatName', 'formatType', 'customTable', 'menuUuid', 'draft', 'publishedAt', 'publishedBy', 'updatedAt', 'version', changedExpr.as('changed')])
      .where('id', '=', id).executeTakeFirst();
    if (!found) throw notFound('模板不存在');
    return found;
  };

  app.get<{ Params: { id: number } }>('/optimus_prime/cg-format/draft/:id', {
    config: { permission: 'custom_format_view', noOperationLog: true },
    schema: { tags: ['template'], summary: '模板属性配置：模板草稿（draft）及其版本；tableExplain 为主数据源名称，columnTypes 为其数据源各列声明的类型（表 → 字段 → 类型）', params: idParams },
  }, async (request) => {
    const found = await row(request.params.id);
    const draft = migrateTemplate(found.draft);
    const resourceOf = await resourceLookup();
    const def = found.customTable ? resourceOf(found.customTable) : undefined;
    // the column types its data sources declare: the designer's rules read them (合计 only on number columns)
    const columnTypes = declaredColumnTypes(draft as Template, resourceOf);
    return ok({ ...found, draft, tableExplain: def?.tableExplain ?? null, columnTypes });
  });

  app.put<{ Params: { id: number }; Body: { version: number; draft: Record<string, unknown>; history?: HistoryEntry[] } }>('/optimus_prime/cg-format/draft/:id', {
    config: { permission: 'custom_format_edit', title: '保存模板草稿' },
    schema: {
      tags: ['template'],
      summary: '保存模板草稿：须能按运行时的解析规则解析，字段须属于数据源，计算方式、默认时间、时间范围须合规（400 指明字段）；version 过期返回 409。已发布版本不变。'
        + 'history 为设计器自上次保存以来的撤销步骤（须从已存草稿恰好得到本草稿，否则 400），随草稿保存；不带 history 的保存记为一个「属性配置」步骤',
      params: idParams,
      body: { type: 'object', additionalProperties: false, required: ['version', 'draft'], properties: { version, draft: { type: 'object' }, history: HISTORY_BODY } },
    },
  }, async (request) => {
    const current = await row(request.params.id);
    const draft = await checked(request.body.draft);
    if (draft.formatCode !== current.formatCode) throw badRequest('模板编码不可修改', { field: 'formatCode' });
    if (draft.formatType !== current.formatType) throw badRequest('模板类型不可修改', { field: 'formatType' });
    if ((draft.customTable ?? null) !== (current.customTable ?? null)) throw badRequest('模板的数据源不可在此修改', { field: 'customTable' });
    const { history } = request.body;
    // a draft saved elsewhere since this one was read is a 409 (the designer offers reload or
    // overwrite), before its history is checked against a stored draft it was not made from
    if (current.version !== request.body.version) throw staleDraft();
    if (history) checkEntries(current.draft, history, draft);
    const saved = await db.updateTable('cgFormat')
      .set({ draft: JSON.stringify(draft), formatName: draft.formatName, updatedAt: app.svc.clock(), version: sql<number>`version + 1` })
      .where('id', '=', current.id).where('version', '=', request.body.version)
      .returning(['version', changedExpr.as('changed')]).executeTakeFirst();
    if (!saved) throw staleDraft();
    if (history) await appendHistory(db, current.id, saved.version, caller(request).username, history);
    else await recordReplacement(db, current.id, saved.version, caller(request).username, current.draft, draft, '属性配置', 'properties');
    return ok(saved, '保存成功');
  });

  app.post<{ Params: { id: number }; Body: { version: number; note?: string } }>('/optimus_prime/cg-format/publish/:id', {
    config: { permission: 'custom_format_publish', title: '发布模板' },
    schema: {
      tags: ['template'],
      summary: '发布模板：把草稿（再次校验）复制为已发布版本，并冻结为新的版本号（内容哈希、发布人、时间、说明 note）；弹窗字段设计的参数关联（paramLinks）按字段 id 写入 cg-format-form-sub-param；version 为草稿的版本，过期返回 409',
      params: idParams,
      body: { type: 'object', additionalProperties: false, required: ['version'], properties: { version, note: NOTE } },
    },
  }, async (request) => {
    const current = await formatRow(db, request.params.id);
    // the data sources may have changed since the draft was saved
    const draft = await checked(migrateTemplateFormat(current.draft));
    const auth = caller(request);
    const hash = await contentHash(draft);
    // looked up before the write: the request's transaction (operation log) must not wait on a shared registry load
    const def = draft.formatType === 'LIST' && draft.customTable ? await app.svc.resources.byTable(draft.customTable) : undefined;
    const now = app.svc.clock();
    const published = await db.updateTable('cgFormat')
      .set({ published: JSON.stringify(draft), draft: JSON.stringify(draft), publishedAt: now, publishedBy: auth.username, updatedAt: now, version: sql<number>`version + 1` })
      .where('id', '=', current.id).where('version', '=', request.body.version)
      .returning(['version', 'publishedAt', 'publishedBy']).executeTakeFirst();
    if (!published) throw staleDraft();
    const before = await versionsOf(db, current, true);
    const versionNo = (before.at(-1)?.versionNo ?? 0) + 1;
    await db.insertInto('cgFormatVersion').values({
      formatId: current.id, versionNo, content: JSON.stringify(draft), contentHash: hash, author: auth.username, note: request.body.note?.trim() || null, createdAt: now,
    }).execute();
    await publishParamLinks(db, draft);
    listCachesOf(db).invalidateTemplates();
    // the indexes a LIST template's sortable and quick-search columns call for
    if (def) await ensureListSupport(db, def);
    return ok({ ...published, changed: false, versionNo, contentHash: hash }, '发布成功');
  });

  await app.register(versionRoutes);
}
