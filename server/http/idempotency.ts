import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MESSAGES, badRequest } from './app-error';

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
const HEADER = 'idempotency-key';
const KEEP_MS = 24 * 3600_000;

type Tracked = FastifyRequest & { _idempotency?: { userId: number; key: string } };

/**
 * A write sent with an `Idempotency-Key` runs once per signed-in user and key: the same key while
 * the first is still running answers 409 (code 000); after it finished, the stored answer is
 * replayed, so a double click or a retried request never makes two documents.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: Tracked, reply) => {
    const key = request.headers[HEADER];
    if (typeof key !== 'string' || request.method === 'GET' || !request.auth) return;
    if (!KEY.test(key)) throw badRequest('请求头 Idempotency-Key 须为8到128位字母、数字或 _ . : -');
    const { db, clock } = app.svc;
    const userId = request.auth.userId;
    const now = clock();
    await db.deleteFrom('idempotencyKey').where('createdAt', '<', new Date(now.getTime() - KEEP_MS)).execute();
    const inserted = await db
      .insertInto('idempotencyKey')
      .values({ userId, key, method: request.method, path: request.url, state: 'PENDING', createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) {
      request._idempotency = { userId, key };
      return;
    }
    const existing = await db.selectFrom('idempotencyKey').selectAll().where('userId', '=', userId).where('key', '=', key).executeTakeFirst();
    if (!existing || existing.state === 'PENDING') throw new AppError(409, MESSAGES.duplicate, '000');
    if (existing.method !== request.method || existing.path !== request.url) throw badRequest('Idempotency-Key 已用于另一个请求');
    reply.header('idempotent-replay', 'true');
    return reply.status(existing.statusCode ?? 200).type('application/json').send(JSON.stringify(existing.response));
  });

  app.addHook('onSend', async (request: Tracked, reply: FastifyReply, payload) => {
    const tracked = request._idempotency;
    if (!tracked) return payload;
    request._idempotency = undefined;
    const { db } = app.svc;
    const where = db.deleteFrom('idempotencyKey').where('userId', '=', tracked.userId).where('key', '=', tracked.key);
    if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') {
      await where.execute(); // not a result worth replaying: let the client try again
      return payload;
    }
    await db.updateTable('idempotencyKey').set({ state: 'DONE', statusCode: reply.statusCode, response: payload })
      .where('userId', '=', tracked.userId).where('key', '=', tracked.key).execute();
    return payload;
  });
}
