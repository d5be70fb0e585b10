import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition } from '../../src/schema/resource';
import { settleFigures, type SettleRule } from '../../src/schema/settle';
import { recordSettleRule, ruleColumns } from './settle-rule';
import { weighRates } from '../../src/schema/assay';
import { WEIGH_RECORD_TABLES, correctedWeightProblem, weighReasonProblem } from '../../src/schema/weigh';
import { caller } from '../http/auth-hook';
import { badRequest, notFound, staleVersion } from '../http/app-error';
import { ok } from '../http/envelope';
import { resolveResource, routeParams, type RouteParams } from '../resources/list-route';
import { currentOrg } from '../resources/scope';
import { refuseSettledWeigh } from '../settlement/weigh-settle';
import { refreshNoticesOfWeighs } from '../notice/notice-done';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** The weigh-record tables (purchase and sale). */
export const WEIGH_TABLES: ReadonlySet<string> = new Set(WEIGH_RECORD_TABLES);
/** The weights of a weigh record: captured by the station or calculated from what it captured. */
const WEIGHT_FIELDS = ['gross', 'tare', 'net', 'settleWeight'] as const;
/** The supervisor's key (手工录入) that a correction needs. */
export const CORRECT_PERMISSION = 'measure_weigh_hand';
const REASON = { type: 'string', minLength: 2, maxLength: 200 } as const;

const sameWeight = (a: unknown, b: unknown) => {
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  if (blank(a) || blank(b)) return blank(a) && blank(b);
  try { return new Decimal(a as Decimal.Value).eq(b as Decimal.Value); } catch { return false; }
};

/** The weights a weigh record holds now (what the operation log keeps as its old values). */
export function weightsOf(row: Row): Record<string, unknown> {
  return Object.fromEntries(WEIGHT_FIELDS.map((f) => [f, row[f] ?? null]));
}

/**
 * A captured weigh record's weights change only through the correction, with a reason: the
 * generic update refuses a different gross, tare, net or settle weight (the same value sent back
 * from detail passes).
 */
export function refuseWeightEdit(def: ResourceDefinition, sent: Row, stored: Row): void {
  if (!WEIGH_TABLES.has(def.tableName)) return;
  if (stored.gross === null && stored.tare === null) return;
  for (const field of WEIGHT_FIELDS) {
    if (!Object.prototype.hasOwnProperty.call(sent, field) || sameWeight(sent[field], stored[field])) continue;
    const explain = def.columns.find((c) => c.fieldName === field)?.fieldExplain ?? field;
    throw badRequest(`${explain}已采集，不能直接修改，请用“称重更正”并填写原因`, { field });
  }
}

/** A delete of weigh records names its reason; the log keeps what was deleted. */
export function weighDeleteRecord(def: ResourceDefinition, reason: string | undefined, rows: Row[]): { reason: string; before: Row[] } | null {
  if (!WEIGH_TABLES.has(def.tableName)) return null;
  const problem = weighReasonProblem(reason, '删除');
  if (problem) throw badRequest(problem, { field: 'reason' });
  return { reason: reason!.trim(), before: rows.map((r) => ({ id: r.id, billCode: r.billCode ?? null, plateNumber: r.plateNumber ?? null, ...weightsOf(r) })) };
}

/**
 * 称重更正: a supervisor corrects the gross or tare (t) of a captured weigh record with a reason;
 * the server recalculates net and settle weight, marks the record as typed, and the operation
 * log entry (the list's request-log drawer) keeps the reason with the old and new weights.
 */
export async function correctRoutes(app: FastifyInstance): Promise<void> {
  const weight = { type: 'number', minimum: 0, maximum: 1000 } as const;
  app.post<{ Params: RouteParams; Body: { id: number; version: number; gross?: number; tare?: number; reason: string } }>('/:module/:resource/weighCorrect', {
    config: { title: '称重更正', permission: CORRECT_PERMISSION },
    schema: {
      tags: ['weigh'], summary: '称重更正：改磅单的毛重/皮重（吨），须填原因；净重与结算重量由服务端重算，原值记入操作日志', params: routeParams,
      body: {
        type: 'object', additionalProperties: false, required: ['id', 'version', 'reason'], minProperties: 4,
        properties: { id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 }, gross: weight, tare: weight, reason: REASON },
      },
    },
  }, async (request) => {
    const def = await resolveResource(app, request);
    if (!WEIGH_TABLES.has(def.tableName)) throw notFound();
    const b = request.body;
    const problem = weighReasonProblem(b.reason, '更正');
    if (problem) throw badRequest(problem, { field: 'reason' });
    const reason = b.reason.trim();
    if (b.gross === undefined && b.tare === undefined) throw badRequest('请填写要更正的毛重或皮重', { field: 'gross' });
    for (const field of ['gross', 'tare'] as const) {
      const wrong = b[field] === undefined ? null : correctedWeightProblem(field === 'gross' ? '毛重' : '皮重', b[field]);
      if (wrong) throw badRequest(wrong, { field });
    }
    const db = app.svc.db as AnyDb;
    const stored = await db.selectFrom(def.tableName).selectAll().where('id', '=', b.id).where('org_id', '=', currentOrg(request)).where('deleted', '=', false).executeTakeFirst() as Row | undefined;
    if (!stored) throw notFound();
    refuseSettledWeigh(def.tableName, [stored], '更正');
    const before = { gross: stored.gross, tare: stored.tare, net: stored.net, settleWeight: stored.settleWeight };
    for (const field of ['gross', 'tare'] as const) {
      if (b[field] !== undefined && stored[field] === null) throw badRequest(`${field === 'gross' ? '毛重' : '皮重'}尚未采集，不能更正`, { field });
    }
    const gross = b.gross ?? stored.gross as string | null;
    const tare = b.tare ?? stored.tare as string | null;
    let figures: { net: string; settle: string } | null = null;
    let rule: SettleRule | null = null;
    if (gross !== null && tare !== null) {
      if (!new Decimal(gross).gt(tare)) throw badRequest(`毛重 ${String(gross)} 吨须大于皮重 ${String(tare)} 吨`, { field: b.gross !== undefined ? 'gross' : 'tare' });
      rule = await recordSettleRule(db, stored);
      figures = settleFigures({
        grossKg: new Decimal(gross).times(1000), tareKg: new Decimal(tare).times(1000),
        deductT: stored.deduct as string | null, ratesPct: weighRates(stored), rule,
      });
    }
    const auth = caller(request);
    const done = await db.updateTable(def.tableName).set({
      gross, tare, net: figures?.net ?? null, settle_weight: figures?.settle ?? null, ...(rule ? ruleColumns(rule) : {}), manual_entry: true,
      updated_by: auth.userId, updated_at: app.svc.clock(), version: sql`version + 1`,
    }).where('id', '=', b.id).where('org_id', '=', stored.orgId as number).where('version', '=', b.version).where('deleted', '=', false).returning(['id', 'version', 'gross', 'tare', 'net', 'settle_weight as settleWeight']).executeTakeFirst() as Row | undefined;
    if (!done) throw staleVersion();
    await refreshNoticesOfWeighs(db, def.tableName, [b.id]);
    request.operationResult = { reason, before, after: { gross: done.gross, tare: done.tare, net: done.net, settleWeight: done.settleWeight } };
    return ok(done, '更正成功');
  });
}
