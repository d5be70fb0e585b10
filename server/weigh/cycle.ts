import Decimal from 'decimal.js';
import { sql, type Kysely, type Transaction } from 'kysely';
import { announcementProblem } from '../../src/schema/announcement';
import { settleFigures } from '../../src/schema/settle';
import { weighRates } from '../../src/schema/assay';
import {
  CONTROL_POINTS, POINT_LABELS, captureProblem, nextStep, scaleSettings, weighingOf,
  type LiveValue, type Step, type VisitKind, type WeighingType,
} from '../../src/schema/weigh';
import type { AuthContext } from '../auth/session-service';
import type { DB } from '../db/schema';
import { badRequest, notFound } from '../http/app-error';
import { nextNumber, nextSerial } from '../numbering/number-rule';
import { refreshNoticesOfWeighs } from '../notice/notice-done';
import { siteChecksOf } from '../seed/demo-business';
import { recordSettleRule, ruleColumns } from './settle-rule';
import type { WeighStation } from './station/station';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** Where each kind of visit lives: registry, its line, weigh record and the partner column. */
export const VISIT_TABLES: Record<VisitKind, { registry: string; line: string; weigh: string; partner: string; partnerDb: string }> = {
  PU: { registry: 'pu_registry', line: 'pu_registry_sub', weigh: 'mm_pu_weigh', partner: 'vendorName', partnerDb: 'vendor_name' },
  SA: { registry: 'sa_registry', line: 'sa_registry_sub', weigh: 'mm_sa_weigh', partner: 'customerName', partnerDb: 'customer_name' },
};

/** Anti-cheating settings (the plant may tune them later; these are the figures). */
export const CHEAT_RULES = {
  /** A tare this far from the plate's median of its last 5 tares: max(1.5 %, 10 e). */
  tarePercent: 1.5,
  tareDivisions: 10,
  tareHistory: 5,
  /** The same plate weighed the same way again within this many minutes. */
  reweighMinutes: 10,
  /** An alarm of the scale this recent belongs to the truck on the deck now. */
  standingAlarmMs: 120_000,
} as const;

export interface CycleContext {
  db: Kysely<DB>;
  orgId: number;
  auth: AuthContext;
  station?: WeighStation;
  now: Date;
  timeZone: string;
  softwareVersion: string;
}

export interface Visit {
  kind: VisitKind;
  registry: Row;
  line: Row | null;
  point: string | null;
  queueNo: number | null;
  weigh: Row | null;
  next: Step | null;
  nextLabel: string | null;
  /** The next weighing when the next step is one (GROSS / TARE). */
  nextWeighing: WeighingType | null;
}

async function loadVisit(db: Kysely<DB> | Transaction<DB>, kind: VisitKind, orgId: number, registryId: number, lock = false): Promise<Visit> {
  const t = VISIT_TABLES[kind];
  const any = db as unknown as AnyDb;
  const registry = await any.selectFrom(t.registry).selectAll().where('id', '=', registryId).where('org_id', '=', orgId).where('deleted', '=', false).executeTakeFirst() as Row | undefined;
  // a registry of another organisation does not exist for this caller
  if (!registry) throw notFound();
  let vq = db.selectFrom('weighVisit').select(['id', 'point', 'queueNo', 'weighId']).where('kind', '=', kind).where('registryId', '=', registryId);
  if (lock) vq = vq.forUpdate();
  const visit = await vq.executeTakeFirst();
  const line = await any.selectFrom(t.line).selectAll().where('registry_id', '=', registryId).where('deleted', '=', false).orderBy('id').executeTakeFirst() as Row | undefined;
  const weigh = visit?.weighId ? await any.selectFrom(t.weigh).selectAll().where('id', '=', visit.weighId).where('org_id', '=', orgId).executeTakeFirst() as Row | undefined : undefined;
  const point = visit?.point ?? null;
  const next = nextStep(kind, point);
  return {
    kind, registry, line: line ?? null, point, queueNo: visit?.queueNo ?? null, weigh: weigh ?? null, next,
    nextLabel: next ? POINT_LABELS[CONTROL_POINTS[kind][next]] : null,
    nextWeighing: next === 'FIRST_WEIGH' || next === 'SECOND_WEIGH' ? weighingOf(kind, next) : null,
  };
}

