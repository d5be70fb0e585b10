import type { FastifyInstance, FastifyRequest } from 'fastify';
import { POINT_LABELS, type VisitKind } from '../../src/schema/weigh';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { notFound } from '../http/app-error';
import { currentOrg } from '../resources/scope';
import { capture, findRegistry, joinQueue, pass, visitOf, VISIT_TABLES, type CycleContext, type Visit } from './cycle';

/** Reading the station needs the 称重 page; passing a truck through it its 称重 button; typing a weight the supervisor's 手工录入. */
const VIEW = 'measure_weigh_view';
const WEIGH = 'measure_weigh_weigh';
const HAND = 'measure_weigh_hand';

const kindSchema = { type: 'string', enum: ['PU', 'SA'] } as const;
const visitBody = (extra: Record<string, object> = {}, required: string[] = []) => ({
  type: 'object', additionalProperties: false, required: ['kind', 'registryId', ...required],
  properties: { kind: kindSchema, registryId: { type: 'integer', minimum: 1 }, ...extra },
});
type VisitBody = { kind: VisitKind; registryId: number };

function context(app: FastifyInstance, request: FastifyRequest): CycleContext {
  return {
    db: app.svc.db, orgId: currentOrg(request), auth: caller(request), station: app.svc.weigh, now: app.svc.clock(),
    timeZone: app.svc.config.timezone, softwareVersion: app.svc.config.versionCode,
  };
}

/** What the weighing page shows of a registry: the truck, its notice line, where it is and its weigh record. */
export function visitView(v: Visit) {
  const t = VISIT_TABLES[v.kind];
  const w = v.weigh;
  return {
    kind: v.kind, registryId: Number(v.registry.id), registryCode: v.registry.billCode, plateNumber: v.registry.plateNumber, cardCode: v.registry.cardCode,
    driverName: v.registry.driverName, noticeCode: v.line?.noticeCode ?? null, partner: v.line?.[t.partner] ?? null, materialName: v.line?.materialName ?? null,
    planQuantity: v.line?.planQuantity ?? null, point: v.point, pointLabel: v.point ? POINT_LABELS[v.point] : null, queueNo: v.queueNo,
    next: v.next, nextLabel: v.nextLabel, nextWeighing: v.nextWeighing,
    weigh: w && {
      id: Number(w.id), billCode: w.billCode, gross: w.gross, tare: w.tare, net: w.net, deduct: w.deduct, deductRate: w.deductRate, settleWeight: w.settleWeight,
      grossTime: w.grossTime, tareTime: w.tareTime, weigherName: w.weigherName, tareWeigher: w.tareWeigher, manualEntry: w.manualEntry, weighStatus: w.weighStatus,
      version: w.version, siteChecks: w.siteChecks,
    },
  };
}

