import type { FastifyInstance } from 'fastify';
import { AppError, badRequest } from '../http/app-error';
import { ok } from '../http/envelope';
import { customerBalance } from '../resources/line-rules';
import { currentOrg, requireAction } from '../resources/scope';

/**
 * GET /api/material/as-customer/money?customerName=…: a customer's balance in the current
 * organisation (audited receipts less audited sale settlements), for whoever may read receipts or customers.
 */
export async function customerMoneyRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { customerName?: string } }>('/material/as-customer/money', {
    schema: {
      tags: ['resource'], summary: '客户余额：已审核的销售收款减已审核的销售结算应收金额（当前公司）',
      querystring: { type: 'object', properties: { customerName: { type: 'string', maxLength: 100 } } },
    },
  }, async (request) => {
    const name = request.query.customerName?.trim();
    if (!name) throw badRequest('客户不能为空', { field: 'customerName' });
    const [receipts, customers] = await Promise.all(['recive_payment', 'as_customer'].map((t) => app.svc.resources.byTable(t)));
    const allowed = await Promise.all([receipts, customers].map((def) => (def ? requireAction(request, def, 'view').then(() => true, (e: unknown) => {
      if (e instanceof AppError && e.statusCode === 403) return false;
      throw e;
    }) : false)));
    if (!allowed.some(Boolean)) throw new AppError(403, '没有查看客户余额的权限');
    const balance = await customerBalance(app.svc.db as never, currentOrg(request), name);
    return ok({ customerName: name, balance: balance.toFixed(2) });
  });
}
