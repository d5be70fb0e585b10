import type { Kysely } from 'kysely';
import { HEADERS_FROM_LINES, headerFromLines } from '../../src/schema/document-header';
import type { ResourceDefinition } from '../../src/schema/resource';
import { refuseNoticeOverLimit } from '../notice/notice-done';
import { prepareQuality } from '../quality/assay';
import { fillSettlementLines } from '../settlement/weigh-settle';
import { WEIGH_TABLES } from '../weigh/correct-routes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/**
 * Document rules that rewrite a submission before it is checked: a weigh record's settlement is
 * the server's (ignored when sent), and so is a header that follows the lines (a notice's 物料 and
 * 计划量, set by withHeaderFromLines after the checks); a settlement's weigh-record lines are copied
 * from their weigh records.
 */
export async function prepareDocument(trx: AnyDb, def: ResourceDefinition, orgId: number, body: Record<string, unknown>, current: Record<string, unknown> | null): Promise<void> {
  if (WEIGH_TABLES.has(def.tableName)) { for (const f of ['settleId', 'settleCode', 'waterRate', 'impurityRate', 'assayCode']) delete body[f]; }
  prepareQuality(def.tableName, body, current);
  for (const f of HEADERS_FROM_LINES[def.tableName]?.fields ?? []) delete body[f];
  // a notice line's 已执行量 follows its weigh records (server/notice/notice-done.ts)
  const lines = (body.children as Record<string, unknown> | undefined)?.[`${def.tableName}_line`];
  if ((def.tableName === 'pu_notice' || def.tableName === 'sa_notice') && Array.isArray(lines)) for (const l of lines) if (l && typeof l === 'object') delete (l as Record<string, unknown>).doneQty;
  await fillSettlementLines(trx, def.tableName, orgId, body, current);
  if (!current) await refuseNoticeOverLimit(trx, def.tableName, orgId, body);
}

/**
 * A document's header from the lines saved with it (src/schema/document-header.ts), set on its
 * checked main values: a new document has the lines it is sent with (perhaps none); an update that
 * does not send its lines keeps the stored header.
 */
export function withHeaderFromLines(tableName: string, main: Record<string, unknown>, children: Record<string, unknown> | undefined, creating: boolean): void {
  const rule = HEADERS_FROM_LINES[tableName];
  if (!rule) return;
  const header = headerFromLines(tableName, creating ? { [rule.lineTable]: [], ...children } : children);
  if (header) Object.assign(main, header);
}
