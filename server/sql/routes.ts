import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { DATE_PROBLEM_TEXT, dateTextProblem } from '../../src/schema/date-text';
import type { ListRequest } from '../../src/schema/search';
import type { Template } from '../../src/schema/template';
import { snakeCase, SYSTEM_COLUMNS } from '../../src/schema/resource';
import { contentDisposition, XLSX_TYPE } from '../resources/export-route';
import { SQL_PARAM_NAME, SQL_PARAM_TYPES, BUILTIN_SQL_PARAMS, type SqlParamDecl, type SqlParamType } from '../../src/schema/sql-params';
import { caller } from '../http/auth-hook';
import { badRequest, forbidden, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { listRequestSchema, pageOf, sortOf, whereSearch, type ColumnSpec } from '../http/list-query';
import { writeUnlessTaken } from '../http/taken-key';
import { listCachesOf, type ListTemplate } from '../resources/list-cache';
import { idParams, idsBody, page, staleVersion } from '../routes/admin/common';
import { EDIT, VIEW } from '../datasource/config-routes';
import { namesOf } from '../datasource/usage';
import { checkSql, PLATFORM_TABLE, sqlParserReady, SqlCheckError, type CheckedSql } from './check';
import { SqlResultCache } from './result-cache';
import { DEFAULT_SQL_LIMITS, freshenStatistics, parameterValues, refusal, runGuarded, searchKind, shiftPlaceholders, typeName, type SqlCaller, type SqlLimits, type Wrapped } from './run';

/** The first rows 运行 shows, and the most bytes of rows one answer carries. */
export const RUN_ROWS = 200;
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;

/** Most rows one export of a SQL source writes (reports are summaries: a larger answer wants a narrower search). */
export const EXPORT_ROWS = 50_000;

const codeParams = { type: 'object', additionalProperties: false, required: ['code'], properties: { code: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,62}$' } } } as const;

/** A cell of the export: numbers as numbers (numeric comes as text), dates and the rest as they are. */
function exportCell(value: unknown): string | number | boolean | Date | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' && /^-?\d{1,15}(\.\d+)?$/.test(value)) return Number(value);
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'string' || value instanceof Date) return value;
  return JSON.stringify(value);
}

const SYSTEM_EXPLAIN: Record<string, string> = {
  id: '编号', orgId: '公司', groupId: '集团', status: '单据状态', enabled: '启用', deleted: '已删除', createdBy: '创建人', createdByName: '创建人姓名',
  createdAt: '创建时间', updatedBy: '修改人', updatedAt: '修改时间', version: '版本',
};

export interface ResultColumn { name: string; type: string; oid: number }

const paramDecl = {
  type: 'object', additionalProperties: false, required: ['name', 'type'],
  properties: {
    name: { type: 'string', pattern: SQL_PARAM_NAME.source }, type: { type: 'string', enum: Object.keys(SQL_PARAM_TYPES) },
    label: { type: ['string', 'null'], maxLength: 64 }, defaultValue: { type: ['string', 'number', 'boolean', 'null'] },
    value: { type: ['string', 'number', 'boolean', 'null'] },
  },
} as const;
const sourceFields = {
  code: { type: 'string', pattern: '^[a-z][a-z0-9_]{0,62}$' },
  name: { type: 'string', minLength: 1, maxLength: 64 },
  sqlText: { type: 'string', minLength: 1, maxLength: 20000 },
  params: { type: 'array', maxItems: 30, items: paramDecl },
  description: { type: ['string', 'null'], maxLength: 500 },
} as const;

type Decl = SqlParamDecl & { value?: string | number | boolean | null };
interface SourceBody { code: string; name: string; sqlText: string; params?: Decl[]; description?: string | null }
interface SourceRow { id: number; code: string; name: string; sqlText: string; params: unknown; resultColumns: unknown; description: string | null; version: number }

/** Compiles only (the list's where and order clauses): no connection, no plugins — result column names as written. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- result columns are known only at run time
const compiler = new Kysely<any>({
  dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => new DummyDriver(), createIntrospector: (db) => new PostgresIntrospector(db), createQueryCompiler: () => new PostgresQueryCompiler() },
});

/** A result column the list can search, sort and sum: a plain name (it is quoted, never spliced from the request). */
const PLAIN_COLUMN = /^[\p{L}_][\p{L}\p{N}_]{0,62}$/u;

