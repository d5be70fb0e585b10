import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { certificateWarning, scaleSettings, type LiveValue } from '../../src/schema/weigh';
import { ok } from '../http/envelope';
import { AppError, notFound } from '../http/app-error';
import { currentOrg } from '../resources/scope';
import type { WeighStation } from './station/station';

/** The weighing page reads the scales and their live values under its menu's permission. */
const VIEW = 'measure_weigh_view';
/** A comment line every 15 s keeps proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

function station(app: FastifyInstance): WeighStation {
  const s = app.svc.weigh;
  if (!s) throw new AppError(503, '称重服务未启动');
  return s;
}

async function orgScales(app: FastifyInstance, request: FastifyRequest, id?: number) {
  let q = (app.svc.db as AnyDb).selectFrom('mm_scale')
    .select(['id', 'scale_code as scaleCode', 'scale_name as scaleName', 'station', 'protocol', 'division', 'max_capacity as maxCapacity',
      'min_capacity as minCapacity', 'stable_band as stableBand', 'stable_window as stableWindow', 'cert_expire as certExpire'])
    .where('org_id', '=', currentOrg(request)).where('deleted', '=', false).where('enabled', '=', true).orderBy('scale_code');
  if (id !== undefined) q = q.where('id', '=', id);
  return q.execute();
}

export async function weighRoutes(app: FastifyInstance): Promise<void> {
  app.get('/measure/weigh/scales', {
    config: { title: '称重设备', permission: VIEW },
    schema: { tags: ['weigh'], summary: '当前组织启用的称重设备：有效设置（空白取默认值）、检定证书提醒与当前读数' },
  }, async (request) => {
    const now = app.svc.clock();
    const rows = await orgScales(app, request);
    return ok(rows.map((r) => ({
      id: Number(r.id), scaleCode: r.scaleCode, scaleName: r.scaleName, station: r.station, protocol: r.protocol,
      ...scaleSettings(r), certExpire: r.certExpire, certWarning: certificateWarning(r.certExpire, now),
      live: app.svc.weigh?.latest(Number(r.id)) ?? null,
    })));
  });

  app.get<{ Params: { scaleId: number } }>('/measure/weigh/live/:scaleId', {
    config: { title: '实时重量', permission: VIEW },
    schema: {
      tags: ['weigh'], summary: '实时重量（text/event-stream）：每个仪表读数一条 data: LiveValue，无数据时每 0.25–0.5 秒一条 stale',
      params: { type: 'object', additionalProperties: false, required: ['scaleId'], properties: { scaleId: { type: 'integer', minimum: 1 } } },
    },
  }, async (request, reply) => {
    // the scale first: an unknown scale, or another organisation's, is a 404 on every process
    const [scale] = await orgScales(app, request, request.params.scaleId);
    if (!scale) throw notFound();
    const s = station(app);
    const id = Number(scale.id);
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    raw.socket?.setNoDelay(true);
    const send = (v: LiveValue) => { raw.write(`data: ${JSON.stringify(v)}\n\n`); };
    const latest = s.latest(id);
    if (latest) send(latest);
    const unsubscribe = s.subscribe((v) => { if (v.scaleId === id) send(v); });
    const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
    request.raw.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
