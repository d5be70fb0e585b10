import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';

export const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
export const idsBody = {
  type: 'object', additionalProperties: false, required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } } },
} as const;
export const idList = { type: 'array', maxItems: 5000, items: { type: 'integer', minimum: 1 } } as const;

export const STALE = '数据已被他人修改，请刷新后重试';

/** A stale optimistic-lock version: nothing was changed. */
export const staleVersion = () => new AppError(409, STALE, '409');

type TableWithId = 'sysUser' | 'sysRole' | 'sysOrg' | 'sysGroup' | 'sysMenu';

/** Refuses ids that do not exist, naming them. */
export async function assertIdsExist(db: Kysely<DB>, table: TableWithId, ids: readonly number[], label: string, field: string): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table name is one of ours, checked by the type above
  const rows = (await (db as Kysely<any>).selectFrom(table).select('id').where('id', 'in', unique).execute()) as { id: number }[];
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(`${label}不存在：${missing.join(', ')}`, { field });
}

/** Answers a page in the shape lists use. */
export const page = <T>(list: T[], total: number) => ({ list, total: Number(total) });
