import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { ResourceDefinition } from '../../src/schema/resource';
import { RequestScope } from '../db/request-transaction';
import { AppError, lostToConcurrent } from './app-error';
import { KeyTakenOverError, storeAnswerInScope } from './idempotency';
import { redact, storable } from './redact';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Logged = FastifyRequest & { _operationLogged?: boolean };

/**
 * Every write by a signed-in user (and every refused one) goes to the operation log, written before
 * the answer leaves, so a client that sees the answer can also see the entry.
 *
 * A write and its entry are one transaction: each logged route's handler runs in a request scope
 * (server/db/request-transaction.ts) whose transaction opens at its first writing statement; the
 * entry is inserted in it and only then is it committed. If the entry cannot be written, the
 * write is rolled back and the caller gets a 500 (a 409 when the database gave the transaction up for a
 * concurrent one, at the entry or at COMMIT: sent again, it may pass). The answer an Idempotency-Key replays is stored
 * in the same transaction. A refused write (the handler threw: the scope
 * is rolled back) and a write route that wrote nothing get their entry on their own, in onSend.
 */
export function registerOperationLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => { request.startedAt = Date.now(); });

  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.some((m) => WRITES.has(m)) || route.config?.noOperationLog) return;
    const handler = route.handler;
    route.handler = async function (this: FastifyInstance, request: Logged, reply: FastifyReply) {
      if (!WRITES.has(request.method) || !request.auth) return handler.call(this, request, reply);
      // looked up before the transaction opens: a shared cache's loading must never be awaited inside it
      const def = await resourceOf(app, request.params);
      const scope = new RequestScope();
      let result: unknown;
      try {
        result = await scope.run(() => Promise.resolve(handler.call(this, request, reply)));
      } catch (error) {
        await scope.rollback();
        throw error;
      }
      if (!scope.wrote) {
        await scope.commit();
        return result;
      }
      try {
        const stored = await scope.run(async () => {
          await insertEntry(app, request, reply.statusCode, def, answeredId(result), null);
          // the answer an Idempotency-Key replays is stored with the write too
          return reply.sent ? null : storeAnswerInScope(app, request, reply.statusCode, result);
        });
        await scope.commit();
        stored?.committed();
      } catch (error) {
        await scope.rollback().catch(() => undefined);
        if (error instanceof KeyTakenOverError) throw error; // a retry owns the key: this write is not made
        // the transaction given up for a concurrent one (a deadlock, a serialisation failure) at the entry or at
        // COMMIT: nothing was written, and the error handler answers it as any such write is answered (409, retry)
        if (lostToConcurrent(error)) throw error;
        request.log.error({ err: error }, 'operation log write failed: the write was rolled back');
        throw new AppError(500, '操作日志写入失败，本次操作未执行，请联系管理员', '500');
      }
      request._operationLogged = true;
      return result;
    } as RouteHandlerMethod;
  });

  app.addHook('onSend', async (request: Logged, reply, payload) => {
    const config = request.routeOptions.config;
    if (!WRITES.has(request.method) || !request.auth || config.noOperationLog || !request.routeOptions.url || request._operationLogged) return payload;
    try {
      const ok = reply.statusCode < 400;
      await insertEntry(app, request, reply.statusCode, await resourceOf(app, request.params), ok ? idInPayload(payload) : undefined, ok ? null : messageOf(payload) ?? `HTTP ${reply.statusCode}`);
    } catch (error) {
      // nothing was written by this request (it was refused, or its handler wrote nothing)
      request.log.error({ err: error }, 'operation log write failed');
    }
    return payload;
  });
}

async function insertEntry(
  app: FastifyInstance, request: FastifyRequest, statusCode: number, def: ResourceDefinition | undefined, createdId: unknown, exception: string | null,
): Promise<void> {
  const auth = request.auth!;
  const ok = statusCode < 400;
  const entry = {
    logType: ok ? 'OPERATION' : 'ERROR',
    title: request.routeOptions.config.title ?? request.routeOptions.url ?? request.url,
    action: request.method,
    userId: auth.userId,
    username: auth.username,
    orgId: auth.orgId,
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
    method: request.method,
    path: storable(request.url.slice(0, 1000)),
    params: JSON.stringify(redact(request.body ?? null)),
    result: request.operationResult === null || request.operationResult === undefined ? null : JSON.stringify(request.operationResult, (_key, v: unknown) => (typeof v === 'string' ? storable(v) : v)),
    exception: exception === null ? null : storable(exception),
    statusCode,
    executeTime: Date.now() - request.startedAt,
    createdAt: app.svc.clock(),
  };
  const keys = bizKeysOf(def, request.params, request.body, createdId);
  // one entry per document, so each document's request-log drawer shows what happened to it
  await app.svc.db.insertInto('sysLog').values(keys.length ? keys.map((bizKey) => ({ ...entry, bizKey })) : [{ ...entry, bizKey: null }]).execute();
}

function messageOf(payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  try {
    const msg = (JSON.parse(payload) as { msg?: unknown }).msg;
    return typeof msg === 'string' ? msg.slice(0, 1000) : null;
  } catch {
    return null;
  }
}

/** The id a create answered (`data.id`), from the handler's result or the serialised answer. */
function answeredId(result: unknown): unknown {
  return (result as { data?: { id?: unknown } } | null | undefined)?.data?.id;
}
function idInPayload(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return answeredId(JSON.parse(payload));
  } catch {
    return undefined; // not JSON
  }
}

async function resourceOf(app: FastifyInstance, params: unknown): Promise<ResourceDefinition | undefined> {
  const p = (params ?? {}) as { module?: unknown; resource?: unknown };
  return typeof p.module === 'string' && typeof p.resource === 'string' ? app.svc.resources.byPath(p.module, p.resource) : undefined;
}

/**
 * The business keys of a write: `{table}:{id}` for the generic resource routes (ids from the path,
 * the body or, for a create, the answer), else the path id.
 */
function bizKeysOf(def: ResourceDefinition | undefined, params: unknown, body: unknown, createdId: unknown): string[] {
  const p = (params ?? {}) as { id?: unknown };
  if (!def) return p.id === undefined || p.id === null ? [] : [String(p.id)];
  const b = (body ?? {}) as { id?: unknown; ids?: unknown };
  let ids: unknown[] = p.id !== undefined ? [p.id] : Array.isArray(b.ids) ? b.ids : b.id !== undefined ? [b.id] : [];
  if (ids.length === 0 && createdId !== undefined) ids = [createdId];
  return ids.filter((id) => typeof id === 'number' || typeof id === 'string').slice(0, 1000).map((id) => `${def.tableName}:${String(id)}`);
}

export function registerStartTime(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0);
  app.decorateRequest('operationResult', null);
}