export function visitOf(ctx: CycleContext, kind: VisitKind, registryId: number): Promise<Visit> {
  return loadVisit(ctx.db, kind, ctx.orgId, registryId);
}

/** The open registry of a plate or an IC card (the newest one not yet out of the factory). */
export async function findRegistry(ctx: CycleContext, kind: VisitKind, by: { plate?: string; card?: string }): Promise<Visit | null> {
  const t = VISIT_TABLES[kind];
  let q = (ctx.db as unknown as AnyDb).selectFrom(`${t.registry} as r`).leftJoin('weigh_visit as v', (j) => j.onRef('v.registry_id', '=', 'r.id').on('v.kind', '=', kind))
    .select('r.id').where('r.org_id', '=', ctx.orgId).where('r.deleted', '=', false)
    .where((eb) => eb.or([eb('v.point', 'is', null), eb('v.point', '!=', CONTROL_POINTS[kind].OUT_DOOR)]))
    .orderBy('r.id', 'desc').limit(1);
  if (by.plate) q = q.where('r.plate_number', '=', by.plate);
  else if (by.card) q = q.where('r.card_code', '=', by.card);
  else return null;
  const row = await q.executeTakeFirst() as { id: number } | undefined;
  return row ? visitOf(ctx, kind, Number(row.id)) : null;
}

function refuse(visit: Visit, step: Step): never {
  const want = POINT_LABELS[CONTROL_POINTS[visit.kind][step]];
  if (!visit.next) throw badRequest(`该车已出厂，不能${want}`, { field: 'registryId' });
  throw badRequest(`当前应${visit.nextLabel}，不能${want}`, { field: 'registryId' });
}

async function logPoint(trx: Transaction<DB>, ctx: CycleContext, kind: VisitKind, registryId: number, step: Step, extra: { station?: string | null; scaleId?: number | null; weightKg?: string | null; weighId?: number | null; note?: string | null } = {}) {
  await trx.insertInto('weighVisitLog').values({
    orgId: ctx.orgId, kind, registryId, point: CONTROL_POINTS[kind][step], at: ctx.now, operatorId: ctx.auth.userId, operatorName: ctx.auth.realName,
    station: extra.station ?? null, scaleId: extra.scaleId ?? null, weightKg: extra.weightKg ?? null, weighId: extra.weighId ?? null, note: extra.note ?? null,
  }).execute();
}

async function setPoint(trx: Transaction<DB>, ctx: CycleContext, kind: VisitKind, registryId: number, step: Step, weighId?: number) {
  await trx.updateTable('weighVisit').set({ point: CONTROL_POINTS[kind][step], updatedAt: ctx.now, ...(weighId ? { weighId } : {}) })
    .where('kind', '=', kind).where('registryId', '=', registryId).execute();
}

/** 排队 (SH_SIGN_IN / FH_SIGN_IN): the registered truck joins the queue with the next number of the day. */
export async function joinQueue(ctx: CycleContext, kind: VisitKind, registryId: number): Promise<Visit> {
  await ctx.db.transaction().execute(async (trx) => {
    const visit = await loadVisit(trx, kind, ctx.orgId, registryId, true);
    if (visit.next !== 'SIGN_IN') refuse(visit, 'SIGN_IN');
    // 排队号: a daily counter per organisation and kind, as document numbers are
    const { serial: queueNo } = await nextSerial(trx, ctx.orgId, `queue_${kind}`, ctx.now, ctx.timeZone);
    await trx.insertInto('weighVisit').values({ orgId: ctx.orgId, kind, registryId, point: CONTROL_POINTS[kind].SIGN_IN, queueNo, updatedAt: ctx.now }).execute();
    await logPoint(trx, ctx, kind, registryId, 'SIGN_IN', { note: `排队号 ${queueNo}` });
  });
  return visitOf(ctx, kind, registryId);
}

