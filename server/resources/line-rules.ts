import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition } from '../../src/schema/resource';
import { badRequest } from '../http/app-error';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type CheckedLines = { line: ResourceDefinition; rows: { index: number; values: Record<string, unknown> }[] }[];

/**
 * Rules over a document's lines that need the database, run in the write's transaction.
 * 计算分组 (computation_group): materials in one group settle together, so a material belongs to
 * one group of the organisation — twice in the same group, or in another group, is refused.
 */
export async function checkLineRules(trx: AnyDb, def: ResourceDefinition, orgId: number, docId: number, lines: CheckedLines): Promise<void> {
  if (def.tableName !== 'computation_group') return;
  const sent = lines.find((l) => l.line.tableName === 'computation_group_line');
  if (!sent) return;
  const field = (index: number) => `children.computation_group_line[${index}].invCode`;
  const seen = new Map<string, number>();
  for (const r of sent.rows) {
    const code = String(r.values.inv_code ?? '');
    if (seen.has(code)) throw badRequest(`计算分组明细第 ${r.index + 1} 行：存货 ${code} 与第 ${seen.get(code)! + 1} 行重复`, { field: field(r.index) });
    seen.set(code, r.index);
  }
  if (!seen.size) return;
  const taken = await trx.selectFrom('computation_group_line as l')
    .innerJoin('computation_group as g', 'g.id', 'l.computation_group_id')
    .select(['l.inv_code as invCode', 'g.group_name as groupName'])
    .where('g.org_id', '=', orgId).where('g.deleted', '=', false).where('l.deleted', '=', false)
    .where('g.id', '<>', docId).where('l.inv_code', 'in', [...seen.keys()])
    .executeTakeFirst() as { invCode: string; groupName: string } | undefined;
  if (taken) throw badRequest(`计算分组明细第 ${seen.get(taken.invCode)! + 1} 行：存货 ${taken.invCode} 已在计算分组「${taken.groupName}」中，一种存货只能属于一个计算分组`, { field: field(seen.get(taken.invCode)!) });
}

/**
 * A customer's balance in the organisation: what the audited receipts (销售收款) brought in, less
 * what the audited sale settlements ask (应收金额). Positive is money the customer has paid ahead.
 */
export async function customerBalance(db: AnyDb, orgId: number, customerName: string, exceptReceipt?: number): Promise<Decimal> {
  let received = db.selectFrom('recive_payment').select((eb) => eb.fn.coalesce(eb.fn.sum('amount'), sql`0`).as('total'))
    .where('org_id', '=', orgId).where('customer_name', '=', customerName).where('status', '=', 'AUDITED').where('deleted', '=', false);
  if (exceptReceipt) received = received.where('id', '<>', exceptReceipt);
  const settled = db.selectFrom('fd_sa_settlement_main').select((eb) => eb.fn.coalesce(eb.fn.sum('net_amount'), sql`0`).as('total'))
    .where('org_id', '=', orgId).where('customer_name', '=', customerName).where('status', '=', 'AUDITED').where('deleted', '=', false);
  const [r, s] = await Promise.all([received.executeTakeFirstOrThrow(), settled.executeTakeFirstOrThrow()]);
  return new Decimal(String(r.total)).minus(String(s.total));
}

/**
 * Values a save does not take from the client (run in the write's transaction, after the checks):
 * a receipt's balance before it (the customer's balance at the save) and after it (plus its amount).
 */
export async function serverValues(trx: AnyDb, def: ResourceDefinition, orgId: number, values: Record<string, unknown>, current?: Record<string, unknown>): Promise<void> {
  if (def.tableName !== 'recive_payment') return;
  const customer = String(values.customer_name ?? current?.customerName ?? '');
  const amount = new Decimal(String(values.amount ?? current?.amount ?? 0));
  const before = await customerBalance(trx, orgId, customer, current?.id as number | undefined);
  values.balance_before = before.toFixed(2);
  values.balance_after = before.plus(amount).toFixed(2);
}
