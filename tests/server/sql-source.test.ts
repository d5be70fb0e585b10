import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckedSql } from '../../server/sql/check';
import { runGuarded, TIMEOUT_MESSAGE, type SqlLimits } from '../../server/sql/run';
import { BUILTIN_SQL_SOURCES } from '../../server/seed/sql-sources';
import { DATABASES, bearer, createTestApp, type TestApp } from './support/test-app';

const BASE = '/api/optimus_prime/cg-sql-source';

/** 日报: per day and material — trucks, gross, tare, net, deduction (the seeded report's statement). */
const DAILY = `select date_trunc('day', w.gross_time)::date as day, w.material_name as material,
  count(*) as trucks, sum(w.gross) as gross, sum(w.tare) as tare, sum(w.net) as net, sum(w.deduct) as deduct
from mm_pu_weigh w
where w.gross_time >= :startDate
group by 1, 2
order by 1 desc, 2`;

/**
 * The attack corpus: each must be refused with a 400 that says why (or stopped with the timeout
 * message), and none may read or change what it should not.
 */
const CORPUS: { sql: string; why: RegExp }[] = [
  { sql: 'select 1 as a; delete from mm_pu_weigh', why: /只能有一条/ },
  { sql: 'select 1 as a;\ndrop table mm_pu_weigh', why: /只能有一条/ },
  { sql: "select 1 as a; select password_hash from sys_user", why: /只能有一条/ },
  { sql: 'select 1 as a /* ; */ ; update mm_pu_weigh set net = 0', why: /只能有一条/ },
  { sql: "select $$ ; $$ as a; delete from mm_pu_weigh", why: /只能有一条/ },
  { sql: "select 'x'';delete from mm_pu_weigh;--' as a; delete from mm_pu_weigh", why: /只能有一条/ },
  { sql: 'with d as (delete from mm_pu_weigh returning *) select * from d', why: /WITH 中只允许 SELECT，不允许 DELETE/ },
  { sql: 'with u as (update mm_pu_weigh set net = 0 returning id) select * from u', why: /不允许 UPDATE/ },
  { sql: "with i as (insert into as_vendor(org_id) values (1) returning id) select * from i", why: /不允许 INSERT/ },
  { sql: 'select * into stolen from mm_pu_weigh', why: /INTO/ },
  { sql: 'select id from mm_pu_weigh for update', why: /FOR UPDATE/ },
  { sql: 'select id from mm_pu_weigh for share', why: /FOR UPDATE/ },
  { sql: 'lock table mm_pu_weigh', why: /不允许 LOCK/ },
  { sql: "select set_config('app.org', '2', true)", why: /函数 set_config/ },
  { sql: "select current_setting('app.org') as a", why: /函数 current_setting/ },
  { sql: 'select pg_sleep(10)', why: /函数 pg_sleep/ },
  { sql: 'select PG_SLEEP(10)', why: /函数 pg_sleep/ },
  { sql: 'select "pg_sleep"(10)', why: /函数 pg_sleep/ },
  { sql: 'select pg_catalog.pg_sleep(10)', why: /函数 pg_catalog\.pg_sleep/ },
  { sql: 'select * from mm_pu_weigh where pg_sleep(1) is null', why: /函数 pg_sleep/ },
  { sql: "select lo_import('/etc/passwd')", why: /函数 lo_import/ },
  { sql: "select lo_export(1, '/tmp/x')", why: /函数 lo_export/ },
  { sql: "select * from dblink('host=evil', 'select 1') as t(a int)", why: /不允许|dblink/ },
  { sql: "select dblink_exec('host=evil', 'drop table x')", why: /函数 dblink_exec/ },
  { sql: "select pg_read_file('/etc/passwd')", why: /函数 pg_read_file/ },
  { sql: "select pg_ls_dir('.')", why: /函数 pg_ls_dir/ },
  { sql: "select query_to_xml('select * from sys_user', true, true, '')", why: /函数 query_to_xml/ },
  { sql: "copy mm_pu_weigh to '/tmp/out.csv'", why: /不允许 COPY/ },
  { sql: "copy (select 1) to program 'id'", why: /不允许 COPY/ },
  { sql: 'do $$ begin delete from mm_pu_weigh; end $$', why: /不允许 DO/ },
  { sql: 'select username, password_hash from sys_user', why: /不允许读取表 sys_user/ },
  { sql: 'select u.password_hash from mm_pu_weigh w join sys_user u on u.id = w.created_by', why: /不允许读取表 sys_user/ },
  { sql: 'select * from U&"sys\\005fuser"', why: /不允许读取表 sys_user/ },
  { sql: 'select * from "SYS_USER"', why: /不允许读取表 SYS_USER/ },
  { sql: 'select * from ((select * from sys_user)) x', why: /不允许读取表 sys_user/ },
  { sql: 'select * from mm_pu_weigh where id in (select id from auth_token)', why: /不允许读取表 auth_token/ },
  { sql: 'select * from public.sys_user', why: /不允许读取表 public\.sys_user/ },
  { sql: 'select * from pg_catalog.pg_authid', why: /不允许读取 pg_catalog\.pg_authid/ },
  { sql: 'select * from pg_shadow', why: /不允许读取表 pg_shadow/ },
  { sql: 'select table_name from information_schema.tables', why: /不允许读取 information_schema\.tables/ },
  { sql: 'select * from cg_custom_table', why: /不允许读取表 cg_custom_table/ },
  { sql: 'select * from sys_log', why: /不允许读取表 sys_log/ },
  { sql: "select 'sys_user'::regclass", why: /类型 regclass/ },
  { sql: 'select current_user', why: /CURRENT_USER/ },
  { sql: 'select * from generate_series(1, 1000000000) g', why: /generate_series 最多生成/ },
  { sql: 'select count(*) from mm_pu_weigh a, mm_pu_weigh b, mm_pu_weigh c, mm_pu_weigh d, mm_pu_weigh e', why: /估计开销/ },
  { sql: 'with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r', why: /WITH RECURSIVE/ },
  { sql: 'select $1', why: /命名参数|不要写 \$1/ },
  { sql: 'select :password', why: /未声明的参数 :password/ },
  { sql: 'explain select 1', why: /不允许 EXPLAIN/ },
  { sql: "set role postgres", why: /不允许 SET/ },
  { sql: 'select 1 from mm_pu_weigh where 1 = OPERATOR(pg_catalog.=) (1, 1)', why: /./ },
  { sql: 'select xmlparse(document \'<a/>\')', why: /不支持的 SQL 语法|不允许/ },
];

