import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, MESSAGES, badRequest } from '../http/app-error';
import { ok } from '../http/envelope';

function clientOf(request: FastifyRequest, clients: Record<string, string>): string {
  const header = request.headers.authorization ?? '';
  const [scheme, encoded] = header.split(' ');
  if (scheme?.toLowerCase() === 'basic' && encoded) {
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    const id = decoded.slice(0, i);
    const secret = decoded.slice(i + 1);
    const expected = Object.prototype.hasOwnProperty.call(clients, id) ? clients[id] : undefined;
    if (i > 0 && expected !== undefined && safeEqual(secret, expected)) return id;
  }
  throw new AppError(401, MESSAGES.invalidClient, 'INVALID_CLIENT');
}

function safeEqual(a: string, b: string): boolean {
  const x = crypto.createHash('sha256').update(a).digest();
  const y = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(x, y);
}

const tokenBody = {
  type: 'object',
  additionalProperties: false,
  required: ['grant_type'],
  properties: {
    grant_type: { type: 'string', enum: ['password', 'refresh_token'] },
    username: { type: 'string', minLength: 1, maxLength: 64 },
    password: { type: 'string', minLength: 1, maxLength: 128 },
    code: { type: 'string', maxLength: 10 },
    randomStr: { type: 'string', maxLength: 64 },
    refresh_token: { type: 'string', minLength: 1, maxLength: 200 },
    scope: { type: 'string', maxLength: 100 },
  },
} as const;

interface TokenBody { grant_type: 'password' | 'refresh_token'; username?: string; password?: string; code?: string; randomStr?: string; refresh_token?: string }

export async function oauthRoutes(app: FastifyInstance): Promise<void> {
  for (const url of ['/oauth/token', '/pro/oauth/token']) {
    app.post<{ Body: TokenBody }>(url, {
      config: { public: true, rateLimitBucket: 'login' },
      schema: { tags: ['auth'], summary: '登录 / 刷新令牌（表单参数，HTTP Basic 客户端凭证）', consumes: ['application/x-www-form-urlencoded'], body: tokenBody, security: [] },
    }, async (request) => {
      const clientId = clientOf(request, app.svc.config.clients);
      const body = request.body;
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token) throw badRequest('缺少必填字段 refresh_token');
        const { pair, userId } = await app.svc.sessions.refresh(body.refresh_token, clientId);
        return { ...ok({ ...pair, user_id: userId }), ...pair };
      }
      if (!body.username) throw badRequest('请求体缺少必填字段 username');
      if (!body.password) throw badRequest('请求体缺少必填字段 password');
      const { pair, userId } = await app.svc.login.login({
        username: body.username,
        password: body.password,
        code: body.code,
        randomStr: body.randomStr,
        clientId,
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      return { ...ok({ ...pair, user_id: userId, username: body.username.trim() }), ...pair };
    });
  }

  app.get<{ Querystring: { randomStr: string } }>('/code/image', {
    config: { public: true, rateLimitBucket: 'login' },
    schema: {
      tags: ['auth'], summary: '图形验证码（PNG）', security: [],
      querystring: { type: 'object', additionalProperties: false, required: ['randomStr'], properties: { randomStr: { type: 'string', minLength: 1, maxLength: 64 } } },
    },
  }, async (request, reply) => {
    const png = await app.svc.captcha.create(request.query.randomStr);
    return reply.header('cache-control', 'no-store').type('image/png').send(png);
  });

  app.get<{ Querystring: { username: string } }>('/code/required', {
    config: { public: true, rateLimitBucket: 'login' },
    schema: {
      tags: ['auth'], summary: '该用户名登录是否需要验证码', security: [],
      querystring: { type: 'object', additionalProperties: false, required: ['username'], properties: { username: { type: 'string', minLength: 1, maxLength: 64 } } },
    },
  }, async (request) => {
    const failures = await app.svc.login.recentFailures(request.query.username.trim());
    return ok({ captchaRequired: failures >= 3 });
  });
}
