import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { patternProblem } from '../../src/schema/validate';
import { VALUE_FORMAT_INFO, VALUE_FORMAT_NAMES, formatValue } from '../../src/schema/value-formats';
import { badRequest, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { escapeLike } from '../http/list-query';
import { writeUnlessTaken } from '../http/taken-key';
import { idParams, idsBody, page, staleVersion } from '../routes/admin/common';
import { registerSimpleCrud } from '../routes/admin/simple-crud';
import { columnUsers, enumValueHolders, namesOf } from './usage';

export const VIEW = 'custom_table_view';
export const EDIT = 'custom_table_edit';

const enumItem = {
  type: 'object', additionalProperties: false, required: ['itemValue', 'itemLabel'],
  properties: {
    itemValue: { type: 'string', minLength: 1, maxLength: 64 }, itemLabel: { type: 'string', minLength: 1, maxLength: 64 },
    // antd tag colours (blue, green…) or #rrggbb
    color: { type: ['string', 'null'], maxLength: 16, pattern: '^(|[a-z]+(-inverse)?|#[0-9a-fA-F]{6})$' }, seq: { type: 'integer', minimum: 0, maximum: 10000 },
  },
} as const;
const enumFields = {
  enumCode: { type: 'string', minLength: 1, maxLength: 63, pattern: '^[a-z][a-z0-9_]{0,62}$' },
  enumName: { type: 'string', minLength: 1, maxLength: 64 },
  enumDescribe: { type: ['string', 'null'], maxLength: 500 },
  items: { type: 'array', minItems: 1, maxItems: 200, items: enumItem },
} as const;
interface EnumItem { itemValue: string; itemLabel: string; color?: string | null; seq?: number }
interface EnumBody { enumCode: string; enumName: string; enumDescribe?: string | null; items: EnumItem[] }

/**
 * The configuration family of 数据源 besides the tables (spec 001 §3): business types (分类),
 * enums with their values, labels and tag colours, validate rules, and the value formats (the
 * registry of src/schema/value-formats: list only). Read with `custom_table_view`, written with
 * `custom_table_edit`. An enum or a validate rule that a data source uses cannot be deleted.
 */
export async function configRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  registerSimpleCrud(app, {
    table: 'cgCustomType', base: '/optimus_prime/cg-custom-type', permission: 'custom_table', writePermission: EDIT, tag: 'datasource', label: '分类',
    columns: { id: { ref: 't.id', type: 'number' }, typeCode: { ref: 't.typeCode', type: 'text' }, typeName: { ref: 't.typeName', type: 'text' } },
    fields: {
      typeCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }, typeName: { type: 'string', minLength: 1, maxLength: 64 },
      description: { type: ['string', 'null'], maxLength: 500 },
    },
    required: ['typeCode', 'typeName'],
    unique: { field: 'typeCode', label: '分类编码' },
    deleteProblem: async (d, ids) => {
      const used = await d.selectFrom('cgCustomTable').select(['tableName', 'tableExplain']).where('customTypeId', 'in', ids).orderBy('id').execute();
      return used.length ? `分类下仍有数据源：${namesOf(used.map((u) => `${u.tableExplain}(${u.tableName})`))}` : null;
    },
  });

  registerSimpleCrud(app, {
    table: 'cgValidate', base: '/optimus_prime/cg-validate', permission: 'custom_table', writePermission: EDIT, tag: 'datasource', label: '校验规则',
    columns: { id: { ref: 't.id', type: 'number' }, validateName: { ref: 't.validateName', type: 'text' }, validateTitle: { ref: 't.validateTitle', type: 'text' } },
    fields: {
      validateName: { type: 'string', minLength: 1, maxLength: 64 }, validateMethod: { type: 'string', minLength: 1, maxLength: 500 },
      validateTitle: { type: 'string', minLength: 1, maxLength: 100 },
    },
    required: ['validateName', 'validateMethod', 'validateTitle'],
    unique: { field: 'validateName', label: '校验规则名称' },
    check: (body) => {
      const problem = typeof body.validateMethod === 'string' ? patternProblem(body.validateMethod) : null;
      if (problem) throw badRequest(`正则表达式：${problem}`, { field: 'validateMethod' });
    },
    deleteProblem: async (d, ids) => {
      const rules = await d.selectFrom('cgValidate').select('validateName').where('id', 'in', ids).execute();
      const users = await columnUsers(d, (c) => rules.some((r) => r.validateName === c.validateName));
      return users.length ? `校验规则正在使用，不能删除：${namesOf(users)}` : null;
    },
  });

  app.get('/optimus_prime/cg-val-format/list', {
    config: { permission: VIEW, noOperationLog: true },
    schema: { tags: ['datasource'], summary: '值格式（注册表，只读）：名称、说明、示例值及其格式化结果' },
  }, async () => ok(page(VALUE_FORMAT_NAMES.map((name) => ({
    valFormatFun: name, label: VALUE_FORMAT_INFO[name].label, sample: VALUE_FORMAT_INFO[name].sample, preview: formatValue(name, VALUE_FORMAT_INFO[name].sample),
  })), VALUE_FORMAT_NAMES.length)));

  // enums: the enum and its values in one body
  const enumBase = '/optimus_prime/cg-custom-enum';
  const checkItems = (items: EnumItem[]) => {
    const seen = new Set<string>();
    items.forEach((item, i) => {
      if (seen.has(item.itemValue.trim())) throw badRequest(`枚举值 ${item.itemValue} 重复`, { field: `items[${i}].itemValue` });
      seen.add(item.itemValue.trim());
    });
  };
  const writeItems = async (trx: typeof db, enumId: number, items: EnumItem[]) => {
    await trx.deleteFrom('cgEnumItem').where('enumId', '=', enumId).execute();
    await trx.insertInto('cgEnumItem').values(items.map((item, i) => ({
      enumId, itemValue: item.itemValue.trim(), itemLabel: item.itemLabel.trim(), color: item.color || null, seq: item.seq ?? i,
    }))).execute();
  };

  app.post<{ Body: { search?: { key: string; op: string; val: unknown }[]; limit?: { pn?: number; ps?: number }; keyword?: string } }>(`${enumBase}/list`, {
    config: { permission: VIEW, noOperationLog: true },
    schema: {
      tags: ['datasource'], summary: '枚举列表（keyword 按编码、名称模糊查询），带枚举值',
      body: { type: 'object', properties: { keyword: { type: 'string', maxLength: 64 }, limit: { type: 'object', properties: { pn: { type: 'integer', minimum: 1 }, ps: { type: 'integer', minimum: 1, maximum: 500 } } } } },
    },
  }, async (request) => {
    const { keyword, limit } = request.body ?? {};
    const ps = limit?.ps ?? 20;
    const pn = limit?.pn ?? 1;
    let q = db.selectFrom('cgEnum');
    if (keyword?.trim()) {
      const like = `%${escapeLike(keyword.trim())}%`;
      q = q.where((eb) => eb.or([eb('enumCode', 'like', like), eb('enumName', 'like', like)]));
    }
    const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const rows = await q.selectAll().orderBy('id').limit(ps).offset((pn - 1) * ps).execute();
    const items = rows.length ? await db.selectFrom('cgEnumItem').selectAll().where('enumId', 'in', rows.map((r) => r.id)).orderBy('seq').orderBy('id').execute() : [];
    return ok(page(rows.map((r) => ({ ...r, items: items.filter((i) => i.enumId === r.id) })), total.n));
  });

  app.get<{ Params: { id: number } }>(`${enumBase}/detail/:id`, {
    config: { permission: VIEW, noOperationLog: true },
    schema: { tags: ['datasource'], summary: '枚举详情（带枚举值）', params: idParams },
  }, async (request) => {
    const row = await db.selectFrom('cgEnum').selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound('枚举不存在');
    const items = await db.selectFrom('cgEnumItem').selectAll().where('enumId', '=', row.id).orderBy('seq').orderBy('id').execute();
    return ok({ ...row, items });
  });

  app.post<{ Body: EnumBody }>(`${enumBase}/create`, {
    config: { permission: EDIT, title: '新增枚举' },
    schema: { tags: ['datasource'], summary: '新增枚举及其枚举值（值、名称、标签颜色）', body: { type: 'object', additionalProperties: false, required: ['enumCode', 'enumName', 'items'], properties: enumFields } },
  }, async (request) => {
    const body = request.body;
    checkItems(body.items);
    const codeFree = async () => {
      if (await db.selectFrom('cgEnum').select('id').where('enumCode', '=', body.enumCode).executeTakeFirst()) throw badRequest(`枚举编码 ${body.enumCode} 已存在`, { field: 'enumCode' });
    };
    await codeFree();
    const id = await writeUnlessTaken(db, codeFree, async (trx) => {
      const made = await trx.insertInto('cgEnum').values({ enumCode: body.enumCode, enumName: body.enumName.trim(), enumDescribe: body.enumDescribe ?? null }).returning('id').executeTakeFirstOrThrow();
      await writeItems(trx, made.id, body.items);
      return made.id;
    });
    return ok({ id }, '新增成功');
  });

  app.put<{ Body: EnumBody & { id: number; version: number } }>(`${enumBase}/update`, {
    config: { permission: EDIT, title: '修改枚举' },
    schema: {
      tags: ['datasource'], summary: '修改枚举（编码不可改；带 version 乐观锁）；去掉数据中仍在使用的值会被拒绝',
      body: { type: 'object', additionalProperties: false, required: ['id', 'version', 'enumCode', 'enumName', 'items'], properties: { ...enumFields, id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const body = request.body;
    const row = await db.selectFrom('cgEnum').selectAll().where('id', '=', body.id).executeTakeFirst();
    if (!row) throw notFound('枚举不存在');
    if (row.enumCode !== body.enumCode) throw badRequest('枚举编码不可修改（字段按编码引用枚举）', { field: 'enumCode' });
    checkItems(body.items);
    const kept = new Set(body.items.map((i) => i.itemValue.trim()));
    const removed = (await db.selectFrom('cgEnumItem').select('itemValue').where('enumId', '=', row.id).execute()).map((i) => i.itemValue).filter((v) => !kept.has(v));
    const holders = await enumValueHolders(db, row.enumCode, removed);
    if (holders.length) throw badRequest(`去掉的枚举值 ${removed.join('、')} 仍有数据使用：${namesOf(holders)}`, { field: 'items' });
    await db.transaction().execute(async (trx) => {
      const updated = await trx.updateTable('cgEnum').set({ enumName: body.enumName.trim(), enumDescribe: body.enumDescribe ?? null, updatedAt: app.svc.clock(), version: sql<number>`version + 1` })
        .where('id', '=', body.id).where('version', '=', body.version).returning('id').executeTakeFirst();
      if (!updated) throw staleVersion();
      await writeItems(trx, body.id, body.items);
    });
    return ok(null, '修改成功');
  });

  app.delete<{ Body: { ids: number[] } }>(`${enumBase}/deletes`, {
    config: { permission: EDIT, title: '删除枚举' },
    schema: { tags: ['datasource'], summary: '删除枚举：有字段引用时拒绝并列出这些字段', body: idsBody },
  }, async (request) => {
    const rows = await db.selectFrom('cgEnum').select(['id', 'enumCode']).where('id', 'in', request.body.ids).execute();
    const missing = request.body.ids.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length) throw badRequest(`枚举不存在：${missing.join(', ')}`, { field: 'ids' });
    const users = await columnUsers(db, (c) => rows.some((r) => r.enumCode === c.enumCode));
    if (users.length) throw badRequest(`枚举正在使用，不能删除：${namesOf(users)}`, { field: 'ids' });
    await db.deleteFrom('cgEnum').where('id', 'in', request.body.ids).execute();
    return ok(null, '删除成功');
  });
}
