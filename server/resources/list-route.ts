import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition } from '../../src/schema/resource';
import type { ListRequest } from '../../src/schema/search';
import { notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { listRequestSchema, pageOf, sortOf, whereSearch } from '../http/list-query';
import { searchColumns } from './columns';
import { currentOrg, requireAction } from './scope';

export const routeParams = {
  type: 'object', additionalProperties: false, required: ['module', 'resource'],
  properties: { module: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,62}$' }, resource: { type: 'string', pattern: '^[a-z][a-z0-9-]{0,62}$' } },
} as const;
export interface RouteParams { module: string; resource: string }

export async function resolveResource(app: FastifyInstance, request: FastifyRequest<{ Params: RouteParams }>): Promise<ResourceDefinition> {
  const def = await app.svc.resources.byPath(request.params.module, request.params.resource);
  if (!def) throw notFound();
  return def;
}

/**
 * The rows of a resource the caller may see: its current organisation's (or group's, for
 * group-wide tables), not deleted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
export async function scopedRows(app: FastifyInstance, request: FastifyRequest, def: ResourceDefinition): Promise<any> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  const db = app.svc.db as Kysely<any>;
  const orgId = currentOrg(request);
  let q = db.selectFrom(`${def.tableName} as t`).where('t.deleted', '=', false);
  if (def.scope === 'GROUP') {
    const org = await app.svc.db.selectFrom('sysOrg').select('groupId').where('id', '=', orgId).executeTakeFirstOrThrow();
    q = q.where('t.group_id', '=', org.groupId);
  } else {
    q = q.where('t.org_id', '=', orgId);
  }
  return q;
}

/** POST list and v2/list: `{ list, total, tongji }`, filtered, sorted and paged in the database. */
export async function listRoutes(app: FastifyInstance): Promise<void> {
  const handler = async (request: FastifyRequest<{ Params: RouteParams; Body: ListRequest }>) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'view');
    const columns = searchColumns(def);
    const { ps, offset } = pageOf(request.body);
    const sort = sortOf(request.body, columns);
    const filtered = (await scopedRows(app, request, def)).where((eb: Parameters<typeof whereSearch>[0]) => whereSearch(eb, request.body.search, columns));
    const sums = def.columns.filter((c) => c.fieldType === 'NUMBER');
    const totals = await filtered
      .select([
        sql<number>`count(*)`.as('total'),
        ...sums.map((c) => sql<string>`coalesce(sum(${sql.ref(`t.${c.fieldDbName}`)}), 0)`.as(c.fieldName)),
      ])
      .executeTakeFirstOrThrow();
    let q = filtered.selectAll('t');
    for (const s of sort) q = q.orderBy(s.ref, s.dir);
    const list = await q.orderBy('t.id', 'desc').limit(ps).offset(offset).execute();
    const { total, ...tongji } = totals as Record<string, unknown> & { total: number };
    return ok({ list, total: Number(total), tongji });
  };
  for (const url of ['/:module/:resource/list', '/:module/:resource/v2/list']) {
    app.post<{ Params: RouteParams; Body: ListRequest }>(url, {
      config: { noOperationLog: true },
      schema: { tags: ['resource'], summary: '资源列表（按模板或数据源定义检索、排序、分页；tongji 为整个筛选结果的合计）', params: routeParams, body: listRequestSchema },
    }, handler);
  }
}
