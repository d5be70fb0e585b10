import { sql, type Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { raceHelpers } from './support/races';
import { DATABASES, resourceTestApp } from './support/test-app';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Answer = LightMyRequestResponse;

/**
 * Two requests storing the same unique key at once on PostgreSQL (READ COMMITTED, as several API
 * processes run): each checks up front that the key is free, and the first has not committed when the
 * second checks. The second must wait for the first and then be refused as the check refuses (the same
 * 400, naming the field), never stored beside it nor answered with a 500. The embedded database runs one
 * transaction at a time: those cases are PostgreSQL's.
 */
describe.each(DATABASES)('a unique key stored by two requests at once on %s', (kind) => {
  const api = resourceTestApp(kind);
  const { call } = api;
  const db = () => api.t.database.db as unknown as AnyDb;
  /** How many rows `where` finds in `table` (names from this file). */
  const rows = async (table: string, where: Record<string, unknown>) => {
    let q = db().selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
    for (const [column, value] of Object.entries(where)) q = q.where(column, '=', value);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const live = (table: string, column: string, value: string) => () => rows(table, { [column]: value, deleted: false });
  const { heldFirst, whileInserted, uniqueIndexes, refused } = raceHelpers(db);

  describe('a resource on a built-in table (the rule is the metadata\'s: no unique index)', () => {
    const warehouse = (code: string) => ({ warehouseCode: code, warehouseName: '竞态仓库' });

    it.runIf(kind === 'postgres')('create: the second waits for the first, then 400 naming the field; one row', async () => {
      expect(await uniqueIndexes('as_warehouse')).toEqual([]);
      const create = () => call('POST', '/material/as-warehouse/create', warehouse('CK-RACE'));
      const [first, second] = await heldFirst(create, create, live('as_warehouse', 'warehouse_code', 'CK-RACE'));
      expect(first.json(), first.body).toMatchObject({ success: true });
      refused(second, '仓库编码 CK-RACE 已存在', 'warehouseCode');
      expect(await live('as_warehouse', 'warehouse_code', 'CK-RACE')()).toBe(1);
    });

    it.runIf(kind === 'postgres')('update giving a row the key another request is creating: the same', async () => {
      const other = await call('POST', '/material/as-warehouse/create', warehouse('CK-OTHER'));
      expect(other.json(), other.body).toMatchObject({ success: true });
      const { id } = other.json().data as { id: number };
      const [first, second] = await heldFirst(
        () => call('POST', '/material/as-warehouse/create', warehouse('CK-RACE-U')),
        () => call('PUT', '/material/as-warehouse/update', { id, version: 1, warehouseCode: 'CK-RACE-U' }),
        live('as_warehouse', 'warehouse_code', 'CK-RACE-U'),
      );
      expect(first.json(), first.body).toMatchObject({ success: true });
      refused(second, '仓库编码 CK-RACE-U 已存在', 'warehouseCode');
      expect(await live('as_warehouse', 'warehouse_code', 'CK-RACE-U')()).toBe(1);
      expect(await live('as_warehouse', 'warehouse_code', 'CK-OTHER')()).toBe(1);
    });
  });

  describe('datax (sync by key) beside a create or another sync of the same new key, on a built-in table', () => {
    const sync = (code: string, name: string) => () => call('POST', '/material/as-warehouse/datax', { rows: [{ warehouseCode: code, warehouseName: name }] });
    const create = (code: string) => () => call('POST', '/material/as-warehouse/create', { warehouseCode: code, warehouseName: '新增的仓库' });
    const names = async (code: string) => (await db().selectFrom('as_warehouse').select('warehouse_name as name').where('warehouse_code', '=', code).where('deleted', '=', false).execute()).map((r) => r.name as string);
    const updatedOne = { success: true, data: { inserted: 0, updated: 1, total: 1 }, msg: '同步成功：新增 0 条，修改 1 条' };

    it.runIf(kind === 'postgres')('a sync of a key a create is storing waits for it, then updates that row (as when sent after it); one row', async () => {
      const [created, synced] = await heldFirst(create('CK-DX-1'), sync('CK-DX-1', '同步的仓库'), live('as_warehouse', 'warehouse_code', 'CK-DX-1'));
      expect(created.json(), created.body).toMatchObject({ success: true });
      expect(synced.json(), synced.body).toMatchObject(updatedOne);
      expect(await names('CK-DX-1')).toEqual(['同步的仓库']);
    });

    it.runIf(kind === 'postgres')('two syncs of one new key: the second updates what the first inserted; one row', async () => {
      const [first, second] = await heldFirst(sync('CK-DX-2', '第一次同步'), sync('CK-DX-2', '第二次同步'), live('as_warehouse', 'warehouse_code', 'CK-DX-2'));
      expect(first.json(), first.body).toMatchObject({ success: true, data: { inserted: 1, updated: 0 } });
      expect(second.json(), second.body).toMatchObject(updatedOne);
      expect(await names('CK-DX-2')).toEqual(['第二次同步']);
    });

    it.runIf(kind === 'postgres')('a create of a key a sync is storing: 400 naming the field; one row', async () => {
      const [synced, created] = await heldFirst(sync('CK-DX-3', '同步的仓库'), create('CK-DX-3'), live('as_warehouse', 'warehouse_code', 'CK-DX-3'));
      expect(synced.json(), synced.body).toMatchObject({ success: true, data: { inserted: 1 } });
      refused(created, '仓库编码 CK-DX-3 已存在', 'warehouseCode');
      expect(await names('CK-DX-3')).toEqual(['同步的仓库']);
    });
  });

  describe('编码规则: 生成默认规则 (auto) beside another auto or a create of a rule (单据类型 is unique; no index)', () => {
    const rules = live('as_number_rule', 'bill_type', 'pu_notice');
    /** The bill types with more than one live rule in any organisation (none, when each is stored once). */
    const twice = async () => (await sql<{ billType: string }>`select bill_type as "billType" from as_number_rule where not deleted group by org_id, bill_type having count(*) > 1`.execute(db())).rows;
    const auto = () => call('POST', '/material/as-number-prefix/auto', {});
    const rule = (billType: string) => () => call('POST', '/material/as-number-prefix/create', { billType, prefix: 'RACE', dateFormat: 'YYYYMMDD', separator: '-', serialLength: 4, resetPeriod: 'DAY' });
    /** Deletes the live rule of `billType` (the precondition of a test: auto would create it). */
    const without = async (billType: string) => {
      const { list } = (await call('POST', '/material/as-number-prefix/list', { limit: { pn: 1, ps: 50 } })).json().data as { list: { id: number; billType: string }[] };
      const ids = list.filter((r) => r.billType === billType).map((r) => r.id);
      expect((await call('DELETE', '/material/as-number-prefix/deletes', { ids })).json()).toMatchObject({ success: true });
      expect(await live('as_number_rule', 'bill_type', billType)()).toBe(0);
    };

    it.runIf(kind === 'postgres')('two at once: the second waits for the first, then creates none (as when sent after it); each rule once', async () => {
      expect(await uniqueIndexes('as_number_rule')).toEqual([]);
      const [first, second] = await heldFirst(auto, auto, rules);
      expect(first.json(), first.body).toMatchObject({ success: true, data: { created: 8 } });
      expect(second.json(), second.body).toMatchObject({ success: true, data: { created: 0 }, msg: '每种单据都已有编码规则' });
      expect(await twice()).toEqual([]);
      expect(await rules()).toBe(1);
    });

    it.runIf(kind === 'postgres')('while a create of one rule is being stored: auto waits for it and leaves that 单据类型 alone', async () => {
      await without('pu_notice');
      const [created, generated] = await heldFirst(rule('pu_notice'), auto, rules);
      expect(created.json(), created.body).toMatchObject({ success: true });
      expect(generated.json(), generated.body).toMatchObject({ success: true, data: { created: 0 } });
      expect(await twice()).toEqual([]);
      expect(await db().selectFrom('as_number_rule').select('prefix').where('bill_type', '=', 'pu_notice').where('deleted', '=', false).execute()).toEqual([{ prefix: 'RACE' }]);
    });

    it.runIf(kind === 'postgres')('a create of a rule while auto is storing it: 400 naming the field, as after it; one rule', async () => {
      await without('sa_notice');
      const stored = live('as_number_rule', 'bill_type', 'sa_notice');
      const [generated, created] = await heldFirst(auto, rule('sa_notice'), stored);
      expect(generated.json(), generated.body).toMatchObject({ success: true, data: { created: 1 } });
      refused(created, '单据类型 sa_notice 已存在', 'billType');
      expect(await twice()).toEqual([]);
      expect(await stored()).toBe(1);
    });
  });

  describe('a resource on a table synced from metadata (a partial unique index over the organisation\'s live rows)', () => {
    const stored = live('tr_dock', 'dock_code', 'YT-RACE');
    let tableId = 0;
    // another process's row, in the administrator's organisation, where the requests store theirs
    const otherProcess = (code: string) => (trx: AnyDb) =>
      sql`insert into tr_dock (org_id, group_id, dock_code, dock_name) select o.id, o.group_id, ${code}, '别的进程' from sys_user u join sys_org o on o.id = u.current_org_id where u.username = 'admin'`.execute(trx);

    beforeAll(async () => {
      if (kind !== 'postgres') return;
      const made = await call('POST', '/optimus_prime/cg-custom-table/create', {
        tableName: 'tr_dock', tableExplain: '月台', module: 'transport', kind: 'MASTER', scope: 'ORG',
        tableSubList: [
          { fieldDbName: 'dock_code', fieldType: 'CHAR', length: 32, fieldExplain: '月台编码', required: true, unique: true },
          { fieldDbName: 'dock_name', fieldType: 'CHAR', length: 50, fieldExplain: '月台名称' },
        ],
      });
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().data.id as number;
      tableId = id;
      const { hash } = (await call('POST', `/optimus_prime/cg-custom-table/plan/${id}`)).json().data as { hash: string };
      expect((await call('POST', `/optimus_prime/cg-custom-table/sync/${id}`, { hash })).statusCode).toBe(200);
      expect(await uniqueIndexes('tr_dock')).toEqual(['tr_dock_dock_code_uniq_idx']);
    });

    it.runIf(kind === 'postgres')('create: waits for the transaction holding the key, then 400 naming the field; one row', async () => {
      const answer = await whileInserted(otherProcess('YT-RACE'), () => call('POST', '/transport/tr-dock/create', { dockCode: 'YT-RACE', dockName: '竞态月台' }), stored);
      refused(answer, '月台编码 YT-RACE 已存在', 'dockCode');
      expect(await stored()).toBe(1);
    });

    it.runIf(kind === 'postgres')('update to a key being stored: the same', async () => {
      const made = await call('POST', '/transport/tr-dock/create', { dockCode: 'YT-OLD', dockName: '旧月台' });
      expect(made.json(), made.body).toMatchObject({ success: true });
      const { id, version } = made.json().data as { id: number; version: number };
      const storedU = live('tr_dock', 'dock_code', 'YT-RACE-U');
      const answer = await whileInserted(otherProcess('YT-RACE-U'), () => call('PUT', '/transport/tr-dock/update', { id, version, dockCode: 'YT-RACE-U' }), storedU);
      refused(answer, '月台编码 YT-RACE-U 已存在', 'dockCode');
      expect(await storedU()).toBe(1);
      expect(await live('tr_dock', 'dock_code', 'YT-OLD')()).toBe(1);
    });

    // the batch waits on the unique index (the key is its first write), or on the table's write generation (another
    // key written first) and then meets the key
    it.runIf(kind === 'postgres').each([
      { waitsOn: 'the unique index', rows: [{ dockCode: 'YT-DX-RAW1', dockName: '同步的月台' }], msg: '同步成功：新增 0 条，修改 1 条', data: { inserted: 0, updated: 1, total: 1 } },
      { waitsOn: 'the write generation', rows: [{ dockCode: 'YT-DX-FREE', dockName: '新月台' }, { dockCode: 'YT-DX-RAW2', dockName: '同步的月台' }], msg: '同步成功：新增 1 条，修改 1 条', data: { inserted: 1, updated: 1, total: 2 } },
    ])('datax of a key another process is storing without the engine\'s locks (waiting on $waitsOn): then updates that row; one row', async ({ rows, msg, data }) => {
      const raw = rows.at(-1)!.dockCode;
      const answer = await whileInserted(otherProcess(raw), () => call('POST', '/transport/tr-dock/datax', { rows }), live('tr_dock', 'dock_code', raw));
      expect(answer.json(), answer.body).toEqual({ success: true, code: '0', msg, data });
      const stored = await db().selectFrom('tr_dock').select(['dock_code as dockCode', 'dock_name as dockName']).where('dock_code', 'in', rows.map((r) => r.dockCode)).where('deleted', '=', false).orderBy('dock_code').execute();
      expect(stored).toEqual(rows);
    });

    it.runIf(kind === 'postgres')('a dry run of the form (its write rolled back) with a key being stored: the save\'s 400, not a 500', async () => {
      const generated = await call('POST', `/optimus_prime/cg-custom-table/generate-templates/${tableId}`);
      expect(generated.statusCode, generated.body).toBe(200);
      const form = (generated.json().data as { id: number; formatType: string }[]).find((f) => f.formatType === 'FORM')!;
      const dryRun = (dockCode: string) => () => call('POST', `/optimus_prime/cg-format/dry-run/${form.id}`, { values: { dockCode, dockName: '试提交月台' } });
      // precondition: a free key passes the dry run and is not stored
      expect((await dryRun('YT-DRY')()).json()).toMatchObject({ success: true, data: { written: 0, saved: { dockCode: 'YT-DRY' } } });
      const storedD = live('tr_dock', 'dock_code', 'YT-DRY');
      expect(await storedD()).toBe(0);
      refused(await whileInserted(otherProcess('YT-DRY'), dryRun('YT-DRY'), storedD), '月台编码 YT-DRY 已存在', 'dockCode');
      expect(await storedD()).toBe(1);
    });
  });

  describe('a key a unique constraint holds', () => {
    const formatId = async (code: string) => Number((await db().selectFrom('cg_format').select('id').where('format_code', '=', code).executeTakeFirstOrThrow()).id);
    const exported = async (code: string) => JSON.parse((await call('GET', `/optimus_prime/cg-format/export/${await formatId(code)}`)).body) as Record<string, unknown>;
    const format = (code: string) => ({ format_code: code, format_name: '别的进程', format_type: 'FORM', draft: '{}' });
    /** A data source another process is creating (a draft, never synced), and the body of one this test creates. */
    const dataSource = (tableName: string, resource: string) => ({ table_name: tableName, table_explain: '别的进程', module: 'custom', resource, draft: '{}' });
    const tableBody = (tableName: string, resource?: string) => ({
      tableName, tableExplain: '竞态数据源', kind: 'MASTER', ...(resource ? { resource } : {}),
      tableSubList: [{ fieldDbName: 'race_code', fieldType: 'CHAR', length: 20, fieldExplain: '编码' }],
    });
    /**
     * Each place: the row another request stores, the request (made ready before the key is held: the row
     * it updates, the template it copies) and its refusal.
     */
    const places: { name: string; table: string; row: Record<string, string>; key: string; ready: () => Promise<() => Promise<Answer>>; msg: string; field: string }[] = [
      {
        name: '新增用户', table: 'sys_user', row: { username: 'racer', real_name: '别的进程', password_hash: 'x' }, key: 'username',
        ready: async () => () => call('POST', '/sys-user/create', { username: 'racer', realName: '竞态用户', password: 'Racer@2026x' }),
        msg: '用户名已存在', field: 'username',
      },
      {
        name: '注册账号', table: 'sys_user', row: { username: 'racer2', real_name: '别的进程', password_hash: 'x' }, key: 'username',
        ready: async () => () => api.t.app.inject({ method: 'POST', url: '/api/sys-user/register', payload: { username: 'racer2', realName: '竞态', mobile: '13800000002', password: 'Racer@2026x', orgCode: 'DFNY' } }),
        msg: '用户名已存在', field: 'username',
      },
      {
        name: '新增角色', table: 'sys_role', row: { role_code: 'race_role', role_name: '别的进程' }, key: 'role_code',
        ready: async () => () => call('POST', '/sys-role/create', { roleCode: 'race_role', roleName: '竞态角色' }),
        msg: '角色编码已存在', field: 'roleCode',
      },
      {
        name: '修改角色编码', table: 'sys_role', row: { role_code: 'race_role_u', role_name: '别的进程' }, key: 'role_code',
        ready: async () => {
          const { id } = (await call('POST', '/sys-role/create', { roleCode: 'race_role_v', roleName: '竞态角色' })).json().data as { id: number };
          return () => call('PUT', '/sys-role/update', { id, version: 1, roleCode: 'race_role_u' });
        },
        msg: '角色编码已存在', field: 'roleCode',
      },
      {
        name: '新增枚举', table: 'cg_enum', row: { enum_code: 'race_enum', enum_name: '别的进程' }, key: 'enum_code',
        ready: async () => () => call('POST', '/optimus_prime/cg-custom-enum/create', { enumCode: 'race_enum', enumName: '竞态枚举', items: [{ itemValue: 'A', itemLabel: '甲' }] }),
        msg: '枚举编码 race_enum 已存在', field: 'enumCode',
      },
      {
        name: '新增SQL数据源', table: 'cg_sql_source', row: { code: 'race_src', name: '别的进程', sql_text: 'select 1 as a' }, key: 'code',
        ready: async () => () => call('POST', '/optimus_prime/cg-sql-source/create', { code: 'race_src', name: '竞态', sqlText: 'select 1 as a' }),
        msg: '编码已存在', field: 'code',
      },
      {
        name: '修改SQL数据源编码', table: 'cg_sql_source', row: { code: 'race_src_u', name: '别的进程', sql_text: 'select 1 as a' }, key: 'code',
        ready: async () => {
          const { id } = (await call('POST', '/optimus_prime/cg-sql-source/create', { code: 'race_src_v', name: '竞态', sqlText: 'select 1 as a' })).json().data as { id: number };
          return () => call('PUT', '/optimus_prime/cg-sql-source/update', { id, version: 1, code: 'race_src_u', name: '竞态', sqlText: 'select 1 as a' });
        },
        msg: '编码已存在', field: 'code',
      },
      {
        name: '新增数据源', table: 'cg_custom_table', row: dataSource('race_tbl', 'race-tbl-other'), key: 'table_name',
        ready: async () => () => call('POST', '/optimus_prime/cg-custom-table/create', tableBody('race_tbl')),
        msg: '表名 race_tbl 已被其他数据源使用', field: 'tableName',
      },
      {
        name: '新增数据源（接口路径）', table: 'cg_custom_table', row: dataSource('race_tbl_o', 'race-path'), key: 'resource',
        ready: async () => () => call('POST', '/optimus_prime/cg-custom-table/create', tableBody('race_tbl_p', 'race-path')),
        msg: '接口路径 /custom/race-path 已被数据源 race_tbl_o 使用', field: 'resource',
      },
      {
        name: '复制模板', table: 'cg_format', row: format('race_copy'), key: 'format_code',
        ready: async () => {
          const id = await formatId('as_vehicle_form');
          return () => call('POST', `/optimus_prime/cg-format/copy/${id}`, { formatCode: 'race_copy', formatName: '竞态副本' });
        },
        msg: '模板编码 race_copy 已存在', field: 'formatCode',
      },
      {
        name: '导入模板（新编码，不带 version）', table: 'cg_format', row: format('race_import'), key: 'format_code',
        ready: async () => {
          const template = { ...(await exported('as_vehicle_form')), formatCode: 'race_import' };
          return () => call('POST', '/optimus_prime/cg-format/import', { template });
        },
        msg: '模板编码 race_import 已存在：覆盖其草稿须带上草稿的 version', field: 'version',
      },
    ];

    for (const p of places) {
      it.runIf(kind === 'postgres')(`${p.name} (${p.table}.${p.key}): waits for the transaction holding the key, then 400 naming the field`, async () => {
        const stored = () => rows(p.table, { [p.key]: p.row[p.key] });
        const request = await p.ready();
        const answer = await whileInserted((trx) => trx.insertInto(p.table).values(p.row).execute(), request, stored);
        refused(answer, p.msg, p.field);
        expect(await stored()).toBe(1);
      });
    }

    it.runIf(kind === 'postgres')('导入模板 with a version, of a code another import is creating: stale (409), one template', async () => {
      const stored = () => rows('cg_format', { format_code: 'race_import_v' });
      const template = { ...(await exported('as_vehicle_form')), formatCode: 'race_import_v' };
      const answer = await whileInserted((trx) => trx.insertInto('cg_format').values(format('race_import_v')).execute(), () => call('POST', '/optimus_prime/cg-format/import', { template, version: 1 }), stored);
      expect(answer.json(), answer.body).toEqual({ success: false, code: '409', msg: '模板已被他人修改，请载入最新草稿后重试', data: null });
      expect(await stored()).toBe(1);
    });

    it('a 校验规则 named with spaces around a taken name: 400 naming the field (it was checked as sent and stored trimmed)', async () => {
      const rule = { validateName: 'race_rule', validateMethod: '^\\d+$', validateTitle: '须为数字' };
      expect((await call('POST', '/optimus_prime/cg-validate/create', rule)).json()).toMatchObject({ success: true });
      refused(await call('POST', '/optimus_prime/cg-validate/create', { ...rule, validateName: ' race_rule ' }), '校验规则名称已存在', 'validateName');
      expect(await rows('cg_validate', { validate_name: 'race_rule' })).toBe(1);
    });
  });
});
