import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { VisitKind } from '../../src/schema/weigh';
import type { TicketData } from '../../src/schema/weigh-ticket';
import { caller } from '../http/auth-hook';
import { badRequest, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { currentOrg } from '../resources/scope';
import { VISIT_TABLES } from './cycle';
import { ticketPdf } from './ticket-pdf';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
const VIEW = 'measure_weigh_view';
const kindSchema = { type: 'string', enum: ['PU', 'SA'] } as const;

/**
 * 磅单 (weigh ticket): `print/weigh` answers what the ticket shows and counts the print (copy 1 is
 * the original, later copies are reprints, each logged with who and when); `reg-weigh-print/{id}`
 * lists a ticket's prints.
 */
export async function printRoutes(app: FastifyInstance): Promise<void> {
  /** The ticket of a completed weigh record, its print counted (copy 1 the original, later ones reprints). */
  const printTicket = async (request: FastifyRequest, kind: VisitKind, id: number): Promise<TicketData> => {
    const t = VISIT_TABLES[kind];
    const orgId = currentOrg(request);
    const auth = caller(request);
    const w = await (app.svc.db as AnyDb).selectFrom(t.weigh).selectAll().where('id', '=', id).where('org_id', '=', orgId).where('deleted', '=', false).executeTakeFirst() as Record<string, unknown> | undefined;
    if (!w) throw notFound();
    if (w.weighStatus !== 'DONE') throw badRequest('磅单未完成称重，不能打印', { field: 'id' });
    const org = await app.svc.db.selectFrom('sysOrg').select('orgName').where('id', '=', orgId).executeTakeFirstOrThrow();
    const copyNo = await app.svc.db.transaction().execute(async (trx) => {
      // the ticket's row lock orders concurrent prints: copy numbers are unique
      await (trx as unknown as AnyDb).selectFrom(t.weigh).select('id').where('id', '=', id).forUpdate().execute();
      const last = await trx.selectFrom('weighPrint').select((eb) => eb.fn.max('copyNo').as('n')).where('weighTable', '=', t.weigh).where('weighId', '=', id).executeTakeFirst();
      const next = Number(last?.n ?? 0) + 1;
      await trx.insertInto('weighPrint').values({ orgId, weighTable: t.weigh, weighId: id, copyNo: next, printedAt: app.svc.clock(), operatorId: auth.userId, operatorName: auth.realName }).execute();
      return next;
    });
    const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
    const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
    return {
      orgName: org.orgName, kind, billCode: String(w.billCode), plateNumber: String(w.plateNumber), materialName: String(w.materialName),
      partnerLabel: kind === 'PU' ? '供应商' : '客户', partner: text(w[t.partner]), scaleName: text(w.scaleName),
      gross: text(w.gross), tare: text(w.tare), net: text(w.net), deduct: text(w.deduct), deductRate: text(w.deductRate), settleWeight: text(w.settleWeight),
      grossTime: iso(w.grossTime), tareTime: iso(w.tareTime), weigherName: text(w.weigherName), tareWeigher: text(w.tareWeigher), manualEntry: !!w.manualEntry,
      copyNo, reprint: copyNo > 1, printedAt: app.svc.clock().toISOString(), printedBy: auth.realName,
    };
  };
  const printBody = (extra: Record<string, unknown> = {}) => ({
    type: 'object', additionalProperties: false, required: ['kind', 'id'], properties: { kind: kindSchema, id: { type: 'integer', minimum: 1 }, ...extra },
  });

  app.post<{ Body: { kind: VisitKind; id: number } }>('/print/weigh', {
    config: { title: '打印磅单', permission: VIEW },
    schema: { tags: ['weigh'], summary: '打印磅单：答磅单内容并记一次打印（第 2 份起为补打）', body: printBody() },
  }, async (request) => ok(await printTicket(request, request.body.kind, request.body.id)));

  // printByServer: the same ticket as a PDF, counted as a print like the print view
  app.post<{ Body: { kind: VisitKind; id: number; width?: 'A5' | '80mm' } }>('/print/weigh/printByServer', {
    config: { title: '打印磅单(PDF)', permission: VIEW },
    schema: { tags: ['weigh'], summary: '磅单 PDF（A5 或 80 mm 热敏纸宽，含二维码），记一次打印', body: printBody({ width: { type: 'string', enum: ['A5', '80mm'] } }) },
  }, async (request, reply) => {
    const ticket = await printTicket(request, request.body.kind, request.body.id);
    const pdf = await ticketPdf(ticket, request.body.width ?? 'A5', app.svc.config.timezone);
    // returned, not sent: the answer leaves only once the print is committed with its log entry
    void reply.type('application/pdf').header('content-disposition', `attachment; filename="${encodeURIComponent(ticket.billCode)}.pdf"`);
    return pdf;
  });

  app.get<{ Params: { id: number }; Querystring: { kind: VisitKind } }>('/flow/inf/reg-weigh-print/:id', {
    config: { title: '磅单打印记录', permission: VIEW },
    schema: {
      tags: ['weigh'], summary: '磅单的打印记录（份数、打印人、时间）',
      params: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } },
      querystring: { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: kindSchema } },
    },
  }, async (request) => {
    const t = VISIT_TABLES[request.query.kind];
    const rows = await app.svc.db.selectFrom('weighPrint').select(['copyNo', 'printedAt', 'operatorName'])
      .where('orgId', '=', currentOrg(request)).where('weighTable', '=', t.weigh).where('weighId', '=', request.params.id).orderBy('copyNo').execute();
    return ok(rows);
  });
}
