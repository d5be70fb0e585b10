import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, MESSAGES, badRequest } from './app-error';

const KEY = /^[A-Za-z0-9_.:-]{8,128}$/;
const HEADER = 'idempotency-key';
const KEEP_MS = 24 * 3600_000;
/**
 * A write still PENDING after this long is taken to have died with its process (a crash, a
 * restart): a retry with the same key and body takes the key over instead of waiting 24 hours.
 * Taking over rather than clearing keys at start, as several processes may share one database.
 */
export const PENDING_TAKEOVER_MS = 2 * 60_000;

type Tracked = FastifyRequest & { _idempotency?: { userId: number; key: string; claimedAt: Date } };

/** What the key was first used for: method, path and a hash of the parsed body. */
function bodyHash(request: FastifyRequest): string {
  return crypto.createHash('sha256').update(JSON.stringify(request.body ?? null)).digest('hex');
}

const keyUsedElsewhere = () => new AppError(422, 'Idempotency-Key 已用于另一个请求（方法、地址或内容不同）', '422', { field: HEADER });

/**
 * A write sent with an `Idempotency-Key` runs once per signed-in user and key: the same key while
 * the first is still running answers 409 (code 000); after it finished, the stored answer is
 * replayed, so a double click or a retried request never makes two documents. The same key with
 * another body is refused (422) rather than answered with another request's result.
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('preHandler', async (request: Tracked, reply) => {
    const key = request.headers[HEADER];
    if (typeof key !== 'string' || request.method === 'GET' || !request.auth) return;
    if (!KEY.test(key)) throw badRequest('请求头 Idempotency-Key 须为8到128位字母、数字或 _ . : -', { field: HEADER });
    const { db, clock } = app.svc;
    const userId = request.auth.userId;
    const now = clock();
    const hash = bodyHash(request);
    await db.deleteFrom('idempotencyKey').where('createdAt', '<', new Date(now.getTime() - KEEP_MS)).execute();
    const inserted = await db
      .insertInto('idempotencyKey')
      .values({ userId, key, method: request.method, path: request.url, bodyHash: hash, state: 'PENDING', createdAt: now })
      .onConflict((oc) => oc.columns(['userId', 'key']).doNothing())
      .returning('key')
      .executeTakeFirst();
    if (inserted) {
      request._idempotency = { userId, key, claimedAt: now };
      return;
    }
    const existing = await db.selectFrom('idempotencyKey').selectAll().where('userId', '=', userId).where('key', '=', key).executeTakeFirst();
    if (!existing) throw new AppError(409, MESSAGES.duplicate, '000');
    if (existing.method !== request.method || existing.path !== request.url || (existing.bodyHash !== null && existing.bodyHash !== hash)) throw keyUsedElsewhere();
    if (existing.state === 'PENDING') {
      // one statement: of several retries of a dead request, exactly one takes the key over
      const taken = await db.updateTable('idempotencyKey').set({ createdAt: now, bodyHash: hash })
        .where('userId', '=', userId).where('key', '=', key).where('state', '=', 'PENDING')
        .where('createdAt', '<', new Date(now.getTime() - PENDING_TAKEOVER_MS))
        .returning('key').executeTakeFirst();
      if (!taken) throw new AppError(409, MESSAGES.duplicate, '000');
      request._idempotency = { userId, key, claimedAt: now };
      return;
    }
    reply.header('idempotent-replay', 'true');
    return reply.status(existing.statusCode ?? 200).type('application/json').send(JSON.stringify(existing.response));
  });

  app.addHook('onSend', async (request: Tracked, reply: FastifyReply, payload) => {
    const tracked = request._idempotency;
    if (!tracked) return payload;
    request._idempotency = undefined;
    const { db } = app.svc;
    const ours = { userId: tracked.userId, key: tracked.key, createdAt: tracked.claimedAt };
    if (reply.statusCode >= 500 || reply.statusCode === 429 || typeof payload !== 'string') {
      await db.deleteFrom('idempotencyKey').where('userId', '=', ours.userId).where('key', '=', ours.key).where('createdAt', '=', ours.createdAt)
        .where('state', '=', 'PENDING').execute(); // not a result worth replaying: let the client try again
      return payload;
    }
    await storeAnswer(app, tracked, reply.statusCode, payload);
    return payload;
  });
}

/**
 * Stores the answer, only while the key is still ours: a request taken over as dead must not
 * overwrite its successor. Answers whether it was stored.
 */
async function storeAnswer(app: FastifyInstance, tracked: { userId: number; key: string; claimedAt: Date }, statusCode: number, payload: string): Promise<boolean> {
  const stored = await app.svc.db.updateTable('idempotencyKey').set({ state: 'DONE', statusCode, response: payload })
    .where('userId', '=', tracked.userId).where('key', '=', tracked.key).where('createdAt', '=', tracked.claimedAt).where('state', '=', 'PENDING')
    .returning('key').executeTakeFirst();
  return stored !== undefined;
}

/**
 * A write whose key a retry took over while it was still running (it ran past PENDING_TAKEOVER_MS:
 * there is no request timeout that would have ended it): the retry owns the key now, so this write
 * is rolled back rather than made a second time. Answered like a duplicate in flight.
 */
export class KeyTakenOverError extends AppError {
  constructor() {
    super(409, MESSAGES.duplicate, '000', { field: HEADER });
    this.name = 'KeyTakenOverError';
  }
}

/**
 * Stores a write's answer for its key from inside the write's transaction (the operation log's
 * request scope), so the key is DONE exactly when the write is committed; `committed()` then tells
 * the onSend hook that the answer is stored. A key no longer ours (a retry took it over) throws
 * KeyTakenOverError, and the write is rolled back with it: of the dead-looking request and its
 * retry, exactly one writes.
 */
export async function storeAnswerInScope(app: FastifyInstance, request: FastifyRequest, statusCode: number, result: unknown): Promise<{ committed(): void } | null> {
  const tracked = (request as Tracked)._idempotency;
  if (!tracked || result === undefined || statusCode >= 500 || statusCode === 429) return null;
  if (!(await storeAnswer(app, tracked, statusCode, JSON.stringify(result)))) {
    (request as Tracked)._idempotency = undefined; // the key's row is the retry's: onSend leaves it alone
    throw new KeyTakenOverError();
  }
  return { committed: () => { (request as Tracked)._idempotency = undefined; } };
}
