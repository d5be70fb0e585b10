import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ASSAY_WEIGH, GROUP_ACTIONS, assayBizType, assayRates, weighRates, withinLimits, type DeductStep } from '../../src/schema/assay';
import { settleFigures } from '../../src/schema/settle';
import { recordSettleRule, ruleColumns } from '../weigh/settle-rule';
import { caller } from '../http/auth-hook';
import { badRequest, forbidden, notFound, staleVersion } from '../http/app-error';
import { ok } from '../http/envelope';
import { currentOrg } from '../resources/scope';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/** The weigh records a group's trucks are: purchase (PU, raw material in) or sale (SA, product out). */
const weighTable = (group: Row) => ASSAY_WEIGH[assayBizType(group.bizType)].table;

/**
 * Recalculates net and settle weight of an organisation's weigh records from what they hold (gross,
 * tare, 扣重 and every rate: 扣率, 扣水, 扣杂), exactly (src/schema/settle.ts), in the caller's transaction.
 * Each gets a new version, as a save would give it: a weigh record opened before is stale (409).
 */
export async function recomputeSettle(trx: AnyDb, table: string, orgId: number, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const rows = await trx.selectFrom(table).selectAll().where('id', 'in', ids).where('org_id', '=', orgId).execute() as Row[];
  for (const w of rows) {
    if (w.gross === null || w.tare === null) continue;
    // the rounding the record was settled with (else its material's)
    const rule = await recordSettleRule(trx, w);
    const f = settleFigures({ grossKg: new Decimal(String(w.gross)).times(1000), tareKg: new Decimal(String(w.tare)).times(1000), deductT: w.deduct as string | null, ratesPct: weighRates(w), rule });
    await trx.updateTable(table).set({ net: f.net, settle_weight: f.settle, ...ruleColumns(rule), version: sql`version + 1` }).where('id', '=', w.id).where('org_id', '=', orgId).execute();
  }
}

/** A group's own fields and a result's 合格 are the server's: what a client sends for them is replaced. */
export function prepareQuality(tableName: string, body: Row, current: Row | null): void {
  if (tableName === 'qc_assay_group') {
    delete body.groupState; delete body.recheckState;
    // its trucks (样车) are collected by 结束分组: lines a client sends are ignored like its states
    const children = body.children as Row | undefined;
    if (children && typeof children === 'object') delete children.qc_assay_group_weigh;
    if (!current) Object.assign(body, { groupState: 'OPEN', recheckState: 'NONE', bizType: assayBizType(body.bizType) });
    // the trucks it collected are of its type: the type stays once the group has ended
    else if (current.groupState !== 'OPEN' && body.bizType !== undefined && assayBizType(body.bizType) !== assayBizType(current.bizType)) {
      throw badRequest('化验组已结束分组，业务类型不能再改', { field: 'bizType' });
    }
  }
  if (tableName === 'qc_assay') {
    const rows = (body.children as Record<string, unknown> | undefined)?.qc_assay_result;
    if (Array.isArray(rows)) {
      // a value or limit that is no number is refused with its field by the column checks that follow
      const numeric = (v: unknown) => v === undefined || v === null || v === '' || ((typeof v === 'string' || typeof v === 'number') && /^-?\d+(\.\d+)?$/.test(String(v).trim()));
      for (const r of rows as Row[]) {
        if (!r || typeof r !== 'object') continue;
        r.passed = numeric(r.value) && numeric(r.lowerLimit) && numeric(r.upperLimit)
          ? withinLimits(r.value as string | null, r.lowerLimit as string | null, r.upperLimit as string | null) : null;
      }
    }
  }
}

/**
 * In the audit's (弃审's) transaction of 化验单: audit puts the results' 扣水/扣杂 rates (the
 * material's step tables) on every truck of the assay's group and recalculates their settle
 * weight; 弃审 takes them off again — from the group's own trucks that carry its number, not every
 * record with that number (each company numbers its assays by the same default rule). The group
 * must have ended sampling, and no truck may be settled. Group, trucks and weigh records are read
 * and written in the assay's organisation only.
 */
