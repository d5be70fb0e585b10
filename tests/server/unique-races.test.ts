import { sql, type Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
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
  const waiting = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db())).rows[0].n;
  /** How many rows `where` finds in `table` (names from this file). */
  const rows = async (table: string, where: Record<string, unknown>) => {
    let q = db().selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n'));
    for (const [column, value] of Object.entries(where)) q = q.where(column, '=', value);
    return Number((await q.executeTakeFirstOrThrow()).n);
  };
  const refused = (res: Answer, msg: string, field: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, code: '400', msg, data: { field } });
  };

  /**
   * `request` sent while a transaction of the test's own holds `insert` (the key stored, not committed):
   * it waits for it (the unique index), and is answered once that transaction has committed.
   */
  const whileInserted = async (insert: (trx: AnyDb) => Promise<unknown>, request: () => Promise<Answer>, stored: () => Promise<number>) =>
    db().transaction().execute(async (trx) => {
      await insert(trx);
      // precondition: the key is not seen outside this transaction, so the request's own check passes
      expect(await stored()).toBe(0);
      const answer = Promise.resolve(request());
      await expect.poll(waiting, { timeout: 10_000 }).toBe(1);
      return { answer };
    }).then(({ answer }) => answer);

  describe('a key a unique constraint holds', () => {
    const formatId = async (code: string) => Number((await db().selectFrom('cg_format').select('id').where('format_code', '=', code).executeTakeFirstOrThrow()).id);
    const exported = async (code: string) => JSON.parse((await call('GET', `/optimus_prime/cg-format/export/${await formatId(code)}`)).body) as Record<string, unknown>;
    const format = (code: string) => ({ format_code: code, format_name: '别的进程', format_type: 'FORM', draft: '{}' });
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
