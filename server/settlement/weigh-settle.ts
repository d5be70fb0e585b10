import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { badRequest } from '../http/app-error';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

/**
 * A settlement is built from weigh records (选择磅单): each line names its weigh record
 * (`weighId`), whose number, plate, material, net and deductions the server copies into the line —
 * what a client sends for them is replaced — so a line cannot say other than its weigh record. A
 * weigh record in a line must be audited, of the settlement's vendor (customer), not settled and
 * in no other live settlement. Auditing the settlement marks its weigh records settled
 * (`settle_id`, `settle_code`) only where they are still unsettled, under their row locks: of two
 * settlements audited at once with the same weigh record one is refused. 弃审 frees them.
 */
export interface SettleKind { main: string; line: string; weigh: string; partner: 'vendorName' | 'customerName'; partnerDb: 'vendor_name' | 'customer_name' }

export const SETTLEMENTS: Record<string, SettleKind> = {
  fd_pu_settlement_main: { main: 'fd_pu_settlement_main', line: 'fd_pu_settlement', weigh: 'mm_pu_weigh', partner: 'vendorName', partnerDb: 'vendor_name' },
  fd_sa_settlement_main: { main: 'fd_sa_settlement_main', line: 'fd_sa_settlement', weigh: 'mm_sa_weigh', partner: 'customerName', partnerDb: 'customer_name' },
};

const WEIGH_COLUMNS = ['id', 'bill_code as billCode', 'plate_number as plateNumber', 'material_name as materialName', 'net', 'settle_weight as settleWeight', 'status', 'settle_id as settleId', 'settle_code as settleCode', 'gross_time as grossTime'];

/** A weigh record as a settlement line: its deduction is everything between net and settle weight (扣重 and the rates). */
export function lineOfWeigh(w: Row): Row {
  const net = new Decimal(String(w.net));
  const settle = w.settleWeight === null || w.settleWeight === undefined ? net : new Decimal(String(w.settleWeight));
  return { weighId: Number(w.id), billCode: w.billCode, plateNumber: w.plateNumber, invName: w.materialName, net: net.toFixed(3), deductWeight: net.minus(settle).toFixed(3) };
}

/** Weigh records of other live settlements (not deleted, not voided): weigh id → settlement number. */
async function claimedElsewhere(db: AnyDb, k: SettleKind, orgId: number, weighIds: number[], exceptSettleId: number | null): Promise<Map<number, string>> {
  if (!weighIds.length) return new Map();
  let q = db.selectFrom(`${k.line} as l`).innerJoin(`${k.main} as m`, 'm.id', 'l.settle_id')
    .select(['l.weigh_id as weighId', 'm.settle_code as settleCode'])
    .where('l.weigh_id', 'in', weighIds).where('l.deleted', '=', false).where('m.deleted', '=', false).where('m.status', '!=', 'OBSOLETE').where('m.org_id', '=', orgId);
  if (exceptSettleId) q = q.where('m.id', '!=', exceptSettleId);
  return new Map((await q.execute() as { weighId: number; settleCode: string }[]).map((r) => [Number(r.weighId), r.settleCode]));
}

/**
 * Rewrites the weigh-record lines of a settlement save from their weigh records (before the form's
 * calculations run on them), refusing a weigh record that may not be settled here.
 */
export async function fillSettlementLines(db: AnyDb, tableName: string, orgId: number, body: Row, current: Row | null): Promise<void> {
  const k = SETTLEMENTS[tableName];
  if (!k) return;
  const children = body.children as Record<string, unknown> | undefined;
  const rows = children?.[k.line];
  if (!Array.isArray(rows)) return;
  const partner = (Object.prototype.hasOwnProperty.call(body, k.partner) ? body[k.partner] : current?.[k.partner]) as string | null | undefined;
  const ids = rows.map((r) => (r && typeof r === 'object' ? (r as Row).weighId : undefined)).filter((v) => v !== undefined && v !== null && v !== '');
  if (!ids.length) return;
  for (const [i, id] of ids.entries()) if (!Number.isSafeInteger(Number(id)) || Number(id) < 1) throw badRequest('磅单编号无效', { field: `children.${k.line}[${i}].weighId` });
  const seen = new Set<number>();
  const weighs = new Map((await db.selectFrom(k.weigh).select([...WEIGH_COLUMNS, `${k.partnerDb} as partner`])
    .where('id', 'in', ids.map(Number)).where('org_id', '=', orgId).where('deleted', '=', false).execute() as Row[]).map((w) => [Number(w.id), w]));
  const elsewhere = await claimedElsewhere(db, k, orgId, [...weighs.keys()], current ? Number(current.id) : null);
  for (const [index, raw] of rows.entries()) {
    const r = raw as Row;
    if (r.weighId === undefined || r.weighId === null || r.weighId === '') continue;
    const field = `children.${k.line}[${index}].weighId`;
    const id = Number(r.weighId);
    const w = weighs.get(id);
    if (!w) throw badRequest(`第 ${index + 1} 行：磅单不存在`, { field });
    const name = `磅单 ${String(w.billCode)}`;
    if (seen.has(id)) throw badRequest(`第 ${index + 1} 行：${name}在本结算单中重复`, { field });
    seen.add(id);
    if (w.status !== 'AUDITED') throw badRequest(`第 ${index + 1} 行：${name}未审核，不能结算`, { field });
    if (w.settleId !== null && w.settleId !== undefined && Number(w.settleId) !== Number(current?.id)) throw badRequest(`第 ${index + 1} 行：${name}已由结算单 ${String(w.settleCode)} 结算`, { field });
    if (elsewhere.has(id)) throw badRequest(`第 ${index + 1} 行：${name}已在结算单 ${elsewhere.get(id)} 中`, { field });
    if (partner && w.partner !== partner) throw badRequest(`第 ${index + 1} 行：${name}的${k.partner === 'vendorName' ? '供应商' : '客户'}是 ${String(w.partner)}，不是 ${partner}`, { field });
    if (w.net === null) throw badRequest(`第 ${index + 1} 行：${name}尚无净重`, { field });
    Object.assign(r, lineOfWeigh(w));
  }
}

