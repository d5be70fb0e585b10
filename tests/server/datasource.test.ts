import { sql } from 'kysely';
import pg from 'pg';
import { ensureBuiltinResources } from '../../server/seed/resources';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { raceHelpers } from './support/races';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

const BASE = '/api/optimus_prime/cg-custom-table';

/** 运费合同 and its lines: every data type, a required flag, defaults, a unique key, an enum, a rule, a pinyin name. */
const contract = (extra: Record<string, unknown> = {}) => ({
  tableName: 'tr_freight_contract', tableExplain: '运费合同', module: 'transport', kind: 'DOCUMENT', scope: 'ORG',
  tableSubList: [
    { fieldDbName: 'contract_code', fieldType: 'CHAR', length: 32, fieldExplain: '合同编号', required: true, unique: true },
    { fieldDbName: 'carrier_name', fieldType: 'CHAR', length: 100, fieldExplain: '承运商', pinyin: true },
    { fieldDbName: 'contract_status', fieldType: 'ENUM', enumCode: 'tr_contract_status', fieldExplain: '合同状态', defaultValue: 'DRAFT' },
    { fieldDbName: 'price', fieldType: 'NUMBER', length: 10, scale: 2, fieldExplain: '单价', defaultValue: '0' },
    { fieldDbName: 'sign_date', fieldType: 'DATE', fieldExplain: '签订日期' },
    { fieldDbName: 'remark', fieldType: 'TXT', fieldExplain: '备注' },
    { fieldDbName: 'is_open', fieldType: 'BOOLEAN', fieldExplain: '是否开放', defaultValue: 'true' },
    { fieldDbName: 'extra', fieldType: 'JSON', fieldExplain: '扩展' },
    { fieldDbName: 'contact_mobile', fieldType: 'CHAR', length: 11, fieldExplain: '联系电话', validateName: 'tr_mobile' },
  ],
  ...extra,
});
const contractLine = () => ({
  tableName: 'tr_freight_contract_line', tableExplain: '运费合同明细', module: 'transport', kind: 'LINE', parentTable: 'tr_freight_contract', parentKey: 'contractId',
  tableSubList: [
    { fieldDbName: 'contract_id', fieldType: 'NUMBER', length: 18, scale: 0, fieldExplain: '运费合同' },
    { fieldDbName: 'route_name', fieldType: 'CHAR', length: 100, fieldExplain: '线路' },
    { fieldDbName: 'amount', fieldType: 'NUMBER', length: 14, scale: 2, fieldExplain: '金额' },
  ],
});

