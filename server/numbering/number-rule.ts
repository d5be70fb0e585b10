import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { defaultRule, formatNumber, localDateParts, periodKey, ruleOf, type NumberRule } from '../../src/schema/number-rule';

/**
 * Document numbers by rule (编码规则, the spec's as-number-prefix): per organisation and bill type
 * (the document's table), the enabled rule of `as_number_rule` — prefix, date format, separator,
 * serial width and when the serial starts again (`src/schema/number-rule.ts`) — or the default
 * rule (CB20261124-0001). The serial is taken by an upsert on the period's counter row inside the
 * caller's transaction: concurrent callers queue on that row until the first commits, so numbers
 * are unique and consecutive, and a rolled-back document gives its number back (no gaps).
 */
type AnyTrx = Transaction<DB> | Kysely<DB>;

/** The next serial of a counter (per organisation, type and period), in the caller's transaction. */
export async function nextSerialIn(trx: AnyTrx, orgId: number, billType: string, period: string): Promise<number> {
  const { lastValue } = await trx.insertInto('asNumberSerial').values({ orgId, billType, period, lastValue: 1 })
    .onConflict((oc) => oc.columns(['orgId', 'billType', 'period']).doUpdateSet({ lastValue: sql`as_number_serial.last_value + 1` }))
    .returning('lastValue').executeTakeFirstOrThrow();
  return lastValue;
}

/** The next serial of a daily counter (the station's queue numbers). */
export async function nextSerial(trx: AnyTrx, orgId: number, billType: string, at: Date, timeZone: string): Promise<{ period: string; serial: number }> {
  const period = periodKey('DAY', localDateParts(at, timeZone));
  return { period, serial: await nextSerialIn(trx, orgId, billType, period) };
}

/** The organisation's enabled rule for a bill type, else the default one. */
export async function ruleFor(trx: AnyTrx, orgId: number, billType: string): Promise<NumberRule | null> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as_number_rule is a resource table (metadata-described)
  const row = await (trx as Kysely<any>).selectFrom('as_number_rule').select(['prefix', 'date_format', 'separator', 'serial_length', 'reset_period'])
    .where('org_id', '=', orgId).where('bill_type', '=', billType).where('enabled', '=', true).where('deleted', '=', false)
    .orderBy('id', 'desc').executeTakeFirst() as Record<string, unknown> | undefined;
  return row ? ruleOf(row) : defaultRule(billType);
}

export async function nextNumber(trx: AnyTrx, orgId: number, billType: string, at: Date, timeZone: string): Promise<string> {
  const rule = await ruleFor(trx, orgId, billType);
  if (!rule) throw new Error(`no number rule for ${billType}`);
  const parts = localDateParts(at, timeZone);
  const serial = await nextSerialIn(trx, orgId, billType, periodKey(rule.resetPeriod, parts));
  return formatNumber(rule, parts, serial);
}

/** The number the next document would get (the counter is read, not taken). */
export async function previewNumber(trx: AnyTrx, orgId: number, billType: string, at: Date, timeZone: string): Promise<string | null> {
  const rule = await ruleFor(trx, orgId, billType);
  if (!rule) return null;
  const parts = localDateParts(at, timeZone);
  const counter = await trx.selectFrom('asNumberSerial').select('lastValue')
    .where('orgId', '=', orgId).where('billType', '=', billType).where('period', '=', periodKey(rule.resetPeriod, parts)).executeTakeFirst();
  return formatNumber(rule, parts, (counter?.lastValue ?? 0) + 1);
}
