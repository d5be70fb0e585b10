import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { camelCase, identifierProblem } from '../../src/schema/identifiers';
import { parseResourceDefinition, type ResourceColumn, type ResourceDefinition } from '../../src/schema/resource';
import { ShapeError } from '../../src/schema/shape';
import type { DB } from '../db/schema';
import { AppError, badRequest, conflict, notFound } from '../http/app-error';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { escapeLike } from '../http/list-query';
import { writeUnlessTaken } from '../http/taken-key';
import { idParams, idsBody, page, staleVersion } from '../routes/admin/common';
import { ensureListSupport, protectForSqlSources } from '../resources/ddl';
import { planTable, planText, type Plan } from '../resources/ddl-plan';
import { applyPlan, blockedSteps, dependentViews, readCatalogue, rowsHolding, type Blocked } from '../resources/ddl-sync';
import { fillPinyin } from '../resources/pinyin';
import { valueOf } from '../resources/values';
import { EDIT, VIEW } from './config-routes';
import { namesOf } from './usage';

type TableRow = { id: number; tableName: string; definition: unknown; draft: unknown; tombstones: unknown; customTypeId: number | null; syncedAt: Date | null; version: number; updatedAt: Date };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/** The message of a plan that changed after it was shown. */
export const STALE_PLAN = '数据源或数据库表已变化，请重新查看同步计划';
/** The message of a sync that waited too long for the table (rows being written, an export). */
export const LOCK_BUSY = '数据库表正被使用（等待锁超时），请稍后重试';

const column = {
  type: 'object', additionalProperties: false, required: ['fieldDbName', 'fieldType', 'fieldExplain'],
  properties: {
    fieldName: { type: 'string', maxLength: 63 }, fieldDbName: { type: 'string', maxLength: 100 }, fieldType: { type: 'string', maxLength: 16 },
    fieldExplain: { type: 'string', maxLength: 100 }, length: { type: ['integer', 'null'] }, scale: { type: ['integer', 'null'] },
    required: { type: 'boolean' }, unique: { type: 'boolean' }, enumCode: { type: ['string', 'null'], maxLength: 63 }, refTable: { type: ['string', 'null'], maxLength: 63 },
    sensitive: { type: ['string', 'null'], maxLength: 16 }, defaultValue: { type: ['string', 'null'], maxLength: 200 }, validateName: { type: ['string', 'null'], maxLength: 64 },
    pinyin: { type: 'boolean' },
  },
} as const;
const tableFields = {
  tableName: { type: 'string', maxLength: 100 }, tableExplain: { type: 'string', maxLength: 100 },
  module: { type: 'string', maxLength: 63 }, resource: { type: 'string', maxLength: 63 },
  scope: { type: 'string', enum: ['ORG', 'GROUP'] }, kind: { type: 'string', enum: ['MASTER', 'DOCUMENT', 'LINE'] },
  parentTable: { type: ['string', 'null'], maxLength: 63 }, parentKey: { type: ['string', 'null'], maxLength: 63 },
  treeParentField: { type: ['string', 'null'], maxLength: 63 }, customTypeId: { type: ['integer', 'null'], minimum: 1 },
  tableSubList: { type: 'array', maxItems: 300, items: column },
} as const;
export interface TableBody {
  tableName: string; tableExplain: string; module?: string; resource?: string; scope?: 'ORG' | 'GROUP'; kind: 'MASTER' | 'DOCUMENT' | 'LINE';
  parentTable?: string | null; parentKey?: string | null; treeParentField?: string | null; customTypeId?: number | null; tableSubList: (Partial<ResourceColumn> & { fieldDbName: string })[];
}

/** The module a data source is served under when none is given: `/api/custom/{resource}`. */
export const DEFAULT_MODULE = 'custom';

/**
 * The metadata of a body: identifier rules first (src/schema/identifiers, as the screen checks),
 * then the resource parser; a 400 names the field (`tableSubList[2].fieldDbName`) and the rule.
 */