export async function assayTransition(trx: AnyDb, tableName: string, action: string, rows: Row[]): Promise<void> {
  if (tableName !== 'qc_assay' || !['audit', 'mulAudit', 'mulInit'].includes(action)) return;
  for (const assay of rows) {
    const orgId = Number(assay.orgId);
    const group = await trx.selectFrom('qc_assay_group').select(['group_code as groupCode', 'group_state as groupState', 'material_name as materialName', 'biz_type as bizType'])
      .where('id', '=', assay.assayGroupId as number).where('org_id', '=', orgId).where('deleted', '=', false).executeTakeFirst() as Row | undefined;
    if (!group) throw badRequest(`化验单 ${String(assay.assayCode)} 的化验组不存在`);
    const WEIGH = weighTable(group);
    const weighIds = (await trx.selectFrom('qc_assay_group_weigh').select('weigh_id as weighId').where('assay_group_id', '=', assay.assayGroupId as number)
      .where('org_id', '=', orgId).where('deleted', '=', false).where('weigh_id', 'is not', null).execute() as Row[]).map((r) => Number(r.weighId));
    // the trucks' rows locked, in id order (as a settlement's audit locks them: neither holds a row the
    // other waits for while waiting itself): a settlement audited at the same moment is waited for, and a
    // truck it settled is seen settled (the locked row is read as committed), not changed after that
    const trucks = weighIds.length ? await trx.selectFrom(WEIGH).select(['bill_code as billCode', 'settle_code as settleCode', 'settle_id as settleId'])
      .where('id', 'in', weighIds).where('org_id', '=', orgId).orderBy('id').forUpdate().execute() as Row[] : [];
    const settled = trucks.find((w) => w.settleId !== null && w.settleId !== undefined);
    if (settled) throw badRequest(`磅单 ${String(settled.billCode)} 已由结算单 ${String(settled.settleCode)} 结算，化验结果不能再改变其结算重量`);
    if (action === 'mulInit') {
      if (!weighIds.length) continue;
      // a truck another assay of the group has rated since keeps that assay's figures
      const cleared = await trx.updateTable(WEIGH).set({ water_rate: null, impurity_rate: null, assay_code: null, version: sql`version + 1` })
        .where('id', 'in', weighIds).where('org_id', '=', orgId).where('assay_code', '=', assay.assayCode as string).returning('id').execute();
      await recomputeSettle(trx, WEIGH, orgId, cleared.map((r) => Number(r.id)));
      continue;
    }
    if (group.groupState !== 'SAMPLED') throw badRequest(`化验组 ${String(group.groupCode)} 尚未结束取样，化验单不能审核`);
    const results = await trx.selectFrom('qc_assay_result').select(['item_code as itemCode', 'value']).where('assay_id', '=', assay.id as number).where('deleted', '=', false).execute() as { itemCode: string; value: string | null }[];
    const steps = await trx.selectFrom('qc_deduct_step').select(['item_code as itemCode', 'from_value as fromValue', 'rate', 'deduct_kind as deductKind'])
      .where('org_id', '=', orgId).where('material_name', '=', String(group.materialName)).where('enabled', '=', true).where('deleted', '=', false).execute() as DeductStep[];
    const rates = assayRates(results, steps);
    if (weighIds.length) {
      await trx.updateTable(WEIGH).set({ water_rate: rates.water, impurity_rate: rates.impurity, assay_code: assay.assayCode, version: sql`version + 1` })
        .where('id', 'in', weighIds).where('org_id', '=', orgId).execute();
      await recomputeSettle(trx, WEIGH, orgId, weighIds);
    }
  }
}

/**
 * The group actions (spec 001 §4) under `POST /api/quality/qc-assay-group/{action}` `{ ids }`:
 * 结束分组 (endGroup: collects the weigh records of the group's type — purchase or sale — of its
 * material, and vendor or customer, weighed in its period and in no other group, as its sample cars), 结束取样 / 取消结束取样, and
 * the recheck cycle 申请复检 → 处理 (handleRecheck) → 取消处理 (cancelHandle). Each needs its own
 * permission key (`qc_assay_group_{action}`).
 */
