import type { Kysely } from 'kysely';
import type { ResourceDefinition } from '../../src/schema/resource';
import { refuseNoticeOverLimit } from '../notice/notice-done';
import { prepareQuality } from '../quality/assay';
import { fillSettlementLines } from '../settlement/weigh-settle';
import { WEIGH_TABLES } from '../weigh/correct-routes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/**
 * Document rules that rewrite a submission before it is checked: a weigh record's settlement is
 * the server's (ignored when sent); a settlement's weigh-record lines are copied from their weigh
 * records.
 */
export async function prepareDocument(trx: AnyDb, def: ResourceDefinition, orgId: number, body: Record<string, unknown>, current: Record<string, unknown> | null): Promise<void> {
  if (WEIGH_TABLES.has(def.tableName)) { for (const f of ['settleId', 'settleCode', 'waterRate', 'impurityRate', 'assayCode']) delete body[f]; }
  prepareQuality(def.tableName, body, current);
  // a notice line's 已执行量 follows its weigh records (server/notice/notice-done.ts)
  const lines = (body.children as Record<string, unknown> | undefined)?.[`${def.tableName}_line`];
  if ((def.tableName === 'pu_notice' || def.tableName === 'sa_notice') && Array.isArray(lines)) for (const l of lines) if (l && typeof l === 'object') delete (l as Record<string, unknown>).doneQty;
  await fillSettlementLines(trx, def.tableName, orgId, body, current);
  if (!current) await refuseNoticeOverLimit(trx, def.tableName, orgId, body);
}