export async function cycleRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { kind: VisitKind } }>('/flow/inf/queue', {
    config: { title: '排队列表', permission: VIEW },
    schema: { tags: ['weigh'], summary: '排队叫号：已排队、已叫号未进厂的车辆（按排队号）', querystring: { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: kindSchema } } },
  }, async (request) => {
    const ctx = context(app, request);
    const rows = await ctx.db.selectFrom('weighVisit').select(['registryId']).where('orgId', '=', ctx.orgId).where('kind', '=', request.query.kind)
      .where('point', 'in', request.query.kind === 'PU' ? ['SH_SIGN_IN', 'SH_CALL'] : ['FH_SIGN_IN', 'FH_CALL']).orderBy('queueNo').orderBy('id').limit(200).execute();
    const visits = await Promise.all(rows.map((r) => visitOf(ctx, request.query.kind, Number(r.registryId))));
    return ok(visits.map(visitView));
  });

  app.get<{ Querystring: { kind: VisitKind; plate?: string; card?: string } }>('/flow/inf/find-weigh', {
    config: { title: '识别车辆', permission: VIEW },
    schema: {
      tags: ['weigh'], summary: '按车牌号或 IC 卡号找未出厂的登记，答其通知单、物料、客商与下一环节',
      querystring: {
        type: 'object', additionalProperties: false, required: ['kind'],
        properties: { kind: kindSchema, plate: { type: 'string', minLength: 1, maxLength: 16 }, card: { type: 'string', minLength: 1, maxLength: 32 } },
      },
    },
  }, async (request) => {
    const { kind, plate, card } = request.query;
    const visit = await findRegistry(context(app, request), kind, { plate: plate?.trim().toUpperCase(), card: card?.trim() });
    if (!visit) throw notFound(plate ? `未找到车辆 ${plate} 的有效登记` : card ? `未找到 IC 卡 ${card} 的有效登记` : '请输入车牌号或 IC 卡号');
    return ok(visitView(visit));
  });

  app.get<{ Params: VisitBody }>('/flow/inf/visit/:kind/:registryId', {
    config: { title: '登记环节', permission: VIEW },
    schema: { tags: ['weigh'], summary: '登记的当前环节、下一环节与环节日志', params: visitBody() },
  }, async (request) => {
    const ctx = context(app, request);
    const visit = await visitOf(ctx, request.params.kind, request.params.registryId);
    const log = await ctx.db.selectFrom('weighVisitLog').select(['point', 'at', 'operatorName', 'station', 'scaleId', 'weightKg', 'weighId', 'note'])
      .where('orgId', '=', ctx.orgId).where('kind', '=', request.params.kind).where('registryId', '=', request.params.registryId).orderBy('id').execute();
    return ok({ ...visitView(visit), log: log.map((l) => ({ ...l, pointLabel: POINT_LABELS[l.point] })) });
  });

  app.post<{ Body: VisitBody }>('/flow/inf/queue', {
    config: { title: '排队', permission: WEIGH },
    schema: { tags: ['weigh'], summary: '登记车辆排队（SH_SIGN_IN / FH_SIGN_IN），取当日排队号', body: visitBody() },
  }, async (request) => ok(visitView(await joinQueue(context(app, request), request.body.kind, request.body.registryId)), '已排队'));

  app.post<{ Body: VisitBody }>('/flow/inf/updateCall', {
    config: { title: '叫号', permission: WEIGH },
    schema: { tags: ['weigh'], summary: '叫号（SH_CALL / FH_CALL）', body: visitBody() },
  }, async (request) => ok(visitView(await pass(context(app, request), request.body.kind, request.body.registryId, 'CALL')), '已叫号'));

  app.post<{ Body: VisitBody & { direction: 'IN' | 'OUT' } }>('/flow/inf/door', {
    config: { title: '进出厂', permission: WEIGH },
    schema: { tags: ['weigh'], summary: '进厂（SH_IN_DOOR）或出厂（SH_OUT_DOOR）', body: visitBody({ direction: { type: 'string', enum: ['IN', 'OUT'] } }, ['direction']) },
  }, async (request) => {
    const step = request.body.direction === 'IN' ? 'IN_DOOR' : 'OUT_DOOR';
    return ok(visitView(await pass(context(app, request), request.body.kind, request.body.registryId, step)), step === 'IN_DOOR' ? '已进厂' : '已出厂');
  });

  app.post<{ Body: VisitBody & { deduct?: number; deductRate?: number } }>('/flow/inf/confirm', {
    config: { title: '现场确认', permission: WEIGH },
    schema: {
      tags: ['weigh'], summary: '现场确认完成（SH_SCENE_CONFIRM）：磅单的现场确认表须已处理；可带现场扣重（吨）与扣率（%），写入磅单，第二次称重时据以计算结算重量',
      body: visitBody({ deduct: { type: 'number', minimum: 0, maximum: 1000 }, deductRate: { type: 'number', minimum: 0, maximum: 100 } }),
    },
  }, async (request) => {
    const { kind, registryId, deduct, deductRate } = request.body;
    return ok(visitView(await pass(context(app, request), kind, registryId, 'SCENE_CONFIRM', { deduct, deductRate })), '现场确认完成');
  });

  const weighBody = { scaleId: { type: 'integer', minimum: 1 }, type: { type: 'string', enum: ['GROSS', 'TARE'] } };
  app.post<{ Body: VisitBody & { scaleId: number; type: 'GROSS' | 'TARE' } }>('/flow/inf/weigh', {
    config: { title: '采集重量', permission: WEIGH },
    schema: { tags: ['weigh'], summary: '采集毛重 / 采集皮重：取该秤当前稳定读数（不接受客户端的重量），建立或完成磅单', body: visitBody(weighBody, ['scaleId', 'type']) },
  }, async (request) => {
    const { kind, registryId, scaleId, type } = request.body;
    const r = await capture(context(app, request), kind, registryId, { scaleId, type });
    return ok({ ...visitView(r.visit), weightKg: r.weightKg, billCode: r.billCode, alarms: r.alarms }, `${type === 'GROSS' ? '毛重' : '皮重'}已采集：${r.weightKg} kg`);
  });

  app.post<{ Body: VisitBody & { scaleId: number; type: 'GROSS' | 'TARE'; weight: number; reason: string } }>('/flow/inf/handWeigh', {
    config: { title: '手工录入重量', permission: HAND },
    schema: {
      tags: ['weigh'], summary: '手工录入重量（须主管权限与原因，磅单与磅单打印标明手工录入）',
      body: visitBody({ ...weighBody, weight: { type: 'number', minimum: 0, maximum: 1_000_000 }, reason: { type: 'string', minLength: 2, maxLength: 200 } }, ['scaleId', 'type', 'weight', 'reason']),
    },
  }, async (request) => {
    const { kind, registryId, scaleId, type, weight, reason } = request.body;
    const r = await capture(context(app, request), kind, registryId, { scaleId, type, manual: { weightKg: weight, reason: reason.trim() } });
    return ok({ ...visitView(r.visit), weightKg: r.weightKg, billCode: r.billCode, alarms: r.alarms }, `已手工录入：${r.weightKg} kg`);
  });
}