export async function assayGroupRoutes(app: FastifyInstance): Promise<void> {
  for (const [action, rule] of Object.entries(GROUP_ACTIONS)) {
    app.post<{ Body: { ids: number[] } }>(`/quality/qc-assay-group/${action}`, {
      config: { title: rule.label },
      schema: {
        tags: ['quality'], summary: `化验组：${rule.label}`,
        body: { type: 'object', additionalProperties: false, required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 100, items: { type: 'integer', minimum: 1 } } } },
      },
    }, async (request) => {
      const auth = caller(request);
      if (!auth.admin && !(await request.permissionSet()).has(`qc_assay_group_${action}`)) throw forbidden(undefined, `qc_assay_group_${action}`);
      const orgId = currentOrg(request);
      const db = app.svc.db as AnyDb;
      const column = rule.field === 'groupState' ? 'group_state' : 'recheck_state';
      const rows = await db.selectFrom('qc_assay_group').selectAll().where('id', 'in', request.body.ids).where('org_id', '=', orgId).where('deleted', '=', false).execute() as Row[];
      if (rows.length !== new Set(request.body.ids).size) throw notFound('化验组不存在');
      const refused = rows.find((r) => !rule.from.includes(String(r[rule.field] ?? (rule.field === 'groupState' ? 'OPEN' : 'NONE'))));
      if (refused) throw badRequest(`化验组 ${String(refused.groupCode)}：${rule.refuse}`);
      const obsolete = rows.find((r) => r.status === 'OBSOLETE');
      if (obsolete) throw badRequest(`化验组 ${String(obsolete.groupCode)}：已作废的化验组不能${rule.label}`);
      let collected = 0;
      await db.transaction().execute(async (trx) => {
        for (const r of rows) {
          const done = await trx.updateTable('qc_assay_group').set({ [column]: rule.to, updated_by: auth.userId, updated_at: app.svc.clock(), version: sql`version + 1` })
            .where('id', '=', r.id as number).where('version', '=', r.version as number).where('deleted', '=', false).returning('id').executeTakeFirst();
          if (!done) throw staleVersion();
          if (action === 'endGroup') collected += await collectTrucks(trx, r, auth);
        }
      });
      return ok({ count: rows.length, collected }, action === 'endGroup' ? `${rule.label}成功，收集样车 ${collected} 辆` : `${rule.label}成功`);
    });
  }
}

/** 结束分组: the group's trucks — weigh records of its type and material (and partner) in its period, not deleted or voided, in no other live group of that type. */
async function collectTrucks(trx: AnyDb, group: Row, auth: { userId: number; realName: string }): Promise<number> {
  const have = await trx.selectFrom('qc_assay_group_weigh').select('id').where('assay_group_id', '=', group.id as number).where('deleted', '=', false).executeTakeFirst();
  if (have) return 0;
  const type = assayBizType(group.bizType);
  const { table, partnerField, partnerColumn } = ASSAY_WEIGH[type];
  let q = trx.selectFrom(`${table} as w`).select(['w.id', 'w.bill_code as billCode', 'w.plate_number as plateNumber', 'w.net'])
    .where('w.org_id', '=', group.orgId as number).where('w.deleted', '=', false).where('w.status', '!=', 'OBSOLETE').where('w.material_name', '=', String(group.materialName))
    .where('w.gross_time', '>=', group.beginTime as Date).where('w.gross_time', '<=', group.endTime as Date)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('qc_assay_group_weigh as l').innerJoin('qc_assay_group as g', 'g.id', 'l.assay_group_id').select('l.id')
      .whereRef('l.weigh_id', '=', 'w.id').where('l.deleted', '=', false).where('g.deleted', '=', false).where('g.status', '!=', 'OBSOLETE')
      // purchase and sale records number their ids apart: a line belongs to a record of its group's type
      .where(sql`coalesce(g.biz_type, 'PU')`, '=', type))));
  const partner = group[partnerField];
  if (partner) q = q.where(`w.${partnerColumn}`, '=', String(partner));
  const trucks = await q.orderBy('w.gross_time').execute() as Row[];
  for (const w of trucks) {
    await trx.insertInto('qc_assay_group_weigh').values({
      assay_group_id: group.id, weigh_id: w.id, bill_code: w.billCode, plate_number: w.plateNumber, net: w.net,
      org_id: group.orgId, group_id: group.groupId, created_by: auth.userId, created_by_name: auth.realName, updated_by: auth.userId,
    }).execute();
  }
  return trucks.length;
}