export function definitionOf(body: TableBody, existing: ResourceDefinition | null = null): ResourceDefinition {
  const tableProblem = identifierProblem(body.tableName ?? '', 'table');
  if (tableProblem) throw badRequest(`表名 ${body.tableName ?? ''}：${tableProblem}`, { field: 'tableName' });
  const columns = (body.tableSubList ?? []).map((c, i) => {
    const problem = identifierProblem(c.fieldDbName, 'column', c.pinyin ? 3 : 0);
    if (problem) throw badRequest(`第 ${i + 1} 个字段的列名 ${c.fieldDbName}：${problem}`, { field: `tableSubList[${i}].fieldDbName` });
    return { ...c, fieldName: c.fieldName || camelCase(c.fieldDbName) };
  });
  try {
    return parseResourceDefinition({
      tableName: body.tableName, tableExplain: body.tableExplain?.trim(), module: body.module || DEFAULT_MODULE, resource: body.resource || body.tableName.replace(/_/g, '-'),
      // lines are read and written under their document's permissions, as the seeded lines are; a table keeps its keys
      permissionPrefix: existing?.permissionPrefix ?? (body.kind === 'LINE' && body.parentTable ? body.parentTable : body.tableName),
      scope: body.scope ?? 'ORG', kind: body.kind, parentTable: body.parentTable ?? null, parentKey: body.parentKey ?? null,
      treeParentField: body.treeParentField === undefined ? existing?.treeParentField ?? null : body.treeParentField, columns,
    });
  } catch (error) {
    if (error instanceof ShapeError) {
      const field = error.path.replace(/^columns/, 'tableSubList');
      throw badRequest(`${field}: ${error.problem}`, { field, problem: error.problem });
    }
    throw error;
  }
}

/** The words of a path another data source serves. */
const pathTaken = (def: ResourceDefinition, holder: string) => `接口路径 /${def.module}/${def.resource} 已被数据源 ${holder} 使用`;

/** The table name of the other data source serving `def`'s path (its module and resource), if one does. */
async function pathHolder(db: AnyDb, def: ResourceDefinition, selfId: number): Promise<string | undefined> {
  const other = await (db as Kysely<DB>).selectFrom('cgCustomTable').select('tableName')
    .where('module', '=', def.module).where('resource', '=', def.resource).where('id', '<>', selfId).executeTakeFirst();
  return other?.tableName;
}

/** What a draft must agree with in the database: unique names, existing enums, rules and parent, valid defaults. */
async function checkAgainstDatabase(db: Kysely<DB>, def: ResourceDefinition, selfId: number | null): Promise<void> {
  const same = await db.selectFrom('cgCustomTable').select(['id', 'tableName', 'module', 'resource'])
    .where((eb) => eb.or([eb('tableName', '=', def.tableName), eb.and([eb('module', '=', def.module), eb('resource', '=', def.resource)])])).execute();
  for (const other of same.filter((r) => r.id !== selfId)) {
    if (other.tableName === def.tableName) throw badRequest(`表名 ${def.tableName} 已被其他数据源使用`, { field: 'tableName' });
    throw badRequest(pathTaken(def, other.tableName), { field: 'resource' });
  }
  if (selfId === null && (await readCatalogue(db, def.tableName)).exists) throw badRequest(`数据库中已有表 ${def.tableName}（不属于任何数据源）`, { field: 'tableName' });
  if (def.kind === 'LINE') {
    const parent = await db.selectFrom('cgCustomTable').select(['definition', 'draft']).where('tableName', '=', def.parentTable!).executeTakeFirst();
    const parentDef = (parent?.definition ?? parent?.draft) as ResourceDefinition | null | undefined;
    if (!parentDef) throw badRequest(`主表 ${def.parentTable} 不是数据源`, { field: 'parentTable' });
    if (parentDef.kind === 'LINE') throw badRequest(`主表 ${def.parentTable} 本身是明细表`, { field: 'parentTable' });
    const key = def.columns.findIndex((c) => c.fieldName === def.parentKey);
    if (def.columns[key].fieldType !== 'NUMBER' || (def.columns[key].scale ?? 0) !== 0) throw badRequest('关联主表的字段须为整数（NUMBER，小数位 0）', { field: `tableSubList[${key}].fieldType` });
  }
  const enums = new Map<string, Set<string>>();
  for (const [i, c] of def.columns.entries()) {
    if (c.enumCode && !enums.has(c.enumCode)) {
      const items = await db.selectFrom('cgEnumItem').innerJoin('cgEnum', 'cgEnum.id', 'cgEnumItem.enumId').select('cgEnumItem.itemValue').where('cgEnum.enumCode', '=', c.enumCode).execute();
      if (!items.length) throw badRequest(`枚举 ${c.enumCode} 不存在`, { field: `tableSubList[${i}].enumCode` });
      enums.set(c.enumCode, new Set(items.map((x) => x.itemValue)));
    }
    if (c.validateName && !(await db.selectFrom('cgValidate').select('id').where('validateName', '=', c.validateName).executeTakeFirst())) {
      throw badRequest(`校验规则 ${c.validateName} 不存在`, { field: `tableSubList[${i}].validateName` });
    }
    if (c.defaultValue !== null && c.defaultValue !== undefined && c.defaultValue !== '') {
      if (c.fieldType === 'JSON') throw badRequest(`${c.fieldExplain}：JSON 字段不支持默认值`, { field: `tableSubList[${i}].defaultValue` });
      try {
        valueOf(c, c.defaultValue, c.enumCode ? enums.get(c.enumCode) : undefined);
      } catch (error) {
        if (error instanceof AppError) throw badRequest(`默认值：${error.message}`, { field: `tableSubList[${i}].defaultValue` });
        throw error;
      }
    }
    if (c.pinyin && c.fieldType !== 'CHAR') throw badRequest(`${c.fieldExplain}：拼音检索只用于文本（CHAR）字段`, { field: `tableSubList[${i}].pinyin` });
  }
}