/** The on-site deduction the inspector states at 现场确认: a fixed weight (t) and a rate (% of net). */
export interface SiteDeduction { deduct?: number | string | null; deductRate?: number | string | null }

/** A step without a weighing: 叫号, 进厂, 现场确认 (with the on-site deduction, if any), 出厂. */
export async function pass(ctx: CycleContext, kind: VisitKind, registryId: number, step: 'CALL' | 'IN_DOOR' | 'SCENE_CONFIRM' | 'OUT_DOOR', deduction: SiteDeduction = {}): Promise<Visit> {
  await ctx.db.transaction().execute(async (trx) => {
    const visit = await loadVisit(trx, kind, ctx.orgId, registryId, true);
    if (visit.next !== step) refuse(visit, step);
    let note: string | null = null;
    if (step === 'SCENE_CONFIRM' && visit.weigh && (deduction.deduct != null || deduction.deductRate != null)) {
      // the deduction goes on the weigh record; the settle weight follows from it at the second weighing
      const w = visit.weigh;
      if (deduction.deduct != null && new Decimal(deduction.deduct).decimalPlaces() > 3) throw badRequest('扣重最多 3 位小数（吨）', { field: 'deduct' });
      if (deduction.deductRate != null && new Decimal(deduction.deductRate).decimalPlaces() > 2) throw badRequest('扣率最多 2 位小数（%）', { field: 'deductRate' });
      const first = w.gross ?? w.tare;
      if (deduction.deduct != null && first != null && new Decimal(deduction.deduct).gte(new Decimal(String(first)))) {
        throw badRequest(`扣重 ${deduction.deduct} 吨须小于已称重量 ${String(first)} 吨`, { field: 'deduct' });
      }
      const set = {
        ...(deduction.deduct != null ? { deduct: new Decimal(deduction.deduct).toFixed(3) } : {}),
        ...(deduction.deductRate != null ? { deduct_rate: new Decimal(deduction.deductRate).toFixed(2) } : {}),
      };
      await (trx as unknown as AnyDb).updateTable(VISIT_TABLES[kind].weigh).set({ ...set, updated_by: ctx.auth.userId, updated_at: ctx.now, version: sql`version + 1` }).where('id', '=', w.id).execute();
      note = `现场扣重 ${set.deduct ?? String(w.deduct ?? 0)} 吨，扣率 ${set.deduct_rate ?? String(w.deductRate ?? 0)} %`;
    }
    if (step === 'SCENE_CONFIRM') {
      // the on-site confirmation table of the weigh record: every row that can be handled has been
      const checks = parseChecks(visit.weigh?.siteChecks);
      const open = checks.find((c) => c.ihandle !== false && !c.result);
      if (open) throw badRequest(`现场确认未完成：${String(open.checkItem ?? open.id)}`, { field: 'siteChecks' });
      const wrong = announcementProblem(checks, undefined);
      if (wrong) throw badRequest(`现场确认：${wrong}`, { field: 'siteChecks' });
    }
    await setPoint(trx, ctx, kind, registryId, step);
    await logPoint(trx, ctx, kind, registryId, step, { weighId: visit.weigh ? Number(visit.weigh.id) : null, note });
  });
  return visitOf(ctx, kind, registryId);
}

function parseChecks(value: unknown): Row[] {
  const v = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(v) ? v as Row[] : [];
}

export interface CaptureInput {
  scaleId: number;
  type: WeighingType;
  /** The manual path: a typed weight and the reason (needs the supervisor's permission, checked by the route). */
  manual?: { weightKg: number; reason: string };
}

export interface CaptureResult {
  visit: Visit;
  weightKg: number;
  billCode: string;
  alarms: { kind: string; message: string }[];
}

const kgToT = (kg: number | string) => settleFigures({ grossKg: kg, tareKg: 0 }).net;

