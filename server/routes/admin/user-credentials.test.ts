import { describe, expect, it } from 'vitest';
import { DATABASES, bearer, sharedTestApp, type TestApp } from '../../../tests/server/support/test-app';
import { twinUser } from '../../../tests/server/support/twins';

describe.each(DATABASES)('重置密码 and 解锁 on %s', (kind) => {
  // One app for most tests (building one per test took most of this file's time): the users whose
  // password a test resets or whom it locks are twins of the demo users, made by that test. The test
  // that grants the weigher role more permissions gets an app of its own.
  let t: TestApp;
  let admin: string;
  const { ownApp } = sharedTestApp(kind, (app, token) => { t = app; admin = token; });
  let twins = 0;
  /** A new user like the demo user `model`, with the demo password; answers its name and id. */
  const twin = async (model: 'assayer' | 'finance') => {
    const username = `${model}_${++twins}`;
    return { username, id: await twinUser(t, model, username) };
  };

  const db = () => t.database.db;
  const idOf = async (username: string) => (await db().selectFrom('sysUser').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const checkSafe = async (token: string) => (await call('GET', '/api/sys-user/pwd/checkSafe', token)).json();
  /** Gives the weigher role the permission keys (a role without organisation links works in all of its users' companies). */
  const grantWeigher = async (...permissions: string[]) => {
    const role = await db().selectFrom('sysRole').select('id').where('roleCode', '=', 'weigher').executeTakeFirstOrThrow();
    const menus = await db().selectFrom('sysMenu').select('id').where('permission', 'in', permissions).execute();
    await db().insertInto('sysRoleMenu').values(menus.map((m) => ({ roleId: role.id, menuId: m.id }))).onConflict((oc) => oc.doNothing()).execute();
  };
  const lock = async (username: string) => {
    await db().updateTable('sysUser').set({ locked: true, lockedAt: new Date() }).where('username', '=', username).execute();
    await db().insertInto('authLoginFailure').values({ username, ip: '127.0.0.1', createdAt: new Date() }).execute();
  };

  it('resets with the change-password rules, ends the user\'s sessions and asks for a change at the next sign-in', async () => {
    const { username: assayer, id } = await twin('assayer');
    const before = await t.login(assayer);
    const weak = await call('PUT', `/api/sys-user/${id}/password/reset`, admin, { password: 'abc12345' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({ msg: '新密码不符合要求：密码须包含大写字母、小写字母、数字和特殊字符中的至少三种', data: { field: 'password' } });
    expect((await call('PUT', `/api/sys-user/${id}/password/reset`, admin, {})).statusCode).toBe(400);

    const res = await call('PUT', `/api/sys-user/${id}/password/reset`, admin, { password: 'Reset#2026' });
    expect(res.json()).toMatchObject({ success: true, msg: '密码已重置' });
    expect((await call('GET', '/api/sys-info/me', before.access)).statusCode).toBe(401);
    const after = await t.login(assayer, 'Reset#2026');
    expect(await checkSafe(after.access)).toMatchObject({ success: false, code: 'PWD_UNSAFE', msg: '请修改初始密码！' });

    // POST works too; mustChange false leaves a password the user keeps
    expect((await call('POST', `/api/sys-user/${id}/password/reset`, admin, { password: 'Keep#2026', mustChange: false })).json().success).toBe(true);
    expect(await checkSafe((await t.login(assayer, 'Keep#2026')).access)).toMatchObject({ success: true });
  });

  it('refuses an unknown user, the caller\'s own account and a caller without the permission', async () => {
    expect((await call('PUT', '/api/sys-user/999999/password/reset', admin, { password: 'Reset#2026' })).statusCode).toBe(404);
    const self = await call('PUT', `/api/sys-user/${await idOf('admin')}/password/reset`, admin, { password: 'Reset#2026' });
    expect(self.json()).toMatchObject({ msg: '不能重置自己的密码，请在个人信息中修改', data: { field: 'id' } });
    const weigher = (await t.login('weigher')).access;
    for (const res of [
      await call('PUT', `/api/sys-user/${await idOf('assayer')}/password/reset`, weigher, { password: 'Reset#2026' }),
      await call('POST', `/api/sys-user/unlock/${await idOf('assayer')}`, weigher),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, msg: '当前操作没有权限' });
    }
  });

  it('a non-admin with the permissions acts only on users of the company they work in, never on an administrator nor a user with more permissions', async () => {
    // an app of its own: it gives the weigher role permissions the other tests' weigher lacks
    await ownApp();
    await grantWeigher('sys_user_reset_pwd', 'sys_user_unlock');
    const weigher = (await t.login('weigher')).access; // works in DFNY
    const [, hbgt] = (await db().selectFrom('sysOrg').select('id').orderBy('id').execute()).map((o) => o.id);
    const other = await db().insertInto('sysUser').values({ username: 'hb1', realName: '华北', passwordHash: 'x', groupId: null }).returning('id').executeTakeFirstOrThrow();
    await db().insertInto('sysUserOrg').values({ userId: other.id, orgId: hbgt }).execute();

    // newuser holds only the weigher's role; the assayer's role grants assay permissions the weigher lacks
    expect((await call('PUT', `/api/sys-user/${await idOf('newuser')}/password/reset`, weigher, { password: 'Reset#2026' })).json().success).toBe(true);
    const beyond = await call('PUT', `/api/sys-user/${await idOf('assayer')}/password/reset`, weigher, { password: 'Reset#2026' });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().msg).toBe('不能重置权限超出自己权限的用户的密码');
    expect((await t.login('assayer')).res.statusCode).toBe(200); // the assayer's password is unchanged
    const logged = await db().selectFrom('sysLog').select(['logType', 'exception']).where('title', '=', '重置密码').where('statusCode', '=', 403).execute();
    expect(logged).toContainEqual({ logType: 'ERROR', exception: '不能重置权限超出自己权限的用户的密码' });
    const outside = await call('PUT', `/api/sys-user/${other.id}/password/reset`, weigher, { password: 'Reset#2026' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().msg).toBe('用户不存在');
    await lock('hb1');
    expect((await call('POST', `/api/sys-user/unlock/${other.id}`, weigher)).statusCode).toBe(404);
    const stronger = await call('PUT', `/api/sys-user/${await idOf('admin')}/password/reset`, weigher, { password: 'Reset#2026' });
    expect(stronger.statusCode).toBe(403);
    expect(stronger.json().msg).toBe('只有管理员可以重置或解锁管理员账号');
    expect((await t.login('admin')).res.statusCode).toBe(200); // the admin's password is unchanged
  });

  it('unlocks a locked user, who can sign in again; a user who is not locked is told so', async () => {
    const { username: finance, id } = await twin('finance');
    await lock(finance);
    const refused = await t.token({ grant_type: 'password', username: finance, password: 'Demo@2026' });
    expect(refused.json()).toMatchObject({ code: 'ACCOUNT_LOCKED' });
    const res = await call('POST', `/api/sys-user/unlock/${id}`, admin);
    expect(res.json()).toMatchObject({ success: true, msg: '解锁成功' });
    expect(await db().selectFrom('authLoginFailure').select('id').where('username', '=', finance).execute()).toEqual([]);
    expect((await t.login(finance)).res.statusCode).toBe(200);
    const again = await call('POST', `/api/sys-user/unlock/${id}`, admin);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ msg: '该用户未被锁定', data: { field: 'id' } });
  });
});
