import type { FastifyInstance } from 'fastify';
import { migrateTemplate } from '../../src/schema/format-migrations';
import { notFound } from '../http/app-error';
import { ok } from '../http/envelope';

const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;

/** Template reads of spec 000 §7.5 and spec 001 §7: what the runtime renders, as published. */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  const published = async (id: number) => {
    const row = await db.selectFrom('cgFormat').select(['id', 'published']).where('id', '=', id).executeTakeFirst();
    if (!row?.published) throw notFound('模板不存在或未发布');
    // stored in an older format: brought to the current one, as the parser does
    return { ...(migrateTemplate(row.published) as object), id: row.id };
  };

  app.get<{ Querystring: { formatType: string; menuId: number } }>('/optimus_prime/optimusPrime', {
    config: { noOperationLog: true },
    schema: {
      tags: ['template'], summary: '菜单的已发布模板（按模板类型）',
      querystring: {
        type: 'object', additionalProperties: false, required: ['formatType', 'menuId'],
        properties: { formatType: { type: 'string', enum: ['LIST', 'FORM', 'SEARCH', 'RESOURCE', 'DETAIL'] }, menuId: { type: 'integer', minimum: 1 } },
      },
    },
  }, async (request) => {
    const row = await db.selectFrom('cgFormat').innerJoin('sysMenu', 'sysMenu.uuid', 'cgFormat.menuUuid')
      .select(['cgFormat.id']).where('sysMenu.id', '=', request.query.menuId).where('cgFormat.formatType', '=', request.query.formatType)
      .where('cgFormat.published', 'is not', null).orderBy('cgFormat.id').executeTakeFirst();
    if (!row) throw notFound('该菜单尚未配置模板');
    return ok(await published(row.id));
  });

  app.get<{ Params: { id: number } }>('/optimus_prime/cg-format/type/subs/:id', {
    config: { noOperationLog: true },
    schema: { tags: ['template'], summary: '按编号取已发布模板（详情弹窗等）', params: idParams },
  }, async (request) => ok(await published(request.params.id)));

  app.get<{ Params: { id: number } }>('/optimus_prime/optimusPrimePopup/:id', {
    config: { noOperationLog: true },
    schema: { tags: ['template'], summary: '弹窗资源模板（cgFormatResId）', params: idParams },
  }, async (request) => ok(await published(request.params.id)));

  app.get<{ Params: { id: number } }>('/optimus_prime/cg-format-param/getParams/:id', {
    config: { noOperationLog: true },
    schema: { tags: ['template'], summary: '模板的查询参数（paramList）', params: idParams },
  }, async (request) => {
    const t = (await published(request.params.id)) as { cgFormatParamId?: unknown; listSubList?: { id?: unknown; fieldName: string; defaultValue?: unknown; op?: string | null; ihidden?: boolean; customTable?: string | null; formSubmitType?: string | null; detailsUrl?: string | null; iallowAdvanceQuery?: boolean }[] };
    const paramList = (t.listSubList ?? []).filter((f) => f.iallowAdvanceQuery).map((f) => ({
      id: f.id ?? null, fieldName: f.fieldName, defaultValue: f.defaultValue ?? null, op: f.op ?? 'like', ihidden: f.ihidden ?? false,
      customTable: f.customTable ?? null, formSubmitType: f.formSubmitType ?? f.detailsUrl ?? null,
    }));
    return ok({ cgFormatParamId: t.cgFormatParamId ?? request.params.id, paramList });
  });

  // parameter links of a template field (spec 000 §7.5, spec 001 §7): the pairs that pre-filter its popup or sub list
  const links = async (resFormatSubId: string) => (await db.selectFrom('cgFormatFormSubParam').select(['id', 'fieldSub1', 'fieldSub2', 'seq'])
    .where('resFormatSubId', '=', resFormatSubId).orderBy('seq').orderBy('id').execute());
  const linkQuery = {
    type: 'object', additionalProperties: false, required: ['resFormatSubId'],
    properties: { resFormatSubId: { type: 'string', minLength: 1, maxLength: 64 } },
  } as const;
  for (const path of ['getparams', 'list/param', 'list/param/list']) {
    app.get<{ Querystring: { resFormatSubId: string } }>(`/cg-format-form-sub-param/${path}`, {
      config: { noOperationLog: true },
      schema: { tags: ['template'], summary: '字段的参数关联（fieldSub1 → fieldSub2）', querystring: linkQuery },
    }, async (request) => ok(await links(request.query.resFormatSubId)));
  }
}