const parsed = (value: unknown) => (value === null || value === undefined ? null : parseResourceDefinition(value));

/** A table row as the API answers it: the draft (or the served metadata) with its columns as `tableSubList`. */
function shapeOf(row: TableRow) {
  const def = parsed(row.draft) ?? parsed(row.definition)!;
  const { columns, ...rest } = def;
  return {
    id: row.id, version: row.version, customTypeId: row.customTypeId, syncedAt: row.syncedAt, updatedAt: row.updatedAt,
    /** the metadata differs from what is served (never synced, or edited since) */
    pending: row.draft !== null || row.definition === null,
    ...rest, tableSubList: columns, tombstones: (row.tombstones ?? []) as ResourceColumn[],
  };
}

/**
 * A sync's failure (or a purge's, a drop's) as the caller gets it. The transaction was rolled back, so the table and the
 * metadata are as they were; a refusal by the database (a view reading a column whose type
 * changes, data a new constraint does not allow, …) is a 400 that says so in words, a lock
 * waited for too long or a serialisation failure a 409, never a 500 holding the database's text.
 */
async function syncFailure(db: Kysely<DB>, error: unknown, tableName: string | undefined, what = '同步'): Promise<unknown> {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  // refusals of what the statement asked for; a lost connection or a full disk (08, 53, 57, 58, XX) stays a 500
  if (typeof code !== 'string' || !/^(?:0A|22|23|2B|40|42|44|55|P0)[0-9A-Z]{3}$/.test(code)) return error;
  if (code === '55P03' || code.startsWith('40')) return conflict(LOCK_BUSY);
  // another data source's sync took the same path meanwhile (its unique constraint; the plan blocks it otherwise)
  if (code === '23505' && (error as { constraint?: unknown }).constraint === 'cg_custom_table_module_resource_key') {
    return badRequest(`${what}失败，表和元数据均未改变：接口路径已被其他数据源使用`, { field: 'resource' });
  }
  let why = `数据库拒绝了修改（SQLSTATE ${code}）`;
  if (code === '0A000' || code === '2BP01') {
    const views = tableName ? await dependentViews(db, tableName).catch(() => []) : [];
    why = views.length ? `数据库中的视图 ${namesOf(views)} 读取此表的列，请先修改或删除这些视图` : '数据库中有其他对象依赖此表的列';
  } else if (code.startsWith('22')) why = '有数据不能转换为新的类型';
  else if (code.startsWith('23')) why = '现有数据不满足新的约束';
  return badRequest(`${what}失败，表和元数据均未改变：${why}`, { field: 'id', sqlState: code });
}

