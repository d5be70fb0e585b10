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
      const keys = await bizKeysOf(app, request.params, request.body, payload);
      const entry = {
        logType: ok ? 'OPERATION' : 'ERROR',
        title: config.title ?? request.routeOptions.url,
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
      };
      // one entry per document, so each document's request-log drawer shows what happened to it
      await app.svc.db.insertInto('sysLog').values(keys.length ? keys.map((bizKey) => ({ ...entry, bizKey })) : [{ ...entry, bizKey: null }]).execute();
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

/**
 * The business keys of a write: `{table}:{id}` for the generic resource routes (ids from the path,
 * the body or, for a create, the answer), else the path id.
 */
async function bizKeysOf(app: FastifyInstance, params: unknown, body: unknown, payload: unknown): Promise<string[]> {
  const p = (params ?? {}) as { id?: unknown; module?: unknown; resource?: unknown };
  const def = typeof p.module === 'string' && typeof p.resource === 'string' ? await app.svc.resources.byPath(p.module, p.resource) : undefined;
  if (!def) return p.id === undefined || p.id === null ? [] : [String(p.id)];
  const b = (body ?? {}) as { id?: unknown; ids?: unknown };
  let ids: unknown[] = p.id !== undefined ? [p.id] : Array.isArray(b.ids) ? b.ids : b.id !== undefined ? [b.id] : [];
  if (ids.length === 0 && typeof payload === 'string') {
    try {
      const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
      if (id !== undefined) ids = [id];
    } catch { /* not JSON */ }
  }
  return ids.filter((id) => typeof id === 'number' || typeof id === 'string').slice(0, 1000).map((id) => `${def.tableName}:${String(id)}`);
}

export function registerStartTime(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0);
}