describe.each(DATABASES)('数据源 (custom tables) on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    finance = (await t.login('finance')).access;
    expect((await call('POST', '/api/optimus_prime/cg-custom-enum/create', {
      enumCode: 'tr_contract_status', enumName: '合同状态',
      items: [{ itemValue: 'DRAFT', itemLabel: '草稿', color: 'default' }, { itemValue: 'ACTIVE', itemLabel: '生效', color: 'green' }, { itemValue: 'CLOSED', itemLabel: '关闭', color: '#999999' }],
    })).statusCode).toBe(200);
    expect((await call('POST', '/api/optimus_prime/cg-validate/create', { validateName: 'tr_mobile', validateMethod: '^1[3-9]\\d{9}$', validateTitle: '手机号格式错误!' })).statusCode).toBe(200);
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const any = () => t.database.db as unknown as import('kysely').Kysely<Record<string, Record<string, unknown>>>;
  const create = async (body: Record<string, unknown>) => {
    const res = await call('POST', `${BASE}/create`, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as number;
  };
  const plan = async (id: number) => (await call('POST', `${BASE}/plan/${id}`)).json().data as {
    hash: string; ddl: string; steps: { kind: string; field?: string; text: string; sql: string[] }[]; blocked: { field: string; count: number; samples: { id: number; value: string }[] }[];
    drift: { field: string; problem: string }[]; tombstones: { fieldDbName: string }[];
  };
  const sync = async (id: number) => {
    const p = await plan(id);
    const res = await call('POST', `${BASE}/sync/${id}`, { hash: p.hash });
    return { plan: p, res };
  };
  /** Plans and syncs, expecting success. */
  const synced = async (id: number) => {
    const { res, plan: p } = await sync(id);
    expect(res.statusCode, res.body).toBe(200);
    return p;
  };
  const detail = async (id: number) => (await call('GET', `${BASE}/detail/${id}`)).json().data;
  const edit = async (id: number, change: (cols: Record<string, unknown>[]) => Record<string, unknown>[], extra: Record<string, unknown> = {}) => {
    const d = await detail(id);
    const { id: _id, version, customTypeId, syncedAt: _s, updatedAt: _u, pending: _p, tombstones: _t, drift: _d, permissionPrefix: _pp, treeParentField: _tp, tableSubList, ...rest } = d;
    return call('PUT', `${BASE}/update`, { ...rest, id, version, customTypeId, tableSubList: change(tableSubList), ...extra });
  };

  it('refuses bad identifiers with a 400 naming the field and the rule', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await call('POST', `${BASE}/create`, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json() as { msg: string; data: { field: string } };
    };
    expect(await bad(contract({ tableName: 'select' }))).toMatchObject({ data: { field: 'tableName' }, msg: expect.stringContaining('保留字') });
    expect(await bad(contract({ tableName: 'sys_contract' }))).toMatchObject({ data: { field: 'tableName' }, msg: expect.stringContaining('平台表') });
    expect(await bad(contract({ tableName: 'Contract' }))).toMatchObject({ data: { field: 'tableName' }, msg: expect.stringContaining('下划线命名') });
    expect(await bad(contract({ tableName: `t_${'a'.repeat(62)}` }))).toMatchObject({ data: { field: 'tableName' }, msg: expect.stringContaining('63 字节') });
    expect(await bad(contract({ tableName: 'auth_session' }))).toMatchObject({ data: { field: 'tableName' } });
    expect(await bad(contract({ tableName: 'cg_contract' }))).toMatchObject({ data: { field: 'tableName' }, msg: expect.stringContaining('cg_开头的是平台表') });
    expect(await bad(contract({ tableName: 'pg_contract' }))).toMatchObject({ data: { field: 'tableName' }, msg: expect.stringContaining('pg_开头的是平台表') });
    const withColumn = (c: Record<string, unknown>) => contract({ tableSubList: [...contract().tableSubList, c] });
    expect(await bad(withColumn({ fieldDbName: 'org_id', fieldType: 'NUMBER', fieldExplain: '公司' }))).toMatchObject({ data: { field: 'tableSubList[9].fieldDbName' }, msg: expect.stringContaining('系统列') });
    expect(await bad(withColumn({ fieldDbName: 'order', fieldType: 'CHAR', fieldExplain: '顺序' }))).toMatchObject({ data: { field: 'tableSubList[9].fieldDbName' }, msg: expect.stringContaining('保留字') });
    expect(await bad(withColumn({ fieldDbName: 'remark', fieldType: 'TXT', fieldExplain: '备注2' }))).toMatchObject({ data: { field: 'tableSubList[9].fieldName' } });
    expect(await bad(withColumn({ fieldDbName: 'kind_x', fieldType: 'ENUM', enumCode: 'no_such_enum', fieldExplain: '类别' }))).toMatchObject({ data: { field: 'tableSubList[9].enumCode' } });
    expect(await bad(withColumn({ fieldDbName: 'qty', fieldType: 'NUMBER', scale: 2, fieldExplain: '数量', defaultValue: '1.234' }))).toMatchObject({ data: { field: 'tableSubList[9].defaultValue' } });
    // a table the database has already (the platform's list-cache table) is not taken over
    expect(await bad(contract({ tableName: 'resource_generation' }))).toMatchObject({ data: { field: 'tableName' }, msg: expect.stringContaining('数据库中已有表') });
    const list = (await call('POST', `${BASE}/list`, { keyword: 'tr_' })).json().data;
    expect(list.total).toBe(0);
  });

  it('needs custom_table_edit to change a data source, custom_table_view to read one', async () => {
    const perms = await t.database.db.selectFrom('sysRoleMenu').innerJoin('sysMenu', 'sysMenu.id', 'sysRoleMenu.menuId').innerJoin('sysRole', 'sysRole.id', 'sysRoleMenu.roleId')
      .select('sysMenu.permission').where('sysRole.roleCode', '=', 'finance').execute();
    expect(perms.map((p) => p.permission)).not.toContain('custom_table_edit');
    expect((await call('POST', `${BASE}/create`, contract(), finance)).statusCode).toBe(403);
    expect((await call('POST', `${BASE}/list`, {}, finance)).statusCode).toBe(403);
  });

  let contractId: number;
  let lineId: number;
  it('plans the new table (create, indexes, the line foreign key) and syncs it with its hash; the engine serves it at once', async () => {
    contractId = await create(contract());
    lineId = await create(contractLine());
    // nothing is served before the sync
    expect((await call('POST', '/api/transport/tr-freight-contract/list', { limit: { pn: 1, ps: 10 } })).statusCode).toBe(404);
    const linePlan = await plan(lineId);
    expect(linePlan.blocked[0]).toMatchObject({ field: 'parentTable' });

    const p = await plan(contractId);
    expect(p.steps.map((s) => s.kind)).toEqual(['createTable', 'createIndex']);
    expect(p.ddl).toContain('create table "tr_freight_contract"');
    expect(p.ddl).toContain('"org_id" bigint not null');
    expect(p.ddl).toContain('"price" numeric(10, 2) default 0');
    expect(p.ddl).toContain('"carrier_name_py" varchar(400)');
    expect(p.ddl).toContain('create index if not exists "tr_freight_contract_org_idx"');
    expect(p.ddl).toMatch(/create unique index if not exists "tr_freight_contract_contract_code_uniq_idx" on "tr_freight_contract" \("org_id", "contract_code"\)/);
    // planning changed nothing
    expect((await t.database.db.selectFrom('cgCustomTable').select('definition').where('id', '=', contractId).executeTakeFirstOrThrow()).definition).toBeNull();

    const stale = await call('POST', `${BASE}/sync/${contractId}`, { hash: 'f'.repeat(64) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toBe('数据源或数据库表已变化，请重新查看同步计划');
    const { res } = await sync(contractId);
    expect(res.json(), res.body).toMatchObject({ success: true, msg: '同步成功' });
    const lineSync = await sync(lineId);
    expect(lineSync.plan.ddl).toMatch(/foreign key \("contract_id"\) references "tr_freight_contract" \("id"\) on delete cascade/);
    expect(lineSync.res.statusCode, lineSync.res.body).toBe(200);

    const made = await call('POST', '/api/transport/tr-freight-contract/create', {
      contractCode: 'HT-001', carrierName: '东方物流', signDate: '2026-11-20 08:00:00', extra: { a: 1 }, contactMobile: '13912345678',
      children: { tr_freight_contract_line: [{ routeName: '矿区-电厂', amount: '100.50' }, { routeName: '电厂-港口', amount: '20' }] },
    });
    expect(made.json(), made.body).toMatchObject({ success: true });
    const doc = (await call('GET', `/api/transport/tr-freight-contract/detail/${made.json().data.id}`)).json().data;
    expect([doc.contractStatus, doc.price, doc.isOpen, doc.children.tr_freight_contract_line.length]).toEqual(['DRAFT', '0.00', true, 2]);
    const dup = await call('POST', '/api/transport/tr-freight-contract/create', { contractCode: 'HT-001' });
    expect(dup.json()).toMatchObject({ success: false, data: { field: 'contractCode' } });
    const bySound = (await call('POST', '/api/transport/tr-freight-contract/list', { search: [{ key: 'carrierName', op: 'like', val: 'dfwl' }], limit: { pn: 1, ps: 10 } })).json().data;
    expect(bySound.list.map((r: { contractCode: string }) => r.contractCode)).toEqual(['HT-001']);

    const logs = await t.database.db.selectFrom('sysLog').select(['title', 'result', 'bizKey']).where('title', '=', '同步数据源').orderBy('id').execute();
    expect(logs.map((l) => l.bizKey)).toEqual([`cg_custom_table:${contractId}`, `cg_custom_table:${contractId}`, `cg_custom_table:${lineId}`]);
    expect((logs[1].result as { ddl: string }).ddl).toContain('create table "tr_freight_contract"');
    // the same plan again is nothing to do
    expect((await plan(contractId)).steps).toEqual([]);
  });

  it('gives the second of two concurrent edits of a definition a 409', async () => {
    const d = await detail(contractId);
    const first = await edit(contractId, (cols) => cols, { tableExplain: '运费合同（改）' });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call('PUT', `${BASE}/update`, { ...contract(), id: contractId, version: d.version });
    expect(second.statusCode).toBe(409);
    // a label is metadata: the plan changes no table
    const p = await plan(contractId);
    expect(p.steps.map((s) => [s.kind, s.sql.length])).toEqual([['label', 0]]);
    await synced(contractId);
  });

  it('adds a column with a default (existing rows get it), renames a label, widens CHAR and NUMBER', async () => {
    const before = (await any().selectFrom('tr_freight_contract').select('id').execute()).length;
    expect(before).toBe(1);
    const res = await edit(contractId, (cols) => [
      ...cols.map((c) => (c.fieldDbName === 'carrier_name' ? { ...c, fieldExplain: '承运单位', length: 200 } : c.fieldDbName === 'price' ? { ...c, length: 14 } : c)),
      { fieldDbName: 'region', fieldType: 'CHAR', length: 20, fieldExplain: '区域', defaultValue: '华北' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const p = await plan(contractId);
    expect(p.steps.map((s) => [s.kind, s.field])).toEqual([['alterType', 'carrierName'], ['label', 'carrierName'], ['alterType', 'price'], ['addColumn', 'region']]);
    expect(p.blocked).toEqual([]);
    expect(p.ddl).toContain(`alter table "tr_freight_contract" add column "region" varchar(20) default '华北'::varchar(20)`);
    await synced(contractId);
    const rows = await any().selectFrom('tr_freight_contract').select(['contract_code', 'region', 'carrier_name']).execute();
    expect(rows).toEqual([{ contractCode: 'HT-001', region: '华北', carrierName: '东方物流' }]);
    const listed = (await call('POST', '/api/transport/tr-freight-contract/list', { limit: { pn: 1, ps: 10 } })).json().data.list[0];
    expect(listed.region).toBe('华北');
  });

  it.runIf(kind === 'postgres')('gives up after the lock timeout while the table is held elsewhere, leaving table and metadata as they were', async () => {
    expect((await edit(contractId, (cols) => [...cols, { fieldDbName: 'held_note', fieldType: 'TXT', fieldExplain: '锁测试' }])).statusCode).toBe(200);
    const p = await plan(contractId);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${(await sql<{ db: string }>`select current_database() as db`.execute(t.database.db)).rows[0].db}`;
    const holder = new pg.Client({ connectionString: url.toString() });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table tr_freight_contract in access share mode');
      const res = await call('POST', `${BASE}/sync/${contractId}`, { hash: p.hash });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe('数据库表正被使用（等待锁超时），请稍后重试');
    } finally {
      await holder.query('rollback');
      await holder.end();
    }
    const cols = await sql`select 1 from information_schema.columns where table_name = 'tr_freight_contract' and column_name = 'held_note'`.execute(t.database.db);
    expect(cols.rows).toEqual([]);
    expect((await detail(contractId)).pending).toBe(true);
    const logged = await t.database.db.selectFrom('sysLog').select(['logType', 'exception']).where('title', '=', '同步数据源').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(logged).toEqual({ logType: 'ERROR', exception: '数据库表正被使用（等待锁超时），请稍后重试' });
    // the column is taken out again: the next tests start from the synced state
    expect((await edit(contractId, (cols2) => cols2.filter((c) => c.fieldDbName !== 'held_note'))).statusCode).toBe(200);
    expect((await detail(contractId)).pending).toBe(false);
  });

  it('blocks a CHAR → NUMBER change that some rows would fail, with the count and at most 20 samples', async () => {
    for (let i = 0; i < 25; i++) {
      const res = await call('POST', '/api/transport/tr-freight-contract/create', { contractCode: `HT-X${i}`, region: i < 22 ? `R${i}` : `${i}` });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await edit(contractId, (cols) => cols.map((c) => (c.fieldDbName === 'region' ? { ...c, fieldType: 'NUMBER', length: 10, scale: 0, defaultValue: null } : c)))).statusCode).toBe(200);
    const p = await plan(contractId);
    // HT-001 holds 华北, 22 rows hold R0…R21
    expect(p.blocked).toHaveLength(1);
    expect(p.blocked[0]).toMatchObject({ field: 'region', count: 23 });
    expect(p.blocked[0].samples).toHaveLength(20);
    expect(p.blocked[0].samples[0].value).toBe('华北');
    const res = await call('POST', `${BASE}/sync/${contractId}`, { hash: p.hash });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('23 行的值不能转换为 numeric(10,0)');
    // nothing changed: the column is still text and the served metadata still CHAR
    expect((await detail(contractId)).pending).toBe(true);
    const served = await call('POST', '/api/transport/tr-freight-contract/create', { contractCode: 'HT-Y', region: '华东' });
    expect(served.statusCode, served.body).toBe(200);
    // back to CHAR: nothing pending
    expect((await edit(contractId, (cols) => cols.map((c) => (c.fieldDbName === 'region' ? { ...c, fieldType: 'CHAR', length: 20, scale: null, defaultValue: '华北' } : c)))).statusCode).toBe(200);
    expect((await detail(contractId)).pending).toBe(false);
  });

  it('keeps a dropped column as a tombstone (restorable); purging it needs a second confirmation naming the rows', async () => {
    expect((await edit(contractId, (cols) => cols.filter((c) => c.fieldDbName !== 'region'))).statusCode).toBe(200);
    const p = await plan(contractId);
    expect(p.steps).toEqual([expect.objectContaining({ kind: 'tombstone', field: 'region', sql: [] })]);
    await synced(contractId);
    expect((await detail(contractId)).tombstones.map((c: { fieldDbName: string }) => c.fieldDbName)).toEqual(['region']);
    const row = (await call('POST', '/api/transport/tr-freight-contract/list', { search: [{ key: 'contractCode', op: 'eq', val: 'HT-001' }], limit: { pn: 1, ps: 1 } })).json().data.list[0];
    expect(row).not.toHaveProperty('region');
    expect((await call('POST', '/api/transport/tr-freight-contract/create', { contractCode: 'HT-Z', region: 'x' })).json()).toMatchObject({ success: false, data: { field: 'region' } });
    // restore: the data is still there
    expect((await edit(contractId, (cols) => [...cols, { fieldDbName: 'region', fieldType: 'CHAR', length: 20, fieldExplain: '区域', defaultValue: '华北' }])).statusCode).toBe(200);
    expect((await plan(contractId)).steps.map((s) => s.kind)).toEqual(['restore']);
    await synced(contractId);
    const again = (await call('GET', `/api/transport/tr-freight-contract/detail/${row.id}`)).json().data;
    expect(again.region).toBe('华北');
    expect((await detail(contractId)).tombstones).toEqual([]);
    // drop again, then purge
    expect((await edit(contractId, (cols) => cols.filter((c) => c.fieldDbName !== 'region'))).statusCode).toBe(200);
    await synced(contractId);
    const first = await call('POST', `${BASE}/purge-column/${contractId}`, { fieldDbName: 'region' });
    expect(first.statusCode).toBe(400);
    const holders = await any().selectFrom('tr_freight_contract').select('id').where('region', 'is not', null).execute();
    expect(first.json()).toMatchObject({ data: { field: 'confirmRows', rows: holders.length } });
    expect(first.json().msg).toContain('HT-001');
    expect((await call('POST', `${BASE}/purge-column/${contractId}`, { fieldDbName: 'region', confirmRows: holders.length - 1 })).statusCode).toBe(400);
    const second = await call('POST', `${BASE}/purge-column/${contractId}`, { fieldDbName: 'region', confirmRows: holders.length });
    expect(second.json(), second.body).toMatchObject({ success: true, data: { rows: holders.length } });
    const cols = await sql<{ n: string }>`select count(*) as n from information_schema.columns where table_name = 'tr_freight_contract' and column_name = 'region'`.execute(t.database.db);
    expect(Number(cols.rows[0].n)).toBe(0);
    expect((await detail(contractId)).tombstones).toEqual([]);
  });

  it('reports drift column by column and repairs it without dropping the table', async () => {
    await sql`alter table tr_freight_contract add column hand_made text`.execute(t.database.db);
    await sql`alter table tr_freight_contract alter column remark type varchar(50)`.execute(t.database.db);
    const d = await detail(contractId);
    expect(d.drift).toEqual([
      { field: 'remark', problem: '列 remark 在数据库中为 character varying(50)，元数据为 text' },
      { field: 'handMade', problem: '数据库中有元数据之外的列 hand_made（text）' },
    ]);
    const p = await plan(contractId);
    expect(p.steps.map((s) => [s.kind, s.field])).toEqual([['alterType', 'remark'], ['adopt', 'handMade']]);
    expect(p.ddl).not.toMatch(/drop/);
    await synced(contractId);
    const after = await detail(contractId);
    expect(after.drift).toEqual([]);
    expect(after.tombstones.map((c: { fieldDbName: string }) => c.fieldDbName)).toEqual(['hand_made']);
    expect((await any().selectFrom('tr_freight_contract').select('id').execute()).length).toBeGreaterThan(20);
  });

  it('refuses in words a sync the database cannot apply (a view reads the column), leaving table and metadata as they were', async () => {
    await sql`create view tr_contract_report as select contract_code, carrier_name from tr_freight_contract`.execute(t.database.db);
    const typeOf = async () => (await sql<{ type: string }>`select format_type(atttypid, atttypmod) as type from pg_attribute
      where attrelid = 'tr_freight_contract'::regclass and attname = 'carrier_name'`.execute(t.database.db)).rows[0].type;
    expect(await typeOf()).toBe('character varying(200)');
    expect((await edit(contractId, (cols) => cols.map((c) => (c.fieldDbName === 'carrier_name' ? { ...c, length: 300 } : c)))).statusCode).toBe(200);
    const p = await plan(contractId);
    expect(p.steps.map((s) => s.kind)).toEqual(['alterType']);
    const res = await call('POST', `${BASE}/sync/${contractId}`, { hash: p.hash });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toBe('同步失败，表和元数据均未改变：数据库中的视图 tr_contract_report 读取此表的列，请先修改或删除这些视图');
    expect(await typeOf()).toBe('character varying(200)');
    const d = await detail(contractId);
    expect(d.pending).toBe(true);
    expect(d.drift).toEqual([]);
    const logged = await t.database.db.selectFrom('sysLog').select(['logType', 'exception']).where('title', '=', '同步数据源').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(logged).toEqual({ logType: 'ERROR', exception: res.json().msg });
    // once the view is gone the same plan applies
    await sql`drop view tr_contract_report`.execute(t.database.db);
    await synced(contractId);
    expect(await typeOf()).toBe('character varying(300)');
  });

  it('blocks the sync of a draft whose path another draft took by syncing first, naming it (not the database\'s words)', async () => {
    const table = (tableName: string, resource: string) => ({
      tableName, tableExplain: '路径测试', module: 'transport', kind: 'MASTER', resource,
      tableSubList: [{ fieldDbName: 'code', fieldType: 'CHAR', length: 20, fieldExplain: '编码' }],
    });
    const first = await create(table('tr_path_a', 'path-a'));
    const second = await create(table('tr_path_b', 'path-b'));
    // both drafts move to one free path; each is accepted, as no data source serves it yet
    expect((await edit(first, (cols) => cols, { resource: 'path-shared' })).statusCode).toBe(200);
    expect((await edit(second, (cols) => cols, { resource: 'path-shared' })).statusCode).toBe(200);
    await synced(first);
    const p = await plan(second);
    expect(p.blocked).toEqual([{ field: 'resource', problem: '接口路径 /transport/path-shared 已被数据源 tr_path_a 使用', count: 0, samples: [] }]);
    const res = await call('POST', `${BASE}/sync/${second}`, { hash: p.hash });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ msg: '同步被阻止：resource 接口路径 /transport/path-shared 已被数据源 tr_path_a 使用', data: { field: 'resource' } });
    expect((await sql<{ t: string | null }>`select to_regclass('tr_path_b')::text as t`.execute(t.database.db)).rows[0].t).toBeNull();
    expect((await detail(second)).pending).toBe(true);
    // another path, and it syncs
    expect((await edit(second, (cols) => cols, { resource: 'path-b2' })).statusCode).toBe(200);
    await synced(second);
  });

  it.runIf(kind === 'postgres')('two drafts of one path synced at once: the second waits for the first, then 400 naming the path', async () => {
    const table = (tableName: string) => ({
      tableName, tableExplain: '路径竞态', module: 'transport', kind: 'MASTER', resource: 'path-race',
      tableSubList: [{ fieldDbName: 'code', fieldType: 'CHAR', length: 20, fieldExplain: '编码' }],
    });
    // made under paths of their own, then both moved to one (a draft's path is checked against the paths served)
    const first = await create({ ...table('tr_path_c'), resource: 'path-c' });
    const second = await create({ ...table('tr_path_d'), resource: 'path-d' });
    for (const id of [first, second]) expect((await edit(id, (cols) => cols, { resource: 'path-race' })).statusCode).toBe(200);
    const [planA, planB] = [await plan(first), await plan(second)];
    expect(planB.blocked).toEqual([]);
    const serving = async () => Number((await sql<{ n: string }>`select count(*) as n from cg_custom_table where resource = 'path-race' and definition is not null`.execute(t.database.db)).rows[0].n);
    const { heldFirst } = raceHelpers(() => t.database.db as never);
    const [a, b] = await heldFirst(() => call('POST', `${BASE}/sync/${first}`, { hash: planA.hash }), () => call('POST', `${BASE}/sync/${second}`, { hash: planB.hash }), serving);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(400);
    expect(b.json()).toMatchObject({ msg: '同步失败，表和元数据均未改变：接口路径已被其他数据源使用', data: { field: 'resource' } });
    expect([await serving(), (await detail(second)).pending]).toEqual([1, true]);
  });

  it('reports a line table\'s foreign key dropped outside, and blocks its repair while lines name no document (count and samples)', async () => {
    await sql`alter table tr_freight_contract_line drop constraint tr_freight_contract_line_contract_id_fkey`.execute(t.database.db);
    const org = Number((await sql<{ orgId: number }>`select org_id from tr_freight_contract limit 1`.execute(t.database.db)).rows[0].orgId);
    const orphan = Number((await sql<{ id: number }>`insert into tr_freight_contract_line (org_id, contract_id, route_name) values (${org}, 987654321, '无主明细') returning id`.execute(t.database.db)).rows[0].id);
    expect((await detail(lineId)).drift).toEqual([{ field: 'contractId', problem: '外键 tr_freight_contract_line_contract_id_fkey 在数据库中不存在' }]);
    const p = await plan(lineId);
    expect(p.steps.map((s) => s.kind)).toEqual(['foreignKey']);
    expect(p.blocked).toEqual([{ field: 'contractId', problem: '1 行的主表记录不存在，不能建外键', count: 1, samples: [{ id: orphan, value: '987654321' }] }]);
    expect((await call('POST', `${BASE}/sync/${lineId}`, { hash: p.hash })).statusCode).toBe(400);
    await sql`delete from tr_freight_contract_line where id = ${orphan}`.execute(t.database.db);
    const repaired = await synced(lineId);
    expect(repaired.ddl).toMatch(/add constraint "tr_freight_contract_line_contract_id_fkey" foreign key/);
    expect((await detail(lineId)).drift).toEqual([]);
  });

  it('refuses to delete an enum or a rule in use, naming the users', async () => {
    const enumId = (await call('POST', '/api/optimus_prime/cg-custom-enum/list', { keyword: 'tr_contract' })).json().data.list[0].id;
    const res = await call('DELETE', '/api/optimus_prime/cg-custom-enum/deletes', { ids: [enumId] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('枚举正在使用，不能删除：运费合同（改）(tr_freight_contract).合同状态(contract_status)');
    const ruleId = (await call('POST', '/api/optimus_prime/cg-validate/list', { search: [{ key: 'validateName', op: 'eq', val: 'tr_mobile' }] })).json().data.list[0].id;
    const rule = await call('DELETE', '/api/optimus_prime/cg-validate/deletes', { ids: [ruleId] });
    expect(rule.json().msg).toBe('校验规则正在使用，不能删除：运费合同（改）(tr_freight_contract).联系电话(contact_mobile)');
    expect((await call('POST', '/api/optimus_prime/cg-validate/create', { validateName: 'bad', validateMethod: '([', validateTitle: 'x' })).json()).toMatchObject({ data: { field: 'validateMethod' } });
    // a value rows hold cannot be taken out of the enum
    const e = (await call('GET', `/api/optimus_prime/cg-custom-enum/detail/${enumId}`)).json().data;
    const cut = await call('PUT', '/api/optimus_prime/cg-custom-enum/update', { id: enumId, version: e.version, enumCode: e.enumCode, enumName: e.enumName, items: [{ itemValue: 'ACTIVE', itemLabel: '生效' }] });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().msg).toContain('DRAFT');
  });

  it('refuses to drop a table a published template or a line table uses, or that holds rows; drops an empty unused one', async () => {
    const res = await call('DELETE', `${BASE}/deletes`, { ids: [contractId] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('明细表：tr_freight_contract_line');
    const seeded = (await t.database.db.selectFrom('cgCustomTable').select('id').where('tableName', '=', 'mm_pu_weigh').executeTakeFirstOrThrow()).id;
    const weigh = await call('DELETE', `${BASE}/deletes`, { ids: [seeded] });
    expect(weigh.json().msg).toMatch(/^数据源 mm_pu_weigh 被已发布的模板使用：采购过磅/);
    const lines = await call('DELETE', `${BASE}/deletes`, { ids: [lineId] });
    expect(lines.json().msg).toBe('数据源 tr_freight_contract_line 的表中仍有 2 行数据，不能删除');
    const empty = await create({ tableName: 'tr_scratch', tableExplain: '草稿表', kind: 'MASTER', tableSubList: [{ fieldDbName: 'scratch_name', fieldType: 'CHAR', length: 10, fieldExplain: '名称' }] });
    await synced(empty);
    // its templates are drafts, but a menu entry shows them: the drop names the menu
    expect((await call('POST', `${BASE}/generate-templates/${empty}`)).json()).toMatchObject({ success: true });
    const group = await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', 'grp_pu_business').executeTakeFirstOrThrow();
    const allot = await call('POST', `${BASE}/allot-menu/${empty}`, { parentId: group.id });
    expect(allot.json(), allot.body).toMatchObject({ success: true });
    const byMenu = await call('DELETE', `${BASE}/deletes`, { ids: [empty] });
    expect(byMenu.statusCode).toBe(400);
    expect(byMenu.json().msg).toBe('数据源 tr_scratch 被菜单使用：草稿表');
    await t.database.db.deleteFrom('sysMenu').where('parentId', '=', allot.json().data.menuId).execute();
    await t.database.db.deleteFrom('sysMenu').where('id', '=', allot.json().data.menuId).execute();
    expect((await call('DELETE', `${BASE}/deletes`, { ids: [empty] })).json()).toMatchObject({ success: true });
    expect((await sql`select 1 from information_schema.tables where table_name = 'tr_scratch'`.execute(t.database.db)).rows).toEqual([]);
  });

  it('keeps a seeded column an administrator dropped dropped when the seed runs again (a restart)', async () => {
    const id = (await t.database.db.selectFrom('cgCustomTable').select('id').where('tableName', '=', 'as_warehouse').executeTakeFirstOrThrow()).id;
    expect((await edit(id, (cols) => cols.filter((c) => c.fieldDbName !== 'keeper'))).statusCode).toBe(200);
    await synced(id);
    await ensureBuiltinResources(t.database.db);
    const d = await detail(id);
    expect(d.tableSubList.map((c: { fieldDbName: string }) => c.fieldDbName)).not.toContain('keeper');
    expect(d.tombstones.map((c: { fieldDbName: string }) => c.fieldDbName)).toEqual(['keeper']);
  });

  it('adds a column to a seeded table (采购过磅记录) without touching the rest', async () => {
    const id = (await t.database.db.selectFrom('cgCustomTable').select('id').where('tableName', '=', 'mm_pu_weigh').executeTakeFirstOrThrow()).id;
    expect((await plan(id)).steps).toEqual([]);
    // an edit that changes nothing leaves nothing to sync: the tree field and the permission keys are kept
    const tree = (await t.database.db.selectFrom('cgCustomTable').select('id').where('tableName', '=', 'as_inventory_class').executeTakeFirstOrThrow()).id;
    expect((await edit(tree, (cols) => cols)).statusCode).toBe(200);
    expect((await detail(tree))).toMatchObject({ pending: false, treeParentField: 'parentCode', permissionPrefix: 'as_inventory_class' });
    expect((await edit(id, (cols) => [...cols, { fieldDbName: 'seal_no', fieldType: 'CHAR', length: 32, fieldExplain: '铅封号', defaultValue: '无' }])).statusCode).toBe(200);
    const p = await plan(id);
    expect(p.steps.map((s) => s.kind)).toEqual(['addColumn']);
    const fileNode = async () => (await sql<{ node: string }>`select pg_relation_filenode('mm_pu_weigh') as node`.execute(t.database.db)).rows[0].node;
    const nodeBefore = await fileNode();
    await synced(id);
    // a column with a constant default is added without rewriting the table
    expect(await fileNode()).toBe(nodeBefore);
    const list = (await call('POST', '/api/measure/mm-pu-weigh/list', { limit: { pn: 1, ps: 1 } })).json().data;
    expect(list.list[0].sealNo).toBe('无');
    // 生成模板 on a seeded table adds the new column to its templates' drafts and keeps the rest as it was
    const before = await t.database.db.selectFrom('cgFormat').select(['id', 'published']).where('formatCode', '=', 'mm_pu_weigh_list').executeTakeFirstOrThrow();
    const oldFields = (before.published as { listSubList: { fieldName: string }[] }).listSubList.map((f) => f.fieldName);
    expect(oldFields).not.toContain('sealNo');
    expect((await call('POST', `${BASE}/generate-templates/${id}`)).json()).toMatchObject({ success: true });
    const draft = (await call('GET', `/api/optimus_prime/cg-format/draft/${before.id}`)).json().data;
    expect(draft.draft.listSubList.map((f: { fieldName: string }) => f.fieldName)).toEqual([...oldFields, 'sealNo']);
    expect((await call('POST', `/api/optimus_prime/cg-format/publish/${before.id}`, { version: draft.version })).json()).toMatchObject({ success: true });
    const weighMenu = await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', 'mm_pu_weigh').executeTakeFirstOrThrow();
    const served = (await call('GET', `/api/optimus_prime/optimusPrime?formatType=LIST&menuId=${weighMenu.id}`)).json().data;
    expect(served.listSubList.find((f: { fieldName: string }) => f.fieldName === 'sealNo')).toMatchObject({ fieldExplain: '铅封号' });
  });
  it('生成模板 makes draft LIST, FORM (master-child), DETAIL and RESOURCE templates; 发布, 分配菜单 and 分配权限 let finance work in it', async () => {
    const made = await call('POST', `${BASE}/generate-templates/${contractId}`);
    expect(made.json(), made.body).toMatchObject({ success: true });
    const ids = Object.fromEntries((made.json().data as { id: number; formatType: string }[]).map((x) => [x.formatType, x.id]));
    expect(Object.keys(ids).sort()).toEqual(['DETAIL', 'FORM', 'LIST', 'RESOURCE']);
    expect((await call('POST', `${BASE}/generate-templates/${lineId}`)).json()).toMatchObject({ success: false, data: { field: 'id' } });
    const form = (await call('GET', `/api/optimus_prime/cg-format/draft/${ids.FORM}`)).json().data;
    const kinds = Object.fromEntries((form.draft.formSubList as { fieldName: string; formSubmitType: string; cgValFormat?: { valFormatFun: string } | null }[]).map((f) => [f.fieldName, f.formSubmitType]));
    expect(kinds).toMatchObject({ contractCode: 'ONE_TXT', contractStatus: 'SELECT', signDate: 'DATA_BOX_TIM', remark: 'TEXTAREA', isOpen: 'BOOLEAN', price: 'ONE_TXT' });
    expect(form.draft.formSubList.find((f: { fieldName: string }) => f.fieldName === 'price').cgValFormat).toEqual({ valFormatFun: 'fixed2' });
    expect(form.draft.formSubList.find((f: { fieldName: string }) => f.fieldName === 'contactMobile').cgValidate).toEqual({ validateMethod: '^1[3-9]\\d{9}$', validateTitle: '手机号格式错误!' });
    expect(form.draft.formSubList.find((f: { fieldName: string }) => f.fieldName === 'contractStatus').options.map((o: { label: string }) => o.label)).toEqual(['草稿', '生效', '关闭']);
    expect(form.draft.formatStyle).toBe('FORMAT_MASTER_CHILD');
    expect(form.draft.childSubLists[0]).toMatchObject({ customTable: 'tr_freight_contract_line', label: '运费合同明细' });
    expect(form.draft.childSubLists[0].fields.map((f: { fieldName: string }) => f.fieldName)).toEqual(['routeName', 'amount']);
    for (const type of ['DETAIL', 'LIST', 'FORM', 'RESOURCE']) {
      const d = (await call('GET', `/api/optimus_prime/cg-format/draft/${ids[type]}`)).json().data;
      const res = await call('POST', `/api/optimus_prime/cg-format/publish/${ids[type]}`, { version: d.version });
      expect(res.json(), res.body).toMatchObject({ success: true });
    }
    const group = await t.database.db.selectFrom('sysMenu').select('id').where('uuid', '=', 'grp_pu_business').executeTakeFirstOrThrow();
    // a page (an entry with its own address) is no parent: the seeded 采购通知 page exists, and is refused
    const page = await t.database.db.selectFrom('sysMenu').select(['id', 'urlPath']).where('parentId', '=', group.id).where('menuType', '=', 'MENU').where('urlPath', 'is not', null).executeTakeFirstOrThrow();
    expect(page.urlPath).toMatch(/^\/modules\//);
    const underPage = await call('POST', `${BASE}/allot-menu/${contractId}`, { parentId: page.id });
    expect(underPage.statusCode).toBe(400);
    expect(underPage.json()).toMatchObject({ success: false, msg: '上级菜单必须是菜单组，不能是页面', data: { field: 'parentId' } });
    const allot = await call('POST', `${BASE}/allot-menu/${contractId}`, { parentId: group.id });
    expect(allot.json(), allot.body).toMatchObject({ success: true, data: { uuid: 'tr_freight_contract' } });
    const menuId = allot.json().data.menuId as number;
    const buttons = await t.database.db.selectFrom('sysMenu').select(['id', 'permission']).where('parentId', '=', menuId).orderBy('sort').execute();
    expect(buttons.map((b) => b.permission)).toEqual(['add', 'edit', 'del', 'audit', 'mulAudit', 'mulInit', 'obsolete', 'recover', 'copy', 'export'].map((a) => `tr_freight_contract_${a}`));
    // 分配权限: finance gets the menu and its buttons besides what it has
    const role = await t.database.db.selectFrom('sysRole').select('id').where('roleCode', '=', 'finance').executeTakeFirstOrThrow();
    const had = (await call('GET', `/api/sys-role/menu/${role.id}`)).json().data as number[];
    expect((await call('PUT', '/api/sys-role/menu', { roleId: role.id, menuIds: [...had, menuId, ...buttons.map((b) => b.id)] })).statusCode).toBe(200);

    const listTpl = (await call('GET', `/api/optimus_prime/optimusPrime?formatType=LIST&menuId=${menuId}`, undefined, finance)).json();
    expect(listTpl, JSON.stringify(listTpl)).toMatchObject({ success: true, data: { formatCode: 'tr_freight_contract_list' } });
    const bad = await call('POST', '/api/transport/tr-freight-contract/create', { contractCode: 'HT-F1', contactMobile: '123' }, finance);
    expect(bad.json()).toMatchObject({ success: false, msg: '手机号格式错误!' });
    const doc = await call('POST', '/api/transport/tr-freight-contract/create', {
      contractCode: 'HT-F1', carrierName: '西部运输', price: '12.5', contactMobile: '13812345678',
      children: { tr_freight_contract_line: [{ routeName: 'A-B', amount: '10' }, { routeName: 'B-C', amount: '5.5' }] },
    }, finance);
    expect(doc.json(), doc.body).toMatchObject({ success: true });
    const listed = (await call('POST', '/api/transport/tr-freight-contract/list', { tplId: ids.LIST, search: [{ key: 'carrierName', op: 'like', val: 'xbys' }], limit: { pn: 1, ps: 10 } }, finance)).json().data;
    expect(listed.list.map((r: { contractCode: string }) => r.contractCode)).toEqual(['HT-F1']);
    expect(listed.tongji).toEqual({ price: '12.50' });
    const exported = await call('POST', '/api/transport/tr-freight-contract/export', { tplId: ids.LIST, limit: { pn: 1, ps: 10 } }, finance);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    const audited = await call('POST', '/api/transport/tr-freight-contract/audit', { ids: [doc.json().data.id] }, finance);
    expect(audited.json(), audited.body).toMatchObject({ success: true });
    // datax by the unique key: a new contract is added, an existing one changed, in finance's company
    const synced2 = await call('POST', '/api/transport/tr-freight-contract/datax', { rows: [{ contractCode: 'HT-F2', carrierName: '北方运输' }, { contractCode: 'HT-001', carrierName: '东方物流二部' }] }, finance);
    expect(synced2.json(), synced2.body).toMatchObject({ success: true });
    const byCode = (await call('POST', '/api/transport/tr-freight-contract/list', { search: [{ key: 'contractCode', op: 'in', val: 'HT-F2,HT-001' }], limit: { pn: 1, ps: 10 } }, finance)).json().data;
    expect(byCode.list.map((r: { contractCode: string; carrierName: string }) => [r.contractCode, r.carrierName]).sort()).toEqual([['HT-001', '东方物流二部'], ['HT-F2', '北方运输']]);
    // a `…Name` column beside its `…Id` is picked from the published popup that shows such names
    const bill = await create({ tableName: 'tr_vendor_bill', tableExplain: '供应商运费单', kind: 'DOCUMENT', tableSubList: [
      { fieldDbName: 'vendor_id', fieldType: 'NUMBER', length: 18, scale: 0, fieldExplain: '供应商ID' },
      { fieldDbName: 'vendor_name', fieldType: 'CHAR', length: 100, fieldExplain: '供应商' },
      { fieldDbName: 'fee', fieldType: 'NUMBER', length: 12, scale: 2, fieldExplain: '运费' },
    ] });
    await synced(bill);
    const billTemplates = (await call('POST', `${BASE}/generate-templates/${bill}`)).json().data as { id: number; formatType: string }[];
    const billForm = (await call('GET', `/api/optimus_prime/cg-format/draft/${billTemplates.find((x) => x.formatType === 'FORM')!.id}`)).json().data.draft;
    const vendorPicker = await t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'as_vendor_resource').executeTakeFirstOrThrow();
    const byName = Object.fromEntries((billForm.formSubList as { fieldName: string; formSubmitType: string; cgFormatResId?: number }[]).map((f) => [f.fieldName, f]));
    expect(byName.vendorName).toMatchObject({ formSubmitType: 'RESOURCE_CONTROLS', cgFormatResId: vendorPicker.id });
    expect(byName.fee).toMatchObject({ formSubmitType: 'ONE_TXT', cgValFormat: { valFormatFun: 'fixed2' } });
    // now the table is in use: dropping it names the templates
    const drop = await call('DELETE', `${BASE}/deletes`, { ids: [contractId] });
    expect(drop.json().msg).toMatch(/^数据源 tr_freight_contract 被已发布的模板使用：.*运费合同（改）详情\(tr_freight_contract_detail\)/);
  });
});
