import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition } from '../../src/schema/resource';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { currentOrg } from '../resources/scope';
import { DEDUCT_WARN_RATIO, STAY_WARN_MINUTES, warnTitle, type WarnType } from './warn-kinds';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;


const WEIGH_COLUMNS = ['plateNumber', 'gross', 'tare', 'net', 'grossTime', 'tareTime', 'weighStatus'];
const col = (def: ResourceDefinition, name: string) => def.columns.find((c) => c.fieldName === name)?.fieldDbName;

/** Weigh-record tables (they carry plate, gross, tare, net, times and weigh status) the caller may view. */
async function weighTables(app: FastifyInstance, request: FastifyRequest): Promise<ResourceDefinition[]> {
  const auth = caller(request);
  const perms = auth.admin ? null : await request.permissionSet();
  return (await app.svc.resources.all())
    .filter((d) => WEIGH_COLUMNS.every((c) => col(d, c)))
    .filter((d) => !perms || perms.has(`${d.permissionPrefix}_view`))
    .sort((a, b) => a.tableName.localeCompare(b.tableName));
}

async function documentTables(app: FastifyInstance, request: FastifyRequest): Promise<ResourceDefinition[]> {
  const auth = caller(request);
  const perms = auth.admin ? null : await request.permissionSet();
  return (await app.svc.resources.all())
    .filter((d) => d.kind === 'DOCUMENT' && (!perms || perms.has(`${d.permissionPrefix}_view`)))
    .sort((a, b) => a.tableName.localeCompare(b.tableName));
}

const noBody = { type: 'object', additionalProperties: true } as const;