/** The plan of a row against the real table, with the checks of the data. */
export async function planOf(db: AnyDb, row: TableRow, target?: ResourceDefinition): Promise<Plan & { blocked: Blocked[]; ddl: string }> {
  const served = parsed(row.definition);
  const goal = target ?? parsed(row.draft) ?? served!;
  const plan = planTable({ target: goal, served, tombstones: (row.tombstones ?? []) as ResourceColumn[], catalogue: await readCatalogue(db, goal.tableName) });
  const blocked = await blockedSteps(db, plan);
  if (goal.kind === 'LINE' && !(await readCatalogue(db, goal.parentTable!)).exists) {
    blocked.unshift({ field: 'parentTable', problem: `请先同步主表 ${goal.parentTable}`, count: 0, samples: [] });
  }
  // a draft's path is checked against the paths served (each data source's since its last sync): another draft
  // of the same path may have been synced since this one was saved
  const holder = await pathHolder(db, goal, row.id);
  if (holder) blocked.unshift({ field: 'resource', problem: pathTaken(goal, holder), count: 0, samples: [] });
  return { ...plan, blocked, ddl: planText(plan) };
}

/**
 * 数据源 (`/custom/table`): data-source tables with their columns (`tableSubList`), edited as a
 * draft (a stale `version` is a 409), then planned and synced: `plan/{id}` answers the DDL and
 * what it does (nothing changes), `sync/{id}` applies it with the metadata in one transaction
 * under a lock timeout, refusing with 409 a plan whose hash changed since it was shown. The
 * engine serves a table from its first sync on, in every process (the registry follows
 * cg_custom_table's generation).
 */
