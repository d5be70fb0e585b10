import type { FastifyInstance, FastifyRequest } from 'fastify';
import { caller } from '../http/auth-hook';
import { forbidden, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { idParams } from './admin/common';

/**
 * The request-log drawer of a document (spec 001 §2 screen 8): the operation-log entries of one
 * business key (`{table}:{id}`), and each entry's detail. Users see their current organisation's
 * entries; admins see every organisation's. An entry is read by whoever may read the operation log
 * (`sys_log_view`) or may view the resource its key names (`{prefix}_view`): who sees a document
 * sees its history, and nobody else reads password resets or role changes by guessing ids.
 */
/** The permission of the operation-log page: it reads every entry of the company. */
const LOG_PERMISSION = 'sys_log_view';

export async function sysLogRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;
  const scoped = (request: FastifyRequest) => {
    const auth = caller(request);
    let q = db.selectFrom('sysLog');
    if (!auth.admin) q = q.where('orgId', '=', auth.orgId ?? -1);
    return q;
  };
  const assertMayRead = async (request: FastifyRequest, bizKey: string | null) => {
    if (caller(request).admin) return;
    const permissions = await request.permissionSet();
    if (permissions.has(LOG_PERMISSION)) return;
    const table = bizKey?.includes(':') ? bizKey.slice(0, bizKey.lastIndexOf(':')) : undefined;
    const def = table ? await app.svc.resources.byTable(table) : undefined;
    if (def && permissions.has(`${def.permissionPrefix}_view`)) return;
    throw forbidden(undefined, def ? `${def.permissionPrefix}_view` : LOG_PERMISSION);
  };
  const entry = async (request: FastifyRequest<{ Params: { id: number } }>) => {
    const row = await scoped(request).selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound('日志不存在');
    await assertMayRead(request, row.bizKey);
    return row;
  };

  app.get<{ Querystring: { bizKey: string } }>('/sys-log/getSysLog', {
    schema: {
      tags: ['log'], summary: '单据的操作日志（bizKey = 表名:编号），按时间先后',
      querystring: { type: 'object', additionalProperties: false, required: ['bizKey'], properties: { bizKey: { type: 'string', minLength: 1, maxLength: 200 } } },
    },
  }, async (request) => {
    await assertMayRead(request, request.query.bizKey);
    const rows = await scoped(request)
      .select(['id', 'title', 'username', 'createdAt', 'statusCode', 'logType'])
      .where('bizKey', '=', request.query.bizKey).orderBy('createdAt').orderBy('id').limit(500).execute();
    return ok(rows.map((r) => ({
      id: r.id, action: r.title, detail: `${r.username ?? ''} ${r.logType === 'ERROR' ? '操作失败' : '操作成功'}`.trim(),
      staticFlg: r.logType === 'ERROR' ? '1' : '0', createdAt: r.createdAt, username: r.username,
    })));
  });

  app.get<{ Params: { id: number } }>('/sys-log/getSysLogData/:id', {
    schema: { tags: ['log'], summary: '日志详情：请求路径、耗时、客户端、请求头、参数、结果、异常', params: idParams },
  }, async (request) => {
    const r = await entry(request);
    return ok({
      id: r.id, path: `${r.method ?? ''} ${r.path ?? ''}`.trim(), executeTime: r.executeTime, clientInfo: r.userAgent,
      requestHeads: JSON.stringify({ ip: r.ip, user: r.username }), requestParams: r.params === null ? '' : JSON.stringify(r.params),
      resultInfo: r.statusCode === null ? '' : `HTTP ${r.statusCode}${r.result ? ` ${JSON.stringify(r.result)}` : ''}`, exceptionInfo: r.exception ?? '',
    });
  });

  app.get<{ Params: { id: number } }>('/sys-log/getSysLogDesc/:id', {
    schema: { tags: ['log'], summary: '日志的文字描述', params: idParams },
  }, async (request) => {
    const r = await entry(request);
    const user = r.userId ? await db.selectFrom('sysUser').select('realName').where('id', '=', r.userId).executeTakeFirst() : undefined;
    const when = new Intl.DateTimeFormat('zh-CN', {
      timeZone: app.svc.config.timezone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hour12: false,
    }).format(new Date(r.createdAt)).replace(/\//g, '-');
    return ok(`${user?.realName ?? r.username ?? '系统'} 于 ${when} ${r.title}${r.exception ? `，失败：${r.exception}` : '，成功'}（耗时 ${r.executeTime ?? 0} ms）`);
  });
}
