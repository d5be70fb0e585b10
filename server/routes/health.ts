import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { ok, failure } from '../http/envelope';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/health', { config: { public: true }, schema: { tags: ['system'], summary: '服务与数据库就绪检查' } }, async (_request, reply) => {
    try {
      await sql`select 1`.execute(app.svc.db);
      return ok({ status: 'ok', database: app.svc.dbKind });
    } catch {
      return reply.status(503).send(failure('503', '数据库未就绪'));
    }
  });
}