/**
 * 采集毛重 / 采集皮重: the server takes the scale's current live value (never a number from the
 * client, except on the manual path), checks that it may be captured, and in one transaction
 * creates or completes the weigh record (磅单号 from the number rule), stores the evidence and
 * passes the control point; after the second weighing net and settle weight are calculated.
 */
/** The weighing step a capture of `type` is, or the refusal: a second gross, a tare before the on-site confirmation, … */
function weighingStep(visit: Visit, type: WeighingType): Step {
  const step: Step = weighingOf(visit.kind, 'FIRST_WEIGH') === type ? 'FIRST_WEIGH' : 'SECOND_WEIGH';
  if (visit.next === step) return step;
  const done = visit.weigh && visit.weigh[type === 'GROSS' ? 'gross' : 'tare'] !== null;
  if (done) throw badRequest(`${type === 'GROSS' ? '毛重' : '皮重'}已采集，不能重复称重`, { field: 'type' });
  if (step === 'SECOND_WEIGH' && visit.next === 'SCENE_CONFIRM') {
    throw badRequest(`未完成${POINT_LABELS[CONTROL_POINTS[visit.kind].SCENE_CONFIRM]}，不能${type === 'GROSS' ? '称毛重' : '称皮重'}`, { field: 'type' });
  }
  refuse(visit, step);
}

