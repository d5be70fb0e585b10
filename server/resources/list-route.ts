import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import type { ListRequest } from '../../src/schema/search';
import { badRequest, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { listRequestSchema, pageOf, sortOf, whereSearch } from '../http/list-query';
import { rowColumns, searchColumns } from './columns';
import { scopeColumn } from './ddl';
import { listCachesOf, type FilteredSet, type ListCaches, type Totals } from './list-cache';
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

/** A line table's column holding its document's id. */
export function parentColumn(line: ResourceDefinition): string {
  return line.columns.find((c) => c.fieldName === line.parentKey)!.fieldDbName;
}

/**
 * The rows of a resource the caller may see: its current organisation's (or group's, for
 * group-wide tables), not deleted. A line is part of its document: it is seen only while its
 * document exists (not deleted) in the caller's scope too, whatever organisation the line carries.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
export async function scopedRows(app: FastifyInstance, request: FastifyRequest, def: ResourceDefinition): Promise<any> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
  const db = app.svc.db as Kysely<any>;
  const orgId = currentOrg(request);
  const groupOf = async () => (await app.svc.db.selectFrom('sysOrg').select('groupId').where('id', '=', orgId).executeTakeFirstOrThrow()).groupId;
  let q = db.selectFrom(`${def.tableName} as t`).where('t.deleted', '=', false);
  q = def.scope === 'GROUP' ? q.where('t.group_id', '=', await groupOf()) : q.where('t.org_id', '=', orgId);
  if (def.kind === 'LINE') {
    const parent = def.parentTable ? await app.svc.resources.byTable(def.parentTable) : undefined;
    if (!parent || !def.parentKey) throw notFound();
    const parentScope = parent.scope === 'GROUP' ? await groupOf() : orgId;
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as above
    q = q.where((eb: ExpressionBuilder<any, any>) => eb.exists(eb.selectFrom(`${parent.tableName} as p`).select(sql.lit(1).as('one'))
      .whereRef('p.id', '=', `t.${parentColumn(def)}`).where('p.deleted', '=', false).where(`p.${scopeColumn(parent)}`, '=', parentScope)));
  }
  return q;
}

/**
 * The columns whose sums make `tongji`: with a `tplId`, the fields its published LIST template
 * marks `itotal` (each must be a NUMBER column of this resource, else 400); without one, every
 * NUMBER column (what callers got before templates named their totals).
 */
async function summedColumns(caches: ListCaches, def: ResourceDefinition, tplId: ListRequest['tplId']): Promise<ResourceColumn[]> {
  if (tplId === undefined || tplId === null || tplId === '') return def.columns.filter((c) => c.fieldType === 'NUMBER');
  const id = Number(tplId);
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest(`tplId ${String(tplId)} 不是模板编号`);
  const template = await caches.template(id);
  if (!template) throw badRequest(`模板 ${id} 不存在或未发布`);
  if (template.formatType !== 'LIST' && template.formatType !== 'RESOURCE') throw badRequest(`模板 ${id} 不是列表或弹窗模板`);
  if (template.customTable !== def.tableName) throw badRequest(`模板 ${id} 不属于${def.tableExplain}(${def.tableName})`);
  return template.totals.map((f) => {
    const column = f.customTable === def.tableName ? def.columns.find((c) => c.fieldName === f.fieldName && c.fieldType === 'NUMBER') : undefined;
    if (!column) throw badRequest(`模板 ${id} 的合计字段 ${f.fieldName} 不是${def.tableExplain}(${def.tableName})的数值列`);
    return column;
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type Filtered = any;
type Row = Record<string, unknown> & { id: number };

/** Count and sums of the filtered set: computed once per generation and summed fields, shared by concurrent callers. */
function totalsOf(set: FilteredSet, filtered: Filtered, sums: ResourceColumn[]): Promise<Totals> {
  const key = sumsKey(sums);
  let totals = set.totals.get(key);
  if (!totals) {
    totals = (filtered
      .select([
        sql<number>`count(*)`.as('total'),
        ...sums.map((c) => sql<string>`coalesce(sum(${sql.ref(`t.${c.fieldDbName}`)}), 0)`.as(c.fieldName)),
      ])
      .executeTakeFirstOrThrow() as Promise<Record<string, unknown> & { total: number }>)
      .then(({ total, ...tongji }) => {
        const value = { total: Number(total), tongji };
        set.settled.set(key, value);
        return value;
      });
    set.totals.set(key, totals);
    totals.catch(() => set.totals.delete(key));
  }
  return totals;
}

const sumsKey = (sums: ResourceColumn[]) => sums.map((c) => c.fieldName).join(',');

/** A filtered set at most this large is gathered whole (by whatever index suits the filter) before it is ordered. */
const GATHER_LIMIT = 5000;
/** A walk this short reads whole rows as it goes; a longer one picks ids first (deferred join). */
const SHORT_WALK = 200;

type Order = { ref: string; dir: 'asc' | 'desc' };

/**
 * One page. Knowing the set's size (total, same generation), the page is walked to from whichever
 * end is nearer. In the default order (id desc) it starts from the nearest bound this generation
 * has learnt — rows from offset A on are those with id below bound(A), taken from earlier pages —
 * and ends at the next page's bound when known, so paging on and re-reading a page are keyset
 * seeks over an id range; the request still says pn and ps. A long walk picks the page's ids first
 * (an index-only walk where the visibility map allows) and reads only those rows whole (a
 * deferred join), so an OFFSET never drags whole rows along. A small filtered set is gathered
 * whole first (a materialised CTE): otherwise the planner may walk the id order hoping to meet
 * `ps` matches soon, and walk most of the table when the matches sit far from the top.
 * With a `guard`, the statement itself checks that the table is still at that generation and the
 * answer is null when it is not (or when the page is not as long as the total promised).
 */
async function pageRows(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
  db: Kysely<any>, def: ResourceDefinition, filtered: Filtered, filteredBy: boolean,
  sort: Order[], offset: number, ps: number, set: FilteredSet, total: number, guard?: { table: string; generation: number },
): Promise<Row[] | null> {
  if (offset >= total) return [];
  const take = Math.min(ps, total - offset);
  const keyset = sort.length === 0;
  const orders: Order[] = [...sort, { ref: 't.id', dir: 'desc' }];
  let from = keyset ? set.nearestBound(offset) : null;
  const walk = offset - (from?.at ?? 0);
  const after = total - offset - take;
  const reverse = after < walk;
  if (reverse) from = null;
  const until = keyset && !reverse && walk === 0 ? set.bound(offset + take) : undefined;
  // walking forward in the default order, one row more in front of the page names this offset's bound
  const before = keyset && !reverse && walk > 0 ? 1 : 0;
  const skip = reverse ? after : walk - before;
  const limit = take + before;
  // blanks come last whichever way a column is sorted; a walk from the end reverses both
  const by = (ref: string, d: 'asc' | 'desc', reversed = reverse) => sql`${sql.ref(ref)} ${sql.raw(reversed ? (d === 'asc' ? 'desc' : 'asc') : d)} nulls ${sql.raw(reversed ? 'first' : 'last')}`;
  let source = filtered;
  if (from) source = source.where('t.id', '<', from.bound);
  if (until !== undefined) source = source.where('t.id', '>=', until);
  let q;
  if (filteredBy && total <= GATHER_LIMIT && until === undefined) {
    // a CTE name no resource table can have (their names start with a letter)
    const gathered = source.select(['t.id', ...sort.map((s, i) => sql.ref(s.ref).as(`s${i}`))]);
    let ids = db.selectFrom('_page_ids').select('_page_ids.id');
    sort.forEach((s, i) => { ids = ids.orderBy(by(`_page_ids.s${i}`, s.dir)); });
    ids = ids.orderBy(by('_page_ids.id', 'desc')).offset(skip).limit(limit);
    q = db.with((cte) => cte('_page_ids').materialized(), () => gathered)
      .selectFrom(`${def.tableName} as t`).innerJoin(ids.as('p'), 'p.id', 't.id').select(rowColumns(def));
  } else if ((skip + limit <= SHORT_WALK && !reverse) || until !== undefined) {
    q = source.select(rowColumns(def)).offset(skip).limit(limit);
  } else {
    let ids = source.select('t.id');
    for (const o of orders) ids = ids.orderBy(by(o.ref, o.dir));
    ids = ids.offset(skip).limit(limit);
    q = db.selectFrom(`${def.tableName} as t`).innerJoin(ids.as('p'), 'p.id', 't.id').select(rowColumns(def));
  }
  for (const o of orders) q = q.orderBy(by(o.ref, o.dir, false));
  // the generation checked in the same statement (a one-time filter): no rows when it moved on
  if (guard) q = q.where(sql<boolean>`coalesce((select generation from resource_generation where table_name = ${guard.table}), 0) = ${guard.generation}`);
  const rows = (await q.execute()) as Row[];
  if (guard && rows.length !== limit) return null;
  const page = before ? rows.slice(1) : rows;
  if (keyset && !reverse) {
    if (before && rows.length) set.addBound(offset, rows[0].id);
    if (offset === 0 && page.length) set.addBound(0, page[0].id + 1);
    if (page.length === take && take > 0) set.addBound(offset + take, page[take - 1].id);
  }
  return page;
}

/**
 * POST list and v2/list: `{ list, total, tongji }`, filtered, sorted and paged in the database.
 * total and tongji cover the whole filtered set; they are cached per table, scope and filter and
 * used only while the table's write generation — read from the database on every call, on its own
 * or inside the page query — is the one they were computed at.
 */
export async function listRoutes(app: FastifyInstance): Promise<void> {
  const caches = listCachesOf(app.svc.db);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
  const db = app.svc.db as Kysely<any>;
  const handler = async (request: FastifyRequest<{ Params: RouteParams; Body: ListRequest }>) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'view');
    const columns = searchColumns(def);
    const { ps, offset } = pageOf(request.body);
    const sort = sortOf(request.body, columns);
    const sums = await summedColumns(caches, def, request.body.tplId);
    let filteredBy = false;
    const filtered = (await scopedRows(app, request, def)).where((eb: Parameters<typeof whereSearch>[0]) => {
      const where = whereSearch(eb, request.body.search, columns);
      filteredBy = where.toOperationNode().kind !== 'ValueNode';
      return where;
    });
    const key = filtered.selectAll('t').compile();
    // One statement when this process already holds the totals at the generation it last saw:
    // the page query checks that generation itself, so the totals and the page are of one state.
    const seen = caches.lastGeneration(def.tableName);
    if (seen !== undefined) {
      const set = caches.filteredSet(key, seen);
      const totals = set.settled.get(sumsKey(sums));
      if (totals && offset < totals.total) {
        const list = await pageRows(db, def, filtered, filteredBy, sort, offset, ps, set, totals.total, { table: def.tableName, generation: seen });
        if (list) return ok({ list, total: totals.total, tongji: { ...totals.tongji } });
      }
    }
    // Otherwise the generation first: whatever is computed after it is at least as new as it.
    const generation = await caches.generation(def.tableName);
    const set = caches.filteredSet(key, generation);
    const totals = await totalsOf(set, filtered, sums);
    const list = (await pageRows(db, def, filtered, filteredBy, sort, offset, ps, set, totals.total)) ?? [];
    return ok({ list, total: totals.total, tongji: { ...totals.tongji } });
  };
  for (const url of ['/:module/:resource/list', '/:module/:resource/v2/list']) {
    app.post<{ Params: RouteParams; Body: ListRequest }>(url, {
      config: { noOperationLog: true },
      schema: { tags: ['resource'], summary: '资源列表（按模板或数据源定义检索、排序、分页；tongji 为整个筛选结果的合计，带 tplId 时只合计模板标记 itotal 的列）', params: routeParams, body: listRequestSchema },
    }, handler);
  }
}
