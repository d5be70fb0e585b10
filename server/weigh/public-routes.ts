import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { CONTROL_POINTS, POINT_LABELS, type VisitKind } from '../../src/schema/weigh';
import { badRequest, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { DEFAULT_ASSAY_ITEMS } from '../../src/schema/assay';
import { VISIT_TABLES } from './cycle';

/** One result of a truck's assay as the quality inspection platform shows it. */
interface AssayShown { item: string; value: string | null; unit: string | null; passed: boolean | null }

dayjs.extend(utc);
dayjs.extend(timezone);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
const KINDS: VisitKind[] = ['PU', 'SA'];
/** The longest period a signed-out team report may cover. */
const REPORT_MAX_DAYS = 31;
const DAY = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
const orgQuery = { org: { type: 'string', minLength: 1, maxLength: 32 } } as const;
/** When a weigh record was completed: its later weighing (PostgreSQL's greatest ignores nulls). */
const doneAt = sql<Date>`greatest(gross_time, tare_time)`;

/**
 * The signed-out screens of spec 000 §2.1 (factory board, quality inspection platform, team
 * reports). Each reads one organisation, named by its code in the address (`?org=DFNY`) and checked
 * here: an unknown or disabled code is a 404, so no id is ever taken from the caller. Each answers
 * only the columns its page shows, and the per-address rate limit counts them in a bucket of their own.
 */
export async function publicRoutes(app: FastifyInstance): Promise<void> {
  const db = app.svc.db;
  const any = db as unknown as AnyDb;
  const orgOf = async (code: string) => {
    const org = await db.selectFrom('sysOrg').select(['id', 'orgName']).where('orgCode', '=', code.trim()).where('enabled', '=', true).executeTakeFirst();
    if (!org) throw notFound('组织不存在');
    return org;
  };
  /** The start of a local day (the server's time zone) as an instant. */
  const dayStart = (day: string) => dayjs.tz(day, app.svc.config.timezone).toDate();
  const localDay = (at: Date) => dayjs(at).tz(app.svc.config.timezone).format('YYYY-MM-DD');
  // a bucket of their own in the rate limit (PUBLIC_RATE_LIMIT_PER_MINUTE), far below the signed-in one
  const config = { public: true, noOperationLog: true, rateLimitBucket: 'public' } as const;

  app.get<{ Querystring: { org: string } }>('/public/factory-vehicle', {
    config,
    schema: { tags: ['public'], summary: '厂内车辆实时统计（免登录）：各环节的车辆数与车牌', querystring: { type: 'object', additionalProperties: false, required: ['org'], properties: orgQuery } },
  }, async (request) => {
    const org = await orgOf(request.query.org);
    // in the factory: through the gate in, not yet out
    const inside = KINDS.flatMap((k) => {
      const p = CONTROL_POINTS[k];
      return [p.IN_DOOR, p.FIRST_WEIGH, p.SCENE_CONFIRM, p.SECOND_WEIGH, p.SUTTLE_CALCULATE];
    });
    const visits = await db.selectFrom('weighVisit').select(['kind', 'registryId', 'point', 'updatedAt'])
      .where('orgId', '=', org.id).where('point', 'in', inside).orderBy('updatedAt').execute();
    const vehicles: { kind: VisitKind; plateNumber: string; point: string; label: string; since: Date }[] = [];
    for (const kind of KINDS) {
      const mine = visits.filter((v) => v.kind === kind);
      if (!mine.length) continue;
      const plates = await any.selectFrom(VISIT_TABLES[kind].registry).select(['id', 'plate_number as plateNumber'])
        .where('org_id', '=', org.id).where('deleted', '=', false).where('id', 'in', mine.map((v) => v.registryId)).execute() as { id: number; plateNumber: string }[];
      const plateOf = new Map(plates.map((r) => [Number(r.id), r.plateNumber]));
      for (const v of mine) {
        const plateNumber = plateOf.get(Number(v.registryId));
        if (plateNumber) vehicles.push({ kind, plateNumber, point: v.point, label: POINT_LABELS[v.point], since: v.updatedAt });
      }
    }
    const stages = inside.map((point) => ({ point, label: POINT_LABELS[point], count: vehicles.filter((v) => v.point === point).length }));
    return ok({ orgName: org.orgName, total: vehicles.length, stages, vehicles });
  });

  app.get<{ Querystring: { org: string } }>('/public/view-weigh', {
    config,
    schema: { tags: ['public'], summary: '散货质检平台（免登录）：今日过磅及其已审核的化验结果', querystring: { type: 'object', additionalProperties: false, required: ['org'], properties: orgQuery } },
  }, async (request) => {
    const org = await orgOf(request.query.org);
    const day = localDay(app.svc.clock());
    const from = dayStart(day);
    const to = dayjs(from).add(1, 'day').toDate();
    const found: { kind: VisitKind; plateNumber: string; materialName: string; net: string | null; weighStatus: string; at: Date; assayCode: string | null }[] = [];
    for (const kind of KINDS) {
      const got = await any.selectFrom(VISIT_TABLES[kind].weigh)
        .select(['plate_number as plateNumber', 'material_name as materialName', 'net', 'weigh_status as weighStatus', doneAt.as('at'), 'assay_code as assayCode'])
        .where('org_id', '=', org.id).where('deleted', '=', false)
        .where(doneAt, '>=', from).where(doneAt, '<', to).execute() as Omit<(typeof found)[number], 'kind'>[];
      found.push(...got.map((r) => ({ kind, ...r })));
    }
    // the results of the audited assay each truck's settle weight took its 扣水/扣杂 from (化验单 → 磅单.assay_code)
    const codes = [...new Set(found.map((r) => r.assayCode).filter((c): c is string => !!c))];
    const resultsOf = new Map<string, AssayShown[]>();
    if (codes.length) {
      const results = await any.selectFrom('qc_assay_result as r').innerJoin('qc_assay as a', 'a.id', 'r.assay_id')
        .select(['a.assay_code as assayCode', 'r.item_code as itemCode', 'r.value', 'r.unit', 'r.passed'])
        .where('a.org_id', '=', org.id).where('a.deleted', '=', false).where('a.status', '=', 'AUDITED').where('r.deleted', '=', false)
        .where('a.assay_code', 'in', codes).orderBy('r.item_code').orderBy('r.id').execute() as { assayCode: string; itemCode: string; value: string | null; unit: string | null; passed: boolean | null }[];
      for (const r of results) {
        const item = DEFAULT_ASSAY_ITEMS.find((i) => i.value === r.itemCode);
        const list = resultsOf.get(r.assayCode) ?? [];
        list.push({ item: item?.label ?? r.itemCode, value: r.value === null ? null : String(r.value), unit: r.unit ?? item?.unit ?? null, passed: r.passed });
        resultsOf.set(r.assayCode, list);
      }
    }
    // only what the page shows: no ticket or assay number, partner, weigher or id
    const rows = found.map(({ assayCode, ...r }) => ({ ...r, assay: (assayCode && resultsOf.get(assayCode)) || [] }));
    rows.sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime());
    return ok({ orgName: org.orgName, day, rows });
  });

  app.get<{ Querystring: { org: string; from: string; to: string } }>('/public/team-report', {
    config,
    schema: {
      tags: ['public'], summary: `班组报表（免登录）：期间内各司磅班组按物料的完成车次与净重（最长 ${REPORT_MAX_DAYS} 天）`,
      querystring: { type: 'object', additionalProperties: false, required: ['org', 'from', 'to'], properties: { ...orgQuery, from: DAY, to: DAY } },
    },
  }, async (request) => {
    const q = request.query;
    if (!dayjs(q.from, 'YYYY-MM-DD', true).isValid()) throw badRequest('开始日期无效', { field: 'from' });
    if (!dayjs(q.to, 'YYYY-MM-DD', true).isValid()) throw badRequest('结束日期无效', { field: 'to' });
    const days = dayjs(q.to).diff(dayjs(q.from), 'day');
    if (days < 0) throw badRequest('结束日期不能早于开始日期', { field: 'to' });
    if (days >= REPORT_MAX_DAYS) throw badRequest(`查询期间不能超过 ${REPORT_MAX_DAYS} 天`, { field: 'to' });
    const org = await orgOf(q.org);
    const from = dayStart(q.from);
    const to = dayjs.tz(q.to, app.svc.config.timezone).add(1, 'day').toDate();
    const rows = [];
    for (const kind of KINDS) {
      const got = await any.selectFrom(VISIT_TABLES[kind].weigh)
        .select([
          sql<string>`coalesce(tare_weigher, weigher_name, '')`.as('team'), 'material_name as materialName',
          sql<number>`count(*)`.as('count'), sql<string>`coalesce(sum(net), 0)`.as('net'),
        ])
        .where('org_id', '=', org.id).where('deleted', '=', false).where('weigh_status', '=', 'DONE')
        .where(doneAt, '>=', from).where(doneAt, '<', to)
        .groupBy([sql`1`, 'material_name']).orderBy(sql`1`).orderBy('material_name').execute() as { team: string; materialName: string; count: number | string; net: string }[];
      rows.push(...got.map((r) => ({ kind, team: r.team, materialName: r.materialName, count: Number(r.count), net: String(r.net) })));
    }
    return ok({ orgName: org.orgName, from: q.from, to: q.to, rows });
  });
}