export async function tableRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;
  const base = '/optimus_prime/cg-custom-table';
  const selectRow = (d: Kysely<DB>) => d.selectFrom('cgCustomTable').select(['id', 'tableName', 'definition', 'draft', 'tombstones', 'customTypeId', 'syncedAt', 'version', 'updatedAt']);
  const load = async (id: number, d: Kysely<DB> = db): Promise<TableRow> => {
    const row = await selectRow(d).where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound('数据源不存在');
    return row as TableRow;
  };
  const checkType = async (customTypeId: number | null | undefined) => {
    if (customTypeId && !(await db.selectFrom('cgCustomType').select('id').where('id', '=', customTypeId).executeTakeFirst())) throw badRequest('分类不存在', { field: 'customTypeId' });
  };
  const log = async (d: Kysely<DB>, request: FastifyRequest, title: string, id: number, result: unknown, failure: string | null) => {
    const auth = caller(request);
    await d.insertInto('sysLog').values({
      logType: failure ? 'ERROR' : 'OPERATION', title, bizKey: `cg_custom_table:${id}`, action: request.method, userId: auth.userId, username: auth.username,
      orgId: auth.orgId, ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null, method: request.method, path: request.url.slice(0, 1000),
      params: JSON.stringify(request.body ?? null), result: JSON.stringify(result), exception: failure, statusCode: failure ? 400 : 200,
      executeTime: Date.now() - request.startedAt, createdAt: app.svc.clock(),
    }).execute();
  };

  app.post<{ Body: { keyword?: string; customTypeId?: number; limit?: { pn?: number; ps?: number } } }>(`${base}/list`, {
    config: { permission: VIEW, noOperationLog: true },
    schema: {
      tags: ['datasource'], summary: '数据源列表（keyword 按表名、名称模糊查询；customTypeId 按分类）；pending 表示有未同步的修改',
      body: {
        type: 'object', properties: {
          keyword: { type: 'string', maxLength: 100 }, customTypeId: { type: 'integer', minimum: 1 },
          limit: { type: 'object', properties: { pn: { type: 'integer', minimum: 1 }, ps: { type: 'integer', minimum: 1, maximum: 500 } } },
        },
      },
    },
  }, async (request) => {
    const { keyword, customTypeId, limit } = request.body ?? {};
    const ps = limit?.ps ?? 20;
    let q = selectRow(db);
    if (keyword?.trim()) {
      const like = `%${escapeLike(keyword.trim())}%`;
      q = q.where((eb) => eb.or([eb('tableName', 'like', like), eb('tableExplain', 'like', like)]));
    }
    if (customTypeId) q = q.where('customTypeId', '=', customTypeId);
    const total = await q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.orderBy('id').limit(ps).offset(((limit?.pn ?? 1) - 1) * ps).execute();
    return ok(page(rows.map((r) => {
      const { tableSubList, tombstones, ...rest } = shapeOf(r as TableRow);
      return { ...rest, columnCount: tableSubList.length, tombstoneCount: tombstones.length };
    }), total.n));
  });

  app.get<{ Params: { id: number } }>(`${base}/detail/:id`, {
    config: { permission: VIEW, noOperationLog: true },
    schema: { tags: ['datasource'], summary: '数据源详情：字段（tableSubList）、已删除字段（tombstones）与漂移（数据库表与已同步元数据的逐列差异）', params: idParams },
  }, async (request) => {
    const row = await load(request.params.id);
    const served = parsed(row.definition);
    const drift = served ? (await planOf(db, row, served)).drift : [];
    return ok({ ...shapeOf(row), drift });
  });

  app.post<{ Body: TableBody }>(`${base}/create`, {
    config: { permission: EDIT, title: '新增数据源' },
    schema: {
      tags: ['datasource'], summary: '新增数据源（草稿；同步后建表并开始服务）：表名、列名须为小写下划线命名，不超过 63 字节，不是保留字、系统列或平台表',
      body: { type: 'object', additionalProperties: false, required: ['tableName', 'tableExplain', 'kind', 'tableSubList'], properties: tableFields },
    },
  }, async (request) => {
    const def = definitionOf(request.body);
    await checkType(request.body.customTypeId);
    await checkAgainstDatabase(db, def, null);
    // a data source of the same table name (or path) stored meanwhile by another request: the check's 400, not the unique index's 500
    const made = await writeUnlessTaken(db, () => checkAgainstDatabase(db, def, null), (trx) => trx.insertInto('cgCustomTable').values({
      tableName: def.tableName, tableExplain: def.tableExplain, module: def.module, resource: def.resource, definition: null, draft: JSON.stringify(def),
      customTypeId: request.body.customTypeId ?? null,
    }).returning(['id', 'version']).executeTakeFirstOrThrow());
    return ok(made, '新增成功');
  });

  app.put<{ Body: TableBody & { id: number; version: number } }>(`${base}/update`, {
    config: { permission: EDIT, title: '修改数据源' },
    schema: {
      tags: ['datasource'], summary: '修改数据源草稿（带 version 乐观锁，过期返回 409）；表名不可改；去掉的字段同步后成为可恢复的已删除字段',
      body: { type: 'object', additionalProperties: false, required: ['id', 'version', 'tableName', 'tableExplain', 'kind', 'tableSubList'], properties: { ...tableFields, id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const row = await load(request.body.id);
    if (request.body.tableName !== row.tableName) throw badRequest('表名不可修改（改名称请改“表说明”）', { field: 'tableName' });
    const served = parsed(row.definition);
    const def = definitionOf(request.body, parsed(row.draft) ?? served);
    if (served && served.scope !== def.scope) throw badRequest('同步后不能修改数据范围', { field: 'scope' });
    if (served && (served.kind === 'LINE') !== (def.kind === 'LINE')) throw badRequest('同步后不能在明细表与主表之间转换', { field: 'kind' });
    await checkType(request.body.customTypeId);
    await checkAgainstDatabase(db, def, row.id);
    const same = served && JSON.stringify(served) === JSON.stringify(def);
    const updated = await db.updateTable('cgCustomTable').set({
      draft: same ? null : JSON.stringify(def), tableExplain: served ? served.tableExplain : def.tableExplain, customTypeId: request.body.customTypeId ?? null,
      updatedAt: app.svc.clock(), version: sql<number>`version + 1`,
    }).where('id', '=', row.id).where('version', '=', request.body.version).returning(['id', 'version']).executeTakeFirst();
    if (!updated) throw staleVersion();
    return ok(updated, '修改成功');
  });

  app.post<{ Params: { id: number } }>(`${base}/plan/:id`, {
    config: { permission: VIEW, noOperationLog: true },
    schema: { tags: ['datasource'], summary: '同步计划：要执行的 DDL、每一步的说明、被数据阻止的变更（行数与至多 20 个样例）、漂移与计划的 hash。不做任何修改', params: idParams },
  }, async (request) => ok(await planOf(db, await load(request.params.id))));

  app.post<{ Params: { id: number }; Body: { hash: string } }>(`${base}/sync/:id`, {
    config: { permission: EDIT, title: '同步数据源', noOperationLog: true },
    schema: {
      tags: ['datasource'], summary: '同步：在一个事务里（带锁等待超时）执行计划的 DDL 并更新元数据；hash 与当前计划不同返回 409，被数据阻止返回 400；写入操作日志（含 DDL）',
      params: idParams, body: { type: 'object', additionalProperties: false, required: ['hash'], properties: { hash: { type: 'string', pattern: '^[0-9a-f]{64}$' } } },
    },
  }, async (request) => {
    const id = request.params.id;
    let tableName: string | undefined;
    try {
      const plan = await db.transaction().execute(async (trx) => {
        // the lock timeout covers the row lock too: a sync never waits long behind another
        await sql`select set_config('lock_timeout', '5s', true)`.execute(trx);
        const row = await selectRow(trx).where('id', '=', id).forUpdate().executeTakeFirst() as TableRow | undefined;
        if (!row) throw notFound('数据源不存在');
        tableName = row.tableName;
        const current = await planOf(trx, row);
        if (current.hash !== request.body.hash) throw conflict(STALE_PLAN);
        if (current.blocked.length) {
          throw badRequest(`同步被阻止：${current.blocked.map((b) => `${b.field} ${b.problem}`).join('；')}`, { field: current.blocked[0].field, blocked: current.blocked });
        }
        await applyPlan(trx, current);
        const target = parsed(row.draft) ?? parsed(row.definition)!;
        await trx.updateTable('cgCustomTable').set({
          definition: JSON.stringify(target), draft: null, tombstones: JSON.stringify(current.tombstones), tableExplain: target.tableExplain,
          module: target.module, resource: target.resource, syncedAt: app.svc.clock(), updatedAt: app.svc.clock(), version: sql<number>`version + 1`,
        }).where('id', '=', id).execute();
        await ensureListSupport(trx, target);
        await protectForSqlSources(trx, target);
        await fillPinyin(trx, target);
        await log(trx, request, '同步数据源', id, { ddl: current.ddl, steps: current.steps.map((s) => s.text) }, null);
        return current;
      });
      const after = await load(id);
      return ok({ version: after.version, syncedAt: after.syncedAt, ddl: plan.ddl, steps: plan.steps.map((s) => s.text) }, '同步成功');
    } catch (error) {
      const failure = await syncFailure(db, error, tableName);
      await log(db, request, '同步数据源', id, null, failure instanceof Error ? failure.message : String(failure)).catch((e: unknown) => request.log.error({ err: e }, 'operation log write failed'));
      throw failure;
    }
  });

  app.post<{ Params: { id: number }; Body: { fieldDbName: string; confirmRows?: number } }>(`${base}/purge-column/:id`, {
    config: { permission: EDIT, title: '彻底删除字段', noOperationLog: true },
    schema: {
      tags: ['datasource'],
      summary: '彻底删除已删除字段（tombstone）的列：有数据时第一次返回 400 列出持有数据的行（confirmRows 为其行数）；带相同的 confirmRows 再次调用才删除',
      params: idParams,
      body: { type: 'object', additionalProperties: false, required: ['fieldDbName'], properties: { fieldDbName: { type: 'string', maxLength: 63 }, confirmRows: { type: 'integer', minimum: 0 } } },
    },
  }, async (request) => {
    const id = request.params.id;
    let tableName: string | undefined;
    try {
      const result = await db.transaction().execute(async (trx) => {
        await sql`select set_config('lock_timeout', '5s', true)`.execute(trx);
        const row = await selectRow(trx).where('id', '=', id).forUpdate().executeTakeFirst() as TableRow | undefined;
        if (!row) throw notFound('数据源不存在');
        const tombstones = (row.tombstones ?? []) as ResourceColumn[];
        const column = tombstones.find((c) => c.fieldDbName === request.body.fieldDbName);
        if (!column) throw badRequest(`${request.body.fieldDbName} 不是已删除的字段（先在字段中删除并同步）`, { field: 'fieldDbName' });
        const served = parsed(row.definition)!;
        tableName = served.tableName;
        const holding = await rowsHolding(trx, served.tableName, column, served.columns.find((c) => c.unique));
        if (holding.count > 0 && request.body.confirmRows !== holding.count) {
          throw badRequest(`字段 ${column.fieldExplain}(${column.fieldDbName}) 仍有 ${holding.count} 行有值：${namesOf(holding.samples.map((s) => s.name))}。确认后将永久删除这些值`, {
            field: 'confirmRows', rows: holding.count, samples: holding.samples,
          });
        }
        const ddl = [sql`alter table ${sql.table(served.tableName)} drop column if exists ${sql.ref(column.fieldDbName)}`];
        for (const statement of ddl) await statement.execute(trx);
        await trx.updateTable('cgCustomTable').set({ tombstones: JSON.stringify(tombstones.filter((c) => c !== column)), updatedAt: app.svc.clock(), version: sql<number>`version + 1` })
          .where('id', '=', id).execute();
        const text = ddl.map((d) => d.compile(trx).sql).join(';\n');
        await log(trx, request, '彻底删除字段', id, { ddl: text, rows: holding.count }, null);
        return { ddl: text, rows: holding.count };
      });
      return ok(result, '已彻底删除');
    } catch (error) {
      const failure = await syncFailure(db, error, tableName, '彻底删除字段');
      await log(db, request, '彻底删除字段', id, null, failure instanceof Error ? failure.message : String(failure)).catch((e: unknown) => request.log.error({ err: e }, 'operation log write failed'));
      throw failure;
    }
  });

  app.delete<{ Body: { ids: number[] } }>(`${base}/deletes`, {
    config: { permission: EDIT, title: '删除数据源' },
    schema: {
      tags: ['datasource'], summary: '删除数据源及其表：被已发布模板、菜单或明细表使用，或表中仍有数据时拒绝并说明是哪些',
      body: idsBody,
    },
  }, async (request) => {
    for (const id of request.body.ids) {
      const row = await load(id);
      const name = row.tableName;
      const templates = await db.selectFrom('cgFormat').leftJoin('sysMenu', 'sysMenu.uuid', 'cgFormat.menuUuid')
        .select(['cgFormat.formatName', 'cgFormat.formatCode', 'cgFormat.published', 'sysMenu.title as menuTitle'])
        .where('cgFormat.customTable', '=', name).execute();
      const published = templates.filter((t) => t.published !== null).map((t) => `${t.formatName}(${t.formatCode})`);
      if (published.length) throw badRequest(`数据源 ${name} 被已发布的模板使用：${namesOf(published)}`, { field: 'ids' });
      const menus = [...new Set(templates.map((t) => t.menuTitle).filter((m): m is string => !!m))];
      if (menus.length) throw badRequest(`数据源 ${name} 被菜单使用：${namesOf(menus)}`, { field: 'ids' });
      const all = await db.selectFrom('cgCustomTable').select(['tableName', 'definition', 'draft']).execute();
      const lines = all.filter((r) => [r.definition, r.draft].some((d) => (d as ResourceDefinition | null)?.parentTable === name)).map((r) => r.tableName);
      if (lines.length) throw badRequest(`数据源 ${name} 有明细表：${namesOf(lines)}，请先删除明细表`, { field: 'ids' });
      if ((await readCatalogue(db, name)).exists) {
        const n = await sql<{ n: string }>`select count(*) as n from ${sql.table(name)}`.execute(db);
        if (Number(n.rows[0].n) > 0) throw badRequest(`数据源 ${name} 的表中仍有 ${n.rows[0].n} 行数据，不能删除`, { field: 'ids' });
      }
    }
    let tableName: string | undefined;
    try {
      await db.transaction().execute(async (trx) => {
        for (const id of request.body.ids) {
          const row = await load(id, trx);
          tableName = row.tableName;
          await sql`select set_config('lock_timeout', '5s', true)`.execute(trx);
          await sql`drop table if exists ${sql.table(row.tableName)}`.execute(trx);
          await trx.deleteFrom('cgFormat').where('customTable', '=', row.tableName).where('published', 'is', null).execute();
          await trx.deleteFrom('cgCustomTable').where('id', '=', id).execute();
        }
      });
    } catch (error) {
      throw await syncFailure(db, error, tableName, '删除数据源');
    }
    return ok(null, '删除成功');
  });
}
