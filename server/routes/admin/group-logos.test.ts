import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASES, bearer, createTestApp, type TestApp } from '../../../tests/server/support/test-app';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d0e9b50000000049454e44ae426082', 'hex');
const JPG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

function multipart(name: string, bytes: Buffer, type: string): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----wbtest${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
  return { payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DATABASES)('group logos on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let group: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-logos-'));
  beforeAll(async () => {
    t = await createTestApp(kind, { config: { dataDir } });
    admin = (await t.login('admin')).access;
    group = (await t.database.db.selectFrom('sysGroup').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => { await t.close(); fs.rmSync(dataDir, { recursive: true, force: true }); });

  const upload = async (bytes: Buffer, type: string, token = admin): Promise<number> => {
    const { payload, headers } = multipart('logo', bytes, type);
    const res = await t.app.inject({ method: 'POST', url: '/api/sys-file-type/upload', headers: { ...bearer(token), ...headers }, payload });
    return res.json().data.id as number;
  };
  const setPic = (body: object, token = admin) => t.app.inject({ method: 'PUT', url: '/api/sys-group/pic', headers: bearer(token), payload: body });
  const getPic = async (token = admin) => (await t.app.inject({ method: 'GET', url: `/api/sys-group/getPic/${group}`, headers: bearer(token) })).json();

  it('answers no logos before any is set, then the uploaded main and sub logo as base64 to every user of the group', async () => {
    expect(await getPic()).toMatchObject({ success: true, data: { [`${group}_1`]: null, [`${group}_0`]: null } });
    const main = await upload(PNG, 'image/png');
    const sub = await upload(JPG, 'image/jpeg');
    const res = await setPic({ id: group, logoMainFileId: main, logoSubFileId: sub });
    expect(res.json()).toMatchObject({ success: true, msg: '设置成功' });
    const weigher = (await t.login('weigher')).access;
    expect((await getPic(weigher)).data).toEqual({ [`${group}_1`]: `data:image/png;base64,${PNG.toString('base64')}`, [`${group}_0`]: `data:image/jpeg;base64,${JPG.toString('base64')}` });
    // null puts the default back
    expect((await setPic({ id: group, logoSubFileId: null })).json().success).toBe(true);
    expect((await getPic()).data[`${group}_0`]).toBeNull();
    expect((await getPic()).data[`${group}_1`]).toContain('data:image/png;base64,');
  });

  it('refuses a GIF, an unknown file and a request with no logo, naming the field', async () => {
    const gif = await upload(GIF, 'image/gif');
    expect((await setPic({ id: group, logoMainFileId: gif })).json()).toMatchObject({ success: false, msg: '上传头像图片只能是JPG或者png格式!', data: { field: 'logoMainFileId' } });
    expect((await setPic({ id: group, logoSubFileId: 999999 })).json()).toMatchObject({ msg: '图片不存在，请重新上传', data: { field: 'logoSubFileId' } });
    expect((await setPic({ id: group })).json()).toMatchObject({ msg: '请选择要上传的图片' });
    expect((await setPic({ id: group, logoMainFileId: 'x' })).statusCode).toBe(400);
    expect((await setPic({ id: 999999, logoMainFileId: null })).statusCode).toBe(404);
  });

  it('a user without the permission cannot set a logo, and a group\'s logos are its own', async () => {
    const weigher = (await t.login('weigher')).access;
    const file = await upload(PNG, 'image/png', weigher);
    const res = await setPic({ id: group, logoMainFileId: file }, weigher);
    expect(res.statusCode).toBe(403);
    const other = await t.database.db.insertInto('sysGroup').values({ groupCode: 'OTHER', groupName: '其他集团' }).returning('id').executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: 'GET', url: `/api/sys-group/getPic/${other.id}`, headers: bearer(weigher) })).statusCode).toBe(403);

    // with the permission, a non-admin sets the logos of their own group only, with an image of their own company
    const role = await t.database.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'weigher').executeTakeFirstOrThrow();
    const menu = await t.database.db.selectFrom('sysMenu').select('id').where('permission', '=', 'sys_group_edit').executeTakeFirstOrThrow();
    await t.database.db.insertInto('sysRoleMenu').values({ roleId: role.id, menuId: menu.id }).execute();
    const granted = (await t.login('weigher')).access;
    expect((await setPic({ id: other.id, logoMainFileId: file }, granted)).statusCode).toBe(404);
    const adminsFile = await upload(PNG, 'image/png');
    const [, hbgt] = (await t.database.db.selectFrom('sysOrg').select('id').orderBy('id').execute()).map((o) => o.id);
    await t.database.db.updateTable('sysFile').set({ orgId: hbgt }).where('id', '=', adminsFile).execute();
    expect((await setPic({ id: group, logoMainFileId: adminsFile }, granted)).json()).toMatchObject({ msg: '图片不存在，请重新上传', data: { field: 'logoMainFileId' } });
    expect((await setPic({ id: group, logoMainFileId: file }, granted)).json()).toMatchObject({ success: true });
  });
});
