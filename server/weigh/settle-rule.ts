import type { Kysely } from 'kysely';
import { settleRuleOf, type SettleRule } from '../../src/schema/settle';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/**
 * The settle-weight rounding the material of a weigh record declares (存货档案 of the
 * organisation's group, by name as the record holds it); a material without one, or not on file,
 * takes 3 places half up.
 */
export async function materialSettleRule(db: AnyDb, orgId: number, materialName: unknown): Promise<SettleRule> {
  if (typeof materialName !== 'string' || !materialName) return settleRuleOf(null);
  const row = await db.selectFrom('as_inventory as i').innerJoin('sys_org as o', 'o.group_id', 'i.group_id')
    .select(['i.settle_scale as settleScale', 'i.settle_rounding as settleRounding'])
    .where('o.id', '=', orgId).where('i.inv_name', '=', materialName).where('i.deleted', '=', false)
    .orderBy('i.id').limit(1).executeTakeFirst() as Record<string, unknown> | undefined;
  return settleRuleOf(row);
}

/**
 * The rule a weigh record is (re)settled with: the one stored on it when its settle weight was
 * first calculated, else its material's now. Either way the record stores it beside the figures.
 */
export async function recordSettleRule(db: AnyDb, w: Readonly<Record<string, unknown>>): Promise<SettleRule> {
  if (w.settleScale !== null && w.settleScale !== undefined && w.settleRounding) return settleRuleOf(w);
  return materialSettleRule(db, Number(w.orgId), w.materialName);
}

/** The columns that store a rule on a weigh record. */
export const ruleColumns = (rule: SettleRule) => ({ settle_scale: rule.places, settle_rounding: rule.mode });
