import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { badRequest, notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { writeUnlessTaken } from '../../http/taken-key';
import { listRequestSchema, pageOf, sortOf, whereSearch, type ColumnSpec, type ListRequest } from '../../http/list-query';
import { assertIdsExist, idParams, idsBody, page, staleVersion } from './common';

type Table = 'sysRole' | 'sysOrg' | 'sysGroup' | 'cgCustomType' | 'cgValidate';
type ReferencedTable = 'sysRole' | 'sysOrg' | 'sysGroup';

/** An administration table with the list / create / detail / update / deletes family. */
export interface SimpleCrud {
  table: Table;
  /** URL base, e.g. `/sys-role`. */
  base: string;
  /** Permission prefix: `<prefix>_view`, `_add`, `_edit`, `_del`. */
  permission: string;
  /** The key of writes (add, edit, delete) when one key covers them all (数据源: `custom_table_edit`). */
  writePermission?: string;
  /** OpenAPI tag. */
  tag?: string;
  label: string;
  columns: Record<string, ColumnSpec>;
  /** Writable fields and their JSON schemas. */
  fields: Record<string, object>;
  required: string[];
  /** A field that must be unique, with its label. */
  unique: { field: string; label: string };
  /** Id fields that must point at existing rows. */
  references?: Record<string, { table: ReferencedTable; label: string }>;
  /** Further checks of a create or update body (throw a 400 naming the field). */
  check?: (body: Record<string, unknown>) => void;
  /** Why rows cannot be deleted, or null. */
  deleteProblem?: (db: Kysely<DB>, ids: number[]) => Promise<string | null>;
}

/** Registers the CRUD family of one administration table. */
export function registerSimpleCrud(app: FastifyInstance, spec: SimpleCrud): void {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table and its columns come from `spec`, written by us
  const db = app.svc.db as Kysely<any>;
  const { base, permission, label, table } = spec;
  const tags = [spec.tag ?? 'admin'];
  const writeKey = (action: 'add' | 'edit' | 'del') => spec.writePermission ?? `${permission}_${action}`;
  const props = { ...spec.fields };

  const checkRefs = async (body: Record<string, unknown>) => {
    for (const [field, ref] of Object.entries(spec.references ?? {})) {
      if (body[field] !== undefined && body[field] !== null) await assertIdsExist(app.svc.db, ref.table, [body[field] as number], ref.label, field);
    }
  };
  // the value as it is stored (trimmed): checked raw, a name sent with a space passed the check and met the constraint
  const checkUnique = async (values: Record<string, unknown>, exceptId?: number) => {
    const value = values[spec.unique.field];
    if (value === undefined) return;
    let q = db.selectFrom(table).select('id').where(spec.unique.field, '=', value);
    if (exceptId) q = q.where('id', '<>', exceptId);
    if (await q.executeTakeFirst()) throw badRequest(`${spec.unique.label}已存在`, { field: spec.unique.field });
  };
  const pick = (body: Record<string, unknown>) => Object.fromEntries(Object.keys(spec.fields).filter((k) => body[k] !== undefined).map((k) => [k, typeof body[k] === 'string' ? (body[k] as string).trim() : body[k]]));

  app.post<{ Body: ListRequest }>(`${base}/list`, {
    config: { permission: `${permission}_view`, noOperationLog: true },
    schema: { tags, summary: `${label}列表`, body: listRequestSchema },
  }, async (request) => {
    const { ps, offset } = pageOf(request.body);
    const sort = sortOf(request.body, spec.columns);
    const filtered = db.selectFrom(`${table} as t`).where((eb) => whereSearch(eb, request.body.search, spec.columns));
    const total = await filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    let q = filtered.selectAll();
    for (const s of sort) q = q.orderBy(s.ref, s.dir);
    return ok(page(await q.orderBy('t.id').limit(ps).offset(offset).execute(), total.n));
  });

  app.get<{ Params: { id: number } }>(`${base}/detail/:id`, {
    config: { permission: `${permission}_view` },
    schema: { tags, summary: `${label}详情`, params: idParams },
  }, async (request) => {
    const row = await db.selectFrom(table).selectAll().where('id', '=', request.params.id).executeTakeFirst();
    if (!row) throw notFound(`${label}不存在`);
    return ok(row);
  });

  app.post<{ Body: Record<string, unknown> }>(`${base}/create`, {
    config: { permission: writeKey('add'), title: `新增${label}` },
    schema: { tags, summary: `新增${label}`, body: { type: 'object', additionalProperties: false, required: spec.required, properties: props } },
  }, async (request) => {
    spec.check?.(request.body);
    const values = pick(request.body);
    await checkUnique(values);
    await checkRefs(request.body);
    const row = await writeUnlessTaken(db, () => checkUnique(values), (trx) => trx.insertInto(table).values(values).returning('id').executeTakeFirstOrThrow());
    return ok({ id: row.id as number }, '新增成功');
  });

  app.put<{ Body: Record<string, unknown> & { id: number; version: number } }>(`${base}/update`, {
    config: { permission: writeKey('edit'), title: `修改${label}` },
    schema: {
      tags, summary: `修改${label}（带 version 乐观锁；过期的 version 返回 409）`,
      body: { type: 'object', additionalProperties: false, required: ['id', 'version'], properties: { ...props, id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const { id, version } = request.body;
    if (!(await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst())) throw notFound(`${label}不存在`);
    spec.check?.(request.body);
    const values = pick(request.body);
    await checkUnique(values, id);
    await checkRefs(request.body);
    const updated = await writeUnlessTaken(db, () => checkUnique(values, id), (trx) => trx.updateTable(table).set({ ...values, updatedAt: app.svc.clock(), version: sql`version + 1` })
      .where('id', '=', id).where('version', '=', version).returning('id').executeTakeFirst());
    if (!updated) throw staleVersion();
    return ok(null, '修改成功');
  });

  app.delete<{ Body: { ids: number[] } }>(`${base}/deletes`, {
    config: { permission: writeKey('del'), title: `删除${label}` },
    schema: { tags, summary: `删除${label}`, body: idsBody },
  }, async (request) => {
    await assertIdsExist(app.svc.db, table, request.body.ids, label, 'ids');
    const problem = await spec.deleteProblem?.(app.svc.db, request.body.ids);
    if (problem) throw badRequest(problem, { field: 'ids' });
    await db.deleteFrom(table).where('id', 'in', request.body.ids).execute();
    return ok(null, '删除成功');
  });
}
