import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from './error-handler';

/** An app whose one route throws what a database driver throws: an Error carrying a SQLSTATE. */
async function throwing(code: string, message: string) {
  const app = Fastify();
  registerErrorHandler(app);
  app.post('/api/write', async () => { throw Object.assign(new Error(message), { code }); });
  await app.ready();
  return app;
}

describe('database errors in the envelope', () => {
  // the deadlock itself is provoked on PostgreSQL in tests/server/write-races.test.ts; a serialisation
  // failure needs a SERIALIZABLE transaction, which no route opens
  it.each([['40001', 'could not serialize access due to concurrent update'], ['40P01', 'deadlock detected']])(
    'SQLSTATE %s (a transaction given up for a concurrent one) is a 409 asking to retry, without the database\'s words', async (code, text) => {
      const app = await throwing(code, text);
      const res = await app.inject({ method: 'POST', url: '/api/write' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ success: false, code: '409', msg: '数据已被他人修改，请刷新后重试', data: null });
      await app.close();
    });
});
