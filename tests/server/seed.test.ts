import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../server/seed/seed';
import { DATABASES, createTestApp, type TestApp } from './support/test-app';

// seeding a whole demo database again, twice in a test, takes 10–30 s on the embedded database of a
// 2-core machine busy with the other test files: these tests have a minute and a half each
describe.each(DATABASES)('seed on %s', { timeout: 90_000 }, (kind) => {
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

  it('brings a database seeded by an earlier version up to date: new columns added, templates still as seeded replaced, edited ones kept', async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    // as an earlier version left it: no 抓拍图片 column, a list template without that button, and a template someone published
    const row = await db.selectFrom('cgCustomTable').select('definition').where('tableName', '=', 'mm_sa_weigh').executeTakeFirstOrThrow();
    const def = row.definition as { columns: { fieldName: string }[] };
    await db.updateTable('cgCustomTable').set({ definition: JSON.stringify({ ...def, columns: def.columns.filter((c) => c.fieldName !== 'snapPhotos') }) }).where('tableName', '=', 'mm_sa_weigh').execute();
    await sql`alter table mm_sa_weigh drop column snap_photos`.execute(db);
    const older = async (code: string, by: string) => {
      const tpl = await db.selectFrom('cgFormat').select('published').where('formatCode', '=', code).executeTakeFirstOrThrow();
      const published = tpl.published as { buttons: { code: string }[] };
      const json = JSON.stringify({ ...published, buttons: published.buttons.filter((b) => b.code !== 'pics') });
      await db.updateTable('cgFormat').set({ draft: json, published: json, publishedBy: by }).where('formatCode', '=', code).execute();
    };
    await older('mm_sa_weigh_list', 'seed');
    // the settlement menu and its edit button at the address an earlier seed gave them; another entry an administrator moved
    await db.updateTable('sysMenu').set({ urlPath: '/modules/purorder/fd-pu-settlement-main' }).where('uuid', '=', 'fd_pu_settlement_main').execute();
    await db.updateTable('sysMenu').set({ urlPath: '/modules/purorder/fd-pu-settlement-main/edit' }).where('uuid', '=', 'fd_pu_settlement_main_edit').execute();
    await db.updateTable('sysMenu').set({ urlPath: '/modules/sale/my-own-place' }).where('uuid', '=', 'fd_sa_settlement_main').execute();
    await older('mm_pu_weigh_list', 'admin');
    await seedDatabase(db, { mode: 'demo' });
    const buttons = async (code: string) => ((await db.selectFrom('cgFormat').select('published').where('formatCode', '=', code).executeTakeFirstOrThrow()).published as { buttons: { code: string }[] }).buttons.map((b) => b.code);
    expect(await buttons('mm_sa_weigh_list')).toContain('pics');
    expect(await buttons('mm_pu_weigh_list')).not.toContain('pics');
    const columns = await sql<{ name: string }>`select column_name as name from information_schema.columns where table_schema = current_schema() and table_name = 'mm_sa_weigh'`.execute(db);
    expect(columns.rows.map((c) => c.name)).toContain('snap_photos');
    const stored = (await db.selectFrom('cgCustomTable').select('definition').where('tableName', '=', 'mm_sa_weigh').executeTakeFirstOrThrow()).definition as { columns: { fieldName: string }[] };
    expect(stored.columns.map((c) => c.fieldName)).toContain('snapPhotos');
    const paths = Object.fromEntries((await db.selectFrom('sysMenu').select(['uuid', 'urlPath'])
      .where('uuid', 'in', ['fd_pu_settlement_main', 'fd_pu_settlement_main_edit', 'fd_sa_settlement_main']).execute()).map((m) => [m.uuid, m.urlPath]));
    expect(paths).toEqual({
      fd_pu_settlement_main: '/modules/purorder/fd_pu_settlement_main', fd_pu_settlement_main_edit: '/modules/purorder/fd_pu_settlement_main/edit',
      fd_sa_settlement_main: '/modules/sale/my-own-place',
    });
  });

  it('gives a database seeded before the registries existed the 采购登记 resource, templates, menu, grants and demo rows', async () => {
    t = await createTestApp(kind);
    const db = t.database.db;
    // as an earlier version left it: no registry tables, templates or menu entries (their role grants go with them)
    await db.deleteFrom('sysMenu').where('uuid', 'like', 'pu_registry%').execute();
    await db.deleteFrom('cgFormat').where('customTable', 'in', ['pu_registry', 'pu_registry_sub']).execute();
    await db.deleteFrom('cgCustomTable').where('tableName', 'in', ['pu_registry', 'pu_registry_sub']).execute();
    await sql`drop table pu_registry_sub`.execute(db);
    await sql`drop table pu_registry`.execute(db);
    const finance = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'finance').executeTakeFirstOrThrow();
    const weigher = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'weigher').executeTakeFirstOrThrow();
    const before = await counts(t);

    await seedDatabase(db, { mode: 'demo' });
    const formats = await db.selectFrom('cgFormat').select(['formatCode', 'published']).where('customTable', '=', 'pu_registry').execute();
    expect(formats.map((f) => f.formatCode).sort()).toEqual(['pu_registry_detail', 'pu_registry_form', 'pu_registry_list']);
    expect((formats.find((f) => f.formatCode === 'pu_registry_form')!.published as { singleChild?: boolean }).singleChild).toBe(true);
    const granted = async (roleId: number) => (await db.selectFrom('sysRoleMenu').innerJoin('sysMenu', 'sysMenu.id', 'sysRoleMenu.menuId')
      .select('sysMenu.uuid').where('sysRoleMenu.roleId', '=', roleId).where('sysMenu.uuid', 'like', 'pu_registry%').execute()).map((r) => r.uuid).sort();
    expect(await granted(finance.id)).toEqual(['pu_registry', 'pu_registry_add', 'pu_registry_audit', 'pu_registry_copy', 'pu_registry_del', 'pu_registry_edit', 'pu_registry_export', 'pu_registry_view']);
    expect(await granted(weigher.id)).toEqual([]);
    const rows = await db.selectFrom('pu_registry' as 'sysUser').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(8 * 3);
    // nothing else was added: only the registry's menu entries and their grants
    const after = await counts(t);
    expect(after.sysMenu - before.sysMenu).toBe(1 + 11); // the page and its buttons (the sale registry's stay)
    expect(await counts((await seedDatabase(db, { mode: 'demo' }), t))).toEqual(after);
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
