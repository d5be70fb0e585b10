import fs from 'node:fs';
import path from 'node:path';
import fastifyFormbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { randomCaptchaCode, renderCaptchaPng } from './auth/captcha-image';
import { CaptchaService, type CaptchaGenerator } from './auth/captcha-service';
import { LoginService } from './auth/login-service';
import { SessionService, type Clock } from './auth/session-service';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import { registerAuthHook } from './http/auth-hook';
import { failure } from './http/envelope';
import { registerErrorHandler } from './http/error-handler';
import './http/fastify-types';
import { registerIdempotency } from './http/idempotency';
import { frameworkErrors, registerInputRules } from './http/input';
import { registerOperationLog, registerStartTime } from './http/operation-log';
import { registerRateLimit } from './http/rate-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { createMemoryRateLimitStore, createRedisRateLimitStore, type RateLimitStore } from './http/rate-limit-store';
import { ResourceRegistry } from './resources/registry';
import { registerRoutes } from './routes';
import type { Services } from './services';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  clock?: Clock;
  captcha?: CaptchaGenerator;
  rateLimitStore?: RateLimitStore;
  logger?: boolean;
}

/** The API server (and, when dist/ exists, the built UI) on one Fastify instance. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? (() => new Date());
  const app = Fastify({
    logger: deps.logger === false ? false : { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 10 * 1024 * 1024,
    // Ajv's options are in http/input.ts: no coercion in bodies, strict integers in params and queries
    frameworkErrors,
    routerOptions: { ignoreTrailingSlash: true },
    logController: new LogController({ disableRequestLogging: true }),
  });

  const sessions = new SessionService(database.db, { accessSec: config.accessTokenTtlSec, refreshSec: config.refreshTokenTtlSec }, clock);
  const captcha = new CaptchaService(database.db, deps.captcha ?? { code: () => randomCaptchaCode(4), image: (code) => renderCaptchaPng(code) }, clock);
  const services: Services = {
    config,
    db: database.db,
    dbKind: database.kind,
    readOnly: (fn) => database.readOnly(fn),
    clock,
    sessions,
    captcha,
    login: new LoginService(database.db, sessions, captcha, clock),
    resources: new ResourceRegistry(database.db),
  };
  app.decorate('svc', services);

  registerSecurityHeaders(app, config.frameSources);
  registerErrorHandler(app);
  registerInputRules(app);
  registerStartTime(app);
  const store = deps.rateLimitStore ?? (config.redisUrl ? createRedisRateLimitStore(config.redisUrl) : createMemoryRateLimitStore());
  registerRateLimit(app, store, { perMinute: config.rateLimitPerMinute, loginPerMinute: config.loginRateLimitPerMinute, publicPerMinute: config.publicRateLimitPerMinute });
  registerOperationLog(app);
  registerAuthHook(app);
  registerIdempotency(app);

  await app.register(fastifyFormbody);
  app.addHook('onRoute', (route) => {
    // The documentation pages are public.
    if (route.url.startsWith('/api/docs')) route.config = { ...(route.config ?? {}), public: true };
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: '汽车衡统一管控平台 API', version: config.versionCode },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'none' } });

  await app.register(registerRoutes, { prefix: '/api' });

  const staticDir = config.staticDir && fs.existsSync(path.join(config.staticDir, 'index.html')) ? config.staticDir : undefined;
  if (staticDir) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      // the build's brotli and gzip copies (build/precompress.ts), for the browsers that accept them
      preCompressed: true,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (staticDir && request.method === 'GET' && !request.url.startsWith('/api/') && !path.extname(request.url.split('?')[0])) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(failure('404', '资源不存在'));
  });
  return app;
}
