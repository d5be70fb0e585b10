import type { FastifyInstance, FastifyRequest } from 'fastify';
import { caller } from '../http/auth-hook';
import { DATE_PROBLEM_TEXT, dateTextProblem } from '../../src/schema/date-text';
import { badRequest, forbidden } from '../http/app-error';
import { ok } from '../http/envelope';
import { currentOrg } from '../resources/scope';
import { SETTLEMENTS, settleableWeighs } from './weigh-settle';

/**
 * 选择磅单 (`POST /api/purorder/fd-pu-settlement-main/weighs`, `…/sale/fd-sa-settlement-main/weighs`):
 * the weigh records a settlement of the partner may take, as lines — audited, not settled, in no
 * other live settlement, weighed (gross) in the period. For whoever may add or change settlements.
 */
export async function settlementRoutes(app: FastifyInstance): Promise<void> {
  for (const [table, k] of Object.entries(SETTLEMENTS)) {
    const path = table === 'fd_pu_settlement_main' ? '/purorder/fd-pu-settlement-main/weighs' : '/sale/fd-sa-settlement-main/weighs';
    app.post<{ Body: { partner: string; from?: string; to?: string; settleId?: number } }>(path, {
      config: { noOperationLog: true },
      schema: {
        tags: ['settlement'], summary: `选择磅单：${k.partner === 'vendorName' ? '供应商' : '客户'}在期间内已审核、未结算、不在其他结算单中的磅单（作为结算明细）`,
        body: {
          type: 'object', additionalProperties: false, required: ['partner'],
          properties: {
            partner: { type: 'string', minLength: 1, maxLength: 100 }, from: { type: 'string', format: 'date-time' }, to: { type: 'string', format: 'date-time' },
            settleId: { type: 'integer', minimum: 1 },
          },
        },
      },
    }, async (request: FastifyRequest<{ Body: { partner: string; from?: string; to?: string; settleId?: number } }>) => {
      // the schema's date-time format takes a leap second (…T23:59:60Z) and the year 0000, which are no instant
      for (const key of ['from', 'to'] as const) {
        if (request.body[key] !== undefined && dateTextProblem(request.body[key]) === 'format') {
          throw badRequest(`${key === 'from' ? '开始时间' : '结束时间'}${DATE_PROBLEM_TEXT.format}`, { field: key });
        }
      }
      const auth = caller(request);
      const prefix = (await app.svc.resources.byTable(table))?.permissionPrefix ?? table;
      if (!auth.admin) {
        const permissions = await request.permissionSet();
        if (!permissions.has(`${prefix}_add`) && !permissions.has(`${prefix}_edit`)) throw forbidden(undefined, `${prefix}_add`);
      }
      return ok(await settleableWeighs(app.svc.db as unknown as Parameters<typeof settleableWeighs>[0], k, currentOrg(request), request.body));
    });
  }
}