export async function capture(ctx: CycleContext, kind: VisitKind, registryId: number, input: CaptureInput): Promise<CaptureResult> {
  const t = VISIT_TABLES[kind];
  // the control point first: a truck in the wrong place is told so whatever the scale shows
  weighingStep(await loadVisit(ctx.db, kind, ctx.orgId, registryId), input.type);
  const any = ctx.db as unknown as AnyDb;
  const scale = await any.selectFrom('mm_scale').selectAll().where('id', '=', input.scaleId).where('org_id', '=', ctx.orgId)
    .where('deleted', '=', false).where('enabled', '=', true).executeTakeFirst() as Row | undefined;
  if (!scale) throw notFound('称重设备不存在或已停用');
  const settings = scaleSettings(scale);
  let live: LiveValue | undefined;
  let weightKg: number;
  if (input.manual) {
    weightKg = input.manual.weightKg;
    if (!(weightKg >= settings.minCapacity && weightKg <= settings.maxCapacity)) {
      throw badRequest(`重量应在最小称量 ${settings.minCapacity} kg 与最大称量 ${settings.maxCapacity} kg 之间`, { field: 'weight' });
    }
  } else {
    live = ctx.station?.latest(input.scaleId);
    const problem = captureProblem(live, settings, Date.now());
    if (problem) throw badRequest(`不能采集：${problem}`, { field: 'scaleId' });
    weightKg = live!.weight!;
  }
  const frames = input.manual ? [] : (ctx.station?.recent(input.scaleId, 5000) ?? []).map((v) => ({ at: v.at, weight: v.weight, stable: v.stable, raw: v.raw }));
  const alarms: { kind: string; message: string }[] = [];
  const result = await ctx.db.transaction().execute(async (trx) => {
    // checked again under the visit's row lock: two captures at once cannot both pass
    const visit = await loadVisit(trx, kind, ctx.orgId, registryId, true);
    const step = weighingStep(visit, input.type);
    const plate = String(visit.registry.plateNumber);
    const trx2 = trx as unknown as AnyDb;
    const column = input.type === 'GROSS' ? 'gross' : 'tare';
    const timeColumn = input.type === 'GROSS' ? 'gross_time' : 'tare_time';
    const stamp = { weigh: kgToT(weightKg), at: ctx.now };
    let weighId: number;
    let billCode: string;
    if (step === 'FIRST_WEIGH') {
      billCode = await nextNumber(trx, ctx.orgId, t.weigh, ctx.now, ctx.timeZone);
      const org = await trx.selectFrom('sysOrg').select('groupId').where('id', '=', ctx.orgId).executeTakeFirstOrThrow();
      const made = await trx2.insertInto(t.weigh).values({
        org_id: ctx.orgId, group_id: org.groupId, created_by: ctx.auth.userId, created_by_name: ctx.auth.realName, updated_by: ctx.auth.userId,
        bill_code: billCode, plate_number: plate, material_name: visit.line?.materialName ?? '', [t.partnerDb]: visit.line?.[t.partner] ?? null,
        [column]: stamp.weigh, [timeColumn]: stamp.at, weigher_name: ctx.auth.realName, weigh_status: input.type === 'GROSS' ? 'GROSS' : 'TARE',
        registry_id: registryId, scale_name: String(scale.scaleName), manual_entry: !!input.manual, site_checks: siteChecksOf(false),
      }).returning('id').executeTakeFirstOrThrow();
      weighId = Number(made.id);
    } else {
      const w = visit.weigh!;
      weighId = Number(w.id);
      billCode = String(w.billCode);
      const grossKg = input.type === 'GROSS' ? weightKg : Number(w.gross) * 1000;
      const tareKg = input.type === 'TARE' ? weightKg : Number(w.tare) * 1000;
      if (!(grossKg > tareKg)) throw badRequest(`毛重 ${grossKg} kg 不大于皮重 ${tareKg} kg，不能计算净重`, { field: 'type' });
      // rounded by the material's rule, which the record keeps beside the figures
      const rule = await recordSettleRule(trx2, w);
      const figures = settleFigures({ grossKg, tareKg, deductT: w.deduct as string | null, ratesPct: weighRates(w), rule });
      await trx2.updateTable(t.weigh).set({
        [column]: stamp.weigh, [timeColumn]: stamp.at, tare_weigher: ctx.auth.realName, net: figures.net, settle_weight: figures.settle, ...ruleColumns(rule), weigh_status: 'DONE',
        manual_entry: !!input.manual || !!w.manualEntry, updated_by: ctx.auth.userId, updated_at: ctx.now, version: sql`version + 1`,
      }).where('id', '=', weighId).where('org_id', '=', ctx.orgId).execute();
      // the notice's 已执行量 follows the completed weighing
      await refreshNoticesOfWeighs(trx2, t.weigh, [weighId]);
    }
    await trx.insertInto('weighEvidence').values({
      orgId: ctx.orgId, weighTable: t.weigh, weighId, kind: input.type, manual: !!input.manual, reason: input.manual?.reason ?? null,
      scaleId: input.scaleId, station: String(scale.station), operatorId: ctx.auth.userId, operatorName: ctx.auth.realName, softwareVersion: ctx.softwareVersion,
      weightKg: String(weightKg), capturedAt: live ? new Date(live.at) : ctx.now, frame: live?.raw ?? null, frames: JSON.stringify(frames),
      stability: live?.window ? JSON.stringify(live.window) : null,
    }).execute();
    await setPoint(trx, ctx, kind, registryId, step, weighId);
    await logPoint(trx, ctx, kind, registryId, step, { station: String(scale.station), scaleId: input.scaleId, weightKg: String(weightKg), weighId, note: input.manual ? `手工录入：${input.manual.reason}` : null });
    if (step === 'SECOND_WEIGH') {
      await setPoint(trx, ctx, kind, registryId, 'SUTTLE_CALCULATE');
      await logPoint(trx, ctx, kind, registryId, 'SUTTLE_CALCULATE', { weighId });
    }
    for (const a of await cheatChecks(trx, ctx, kind, { plate, type: input.type, weightKg, scaleId: input.scaleId, settings, weighId, capturedAt: live?.at ?? ctx.now.getTime() })) {
      alarms.push(a);
      await trx.insertInto('weighAlarm').values({
        orgId: ctx.orgId, scaleId: input.scaleId, kind: a.kind, plateNumber: plate, weighTable: t.weigh, weighId, message: a.message, trace: a.trace ? JSON.stringify(a.trace) : null,
      }).execute();
    }
    // an alarm the station raised while this truck stood on the scale belongs to its record
    const standing = await trx.updateTable('weighAlarm').set({ weighTable: t.weigh, weighId, plateNumber: plate })
      .where('orgId', '=', ctx.orgId).where('scaleId', '=', input.scaleId).where('weighId', 'is', null)
      .where('createdAt', '>=', new Date(ctx.now.getTime() - CHEAT_RULES.standingAlarmMs)).returning(['kind', 'message']).execute();
    alarms.push(...standing);
    return { weighId, billCode };
  });
  return { visit: await visitOf(ctx, kind, registryId), weightKg, billCode: result.billCode, alarms };
}