/** Home page figures of spec 000 §7.4, computed by the database for the current organisation. */
export async function homeIndexRoutes(app: FastifyInstance): Promise<void> {
  const db = app.svc.db as AnyDb;
  const ref = (def: ResourceDefinition, name: string) => sql.ref(`t.${col(def, name)!}`);
  const today = () => sql`date_trunc('day', ${app.svc.clock()}::timestamptz)`;
  // a weighing is completed at its second weighing (a sale truck's gross comes after its tare):
  // 今日过磅 and the chart's bars both count completed weighings by this time
  const doneAt = (def: ResourceDefinition) => sql`greatest(${ref(def, 'grossTime')}, ${ref(def, 'tareTime')})`;

  const warnings = async (request: FastifyRequest, limit: number) => {
    const orgId = currentOrg(request);
    const now = app.svc.clock();
    const out: { type: WarnType; title: string; detail: string; time: Date; resource: string }[] = [];
    for (const def of await weighTables(app, request)) {
      const stay = await db.selectFrom(`${def.tableName} as t`)
        .select([ref(def, 'plateNumber').as('plate'), ref(def, 'grossTime').as('at')])
        .where('t.org_id', '=', orgId).where('t.deleted', '=', false)
        .where(ref(def, 'weighStatus'), '=', 'GROSS')
        .where(ref(def, 'grossTime'), '<', new Date(now.getTime() - STAY_WARN_MINUTES * 60_000))
        .orderBy(ref(def, 'grossTime'), 'asc').limit(limit).execute();
      for (const r of stay) {
        const hours = Math.floor((now.getTime() - new Date(r.at as string).getTime()) / 3_600_000);
        out.push({ type: 'STAY', title: warnTitle('STAY'), detail: `${String(r.plate)} 称毛重后已在厂 ${hours} 小时未称皮重`, time: new Date(r.at as string), resource: def.tableExplain });
      }
      if (col(def, 'deduct')) {
        const heavy = await db.selectFrom(`${def.tableName} as t`)
          .select([ref(def, 'plateNumber').as('plate'), ref(def, 'tareTime').as('at'), ref(def, 'deduct').as('deduct'), ref(def, 'net').as('net')])
          .where('t.org_id', '=', orgId).where('t.deleted', '=', false)
          .where(ref(def, 'tareTime'), '>=', sql<Date>`${today()} - interval '6 days'`)
          .where(sql<boolean>`${ref(def, 'deduct')} > ${ref(def, 'net')} * ${DEDUCT_WARN_RATIO}`)
          .orderBy(ref(def, 'tareTime'), 'desc').limit(limit).execute();
        for (const r of heavy) out.push({ type: 'DEDUCT', title: warnTitle('DEDUCT'), detail: `${String(r.plate)} 扣重 ${String(r.deduct)} 吨，超过净重的 ${DEDUCT_WARN_RATIO * 100}%`, time: new Date(r.at as string), resource: def.tableExplain });
      }
    }
    return out.sort((a, b) => b.time.getTime() - a.time.getTime()).slice(0, limit);
  };

  app.post('/index/getCount', {
    config: { noOperationLog: true },
    schema: { tags: ['home'], summary: '首页数字：在厂车辆、今日完成过磅车次（与图表今天的柱同一口径）、今日净重、待审核单据、预警', body: noBody },
  }, async (request) => {
    const orgId = currentOrg(request);
    let inFactory = 0, weighedToday = 0, netToday = 0, pending = 0;
    for (const def of await weighTables(app, request)) {
      const r = await db.selectFrom(`${def.tableName} as t`)
        .select([
          sql<number>`count(*) filter (where ${ref(def, 'weighStatus')} = 'GROSS')`.as('inFactory'),
          sql<number>`count(*) filter (where ${ref(def, 'weighStatus')} = 'DONE' and ${doneAt(def)} >= ${today()})`.as('weighedToday'),
          sql<string>`coalesce(sum(${ref(def, 'net')}) filter (where ${ref(def, 'weighStatus')} = 'DONE' and ${doneAt(def)} >= ${today()}), 0)`.as('netToday'),
        ])
        .where('t.org_id', '=', orgId).where('t.deleted', '=', false).executeTakeFirstOrThrow();
      inFactory += Number(r.inFactory); weighedToday += Number(r.weighedToday); netToday += Number(r.netToday);
    }
    for (const def of await documentTables(app, request)) {
      const r = await db.selectFrom(`${def.tableName} as t`).select(sql<number>`count(*)`.as('n'))
        .where('t.org_id', '=', orgId).where('t.deleted', '=', false).where('t.status', '=', 'FREE').executeTakeFirstOrThrow();
      pending += Number(r.n);
    }
    const warn = (await warnings(request, 1000)).length;
    return ok({ inFactory, weighedToday, netToday: Math.round(netToday * 1000) / 1000, pending, warnings: warn });
  });

  app.post('/index/getVehicleTable', {
    config: { noOperationLog: true },
    schema: { tags: ['home'], summary: '在厂车辆（已称毛重、未称皮重），按进厂时间', body: noBody },
  }, async (request) => {
    const orgId = currentOrg(request);
    const rows: Record<string, unknown>[] = [];
    for (const def of await weighTables(app, request)) {
      const material = col(def, 'materialName');
      const partner = col(def, 'vendorName') ?? col(def, 'customerName');
      const list = await db.selectFrom(`${def.tableName} as t`)
        .select([
          't.id', ref(def, 'plateNumber').as('plateNumber'), ref(def, 'gross').as('gross'), ref(def, 'grossTime').as('grossTime'),
          (material ? sql.ref(`t.${material}`) : sql<null>`null`).as('materialName'),
          (partner ? sql.ref(`t.${partner}`) : sql<null>`null`).as('partnerName'),
        ])
        .where('t.org_id', '=', orgId).where('t.deleted', '=', false).where(ref(def, 'weighStatus'), '=', 'GROSS')
        .orderBy(ref(def, 'grossTime'), 'asc').limit(100).execute();
      rows.push(...list.map((r) => ({ ...r, resource: def.tableExplain })));
    }
    return ok(rows.sort((a, b) => new Date(a.grossTime as string).getTime() - new Date(b.grossTime as string).getTime()).slice(0, 100));
  });

  app.post('/index/getAgency', {
    config: { noOperationLog: true },
    schema: { tags: ['home'], summary: '待办：各类单据中待审核（自由状态）的数量', body: noBody },
  }, async (request) => {
    const orgId = currentOrg(request);
    const out = [];
    for (const def of await documentTables(app, request)) {
      const r = await db.selectFrom(`${def.tableName} as t`).select(sql<number>`count(*)`.as('n'))
        .where('t.org_id', '=', orgId).where('t.deleted', '=', false).where('t.status', '=', 'FREE').executeTakeFirstOrThrow();
      out.push({ tableName: def.tableName, name: def.tableExplain, module: def.module, resource: def.resource, count: Number(r.n) });
    }
    return ok(out);
  });

  app.post('/index/getWarn', {
    config: { noOperationLog: true },
    schema: { tags: ['home'], summary: `预警：称毛重后超过 ${STAY_WARN_MINUTES / 60} 小时未称皮重的车辆、近 7 天扣重超过净重 ${DEDUCT_WARN_RATIO * 100}% 的磅单`, body: noBody },
  }, async (request) => ok(await warnings(request, 50)));

  app.post('/index/getDetail', {
    config: { noOperationLog: true },
    schema: { tags: ['home'], summary: '近 7 天每日完成过磅（两次称重都已完成）的车次与净重（图表）', body: noBody },
  }, async (request) => {
    const orgId = currentOrg(request);
    const days = new Map<string, { day: string; count: number; net: number }>();
    const now = app.svc.clock();
    const fmt = new Intl.DateTimeFormat('en-CA', { timeZone: app.svc.config.timezone, year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let i = 6; i >= 0; i--) {
      const day = fmt.format(new Date(now.getTime() - i * 86_400_000));
      days.set(day, { day, count: 0, net: 0 });
    }
    for (const def of await weighTables(app, request)) {
      const rows = await db.selectFrom(`${def.tableName} as t`)
        .select([
          sql<string>`to_char(date_trunc('day', ${doneAt(def)}), 'YYYY-MM-DD')`.as('day'),
          sql<number>`count(*)`.as('count'),
          sql<string>`coalesce(sum(${ref(def, 'net')}), 0)`.as('net'),
        ])
        .where('t.org_id', '=', orgId).where('t.deleted', '=', false).where(ref(def, 'weighStatus'), '=', 'DONE')
        .where(doneAt(def), '>=', sql<Date>`${today()} - interval '6 days'`)
        .groupBy(sql`1`).execute();
      for (const r of rows) {
        const d = days.get(r.day);
        if (d) { d.count += Number(r.count); d.net = Math.round((d.net + Number(r.net)) * 1000) / 1000; }
      }
    }
    return ok([...days.values()]);
  });
}
