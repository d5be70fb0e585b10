import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RequestScope } from '../../server/db/request-transaction';
import { DATABASES, createTestApp, type TestApp } from './support/test-app';

/**
 * A write request holds the embedded database's one connection from its first write to its commit.
 * If it then waited for a metadata reload another request had begun (which needs that connection),
 * neither would ever finish: the server stalled until restarted.
 */
describe.each(DATABASES)('the resource registry inside a write on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp(kind); });
  afterAll(async () => { await t.close(); });

  it('a request holding its transaction reads changed metadata itself instead of waiting for another request\'s reload', async () => {
    const registry = t.app.svc.resources;
    const db = t.app.svc.db;
    expect((await registry.byTable('as_vendor'))?.tableName).toBe('as_vendor');
    // the metadata's write generation moves: the next lookup reloads
    await sql`update cg_custom_table set table_explain = table_explain where table_name = 'as_vendor'`.execute(db);

    const scope = new RequestScope();
    // another request begins the shared reload; this one opens its transaction while that reload waits
    const other = registry.all();
    const mine = scope.run(async () => {
      await sql`update sys_setting set param_value = param_value where param_key = 'data_desensitization'`.execute(db);
      return (await registry.byTable('as_customer'))?.tableName;
    });
    const stuck = new Promise<string>((resolve) => { setTimeout(() => resolve('stuck'), 8000); });
    const found = await Promise.race([mine, stuck]);
    await scope.rollback();
    expect(found).toBe('as_customer');
    expect((await other).map((d) => d.tableName)).toContain('as_vendor');
  });
});