/** A declared parameter's value, checked by its type; a 400 names the parameter. */
function paramValue(decl: SqlParamDecl, given: unknown): unknown {
  const value = given === undefined || given === '' ? decl.defaultValue ?? null : given;
  if (value === null) return null;
  const field = `params.${decl.name}`;
  const bad = (what: string) => badRequest(`参数 ${decl.name} 须为${what}`, { field });
  switch (decl.type as SqlParamType) {
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n)) throw bad('整数');
      return n;
    }
    case 'numeric':
      if (typeof value === 'number' && Number.isFinite(value)) return String(value);
      if (typeof value === 'string' && /^-?\d{1,20}(\.\d{1,20})?$/.test(value.trim())) return value.trim();
      throw bad('数字');
    case 'date':
    case 'timestamp': {
      // a bound to read by (an open end such as 9999-12-31 included): any date on the calendar
      if (dateTextProblem(value) === 'format') throw badRequest(`参数 ${decl.name} ${DATE_PROBLEM_TEXT.format}`, { field });
      return value;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw bad('是或否');
    default:
      if (typeof value !== 'string' && typeof value !== 'number') throw bad('文本');
      if (String(value).length > 1000) throw bad('不超过 1000 字的文本');
      return String(value);
  }
}

/** The field names a published template takes from a source: every `fieldName` not of another table. */
function templateFields(json: unknown, code: string, out = new Set<string>()): Set<string> {
  if (Array.isArray(json)) { for (const item of json) templateFields(item, code, out); return out; }
  if (!json || typeof json !== 'object') return out;
  const node = json as Record<string, unknown>;
  if (typeof node.fieldName === 'string' && (node.customTable === undefined || node.customTable === null || node.customTable === '' || node.customTable === code)) out.add(node.fieldName);
  for (const value of Object.values(node)) if (value && typeof value === 'object') templateFields(value, code, out);
  return out;
}

