import type { FastifyInstance } from 'fastify';
import { CONTROL_POINTS, type VisitKind } from '../../src/schema/weigh';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { currentOrg } from '../resources/scope';
import { pass, type CycleContext } from './cycle';

const WEIGH = 'measure_weigh_weigh';
const VIEW = 'measure_weigh_view';
const kindSchema = { type: 'string', enum: ['PU', 'SA'] } as const;
/** How often the automatic call looks at the queues. */
export const AUTO_CALL_TICK_MS = 5_000;

/**
 * One round of 自动叫号: for every organisation and kind switched on, while fewer trucks stand called
 * (叫号, not yet through the gate) than allowed, the next truck of the queue (lowest 排队号) is
 * called — through the same control point as 叫号 on the page, logged in the name of whoever
 * started it. Answers how many trucks were called. A truck another process called meanwhile is
 * refused by the control point and skipped.
 */
export async function autoCallTick(app: FastifyInstance): Promise<number> {
  const { db } = app.svc;
  const on = await db.selectFrom('weighAutoCall as a').innerJoin('sysUser as u', 'u.id', 'a.startedBy')
    .select(['a.orgId', 'a.kind', 'a.maxCalled', 'u.id as userId', 'u.username', 'u.realName']).where('a.enabled', '=', true).execute();
  let called = 0;
  for (const row of on) {
    const kind = row.kind as VisitKind;
    const ctx: CycleContext = {
      db, orgId: row.orgId, now: app.svc.clock(), timeZone: app.svc.config.timezone, softwareVersion: app.svc.config.versionCode, station: app.svc.weigh,
      auth: { userId: row.userId, username: row.username, realName: row.realName ?? row.username, admin: false, sessionId: 0, orgId: row.orgId, groupId: null, passwordSafe: true },
    };
    const standing = await db.selectFrom('weighVisit').select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orgId', '=', row.orgId).where('kind', '=', kind).where('point', '=', CONTROL_POINTS[kind].CALL).executeTakeFirstOrThrow();
    let room = row.maxCalled - Number(standing.n);
    if (room <= 0) continue;
    const queue = await db.selectFrom('weighVisit').select('registryId')
      .where('orgId', '=', row.orgId).where('kind', '=', kind).where('point', '=', CONTROL_POINTS[kind].SIGN_IN)
      .orderBy('queueNo').orderBy('id').limit(room).execute();
    for (const q of queue) {
      if (room <= 0) break;
      try {
        await pass(ctx, kind, Number(q.registryId), 'CALL');
        called += 1;
        room -= 1;
      } catch { /* called by someone else meanwhile */ }
    }
  }
  return called;
}

/** quartz/task startCall / stopCall and the state of the automatic call (spec 001 §7). */
export async function autoCallRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;
  const state = async (orgId: number, kind: VisitKind) => {
    const row = await db.selectFrom('weighAutoCall as a').leftJoin('sysUser as u', 'u.id', 'a.startedBy')
      .select(['a.enabled', 'a.maxCalled', 'a.startedAt', 'u.realName as startedByName']).where('a.orgId', '=', orgId).where('a.kind', '=', kind).executeTakeFirst();
    return { kind, enabled: row?.enabled ?? false, maxCalled: row?.maxCalled ?? 1, startedAt: row?.startedAt ?? null, startedByName: row?.startedByName ?? null };
  };

  app.get<{ Querystring: { kind: VisitKind } }>('/quartz/task/call', {
    config: { permission: VIEW, noOperationLog: true },
    schema: { tags: ['weigh'], summary: '自动叫号的状态（本组织）', querystring: { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: kindSchema } } },
  }, async (request) => ok(await state(currentOrg(request), request.query.kind)));

  app.post<{ Body: { kind: VisitKind; maxCalled?: number } }>('/quartz/task/startCall', {
    config: { title: '开始自动叫号', permission: WEIGH },
    schema: {
      tags: ['weigh'], summary: '开始自动叫号：排队车辆按排队号自动叫号，已叫号未进厂的车辆不超过 maxCalled（默认 1）',
      body: { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: kindSchema, maxCalled: { type: 'integer', minimum: 1, maximum: 20 } } },
    },
  }, async (request) => {
    const orgId = currentOrg(request);
    const { kind, maxCalled = 1 } = request.body;
    const now = app.svc.clock();
    const values = { enabled: true, maxCalled, startedBy: caller(request).userId, startedAt: now, updatedAt: now };
    await db.insertInto('weighAutoCall').values({ orgId, kind, ...values }).onConflict((oc) => oc.columns(['orgId', 'kind']).doUpdateSet(values)).execute();
    await autoCallTick(app);
    return ok(await state(orgId, kind), '已开始自动叫号');
  });

  app.post<{ Body: { kind: VisitKind } }>('/quartz/task/stopCall', {
    config: { title: '停止自动叫号', permission: WEIGH },
    schema: { tags: ['weigh'], summary: '停止自动叫号（已叫号的车辆不受影响）', body: { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: kindSchema } } },
  }, async (request) => {
    const orgId = currentOrg(request);
    await db.updateTable('weighAutoCall').set({ enabled: false, updatedAt: app.svc.clock() }).where('orgId', '=', orgId).where('kind', '=', request.body.kind).execute();
    return ok(await state(orgId, request.body.kind), '已停止自动叫号');
  });

  // the automatic call runs while the server does (WEIGH_STATION=0 turns the station and it off)
  if (app.svc.weigh) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      autoCallTick(app).catch((e: unknown) => app.log.warn({ err: e }, 'auto call')).finally(() => { running = false; });
    }, AUTO_CALL_TICK_MS);
    timer.unref();
    app.addHook('onClose', async () => { clearInterval(timer); });
  }
}
