import type { FastifyInstance } from 'fastify';
import { redact } from './redact';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every write by a signed-in user (and every refused one) goes to the operation log, written before
 * the answer leaves, so a client that sees the answer can also see the entry.
 */
export function registerOperationLog(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => { request.startedAt = Date.now(); });
  app.addHook('onSend', async (request, reply, payload) => {
    const config = request.routeOptions.config;
    if (!WRITES.has(request.method) || !request.auth || config.noOperationLog || !request.routeOptions.url) return payload;
    const ok = reply.statusCode < 400;
    try {
      await app.svc.db.insertInto('sysLog').values({
        logType: ok ? 'OPERATION' : 'ERROR',
        title: config.title ?? request.routeOptions.url,
        bizKey: bizKeyOf(request.params),
        action: request.method,
        userId: request.auth.userId,
        username: request.auth.username,
        orgId: request.auth.orgId,
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
        method: request.method,
        path: request.url.slice(0, 1000),
        params: JSON.stringify(redact(request.body ?? null)),
        result: null,
        exception: ok ? null : messageOf(payload) ?? `HTTP ${reply.statusCode}`,
        statusCode: reply.statusCode,
        executeTime: Date.now() - request.startedAt,
        createdAt: app.svc.clock(),
      }).execute();
    } catch (error) {
      request.log.error({ err: error }, 'operation log write failed');
    }
    return payload;
  });
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

function bizKeyOf(params: unknown): string | null {
  const id = (params as { id?: unknown } | undefined)?.id;
  return id === undefined || id === null ? null : String(id);
}

export function registerStartTime(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0);
}
