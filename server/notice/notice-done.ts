import Decimal from 'decimal.js';
import { sql, type Kysely } from 'kysely';
import { badRequest } from '../http/app-error';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;
type Kind = 'pu' | 'sa';

/** The notice kind of a weigh-record or registry table. */
export function noticeKindOf(tableName: string): Kind | null {
  if (tableName === 'mm_pu_weigh' || tableName === 'pu_registry') return 'pu';
  if (tableName === 'mm_sa_weigh' || tableName === 'sa_registry') return 'sa';
  return null;
}

/** A notice and the organisation whose figures it holds. */
export interface NoticeRef { id: number; orgId: number }

/** The notices whose registries the weigh records came through, in the weigh records' organisation. */
export async function noticesOfWeighs(db: AnyDb, kind: Kind, weighIds: number[]): Promise<NoticeRef[]> {
  if (!weighIds.length) return [];
  const rows = await db.selectFrom(`mm_${kind}_weigh as w`).innerJoin(`${kind}_registry_sub as s`, (j) => j.onRef('s.registry_id', '=', 'w.registry_id').onRef('s.org_id', '=', 'w.org_id'))
    .select(['s.notice_id as noticeId', 'w.org_id as orgId']).distinct().where('w.id', 'in', weighIds).where('s.deleted', '=', false).where('s.notice_id', 'is not', null).execute() as Row[];
  return rows.map((r) => ({ id: Number(r.noticeId), orgId: Number(r.orgId) }));
}

/** The notices a registry's lines (not deleted) came for, in the registry's organisation. */
export async function noticesOfRegistries(db: AnyDb, kind: Kind, registryIds: number[]): Promise<NoticeRef[]> {
  if (!registryIds.length) return [];
  const rows = await db.selectFrom(`${kind}_registry_sub`).select(['notice_id as noticeId', 'org_id as orgId']).distinct()
    .where('registry_id', 'in', registryIds).where('deleted', '=', false).where('notice_id', 'is not', null).execute() as Row[];
  return rows.map((r) => ({ id: Number(r.noticeId), orgId: Number(r.orgId) }));
}

/**
 * 已执行量 of a notice's lines follows its weigh records: the net of every weigh record (not
 * deleted, not voided) of a registry that came for the notice, per material — a line gets the net
 * of its material; a notice with one line gets all of it. Run in the transaction that changed a
 * weigh record; notice, registries and weigh records are all of the notice's organisation (a line
 * of another company naming the notice neither reaches nor counts). A line whose 已执行量 changes
 * gets a new version, and so does its notice, as a save would give them: a notice opened before
 * then and saved after is stale (409) rather than saved over figures its user never saw.
 */
export async function refreshNoticeDone(db: AnyDb, kind: Kind, notices: NoticeRef[]): Promise<void> {
  const seen = new Set<string>();
  for (const { id: noticeId, orgId } of notices) {
    if (seen.has(`${noticeId}/${orgId}`)) continue;
    seen.add(`${noticeId}/${orgId}`);
    const lines = await db.selectFrom(`${kind}_notice_line`).select(['id', 'inv_name as invName', 'done_qty as doneQty']).where('notice_id', '=', noticeId).where('org_id', '=', orgId).where('deleted', '=', false).execute() as Row[];
    if (!lines.length) continue;
    const sums = await db.selectFrom(`mm_${kind}_weigh as w`).innerJoin(`${kind}_registry_sub as s`, 's.registry_id', 'w.registry_id')
      .select((eb) => ['w.material_name as material', eb.fn.sum('w.net').as('net')])
      .where('s.notice_id', '=', noticeId).where('s.org_id', '=', orgId).where('w.org_id', '=', orgId)
      .where('s.deleted', '=', false).where('w.deleted', '=', false).where('w.status', '!=', 'OBSOLETE').where('w.net', 'is not', null)
      .groupBy('w.material_name').execute() as Row[];
    const total = sums.reduce((t, s) => t.plus(String(s.net ?? 0)), new Decimal(0));
    let changed = false;
    for (const line of lines) {
      const done = lines.length === 1 ? total : sums.filter((s) => s.material === line.invName).reduce((t, s) => t.plus(String(s.net ?? 0)), new Decimal(0));
      if (line.doneQty !== null && line.doneQty !== undefined && done.eq(String(line.doneQty))) continue;
      await db.updateTable(`${kind}_notice_line`).set({ done_qty: done.toFixed(3), version: sql`version + 1` }).where('id', '=', line.id).where('org_id', '=', orgId).execute();
      changed = true;
    }
    // the notice is saved with its lines under the notice's version: a form opened before the change is stale (409)
    if (changed) await db.updateTable(`${kind}_notice`).set({ version: sql`version + 1` }).where('id', '=', noticeId).where('org_id', '=', orgId).execute();
  }
}

