import { afterEach, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/seed';
import { DATABASES, createTestApp, type TestApp } from './support/test-app';

describe.each(DATABASES)('seed on %s', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => { await t?.close(); t = undefined; });

  const counts = async (app: TestApp) => {
    const out: Record<string, number> = {};
    for (const table of ['sysGroup', 'sysOrg', 'sysUser', 'sysRole', 'sysMenu', 'sysRoleMenu', 'sysUserOrg', 'sysUserRole', 'sysSetting'] as const) {
      out[table] = Number((await app.database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    }
    return out;
  };

  it('is idempotent: seeding again changes nothing', async () => {
    t = await createTestApp(kind);
    const before = await counts(t);
    expect(before.sysOrg).toBe(3);
    expect(before.sysUser).toBe(5);
    await seedDatabase(t.database.db, { mode: 'demo' });
    await seedDatabase(t.database.db, { mode: 'none' });
    expect(await counts(t)).toEqual(before);
  });

  it('with SEED=none creates only admin, with the given password', async () => {
    t = await createTestApp(kind, { seed: 'none' });
    const users = await t.database.db.selectFrom('sysUser').select(['username', 'admin']).execute();
    expect(users).toEqual([{ username: 'admin', admin: true }]);
    await t.login('admin', 'Admin@2026');
    expect((await t.token({ grant_type: 'password', username: 'weigher', password: 'Demo@2026' })).statusCode).toBe(426);
  });

  it('prints a generated admin password once when none is given', async () => {
    t = await createTestApp(kind, { seed: 'none' });
    await t.database.db.deleteFrom('sysUser').execute();
    const told: string[] = [];
    await seedDatabase(t.database.db, { mode: 'none', onGeneratedPassword: (p) => told.push(p) });
    await seedDatabase(t.database.db, { mode: 'none', onGeneratedPassword: (p) => told.push(p) });
    expect(told).toHaveLength(1);
    await t.login('admin', told[0]);
  });
});
