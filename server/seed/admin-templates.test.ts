import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATABASES, createTestApp, type TestApp } from '../../tests/server/support/test-app';
import { ensureAdminTemplates } from './admin-templates';

describe.each(DATABASES)('administration templates on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => { t = await createTestApp(kind); });
  afterEach(async () => { await t.close(); });

  const template = async (code: string) => t.database.db.selectFrom('cgFormat').select(['published', 'publishedBy']).where('formatCode', '=', code).executeTakeFirstOrThrow();
  const actions = (published: unknown) => ((published as { buttons?: { action: string }[] }).buttons ?? []).map((b) => b.action);
  /** A template as an older seed published it: without the buttons added since. */
  const makeOld = async (code: string, publishedBy: string) => {
    const old = JSON.stringify({ ...((await template(code)).published as object), buttons: [] });
    await t.database.db.updateTable('cgFormat').set({ draft: old, published: old, publishedBy }).where('formatCode', '=', code).execute();
  };

  it('publishes the user list with 重置密码 and 解锁 and the group list with 设置标志', async () => {
    expect(actions((await template('sys_user_list')).published)).toEqual(expect.arrayContaining(['resetPwd', 'unlock', 'enable', 'disable']));
    expect(actions((await template('sys_group_list')).published)).toContain('logo');
  });

  it('brings a template still as the seed published it up to date, never one a person published', async () => {
    await makeOld('sys_user_list', 'seed');
    await makeOld('sys_group_list', 'admin');
    await ensureAdminTemplates(t.database.db);
    expect(actions((await template('sys_user_list')).published)).toContain('resetPwd');
    expect(actions((await template('sys_group_list')).published)).toEqual([]);
  });
});