describe.each(DATABASES)('SQL 数据源 on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let finance: string;
  let weigher: string;
  let org: number;
  let otherOrg: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await t.login('admin')).access;
    finance = (await t.login('finance')).access;
    weigher = (await t.login('weigher')).access;
    const me = (await call('GET', '/api/sys-info/me')).json().data;
    org = Number(me.currentOrg);
    const orgs = await t.database.db.selectFrom('sysOrg').select('id').orderBy('id').execute();
    otherOrg = orgs.map((o) => o.id).find((id) => id !== org)!;
  });
  afterAll(async () => { await t.close(); });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = admin) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const run = (body: unknown, token = admin) => call('POST', `${BASE}/run`, body, token);
  const any = () => t.database.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const countAs = async (table: string, where: ReturnType<typeof sql<boolean>>) =>
    Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)} where ${where}`.execute(t.database.db)).rows[0].n);

  it('runs a SELECT with a declared parameter: columns with their PostgreSQL types, rows, total, time', async () => {
    expect(org).toBeGreaterThan(0);
    const res = await run({ sql: DAILY, params: [{ name: 'startDate', type: 'date', defaultValue: '2000-01-01' }] });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.columns).toEqual([
      { name: 'day', type: 'date' }, { name: 'material', type: 'character varying' }, { name: 'trucks', type: 'bigint' },
      { name: 'gross', type: 'numeric' }, { name: 'tare', type: 'numeric' }, { name: 'net', type: 'numeric' }, { name: 'deduct', type: 'numeric' },
    ]);
    expect(data.rows.length).toBe(Math.min(200, data.total));
    expect(data.truncated).toBe(data.total > 200);
    expect(typeof data.ms).toBe('number');
    // only the current organisation's live rows: the trucks add up to its weigh records
    const perMaterial = await run({ sql: 'select material_name as material, count(*) as trucks from mm_pu_weigh where gross_time >= :startDate group by 1', params: [{ name: 'startDate', type: 'date', value: '2000-01-01' }] });
    const trucks = perMaterial.json().data.rows.reduce((n: number, r: { trucks: number }) => n + Number(r.trucks), 0);
    expect(trucks).toBe(await countAs('mm_pu_weigh', sql<boolean>`org_id = ${org} and not deleted and gross_time >= '2000-01-01'`));
  });

  it('cuts the answer at 200 rows and says so; the total counts every row', async () => {
    const res = await run({ sql: 'select g as n from generate_series(1, 450) g' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.rows).toHaveLength(200);
    expect(data.total).toBe(450);
    expect(data.truncated).toBe(true);
  });

  it('binds parameters as values: a value that looks like SQL is only a value', async () => {
    const sqlText = 'select count(*) as n from mm_pu_weigh w where w.plate_number = :plate and w.org_id = :currentOrg';
    const res = await run({ sql: sqlText, params: [{ name: 'plate', type: 'text', value: "x' or '1'='1" }] });
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.json().data.rows[0].n)).toBe(0);
    // :currentOrg is the caller's organisation, bound by the server; it cannot be declared or sent
    const own = await run({ sql: 'select :currentOrg as org, :currentUser as who' });
    expect(Number(own.json().data.rows[0].org)).toBe(org);
    const declared = await run({ sql: 'select :currentOrg as org', params: [{ name: 'currentOrg', type: 'integer', value: otherOrg }] });
    expect(declared.statusCode).toBe(400);
    expect(declared.json().data.field).toBe('params[0].name');
    // `::` casts and :names inside strings and comments are not parameters
    const casts = await run({ sql: "select '2024-01-01'::date as d, ':notParam' as s -- :nope\n, 1::int as i" });
    expect(casts.statusCode, casts.body).toBe(200);
    expect(casts.json().data.rows[0].s).toBe(':notParam');
  });

  it('marks a syntax error at the line and column the parser reports', async () => {
    const res = await run({ sql: 'select plate_number\nfrom mm_pu_weigh\nwher id = 1' });
    expect(res.statusCode).toBe(400);
    const data = res.json().data;
    expect(data.message).toMatch(/语法错误/);
    expect(data.position).toEqual({ line: 3, column: 6 });
    // a column that does not exist: PostgreSQL's message at the source's own place
    const unknown = await run({ sql: 'select\n  nope from mm_pu_weigh' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.message).toBe('列 nope 不存在');
    expect(unknown.json().data.position).toEqual({ line: 2, column: 3 });
  });

  it('refuses every statement of the attack corpus with a 400 naming why, and nothing changes', async () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(40);
    const before = await countAs('mm_pu_weigh', sql<boolean>`true`);
    expect(before).toBeGreaterThan(0);
    for (const attack of CORPUS) {
      const res = await run({ sql: attack.sql });
      expect(res.statusCode, `${attack.sql} → ${res.body}`).toBe(400);
      const data = res.json().data;
      expect(data.message, attack.sql).toMatch(attack.why);
      expect(res.body).not.toMatch(/password_hash":|\$2[aby]\$/);
    }
    expect(await countAs('mm_pu_weigh', sql<boolean>`true`)).toBe(before);
    expect(((await sql<{ n: number }>`select count(*) as n from pg_class where relname = 'stolen'`.execute(t.database.db)).rows[0]).n).toBe(0);
  });

  it('the role is the backstop: with the parser check off, the corpus still reads nothing it should not', async () => {
    const limits: SqlLimits = { statementTimeoutMs: 3000, lockTimeoutMs: 500, maxCost: 1e12 };
    const unchecked = (text: string): CheckedSql => ({ text, parts: [text], uses: [], names: [], tables: [], original: (o) => o });
    const raw = async (text: string) => {
      const wrapped = { before: 'select q.* from (\n', after: '\n) q limit $1', parameters: [1000] };
      try {
        const outcome = await runGuarded({ readOnly: t.database.readOnly }, limits, { orgId: org, userId: 1, groupId: null }, unchecked(text), [], wrapped, [wrapped], () => undefined, text);
        return { rows: outcome.results[0].rows };
      } catch (error) {
        return { error: (error as Error).message };
      }
    };
    // preconditions: another organisation has rows, and sys_user holds password hashes
    expect(await countAs('mm_pu_weigh', sql<boolean>`org_id <> ${org} and not deleted`)).toBeGreaterThan(0);
    expect(await countAs('mm_pu_weigh', sql<boolean>`org_id = ${org} and deleted = false`)).toBeGreaterThan(0);
    expect(await countAs('sys_user', sql<boolean>`password_hash <> ''`)).toBeGreaterThan(0);

    // row-level security: only the current organisation's live rows, whatever the statement asks
    const other = await raw(`select count(*) as n from mm_pu_weigh where org_id <> ${org}`);
    expect(Number(other.rows?.[0].n)).toBe(0);
    const mine = await raw('select count(*) as n from mm_pu_weigh');
    expect(Number(mine.rows?.[0].n)).toBe(await countAs('mm_pu_weigh', sql<boolean>`org_id = ${org} and not deleted`));
    const joined = await raw(`select count(*) as n from mm_pu_weigh a join mm_sa_weigh b on b.org_id = ${otherOrg}`);
    expect(Number(joined.rows?.[0].n)).toBe(0);
    // the reader cannot move app.org, nor read platform tables or files
    for (const text of [
      `select * from mm_pu_weigh where set_config('app.org', '${otherOrg}', true) is not null`,
      'select password_hash from sys_user',
      'select * from auth_session',
      'select * from auth_token',
      'select * from cg_custom_table',
      'select * from pg_catalog.pg_authid',
      "select pg_read_file('/etc/passwd')",
      "select lo_import('/etc/passwd')",
      "select * from pg_ls_dir('.')",
    ]) {
      const answer = await raw(text);
      expect(answer.error, text).toMatch(/没有读取权限|permission denied|must be superuser/);
    }
    // information_schema lists only what the role may read: no platform table
    const visible = await raw("select table_name from information_schema.tables where table_name like 'sys_%' or table_name like 'cg_%'");
    expect(visible.rows).toEqual([]);
    // writes: refused by the wrapper's grammar, the read-only transaction, or the role
    const before = await countAs('mm_pu_weigh', sql<boolean>`true`);
    for (const text of ['delete from mm_pu_weigh returning id', 'with d as (delete from mm_pu_weigh returning id) select * from d', 'select 1; delete from mm_pu_weigh']) {
      expect((await raw(text)).error, text).toBeTruthy();
    }
    expect(await countAs('mm_pu_weigh', sql<boolean>`true`)).toBe(before);
  });

  it('a picker over a SQL source finds a name by its pinyin initials when the source answers the name\'s initials beside it', async () => {
    const created = await call('POST', `${BASE}/create`, { code: 'vendor_pick', name: '供应商选择', sqlText: 'select v.vendor_code, v.vendor_name, v.vendor_name_py from as_vendor v' });
    expect(created.statusCode, created.body).toBe(200);
    const search = (val: string) => call('POST', `${BASE}/vendor_pick/list`, { search: [{ conj: 'or', list: [{ key: 'vendor_name', op: 'like', val }, { key: 'vendor_code', op: 'like', val }] }], limit: { pn: 1, ps: 50 } });
    const byText = (await search('恒通')).json().data;
    expect(byText.total).toBeGreaterThan(0);
    const name = byText.list[0].vendor_name as string;
    const initials = byText.list[0].vendor_name_py as string;
    expect(initials).toMatch(/^[a-z]{2,}/);
    // the initials of the name find it, although neither the name nor the code holds those letters
    expect(name.toLowerCase()).not.toContain(initials.slice(0, 4));
    const found = (await search(initials.slice(0, 4).toUpperCase())).json().data;
    expect(found.list.map((r: { vendor_name: string }) => r.vendor_name)).toContain(name);
    // a source that does not answer the initials is searched by its text only
    await call('POST', `${BASE}/create`, { code: 'vendor_pick_plain', name: '供应商选择2', sqlText: 'select v.vendor_code, v.vendor_name from as_vendor v' });
    const plain = await call('POST', `${BASE}/vendor_pick_plain/list`, { search: [{ key: 'vendor_name', op: 'like', val: initials.slice(0, 4) }], limit: { pn: 1, ps: 50 } });
    expect(plain.json().data.total).toBe(0);
  });

  it('saves a source (checked on save, its columns kept), logs its text, and serves its list with search, sort, paging and sums', async () => {
    const refused = await call('POST', `${BASE}/create`, { code: 'bad_src', name: '坏', sqlText: 'select * from sys_user' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.message).toMatch(/sys_user/);
    expect(await any().selectFrom('cg_sql_source').select('id').where('code', '=', 'bad_src').executeTakeFirst()).toBeUndefined();

    const created = await call('POST', `${BASE}/create`, { code: 'daily_test', name: '日报测试', sqlText: DAILY, params: [{ name: 'startDate', type: 'date', defaultValue: '2000-01-01' }] });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    const log = await any().selectFrom('sys_log').select(['title', 'params']).where('path', 'like', `%cg-sql-source/create%`).orderBy('id', 'desc').executeTakeFirst();
    expect(JSON.stringify(log?.params)).toContain('date_trunc');

    // only custom_table_edit writes SQL: finance may not
    expect((await call('POST', `${BASE}/create`, { code: 'x_src', name: 'x', sqlText: 'select 1 as a' }, finance)).statusCode).toBe(403);
    expect((await run({ sql: 'select 1 as a' }, weigher)).statusCode).toBe(403);

    const list = (body: unknown, token = admin) => call('POST', `${BASE}/daily_test/list`, body, token);
    const all = await list({ limit: { pn: 1, ps: 1000 } });
    expect(all.statusCode, all.body).toBe(200);
    const { total, tongji, list: rows } = all.json().data;
    expect(rows.length).toBe(total);
    const trucks = rows.reduce((n: number, r: { trucks: number }) => n + Number(r.trucks), 0);
    expect(Number(tongji.trucks)).toBe(trucks);
    // the answer is kept while the weigh table is unchanged, and follows a write at once
    const again = (await list({ limit: { pn: 1, ps: 1000 } })).json().data;
    expect(again.tongji).toEqual(tongji);
    await sql`insert into mm_pu_weigh (org_id, bill_code, plate_number, material_name, gross_time, net) values (${org}, 'SQLSRC-1', '蒙A00001', ${rows[0].material}, now(), 1)`.execute(t.database.db);
    const after = (await list({ limit: { pn: 1, ps: 1000 } })).json().data;
    expect(Number(after.tongji.trucks)).toBe(trucks + 1);
    const material = rows[0].material as string;
    const filtered = await list({ search: [{ key: 'material', op: 'eq', val: material }], sort: [{ key: 'net', dir: 'asc' }], limit: { pn: 1, ps: 2 } });
    expect(filtered.statusCode, filtered.body).toBe(200);
    const f = filtered.json().data;
    expect(f.total).toBe(after.list.filter((r: { material: string }) => r.material === material).length);
    expect(f.list.length).toBe(Math.min(2, f.total));
    expect(f.list.every((r: { material: string }) => r.material === material)).toBe(true);
    if (f.list.length === 2) expect(Number(f.list[0].net)).toBeLessThanOrEqual(Number(f.list[1].net));
    // the parameter narrows it; unknown keys are 400s as for tables
    const later = await list({ param: { startDate: '2999-01-01' } });
    expect(later.json().data.total).toBe(0);
    for (const [body, field] of [
      [{ search: [{ key: 'nope', op: 'eq', val: 1 }] }, 'nope'],
      [{ sort: [{ key: 'nope' }] }, 'sort'],
      [{ param: { nope: 1 } }, 'param.nope'],
      [{ param: { startDate: '2024-02-30' } }, 'params.startDate'],
      [{ search: [{ key: 'trucks', op: 'like', val: '1' }] }, 'trucks'],
    ] as const) {
      const res = await list(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
    // a user without a table's view permission may not read it through a source either
    const perms: string[] = (await call('GET', '/api/sys-info/me', undefined, weigher)).json().data.permissions;
    const tables = await any().selectFrom('cg_custom_table').select(['table_name', 'definition']).execute();
    const hidden = tables.find((r) => !perms.includes(`${(r.definition as { permissionPrefix: string }).permissionPrefix}_view`));
    expect(hidden).toBeDefined();
    const code = 'hidden_test';
    const made = await call('POST', `${BASE}/create`, { code, name: '看不到', sqlText: `select count(*) as n from ${String((hidden as unknown as { tableName: string }).tableName)}` });
    expect(made.statusCode, made.body).toBe(200);
    expect((await call('POST', `${BASE}/${code}/list`, {}, weigher)).statusCode).toBe(403);
    expect((await call('POST', `${BASE}/${code}/list`, {})).statusCode).toBe(200);

    // update is checked again; the detail shows the text and the columns
    const detail = (await call('GET', `${BASE}/detail/${id}`)).json().data;
    expect(detail.resultColumns.map((c: { name: string }) => c.name)).toContain('trucks');
    const badUpdate = await call('PUT', `${BASE}/update`, { ...pick(detail), sqlText: 'select 1; select 2' });
    expect(badUpdate.statusCode).toBe(400);
    // impact analysis: a published LIST template on the source uses trucks and net
    const published = JSON.stringify({ listSubList: [{ fieldName: 'trucks', itotal: true }, { fieldName: 'net' }, { fieldName: 'vendorName', customTable: 'as_vendor' }] });
    const tpl = await any().insertInto('cg_format').values({ format_code: 'daily_test_list', format_name: '日报测试列表', format_type: 'LIST', custom_table: 'daily_test', draft: published, published })
      .returning('id').executeTakeFirstOrThrow();
    const lost = await call('PUT', `${BASE}/update`, { ...pick(detail), sqlText: 'select 1 as trucks' });
    expect(lost.statusCode).toBe(400);
    expect(lost.json().msg).toBe('修改后的 SQL 缺少已发布模板使用的列：日报测试列表(daily_test_list) 的 net');
    expect((await call('DELETE', `${BASE}/deletes`, { ids: [id] })).statusCode).toBe(400);
    await any().deleteFrom('cg_format').where('id', '=', tpl.id as number).execute();
    const good = await call('PUT', `${BASE}/update`, { ...pick(detail), sqlText: 'select 1 as one' });
    expect(good.statusCode, good.body).toBe(200);
    expect((await call('DELETE', `${BASE}/deletes`, { ids: [id] })).statusCode).toBe(200);
  });

  it('日报 and 供应商月度汇总 run, and answer the columns the seed declares', async () => {
    // in the file's shared app (an app of its own cost a second and a half): the tests before only add sources of their own
    for (const source of BUILTIN_SQL_SOURCES) {
      const res = await t.app.inject({ method: 'POST', url: `${BASE}/run`, headers: bearer(admin), payload: { sql: source.sqlText, params: source.params } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.columns).toEqual(source.resultColumns.map(({ name, type }) => ({ name, type })));
      expect(res.json().data.total).toBeGreaterThan(0);
      const list = await t.app.inject({ method: 'POST', url: `${BASE}/${source.code}/list`, headers: bearer(admin), payload: { limit: { pn: 1, ps: 5 }, sort: [{ key: 'trucks', dir: 'desc' }] } });
      expect(list.statusCode, list.body).toBe(200);
      const data = list.json().data;
      expect(data.total).toBe(res.json().data.total);
      expect(Number(data.tongji.trucks)).toBeGreaterThan(0);
      expect(Number(data.list[0].trucks)).toBeGreaterThanOrEqual(Number(data.list.at(-1).trucks));
    }
  });
});

const pick = (d: Record<string, unknown>) => ({ id: d.id, version: d.version, code: d.code, name: d.name, sqlText: d.sqlText, params: d.params, description: d.description });

describe.each(DATABASES)('SQL 数据源 timeout on %s', (kind) => {
  let t: TestApp;
  afterAll(async () => { await t?.close(); });

  it('stops a statement that runs past the timeout with the timeout message, and the database serves on', async () => {
    // a cost limit high enough to let a long statement start: only the timeout (PostgreSQL) or the watchdog (PGlite) stops it
    t = await createTestApp(kind, { config: { sqlSource: { statementTimeoutMs: 800, lockTimeoutMs: 500, maxCost: 1e15 } } });
    const admin = (await t.login('admin')).access;
    const res = await t.app.inject({
      method: 'POST', url: `${BASE}/run`, headers: bearer(admin),
      payload: { sql: 'select count(*) as n from mm_pu_weigh a, mm_pu_weigh b, mm_pu_weigh c, mm_pu_weigh d' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().data.message).toBe(TIMEOUT_MESSAGE(800));
    // (an in-memory PGlite restarts from the snapshot it was started from: sign in again)
    const again = kind === 'pglite' ? (await t.login('admin')).access : admin;
    const after = await t.app.inject({ method: 'POST', url: `${BASE}/run`, headers: bearer(again), payload: { sql: 'select count(*) as n from mm_pu_weigh' } });
    expect(after.statusCode, after.body).toBe(200);
  });
});
