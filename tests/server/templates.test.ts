import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_RESOURCES } from '../../server/seed/resources';
import { checkTemplate } from '../../server/templates/template-check';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

describe.each(DATABASES)('templates on %s', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    token = (await t.login('weigher')).access;
  });
  afterAll(async () => { await t.close(); });

  const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
  const menuId = async (uuid: string) => (await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', uuid).executeTakeFirstOrThrow()).id;

  it('answers the published list template of a menu, with its buttons, fields and data route', async () => {
    const res = await get(`/optimus_prime/optimusPrime?formatType=LIST&menuId=${await menuId('mm_pu_weigh')}`);
    const tpl = res.json().data;
    expect(tpl).toMatchObject({ formatName: '采购过磅记录', formatType: 'LIST', resUrl: '/measure/mm-pu-weigh/list', resMethod: 'POST', id: expect.any(Number) });
    expect(tpl.buttons.map((b: { label: string }) => b.label)).toEqual(['新增', '修改', '删除', '审核', '批量审核', '弃审', '作废', '恢复', '复制', '导出', '抓拍图片', '称重更正']);
    const net = tpl.listSubList.find((f: { fieldName: string }) => f.fieldName === 'net');
    expect(net).toMatchObject({ fieldExplain: '净重(吨)', itotal: true, detailsUrl: 'NUMBER', cgValFormat: { valFormatFun: 'fixed3' } });
    const quick = tpl.listSubList.filter((f: { iallowQuery: boolean }) => f.iallowQuery).map((f: { fieldName: string }) => f.fieldName);
    expect(quick).toEqual(['billCode', 'plateNumber', 'vendorName']);
    const params = (await get(`/optimus_prime/cg-format-param/getParams/${tpl.id}`)).json().data;
    expect(params.paramList.map((p: { fieldName: string }) => p.fieldName)).toContain('grossTime');
  });

  it('answers a detail template by id and 404 for a menu without a template', async () => {
    const row = await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'as_vehicle_detail').executeTakeFirstOrThrow();
    expect((await get(`/optimus_prime/cg-format/type/subs/${row.id}`)).json().data).toMatchObject({ formatType: 'DETAIL', formatStyle: 'FORMAT_FOUR_COLUMN_FROM' });
    const none = await get(`/optimus_prime/optimusPrime?formatType=LIST&menuId=${await menuId('measure_weigh')}`);
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('该菜单尚未配置模板');
  });

  it('refuses to publish a template whose fields are not in the data source', () => {
    const byTable = (name: string) => BUILTIN_RESOURCES.find((r) => r.tableName === name);
    const bad = { formatName: 'x', formatCode: 'x', formatType: 'LIST', customTable: 'as_vehicle', listSubList: [{ fieldName: 'plateNumber', fieldExplain: '车牌' }, { fieldName: 'passwordHash', fieldExplain: '密码' }] };
    expect(() => checkTemplate(bad, byTable)).toThrow('listSubList[1].fieldName: 数据源 车辆(as_vehicle) 没有字段 passwordHash');
    expect(() => checkTemplate({ ...bad, customTable: 'sys_user' }, byTable)).toThrow('数据源 sys_user 不存在');
  });
});