interface CheatInput { plate: string; type: WeighingType; weightKg: number; scaleId: number; settings: ReturnType<typeof scaleSettings>; weighId: number; capturedAt: number }

/** The anti-cheating checks of a capture; each finding becomes an alarm (the truck is not held up). */
async function cheatChecks(trx: Transaction<DB>, ctx: CycleContext, kind: VisitKind, c: CheatInput): Promise<{ kind: string; message: string; trace?: unknown }[]> {
  const found: { kind: string; message: string; trace?: unknown }[] = [];
  const any = trx as unknown as AnyDb;
  const tables = [VISIT_TABLES.PU.weigh, VISIT_TABLES.SA.weigh];
  if (c.type === 'TARE') {
    const history: { kg: number; at: number }[] = [];
    for (const table of tables) {
      const rows = await any.selectFrom(table).select(['tare', 'tare_time as tareTime']).where('org_id', '=', ctx.orgId).where('plate_number', '=', c.plate)
        .where('tare', 'is not', null).where('id', '!=', c.weighId).where('deleted', '=', false).orderBy('tare_time', 'desc').limit(CHEAT_RULES.tareHistory).execute() as { tare: string; tareTime: Date }[];
      history.push(...rows.map((r) => ({ kg: Number(r.tare) * 1000, at: new Date(r.tareTime).getTime() })));
    }
    // the last 5 tares of the plate, whichever record they are on
    const recent = history.sort((a, b) => b.at - a.at).slice(0, CHEAT_RULES.tareHistory).map((h) => h.kg).sort((a, b) => a - b);
    if (recent.length) {
      const median = recent.length % 2 ? recent[(recent.length - 1) / 2] : (recent[recent.length / 2 - 1] + recent[recent.length / 2]) / 2;
      const limit = Math.max((median * CHEAT_RULES.tarePercent) / 100, CHEAT_RULES.tareDivisions * c.settings.division);
      if (Math.abs(c.weightKg - median) > limit) {
        found.push({ kind: 'TARE_DEVIATION', message: `皮重 ${c.weightKg} kg 偏离该车近 ${recent.length} 次皮重中位数 ${median} kg 超过 ${limit} kg` });
      }
    }
  }
  const since = new Date(ctx.now.getTime() - CHEAT_RULES.reweighMinutes * 60_000);
  const timeColumn = c.type === 'GROSS' ? 'gross_time' : 'tare_time';
  for (const table of tables) {
    const again = await any.selectFrom(table).select('bill_code as billCode').where('org_id', '=', ctx.orgId).where('plate_number', '=', c.plate)
      .where(timeColumn, '>=', since).where('id', '!=', c.weighId).where('deleted', '=', false).limit(1).executeTakeFirst() as { billCode: string } | undefined;
    if (again) {
      found.push({ kind: 'REWEIGH', message: `该车 ${CHEAT_RULES.reweighMinutes} 分钟内已称${c.type === 'GROSS' ? '毛重' : '皮重'}（磅单 ${again.billCode}）` });
      break;
    }
  }
  const previous = await trx.selectFrom('weighEvidence').select('capturedAt').where('orgId', '=', ctx.orgId).where('scaleId', '=', c.scaleId)
    .where('weighId', '!=', c.weighId).orderBy('capturedAt', 'desc').limit(1).executeTakeFirst();
  const zeroAt = ctx.station?.lastZeroAt(c.scaleId);
  if (previous && zeroAt !== undefined && zeroAt < new Date(previous.capturedAt).getTime()) {
    found.push({ kind: 'ZERO_NOT_RETURNED', message: `上一车称重后秤台未回零（±1e）` });
  }
  return found;
}
