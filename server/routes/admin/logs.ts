import type { FastifyInstance } from 'fastify';
import { caller } from '../../http/auth-hook';
import { notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { escapeLike, listRequestSchema, pageOf, sortOf, whereSearch, type ColumnSpec, type ListRequest } from '../../http/list-query';
import { idParams, page } from './common';

interface LogQuery { current?: number; size?: number; logType?: string; username?: string; title?: string }

const LOGIN_COLUMNS: Record<string, ColumnSpec> = {
  username: { ref: 'l.username', type: 'text' },
  success: { ref: 'l.success', type: 'boolean' },
  msg: { ref: 'l.msg', type: 'text' },
  ip: { ref: 'l.ip', type: 'text' },
  createdAt: { ref: 'l.createdAt', type: 'date' },
};

const OPERATION_COLUMNS: Record<string, ColumnSpec> = {
  title: { ref: 'l.title', type: 'text' },
  username: { ref: 'l.username', type: 'text' },
  logType: { ref: 'l.logType', type: 'text' },
  method: { ref: 'l.method', type: 'text' },
  path: { ref: 'l.path', type: 'text' },
  statusCode: { ref: 'l.statusCode', type: 'number' },
  executeTime: { ref: 'l.executeTime', type: 'number' },
  ip: { ref: 'l.ip', type: 'text' },
  createdAt: { ref: 'l.createdAt', type: 'date' },
};

const clientLog = {
  type: 'object', additionalProperties: false, required: ['message'],
  properties: {
    type: { type: 'string', maxLength: 50 }, message: { type: 'string', maxLength: 2000 }, stack: { type: ['string', 'null'], maxLength: 8000 },
    info: { type: ['string', 'null'], maxLength: 2000 }, url: { type: ['string', 'null'], maxLength: 1000 }, time: { type: ['string', 'number', 'null'] },
  },
} as const;
interface ClientLog { type?: string; message: string; stack?: string | null; info?: string | null; url?: string | null; time?: string | number | null }

export async function logAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  app.get<{ Querystring: LogQuery }>('/admin/log/page', {
    config: { permission: 'sys_log_view' },
    schema: {
      tags: ['admin'], summary: '操作日志（最新在前）',
      querystring: {
        type: 'object', additionalProperties: false,
        properties: {
          current: { type: 'integer', minimum: 1, default: 1 }, size: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
          logType: { type: 'string', enum: ['OPERATION', 'ERROR', 'CLIENT'] }, username: { type: 'string', maxLength: 64 }, title: { type: 'string', maxLength: 100 },
        },
      },
    },
  }, async (request) => {
    const { current = 1, size = 10, logType, username, title } = request.query;
    const auth = caller(request);
    let q = db.selectFrom('sysLog');
    // the log permission reads the current company's entries; the admin flag reads every company's
    if (!auth.admin) q = q.where('orgId', '=', auth.orgId ?? -1);
    if (logType) q = q.where('logType', '=', logType);
    if (username) q = q.where('username', '=', username);
    if (title) q = q.where('title', 'ilike', `%${escapeLike(title)}%`);
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const records = await q.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(size).offset((current - 1) * size).execute();
    return ok({ records, list: records, total: Number(total.n), current, size });
  });

  app.post<{ Body: ListRequest }>('/sys-operation-log/list', {
    config: { permission: 'sys_log_view', noOperationLog: true },
    schema: { tags: ['admin'], summary: '操作日志列表（操作日志页面；本公司的，管理员看全部）', body: listRequestSchema },
  }, async (request) => {
    const auth = caller(request);
    const { ps, offset } = pageOf(request.body);
    const sort = sortOf(request.body, OPERATION_COLUMNS);
    let base = db.selectFrom('sysLog as l').where((eb) => whereSearch(eb, request.body.search, OPERATION_COLUMNS));
    // the log permission reads the current company's entries; the admin flag reads every company's
    if (!auth.admin) base = base.where('l.orgId', '=', auth.orgId ?? -1);
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let q = base.select(['l.id', 'l.title', 'l.username', 'l.logType', 'l.method', 'l.path', 'l.statusCode', 'l.executeTime', 'l.ip', 'l.bizKey', 'l.createdAt']);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- refs come from OPERATION_COLUMNS
    for (const s of sort) q = q.orderBy(s.ref as any, s.dir);
    return ok(page(await q.orderBy('l.createdAt', 'desc').orderBy('l.id', 'desc').limit(ps).offset(offset).execute(), total.n));
  });

  app.delete<{ Params: { id: number } }>('/admin/log/:id', {
    config: { permission: 'sys_log_del', title: '删除日志' },
    schema: { tags: ['admin'], summary: '删除一条日志', params: idParams },
  }, async (request) => {
    const deleted = await db.deleteFrom('sysLog').where('id', '=', request.params.id).returning('id').executeTakeFirst();
    if (!deleted) throw notFound('日志不存在');
    return ok(null, '删除成功');
  });

  app.post<{ Body: ClientLog[] }>('/admin/log/logs', {
    config: { noOperationLog: true },
    schema: { tags: ['admin'], summary: '上传前端错误日志（每次最多 50 条）', body: { type: 'array', maxItems: 50, items: clientLog } },
  }, async (request) => {
    const auth = caller(request);
    if (request.body.length) {
      const now = app.svc.clock();
      await db.insertInto('sysLog').values(request.body.map((e) => ({
        logType: 'CLIENT', title: (e.type ?? 'error').slice(0, 50), userId: auth.userId, username: auth.username, orgId: auth.orgId,
        ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null, path: e.url ?? null,
        exception: [e.message, e.stack].filter(Boolean).join('\n'), params: JSON.stringify({ info: e.info ?? null, time: e.time ?? null }), createdAt: now,
      }))).execute();
    }
    return ok(null, '上传成功');
  });

  app.post<{ Body: ListRequest }>('/sys-login-log/list', {
    config: { permission: 'sys_login_log_view', noOperationLog: true },
    schema: { tags: ['admin'], summary: '登录日志', body: listRequestSchema },
  }, async (request) => {
    const { ps, offset } = pageOf(request.body);
    const sort = sortOf(request.body, LOGIN_COLUMNS);
    const base = db.selectFrom('sysLoginLog as l').where((eb) => whereSearch(eb, request.body.search, LOGIN_COLUMNS));
    const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let q = base.selectAll();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- refs come from LOGIN_COLUMNS
    for (const s of sort) q = q.orderBy(s.ref as any, s.dir);
    return ok(page(await q.orderBy('l.createdAt', 'desc').orderBy('l.id', 'desc').limit(ps).offset(offset).execute(), total.n));
  });
}