export async function refreshNoticesOfWeighs(db: AnyDb, tableName: string, weighIds: number[]): Promise<void> {
  const kind = tableName === 'mm_pu_weigh' ? 'pu' : tableName === 'mm_sa_weigh' ? 'sa' : null;
  if (!kind) return;
  await refreshNoticeDone(db, kind, await noticesOfWeighs(db, kind, weighIds));
}

/**
 * A change of registries' lines (a line's notice changed, a line added or removed, the registry
 * deleted): `before` answers the notices their lines came for before the change; once it is made,
 * `refresh` works out 已执行量 again for those and the ones they come for now, so that the trucks
 * weighed under a registry count for the notice it now names and no longer for the one it named.
 * Does nothing for other tables.
 */
export async function registryNotices(db: AnyDb, tableName: string, registryIds: number[]): Promise<{ refresh(db: AnyDb): Promise<void> }> {
  const kind = tableName === 'pu_registry' ? 'pu' : tableName === 'sa_registry' ? 'sa' : null;
  if (!kind) return { refresh: async () => undefined };
  const before = await noticesOfRegistries(db, kind, registryIds);
  return { refresh: async (trx) => refreshNoticeDone(trx, kind, [...before, ...await noticesOfRegistries(trx, kind, registryIds)]) };
}

/**
 * A new registry comes for a notice line that has room: once the line's 已执行量 reaches its 上限量
 * the registry is refused, saying by how much the notice is over.
 */
export async function refuseNoticeOverLimit(db: AnyDb, tableName: string, orgId: number, body: Row): Promise<void> {
  const kind = tableName === 'pu_registry' ? 'pu' : tableName === 'sa_registry' ? 'sa' : null;
  if (!kind) return;
  const subs = (body.children as Record<string, unknown> | undefined)?.[`${kind}_registry_sub`];
  if (!Array.isArray(subs)) return;
  for (const [index, raw] of subs.entries()) {
    const sub = (raw ?? {}) as Row;
    let q = db.selectFrom(`${kind}_notice`).select(['id', 'notice_code as noticeCode']).where('org_id', '=', orgId).where('deleted', '=', false);
    if (sub.noticeId !== undefined && sub.noticeId !== null && sub.noticeId !== '') {
      // an id that is no id is refused with its field by the column checks that follow
      const id = Number(sub.noticeId);
      if (!Number.isSafeInteger(id) || id < 1) continue;
      q = q.where('id', '=', id);
    }
    else if (typeof sub.noticeCode === 'string' && sub.noticeCode) q = q.where('notice_code', '=', sub.noticeCode);
    else continue;
    const notice = await q.executeTakeFirst() as Row | undefined;
    // a notice of another company (or none) is refused with its field by the reference check (server/resources/references.ts)
    if (!notice) continue;
    const lines = await db.selectFrom(`${kind}_notice_line`).select(['inv_name as invName', 'done_qty as doneQty', 'max_limit as maxLimit'])
      .where('notice_id', '=', notice.id).where('deleted', '=', false).execute() as Row[];
    const line = lines.length === 1 ? lines[0] : lines.find((l) => l.invName === sub.materialName);
    if (!line || line.maxLimit === null || line.maxLimit === undefined) continue;
    const done = new Decimal(String(line.doneQty ?? 0));
    const max = new Decimal(String(line.maxLimit));
    if (done.lt(max)) continue;
    const over = done.minus(max);
    throw badRequest(`通知单 ${String(notice.noticeCode)}（${String(line.invName)}）已执行 ${done.toFixed(3)} 吨，上限 ${max.toFixed(3)} 吨，`
      + (over.gt(0) ? `已超出 ${over.toFixed(3)} 吨` : '已达上限') + '，不能再登记', { field: `children.${kind}_registry_sub[${index}].noticeCode` });
  }
}
