import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { scopedRows } from './list-route';

/** The plate dictionary's table: a letter typed for a province (plateCode) and its abbreviation (plateName). */
export const PLATE_TABLE = 'as_plate';

/**
 * `GET /material/as-plate/findAll`: the enabled entries of the plate dictionary of the caller's
 * group, in the order they were entered — what the plate input matches a single typed character
 * against. Any signed-in user may read it (every form with a plate field needs it), so it asks for
 * no page permission.
 */
export async function plateRoutes(app: FastifyInstance): Promise<void> {
  app.get('/material/as-plate/findAll', {
    config: { noOperationLog: true },
    schema: { tags: ['resource'], summary: '车牌简称字典（当前集团启用的全部简称：plateCode 字母、plateName 省份简称）' },
  }, async (request) => {
    const def = await app.svc.resources.byTable(PLATE_TABLE);
    if (!def) throw notFound('车牌简称数据源不存在');
    const rows = (await (await scopedRows(app, request, def))
      .select(['t.plate_code as plateCode', 't.plate_name as plateName'])
      .where('t.enabled', '=', true)
      .orderBy('t.id')
      .execute()) as { plateCode: string; plateName: string }[];
    return ok(rows.map((r) => ({ plateCode: r.plateCode, plateName: r.plateName })));
  });
}