export async function sqlSourceRoutes(app: FastifyInstance): Promise<void> {
  await sqlParserReady();
  const { db } = app.svc;
  const base = '/optimus_prime/cg-sql-source';
  const limits: SqlLimits = { ...DEFAULT_SQL_LIMITS, ...app.svc.config.sqlSource };
  const database = { readOnly: app.svc.readOnly };

  /** Tables the caller may read: published data sources whose view permission it holds. */
  const readableTables = async (request: FastifyRequest): Promise<Set<string>> => {
    const auth = caller(request);
    const all = await app.svc.resources.all();
    if (auth.admin) return new Set(all.map((d) => d.tableName));
    const permissions = await request.permissionSet();
    return new Set(all.filter((d) => permissions.has(`${d.permissionPrefix}_view`)).map((d) => d.tableName));
  };
  /**
   * Who reads a saved source's rows, besides holding every table it reads: an administrator; an
   * author (custom_table_edit); otherwise only through a published template over it — a report or
   * list allotted to a menu entry whose view permission the caller was granted (分配权限), or a
   * picker (RESOURCE), which documents open. Reading the same tables elsewhere grants no report.
   */
  const mayRead = async (request: FastifyRequest, template: ListTemplate | null): Promise<void> => {
    if (caller(request).admin) return;
    const permissions = await request.permissionSet();
    if (permissions.has(EDIT)) return;
    if (!template) throw forbidden(undefined, EDIT);
    if (template.formatType === 'RESOURCE' && !template.menuUuid) return;
    const menu = template.menuUuid
      ? await db.selectFrom('sysMenu').select('permission').where('uuid', '=', template.menuUuid).where('menuType', '=', 'MENU').executeTakeFirst()
      : undefined;
    if (!menu?.permission) throw forbidden(undefined, EDIT);
    if (!permissions.has(menu.permission)) throw forbidden(undefined, menu.permission);
  };
  const sqlCaller = (request: FastifyRequest): SqlCaller => {
    const auth = caller(request);
    if (auth.orgId === null) throw badRequest('请先选择当前公司');
    return { orgId: auth.orgId, userId: auth.userId, groupId: auth.groupId };
  };
  const check = (text: string, tables: Set<string>, declared: SqlParamDecl[]): CheckedSql => {
    try {
      return checkSql(text, { tables, declared });
    } catch (error) {
      if (error instanceof SqlCheckError) throw refusal(error.message, error.position);
      throw error;
    }
  };
  const checkDecls = (decls: Decl[]) => {
    const seen = new Set<string>();
    decls.forEach((d, i) => {
      if ((BUILTIN_SQL_PARAMS as readonly string[]).includes(d.name)) throw badRequest(`参数 ${d.name} 由系统提供，不能声明`, { field: `params[${i}].name` });
      if (seen.has(d.name)) throw badRequest(`参数 ${d.name} 重复`, { field: `params[${i}].name` });
      seen.add(d.name);
      paramValue(d, d.defaultValue);
    });
  };
  const logWatchdog = (message: string) => app.log.warn(message);

  /** Runs a source for 运行 (and on save, to learn its columns): the first rows, the count, the types. */
  const preview = async (request: FastifyRequest, text: string, decls: Decl[], rows: number) => {
    checkDecls(decls);
    const checked = check(text, await readableTables(request), decls);
    const values = Object.fromEntries(decls.map((d) => [d.name, paramValue(d, d.value)]));
    const who = sqlCaller(request);
    const sourceValues = parameterValues(checked, who, values);
    const k = sourceValues.length;
    const run: Wrapped = { before: 'select q.*, count(*) over () as "__cg_total" from (\n', after: `\n) q limit $${k + 1}`, parameters: [rows + 1] };
    const costOf: Wrapped = { before: 'select count(*) from (\n', after: `\n) q limit $${k + 1}`, parameters: [1] };
    await freshenStatistics(db, checked.tables);
    const outcome = await runGuarded(database, limits, who, checked, sourceValues, costOf, [run], logWatchdog, text);
    const [result] = outcome.results;
    const fields = result.fields.filter((f) => f.name !== '__cg_total');
    const names = new Set<string>();
    for (const f of fields) {
      if (names.has(f.name)) throw refusal(`结果列名重复：${f.name}（请用 AS 起不同的名字）`, null);
      names.add(f.name);
    }
    const total = result.rows.length ? Number(result.rows[0].__cg_total) : 0;
    const out: Record<string, unknown>[] = [];
    let bytes = 0;
    let truncated = result.rows.length > rows;
    for (const row of result.rows.slice(0, rows)) {
      delete row.__cg_total;
      bytes += Buffer.byteLength(JSON.stringify(row));
      if (bytes > MAX_ANSWER_BYTES) { truncated = true; break; }
      out.push(row);
    }
    const columns: ResultColumn[] = fields.map((f) => ({ name: f.name, type: typeName(f.dataTypeID), oid: f.dataTypeID }));
    return { checked, columns, rows: out, total, truncated, ms: outcome.ms };
  };

  app.post<{ Body: { sql: string; params?: Decl[] } }>(`${base}/run`, {
    config: { permission: EDIT, noOperationLog: true },
    schema: {
      tags: ['datasource'],
      summary: 'SQL 数据源：运行（只读、限时、按当前公司的行级安全；前 200 行，至多 2 MB）。语法或安全检查不通过为 400 { message, position }',
      body: { type: 'object', additionalProperties: false, required: ['sql'], properties: { sql: sourceFields.sqlText, params: sourceFields.params } },
    },
  }, async (request) => {
    const { columns, rows, total, truncated, ms } = await preview(request, request.body.sql, request.body.params ?? [], RUN_ROWS);
    return ok({ columns: columns.map(({ name, type }) => ({ name, type })), rows, total, truncated, ms });
  });

  app.post<{ Body: { keyword?: string; limit?: { pn?: number; ps?: number } } }>(`${base}/list`, {
    config: { permission: VIEW, noOperationLog: true },
    schema: {
      tags: ['datasource'], summary: 'SQL 数据源列表（keyword 按编码、名称模糊查询）',
      body: { type: 'object', properties: { keyword: { type: 'string', maxLength: 64 }, limit: { type: 'object', properties: { pn: { type: 'integer', minimum: 1 }, ps: { type: 'integer', minimum: 1, maximum: 500 } } } } },
    },
  }, async (request) => {
    const { keyword, limit } = request.body ?? {};
    const ps = limit?.ps ?? 20;
    const pn = limit?.pn ?? 1;
    let q = db.selectFrom('cgSqlSource');
    if (keyword?.trim()) {
      const like = `%${keyword.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      q = q.where((eb) => eb.or([eb('code', 'like', like), eb('name', 'like', like)]));
    }
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('id').limit(ps).offset((pn - 1) * ps).execute();
    return ok(page(rows, total.n));
  });

  app.get<{ Params: { id: number } }>(`${base}/detail/:id`, {
    config: { permission: VIEW },
    schema: { tags: ['datasource'], summary: 'SQL 数据源详情', params: idParams },
  }, async (request) => {
    const row = await db.selectFrom('cgSqlSource').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound('SQL 数据源不存在');
    return ok(row);
  });

  /** Published templates built on a source, with the fields each takes from it. */
  const templatesOf = async (code: string) => {
    const rows = await db.selectFrom('cgFormat').select(['formatName', 'formatCode', 'published']).where('customTable', '=', code).where('published', 'is not', null).orderBy('id').execute();
    return rows.map((r) => ({ name: `${r.formatName}(${r.formatCode})`, fields: templateFields(r.published, code) }));
  };
  /** Impact analysis: a change may not take away a column a published template uses, nor the code they name. */
  const checkImpact = async (oldCode: string, newCode: string, columns: ResultColumn[]) => {
    const templates = await templatesOf(oldCode);
    if (templates.length && oldCode !== newCode) throw badRequest(`SQL 数据源被已发布的模板使用，不能修改编码：${namesOf(templates.map((t) => t.name))}`, { field: 'code' });
    const have = new Set(columns.map((c) => c.name));
    const lost = templates.flatMap((t) => [...t.fields].filter((f) => !have.has(f)).map((f) => `${t.name} 的 ${f}`));
    if (lost.length) throw badRequest(`修改后的 SQL 缺少已发布模板使用的列：${namesOf(lost)}`, { field: 'sqlText', lost });
  };

  const codeTaken = async (code: string, exceptId?: number) => {
    let q = db.selectFrom('cgSqlSource').select('id').where('code', '=', code);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw badRequest('编码已存在', { field: 'code' });
    // templates name their source by code or table name alike: a source may not share a table's name
    if ((await app.svc.resources.all()).some((d) => d.tableName === code)) throw badRequest(`编码 ${code} 与数据源表名相同`, { field: 'code' });
  };

  app.post<{ Body: SourceBody }>(`${base}/create`, {
    config: { permission: EDIT, title: '新增SQL数据源' },
    schema: { tags: ['datasource'], summary: '新增 SQL 数据源（保存前检查并试运行，记下结果列）', body: { type: 'object', additionalProperties: false, required: ['code', 'name', 'sqlText'], properties: sourceFields } },
  }, async (request) => {
    const body = request.body;
    await codeTaken(body.code);
    const decls = (body.params ?? []).map(({ value: _value, ...d }) => d);
    const { columns } = await preview(request, body.sqlText, decls, 0);
    const row = await writeUnlessTaken(db, () => codeTaken(body.code), (trx) => trx.insertInto('cgSqlSource').values({
      code: body.code, name: body.name.trim(), sqlText: body.sqlText, params: JSON.stringify(decls), resultColumns: JSON.stringify(columns),
      description: body.description ?? null, createdBy: caller(request).userId,
    }).returning('id').executeTakeFirstOrThrow());
    return ok({ id: row.id, columns }, '新增成功');
  });

  app.put<{ Body: SourceBody & { id: number; version: number } }>(`${base}/update`, {
    config: { permission: EDIT, title: '修改SQL数据源' },
    schema: {
      tags: ['datasource'], summary: '修改 SQL 数据源（带 version 乐观锁；保存前检查并试运行）',
      body: { type: 'object', additionalProperties: false, required: ['id', 'version', 'code', 'name', 'sqlText'], properties: { ...sourceFields, id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const body = request.body;
    const existing = await db.selectFrom('cgSqlSource').select(['id', 'code']).where('id', '=', body.id).executeTakeFirst();
    if (!existing) throw notFound('SQL 数据源不存在');
    await codeTaken(body.code, body.id);
    const decls = (body.params ?? []).map(({ value: _value, ...d }) => d);
    const { columns } = await preview(request, body.sqlText, decls, 0);
    await checkImpact(existing.code, body.code, columns);
    const updated = await writeUnlessTaken(db, () => codeTaken(body.code, body.id), (trx) => trx.updateTable('cgSqlSource').set({
      code: body.code, name: body.name.trim(), sqlText: body.sqlText, params: JSON.stringify(decls), resultColumns: JSON.stringify(columns),
      description: body.description ?? null, updatedAt: app.svc.clock(), version: sql<number>`version + 1`,
    }).where('id', '=', body.id).where('version', '=', body.version).returning('id').executeTakeFirst());
    if (!updated) throw staleVersion();
    return ok({ columns }, '修改成功');
  });

  app.delete<{ Body: { ids: number[] } }>(`${base}/deletes`, {
    config: { permission: EDIT, title: '删除SQL数据源' },
    schema: { tags: ['datasource'], summary: '删除 SQL 数据源', body: idsBody },
  }, async (request) => {
    const found = await db.selectFrom('cgSqlSource').select(['id', 'code']).where('id', 'in', request.body.ids).execute();
    if (found.length !== new Set(request.body.ids).size) throw notFound('SQL 数据源不存在');
    const used = (await Promise.all(found.map(async (f) => (await templatesOf(f.code)).map((t) => t.name)))).flat();
    if (used.length) throw badRequest(`SQL 数据源被已发布的模板使用，不能删除：${namesOf(used)}`, { field: 'ids' });
    await db.deleteFrom('cgSqlSource').where('id', 'in', request.body.ids).execute();
    return ok(null, '删除成功');
  });

  // what the editor completes: the tables the author may read, with their columns (database names)
  app.get(`${base}/tables`, {
    config: { permission: EDIT, noOperationLog: true },
    schema: { tags: ['datasource'], summary: 'SQL 数据源可读的表与列（编辑器补全用：已发布且有查看权限的数据源表）' },
  }, async (request) => {
    const readable = await readableTables(request);
    const all = await app.svc.resources.all();
    return ok(all.filter((d) => readable.has(d.tableName) && !PLATFORM_TABLE.test(d.tableName)).map((d) => ({
      tableName: d.tableName, tableExplain: d.tableExplain,
      columns: [
        ...d.columns.map((c) => ({ name: c.fieldDbName, explain: c.fieldExplain, type: c.fieldType })),
        ...SYSTEM_COLUMNS.map((c) => ({ name: snakeCase(c), explain: SYSTEM_EXPLAIN[c] ?? c, type: 'SYSTEM' })),
      ],
    })));
  });

  const caches = listCachesOf(db);
  const results = new SqlResultCache(db);
  /**
   * A saved source as the list and export run it: checked again, the caller's table permissions,
   * the declared parameters' values, the result columns it may search and sort by, the template's sums.
   */
  const prepare = async (request: FastifyRequest, code: string, body: ListRequest) => {
    const source = await db.selectFrom('cgSqlSource').selectAll().where('code', '=', code).executeTakeFirst() as SourceRow | undefined;
    if (!source) throw notFound('SQL 数据源不存在');
    const decls = (Array.isArray(source.params) ? source.params : []) as SqlParamDecl[];
    const readable = await readableTables(request);
    let checked: CheckedSql;
    try {
      checked = checkSql(source.sqlText, { tables: new Set((await app.svc.resources.all()).map((d) => d.tableName)), declared: decls });
    } catch (error) {
      if (error instanceof SqlCheckError) throw refusal(`SQL 数据源 ${source.code} 已不能通过检查：${error.message}`, error.position);
      throw error;
    }
    // the caller sees a source only when it may view every table the source reads
    const missing = checked.tables.find((t) => !readable.has(t));
    if (missing) throw forbidden(undefined, `${missing}_view`);
    const given = (body.param && typeof body.param === 'object' ? body.param : {}) as Record<string, unknown>;
    for (const key of Object.keys(given)) if (!decls.some((d) => d.name === key)) throw badRequest(`未声明的参数 ${key}`, { field: `param.${key}` });
    const values = Object.fromEntries(decls.map((d) => [d.name, paramValue(d, given[d.name])]));
    const who = sqlCaller(request);
    const sourceValues = parameterValues(checked, who, values);

    const resultColumns = (Array.isArray(source.resultColumns) ? source.resultColumns : []) as ResultColumn[];
    const columns: Record<string, ColumnSpec> = {};
    for (const c of resultColumns) {
      const kind = searchKind(c.oid);
      if (kind && PLAIN_COLUMN.test(c.name)) columns[c.name] = { ref: `q.${c.name}`, type: kind };
    }
    // a text column answered with its pinyin initials beside it (`vendor_name, vendor_name_py`, the
    // shadow column of a pinyin-flagged table column) is searched by the initials too, as in pickers over tables
    for (const [name, spec] of Object.entries(columns)) {
      if (spec.type === 'text' && columns[`${name}_py`]?.type === 'text') columns[name] = { ...spec, pinyinRef: `q.${name}_py` };
    }
    const sort = sortOf(body, columns);
    const numeric = resultColumns.filter((c) => columns[c.name]?.type === 'number');
    let sums = numeric;
    let template: Awaited<ReturnType<typeof caches.template>> = null;
    const tplId = body.tplId;
    if (tplId !== undefined && tplId !== null && tplId !== '') {
      const id = Number(tplId);
      if (!Number.isSafeInteger(id) || id < 1) throw badRequest(`tplId ${String(tplId)} 不是模板编号`);
      template = await caches.template(id);
      if (!template) throw badRequest(`模板 ${id} 不存在或未发布`);
      if (template.customTable !== source.code) throw badRequest(`模板 ${id} 不属于 SQL 数据源 ${source.code}`);
      sums = template.totals.map((f) => {
        const c = numeric.find((n) => n.name === f.fieldName);
        if (!c) throw badRequest(`模板 ${id} 的合计字段 ${f.fieldName} 不是 SQL 数据源 ${source.code} 的数值列`);
        return c;
      });
    }
    await mayRead(request, template);
    // where and order by, compiled from our column table with the request's values bound
    const k = sourceValues.length;
    const filtered = compiler.selectFrom('q').selectAll().where((eb) => whereSearch(eb, body.search, columns));
    let ordered = filtered;
    for (const s of sort) ordered = ordered.orderBy(s.ref, s.dir);
    const clauses = (query: typeof filtered) => shiftPlaceholders(query.compile().sql.replace(/^select \* from "q"/, ''), k);
    const compiled = filtered.compile();
    return {
      source, checked, who, sourceValues, resultColumns, sums, template, k,
      whereOnly: clauses(filtered), tail: clauses(ordered), whereParameters: compiled.parameters, n: k + compiled.parameters.length,
    };
  };

  // the list of a saved source: the list body of the resource engine over the wrapped query
  app.post<{ Params: { code: string }; Body: ListRequest }>(`${base}/:code/list`, {
    config: { noOperationLog: true },
    schema: {
      tags: ['datasource'],
      summary: 'SQL 数据源的列表：检索（结果列，列表的操作符）、排序、分页、合计（tongji），与数据表的 list 相同；param 为声明参数的值',
      params: codeParams,
      body: listRequestSchema,
    },
  }, async (request) => {
    const { source, checked, who, sourceValues, sums, whereOnly, tail, whereParameters, n } = await prepare(request, request.params.code, request.body);
    const { ps, offset } = pageOf(request.body);
    // one statement: the page with the count and sums of the whole filtered set alongside (window
    // aggregates), so the source's statement runs once; past the end a count of its own says the total
    const windowSums = sums.map((c, i) => `, coalesce(sum(q."${c.name}") over (), 0) as "__cg_sum_${i}"`).join('');
    const totals = sums.map((c) => `, coalesce(sum(q."${c.name}"), 0) as "${c.name}"`).join('');
    const count: Wrapped = { before: `select count(*) as "__cg_total"${totals} from (\n`, after: `\n) q${whereOnly} limit $${n + 1}`, parameters: [...whereParameters, 1] };
    const pageQ: Wrapped = {
      before: `select q.*, count(*) over () as "__cg_total"${windowSums} from (\n`, after: `\n) q${tail} limit $${n + 1} offset $${n + 2}`, parameters: [...whereParameters, ps, offset],
    };
    // the same answer while the tables it reads are unchanged (per organisation: row-level security)
    const key = JSON.stringify([source.id, source.version, who.orgId, who.groupId, checked.names.includes('currentUser') ? who.userId : null, sourceValues, pageQ]);
    const answer = await results.get(key, checked.tables, async () => {
      await freshenStatistics(db, checked.tables);
      const page = (await runGuarded(database, limits, who, checked, sourceValues, count, [pageQ], logWatchdog, source.sqlText)).results[0].rows;
      let total: number;
      let tongji: Record<string, unknown>;
      if (page.length) {
        total = Number(page[0].__cg_total);
        tongji = Object.fromEntries(sums.map((c, i) => [c.name, page[0][`__cg_sum_${i}`]]));
      } else {
        const counted = (await runGuarded(database, limits, who, checked, sourceValues, count, [count], logWatchdog, source.sqlText)).results[0].rows[0] ?? {};
        ({ __cg_total: total, ...tongji } = counted as { __cg_total: number });
        total = Number(total ?? 0);
      }
      let bytes = 0;
      const list = page.map((row) => {
        const own = Object.fromEntries(Object.entries(row).filter(([name]) => !name.startsWith('__cg_')));
        bytes += Buffer.byteLength(JSON.stringify(own));
        if (bytes > MAX_ANSWER_BYTES) throw badRequest('本页数据超过 2 MB，请减少每页条数', { field: 'limit.ps' });
        return own;
      });
      return { list, total, tongji };
    });
    return ok({ list: answer.list, total: answer.total, tongji: { ...answer.tongji } });
  });

  // 导出: the whole filtered, sorted result as .xlsx (at most EXPORT_ROWS rows), headed by the template's labels
  app.post<{ Params: { code: string }; Body: ListRequest }>(`${base}/:code/export`, {
    schema: {
      tags: ['datasource'],
      summary: `SQL 数据源的导出 Excel：与列表相同的检索、排序与参数；列与表头取自 tplId 指定的列表模板（须有其导出按钮的权限）；至多 ${EXPORT_ROWS} 行；X-Total-Count 为导出条数`,
      params: codeParams,
      body: listRequestSchema,
    },
  }, async (request, reply) => {
    const prepared = await prepare(request, request.params.code, request.body);
    const { source, checked, who, sourceValues, resultColumns, tail, whereParameters, n } = prepared;
    const auth = caller(request);
    const template = prepared.template
      ? (await db.selectFrom('cgFormat').select('published').where('id', '=', prepared.template.id).executeTakeFirstOrThrow()).published as unknown as Template
      : null;
    if (template) {
      const permission = (template.buttons ?? []).find((b) => b.action === 'export')?.permission;
      if (!auth.admin && permission && !(await request.permissionSet()).has(permission)) throw forbidden(undefined, permission);
    } else if (!auth.admin && !(await request.permissionSet()).has(EDIT)) throw forbidden(undefined, EDIT);
    const fields = template ? (template.listSubList ?? []).filter((f) => f.ishow !== false && !f.ihidden && resultColumns.some((c) => c.name === f.fieldName)) : null;
    const plan = fields ? fields.map((f) => ({ name: f.fieldName, header: f.fieldExplain || f.fieldName })) : resultColumns.map((c) => ({ name: c.name, header: c.name }));
    if (!plan.length) throw badRequest('模板没有可导出的列');
    const rowsQ: Wrapped = { before: 'select q.* from (\n', after: `\n) q${tail} limit $${n + 1}`, parameters: [...whereParameters, EXPORT_ROWS + 1] };
    await freshenStatistics(db, checked.tables);
    const rows = (await runGuarded(database, limits, who, checked, sourceValues, rowsQ, [rowsQ], logWatchdog, source.sqlText)).results[0].rows;
    if (rows.length > EXPORT_ROWS) throw badRequest(`导出超过 ${EXPORT_ROWS} 行，请加检索条件缩小范围`, { field: 'search' });
    const workbook = new ExcelJS.Workbook();
    const title = template?.formatName ?? source.name;
    const sheet = workbook.addWorksheet(title.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.addRow(plan.map((c) => c.header));
    for (const row of rows) sheet.addRow(plan.map((c) => exportCell(row[c.name])));
    const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
    const stamp = new Date(app.svc.clock()).toISOString().replace(/\D/g, '').slice(0, 14);
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(`${source.code}-${stamp}.xlsx`, `${title}${stamp}.xlsx`))
      .header('x-total-count', String(rows.length))
      .header('cache-control', 'no-store')
      .send(buffer);
  });
}