/** The weigh ids of settlements' lines. */
async function weighIdsOf(trx: AnyDb, k: SettleKind, settleIds: number[]): Promise<{ settleId: number; weighId: number }[]> {
  return (await trx.selectFrom(k.line).select(['settle_id as settleId', 'weigh_id as weighId']).where('settle_id', 'in', settleIds).where('deleted', '=', false)
    .where('weigh_id', 'is not', null).execute() as Row[]).map((r) => ({ settleId: Number(r.settleId), weighId: Number(r.weighId) }));
}

/**
 * In the audit's (弃审's) transaction: audit marks the settlements' weigh records settled, each only
 * if still unsettled (the update waits for a concurrent audit's row locks and then finds it
 * settled); 弃审 frees the weigh records of the settlements. Either gives the weigh records a new
 * version, as a save would: an action checked against the record before then finds it changed (409).
 */
export async function settleTransition(trx: AnyDb, tableName: string, action: string, rows: Row[]): Promise<void> {
  const k = SETTLEMENTS[tableName];
  if (!k) return;
  const ids = rows.map((r) => Number(r.id));
  if (action === 'mulInit') {
    // the settlements' own weigh records: of their organisation
    await trx.updateTable(k.weigh).set({ settle_id: null, settle_code: null, version: sql`version + 1` })
      .where((eb) => eb(eb.refTuple('settle_id', 'org_id'), 'in', rows.map((r) => eb.tuple(Number(r.id), Number(r.orgId))))).execute();
    return;
  }
  if (action !== 'audit' && action !== 'mulAudit') return;
  const links = await weighIdsOf(trx, k, ids);
  const byWeigh = new Map<number, number>();
  for (const l of links) {
    if (byWeigh.has(l.weighId) && byWeigh.get(l.weighId) !== l.settleId) {
      const code = (await trx.selectFrom(k.weigh).select('bill_code as billCode').where('id', '=', l.weighId).executeTakeFirst() as Row | undefined)?.billCode;
      throw badRequest(`磅单 ${String(code)} 在所选的两张结算单中，不能同时审核`);
    }
    byWeigh.set(l.weighId, l.settleId);
  }
  for (const row of rows) {
    const mine = links.filter((l) => l.settleId === Number(row.id)).map((l) => l.weighId);
    if (!mine.length) continue;
    // locked in id order first, as a 化验单's audit locks its trucks (server/quality/assay.ts): two audits
    // over the same trucks wait for each other rather than each holding a row the other needs
    await trx.selectFrom(k.weigh).select('id').where('id', 'in', mine).where('org_id', '=', Number(row.orgId)).orderBy('id').forUpdate().execute();
    const done = await trx.updateTable(k.weigh).set({ settle_id: Number(row.id), settle_code: row.settleCode, version: sql`version + 1` })
      .where('id', 'in', mine).where('org_id', '=', Number(row.orgId)).where('settle_id', 'is', null).where('deleted', '=', false).where('status', '=', 'AUDITED').returning('id').execute();
    if (done.length !== mine.length) {
      const got = new Set(done.map((d) => Number(d.id)));
      const [taken] = await trx.selectFrom(k.weigh).select(['bill_code as billCode', 'settle_code as settleCode', 'status', 'deleted']).where('id', 'in', mine.filter((id) => !got.has(id))).execute() as Row[];
      throw badRequest(taken.deleted ? `磅单 ${String(taken.billCode)} 已删除，不能结算`
        : taken.status !== 'AUDITED' ? `磅单 ${String(taken.billCode)} 未审核，不能结算`
          : `磅单 ${String(taken.billCode)} 已由结算单 ${String(taken.settleCode)} 结算，不能重复结算`);
    }
  }
  // read under the row locks the marking took: what is compared is what the settlement settles
  await refuseStaleLines(trx, k, rows);
}

const tonnes = (v: unknown) => new Decimal(String(v ?? 0));

/**
 * A settlement settles what its lines say, copied from the weigh records when it was saved. A weigh
 * record's net or settle weight may change after that (a 化验单's audit or 弃审 puts on or takes off
 * 扣水 / 扣杂; 现场确认; a correction after 弃审): auditing a settlement whose line no longer says what
 * its weigh record says is refused, naming the line's field (its position as the detail lists the
 * lines, by id), until the settlement is saved again, which copies the weigh records afresh.
 */
async function refuseStaleLines(trx: AnyDb, k: SettleKind, rows: Row[]): Promise<void> {
  for (const row of rows) {
    const lines = await trx.selectFrom(k.line).select(['weigh_id as weighId', 'net', 'deduct_weight as deductWeight']).where('settle_id', '=', Number(row.id))
      .where('deleted', '=', false).orderBy('id').execute() as Row[];
    const ids = lines.map((l) => l.weighId).filter((id) => id !== null && id !== undefined).map(Number);
    if (!ids.length) continue;
    const weighs = new Map((await trx.selectFrom(k.weigh).select(WEIGH_COLUMNS).where('id', 'in', ids).where('org_id', '=', Number(row.orgId)).execute() as Row[])
      .map((w) => [Number(w.id), w]));
    for (const [index, line] of lines.entries()) {
      const w = line.weighId === null || line.weighId === undefined ? undefined : weighs.get(Number(line.weighId));
      if (!w || w.net === null) continue;
      const now = lineOfWeigh(w);
      const at = `结算单 ${String(row.settleCode)} 第 ${index + 1} 行：磅单 ${String(w.billCode)} 的`;
      const again = '，请重新保存结算单';
      if (!tonnes(line.net).eq(tonnes(now.net))) {
        throw badRequest(`${at}净重已由 ${tonnes(line.net).toFixed(3)} 吨变为 ${String(now.net)} 吨${again}`, { field: `children.${k.line}[${index}].net` });
      }
      if (!tonnes(line.deductWeight).eq(tonnes(now.deductWeight))) {
        const was = tonnes(line.net).minus(tonnes(line.deductWeight)).toFixed(3);
        const is = tonnes(now.net).minus(tonnes(now.deductWeight)).toFixed(3);
        throw badRequest(`${at}结算重量已由 ${was} 吨变为 ${is} 吨${again}`, { field: `children.${k.line}[${index}].deductWeight` });
      }
    }
  }
}

/** A settled weigh record stays as it was settled: no 弃审, 作废, delete or correction until its settlement is un-audited. */
export function refuseSettledWeigh(tableName: string, rows: Row[], what: string): void {
  if (tableName !== 'mm_pu_weigh' && tableName !== 'mm_sa_weigh') return;
  const settled = rows.find((r) => r.settleId !== null && r.settleId !== undefined);
  if (settled) throw badRequest(`磅单 ${String(settled.billCode)} 已由结算单 ${String(settled.settleCode)} 结算，不能${what}，请先弃审该结算单`);
}

/** 选择磅单: the audited, unsettled weigh records of a partner in a period that no other live settlement holds. */
export async function settleableWeighs(db: AnyDb, k: SettleKind, orgId: number, q: { partner: string; from?: string; to?: string; settleId?: number }): Promise<Row[]> {
  let query = db.selectFrom(k.weigh).select(WEIGH_COLUMNS).where('org_id', '=', orgId).where('deleted', '=', false).where('status', '=', 'AUDITED')
    .where('settle_id', 'is', null).where('net', 'is not', null).where(k.partnerDb, '=', q.partner);
  if (q.from) query = query.where('gross_time', '>=', new Date(q.from));
  if (q.to) query = query.where('gross_time', '<=', new Date(q.to));
  const rows = await query.orderBy('gross_time').orderBy('id').limit(1000).execute() as Row[];
  const elsewhere = await claimedElsewhere(db, k, orgId, rows.map((r) => Number(r.id)), q.settleId ?? null);
  return rows.filter((r) => !elsewhere.has(Number(r.id))).map((r) => ({ ...lineOfWeigh(r), grossTime: r.grossTime, settleWeight: r.settleWeight }));
}
