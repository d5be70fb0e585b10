import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { ResourceDefinition } from '../../src/schema/resource';
import type { Template } from '../../src/schema/template';
import { STATUS_LABELS, editRefusal } from '../../src/schema/document-status';
import { caller } from '../http/auth-hook';
import { badRequest, notFound, staleVersion } from '../http/app-error';
import { ok } from '../http/envelope';
import { parentColumn, routeParams, resolveResource, scopedRows, type RouteParams } from './list-route';
import { currentOrg, requireAction, type ResourceAction } from './scope';
import { checkFormRules, checkLineCount, checkTableRules, publishedForm, publishedFormFields, withCalculations } from './form-rules';
import { withoutStoredLineValues, withoutStoredValues } from './round-trip';
import { checkedChildren, lineTablesOf, splitChildren, type CheckedLines } from './children';
import { refuseForeignReferences, savedRows } from './references';
import { rowValues } from './values';
import { rowColumns } from './columns';
import { checkLineRules, serverValues } from './line-rules';
import { refuseWeightEdit, weighDeleteRecord } from '../weigh/correct-routes';
import { NUMBERED_DOCUMENTS } from '../../src/schema/number-rule';
import { nextNumber } from '../numbering/number-rule';
import { refuseSettledWeigh, settleTransition } from '../settlement/weigh-settle';
import { refreshNoticesOfWeighs, registryNotices } from '../notice/notice-done';
import { assayTransition } from '../quality/assay';
import { prepareDocument, withHeaderFromLines } from './prepare-document';
import { assertDocumentUnique, assertLinesUnique, assertUnique, claimLinesUnique, claimUnique } from './unique';
import { writeUnlessTaken } from '../http/taken-key';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
export type Row = Record<string, unknown> & { id: number; status: string; version: number };

const idParams = { ...routeParams, required: ['module', 'resource', 'id'], properties: { ...routeParams.properties, id: { type: 'integer', minimum: 1 } } } as const;
const idsBody = { type: 'object', additionalProperties: false, required: ['ids'], properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } } } } as const;
const anyBody = { type: 'object', additionalProperties: true } as const;


/** How a row is named in a message: its first unique column (磅单号 DFNY…), else its id. */
export function rowName(def: ResourceDefinition, row: Row): string {
  const key = def.columns.find((c) => c.unique);
  return key && row[key.fieldName] ? `${key.fieldExplain} ${String(row[key.fieldName])}` : `编号 ${row.id}`;
}

async function loadRows(app: FastifyInstance, request: FastifyRequest, def: ResourceDefinition, ids: number[]): Promise<Row[]> {
  const rows = (await (await scopedRows(app, request, def)).select(rowColumns(def)).where('t.id', 'in', ids).execute()) as Row[];
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw notFound(`${def.tableExplain}不存在：${missing.join(', ')}`);
  return rows;
}

/**
 * A line is part of its document and is saved with it (`children` of the document's create and
 * update, where the document's scope, state and single-child rules apply): its own routes read it
 * but never write it.
 */
export async function refuseLineWrite(app: FastifyInstance, def: ResourceDefinition, what: string): Promise<void> {
  if (def.kind !== 'LINE') return;
  const parent = def.parentTable ? await app.svc.resources.byTable(def.parentTable) : undefined;
  throw badRequest(`${def.tableExplain}随其单据保存，不能单独${what}，请保存${parent?.tableExplain ?? '单据'}`);
}

/** What a numbered document's number holds until the saving transaction takes the real one. */
const PENDING_NUMBER = '(自动生成)';

/**
 * The next number of the document's rule that no row of the organisation holds yet (numbers typed
 * or imported before the rule — datax, older data — are stepped over), in the saving transaction.
 */
async function freeNumber(trx: AnyDb, def: ResourceDefinition, orgId: number, column: string, at: Date, timeZone: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const n = await nextNumber(trx, orgId, def.tableName, at, timeZone);
    const taken = await trx.selectFrom(def.tableName).select('id').where(column, '=', n).where('org_id', '=', orgId).where('deleted', '=', false).executeTakeFirst();
    if (!taken) return n;
  }
  throw badRequest(`${def.tableExplain}的编码规则产生的单号都已被占用，请检查编码规则`);
}

/**
 * Changes the checked rows only in the state they were checked in (the same version, not
 * deleted): all of them or none. A row changed meanwhile — a concurrent audit, delete, save — makes
 * it a 409; run inside a transaction, so the rows already changed are rolled back with it.
 */
export async function changeChecked(trx: AnyDb, def: ResourceDefinition, rows: Row[], set: Record<string, unknown>): Promise<void> {
  const changed = await trx.updateTable(def.tableName).set({ ...set, version: sql`version + 1` })
    .where('deleted', '=', false)
    .where((eb) => eb(eb.refTuple('id', 'version'), 'in', rows.map((r) => eb.tuple(r.id, r.version))))
    .returning('id').execute();
  if (changed.length !== rows.length) throw staleVersion();
}

/** Lifecycle rules: which status each action needs and what it leaves. */
const TRANSITIONS: Record<string, { from: string[]; to: string; refuse: (status: string) => string }> = {
  audit: { from: ['FREE'], to: 'AUDITED', refuse: (s) => (s === 'OBSOLETE' ? '该单据已作废，不能审核' : '该单据已审核，不能重复审核') },
  mulAudit: { from: ['FREE'], to: 'AUDITED', refuse: (s) => (s === 'OBSOLETE' ? '该单据已作废，不能审核' : '该单据已审核，不能重复审核') },
  mulInit: { from: ['AUDITED'], to: 'FREE', refuse: () => '只有已审核的单据可以弃审' },
  obsolete: { from: ['FREE'], to: 'OBSOLETE', refuse: (s) => (s === 'AUDITED' ? '已审核的单据不能作废，请先弃审' : '该单据已作废') },
  recover: { from: ['OBSOLETE'], to: 'FREE', refuse: () => '只有已作废的单据可以恢复' },
};

/** create, detail/{id}, update, deletes, enable, disable, audit, mulAudit, mulInit, obsolete, recover, copy/{id} (datax: datax-route.ts). */
/** A create checked with a form's rules (the published one, or a draft's in a dry run): the row, its lines and the stamps. */
export interface PlannedCreate {
  body: Record<string, unknown>;
  values: Record<string, unknown>;
  lines: CheckedLines;
  stamp: Record<string, unknown>;
  /** The unique values the row claims (a numbered document's number aside: its rule's, taken in the saving transaction). */
  keys: Record<string, unknown>;
  /** Takes the document's number from its rule (编码规则) in the saving transaction, for a numbered document. */
  assignNumber?: (trx: AnyDb) => Promise<{ column: string; value: unknown }>;
}

/** Checks a create body with `form`'s rules and the table's, in the caller's organisation; nothing is written. */
export async function planCreate(app: FastifyInstance, request: FastifyRequest, def: ResourceDefinition, form: Template | null, raw: Record<string, unknown>): Promise<PlannedCreate> {
  const auth = caller(request);
  const orgId = currentOrg(request);
  await prepareDocument(app.svc.db as AnyDb, def, orgId, raw, null);
  // a numbered document's number is the server's (编码规则): what the client sends is replaced in the saving transaction
  const numbered = NUMBERED_DOCUMENTS[def.tableName] ? def.columns.find((c) => c.fieldName === NUMBERED_DOCUMENTS[def.tableName].field) : undefined;
  const body = withCalculations(form, def.tableName, numbered ? { ...raw, [numbered.fieldName]: PENDING_NUMBER } : raw);
  checkFormRules(form?.formSubList, body, 'create');
  checkTableRules(def, body, undefined, form?.formSubList, app.svc.config.timezone);
  checkLineCount(form, body, 'create');
  const { main, children } = splitChildren(body);
  withHeaderFromLines(def.tableName, main, children, true);
  const values = await rowValues(app.svc.db, def, main, 'create');
  const keys = numbered ? { ...values, [numbered.fieldDbName]: undefined } : values;
  await assertUnique(app.svc.db as AnyDb, def, orgId, keys);
  const lines = await checkedChildren(app, def, children);
  await assertLinesUnique(app.svc.db as AnyDb, lines, orgId);
  await refuseForeignReferences(app, request, savedRows(def, values, lines));
  const org = await app.svc.db.selectFrom('sysOrg').select('groupId').where('id', '=', orgId).executeTakeFirstOrThrow();
  const stamp = { org_id: orgId, group_id: org.groupId, created_by: auth.userId, created_by_name: auth.realName, updated_by: auth.userId };
  const assignNumber = numbered
    ? async (trx: AnyDb) => ({ column: numbered.fieldDbName, value: await freeNumber(trx, def, orgId, numbered.fieldDbName, app.svc.clock(), app.svc.config.timezone) })
    : undefined;
  return { body, values, lines, stamp, keys, assignNumber };
}

/** Inserts a planned create and its lines in `trx` (its unique values claimed first: checked again under their locks). */
export async function insertPlanned(trx: AnyDb, def: ResourceDefinition, { values, lines, stamp, keys, assignNumber }: PlannedCreate): Promise<{ id: number; version: number }> {
  await claimUnique(trx, def, stamp.org_id as number, keys);
  await claimLinesUnique(trx, lines, stamp.org_id as number);
  const row = { ...values };
  if (assignNumber) {
    const { column, value } = await assignNumber(trx);
    row[column] = value;
  }
  await serverValues(trx, def, stamp.org_id as number, row);
  const made = await trx.insertInto(def.tableName).values({ ...row, ...stamp }).returning(['id', 'version']).executeTakeFirstOrThrow();
  await checkLineRules(trx, def, stamp.org_id as number, made.id as number, lines);
  for (const { line, rows } of lines) {
    for (const r of rows) await trx.insertInto(line.tableName).values({ ...r.values, [parentColumn(line)]: made.id, ...stamp }).execute();
  }
  await refreshNoticesOfWeighs(trx, def.tableName, [made.id]);
  return made as { id: number; version: number };
}

export async function writeRoutes(app: FastifyInstance): Promise<void> {
  const db = app.svc.db as AnyDb;

  app.get<{ Params: RouteParams & { id: number } }>('/:module/:resource/detail/:id', {
    schema: { tags: ['resource'], summary: '资源详情（当前公司之外的记录返回 404）', params: idParams },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'view');
    const [row] = await loadRows(app, request, def, [request.params.id]);
    const lines = await lineTablesOf(app, def);
    if (!lines.length) return ok(row);
    const children: Record<string, unknown[]> = {};
    for (const line of lines) {
      children[line.tableName] = await db.selectFrom(line.tableName).select(rowColumns(line, '')).where(parentColumn(line), '=', row.id).where('deleted', '=', false).orderBy('id').execute();
    }
    return ok({ ...row, children });
  });

  app.get<{ Params: RouteParams & { id: number } }>('/:module/:resource/getPics/:id', {
    config: { noOperationLog: true },
    schema: { tags: ['resource'], summary: '抓拍图片：记录的图片字段（FORM 模板的图片控件）中的图片', params: idParams },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'view');
    const [row] = await loadRows(app, request, def, [request.params.id]);
    const fields = (await publishedFormFields(app.svc.db, def.tableName) ?? []).filter((f) => f.formSubmitType === 'IMG_UPLOAD_EP' || f.formSubmitType === 'IMG_LOGO');
    const pictures = fields.flatMap((f) => String(row[f.fieldName] ?? '').split(',').filter((id) => /^\d+$/.test(id))
      .map((id) => ({ fileId: Number(id), url: `/sys-file-type/img/${id}`, field: f.fieldName, label: f.fieldExplain })));
    return ok(pictures);
  });

  app.get<{ Params: RouteParams & { id: number } }>('/:module/:resource/copy/:id', {
    schema: { tags: ['resource'], summary: '复制：返回可作为新记录的字段值（不含系统字段与唯一字段）', params: idParams },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'copy');
    const [row] = await loadRows(app, request, def, [request.params.id]);
    const copy: Record<string, unknown> = Object.fromEntries(def.columns.filter((c) => !c.unique).map((c) => [c.fieldName, row[c.fieldName] ?? null]));
    const lines = await lineTablesOf(app, def);
    if (lines.length) {
      // a copied document brings copies of its lines (new rows: no ids, no parent link)
      const children: Record<string, unknown[]> = {};
      for (const line of lines) {
        const rows = await db.selectFrom(line.tableName).select(rowColumns(line, '')).where(parentColumn(line), '=', row.id).where('deleted', '=', false).orderBy('id').execute();
        children[line.tableName] = rows.map((r) => Object.fromEntries(line.columns.filter((c) => !c.unique && c.fieldName !== line.parentKey).map((c) => [c.fieldName, r[c.fieldName] ?? null])));
      }
      copy.children = children;
    }
    return ok(copy);
  });

  app.post<{ Params: RouteParams; Body: Record<string, unknown> }>('/:module/:resource/create', {
    config: { title: '新增' },
    schema: { tags: ['resource'], summary: '新增（可带 Idempotency-Key 防止重复提交）', params: routeParams, body: anyBody },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await refuseLineWrite(app, def, '新增');
    await requireAction(request, def, 'add');
    const form = await publishedForm(app.svc.db, def.tableName);
    const planned = await planCreate(app, request, def, form, request.body);
    // the document and its lines are saved together or not at all (and its number with them); a unique value
    // stored meanwhile by another request is refused as planCreate's check refuses it (claimUnique, or its index)
    const row = await writeUnlessTaken(db, () => assertDocumentUnique(db, def, currentOrg(request), planned.keys, planned.lines), (trx) => insertPlanned(trx, def, planned));
    return ok(row, '新增成功');
  });

  app.put<{ Params: RouteParams; Body: Record<string, unknown> & { id: number; version: number } }>('/:module/:resource/update', {
    config: { title: '修改' },
    schema: {
      tags: ['resource'], summary: '修改（须带 version；过期的 version 返回 409，数据不变）', params: routeParams,
      body: { type: 'object', additionalProperties: true, required: ['id', 'version'], properties: { id: { type: 'integer', minimum: 1 }, version: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await refuseLineWrite(app, def, '修改');
    await requireAction(request, def, 'edit');
    const auth = caller(request);
    const [row] = await loadRows(app, request, def, [request.body.id]);
    // a stale version first: what the caller read has changed since, so its other values (the system
    // columns detail answered, an audit since) would be refused for reasons that are not the point
    if (request.body.version !== row.version) throw staleVersion();
    const refusal = def.kind === 'DOCUMENT' ? editRefusal(row.status) : null;
    if (refusal) throw badRequest(`${rowName(def, row)}：${refusal}`);
    // what detail answered may come back: system and derived values equal to the stored ones are dropped
    const sent = withoutStoredValues(def, request.body, row);
    refuseWeightEdit(def, sent, row);
    if (sent.children !== undefined && sent.children !== null) {
      const stored = new Map<string, Map<number, Row>>();
      for (const line of await lineTablesOf(app, def)) {
        const rows = (await db.selectFrom(line.tableName).selectAll().where(parentColumn(line), '=', row.id).where('deleted', '=', false).execute()) as Row[];
        stored.set(line.tableName, new Map(rows.map((r) => [r.id, r])));
      }
      sent.children = withoutStoredLineValues(await lineTablesOf(app, def), sent.children, row.id, stored);
    }
    const form = await publishedForm(app.svc.db, def.tableName);
    await prepareDocument(db, def, currentOrg(request), sent, row);
    const body = withCalculations(form, def.tableName, sent, row);
    const { main, children } = splitChildren(body);
    checkFormRules(form?.formSubList, main, 'update', row);
    checkTableRules(def, main, row, form?.formSubList, app.svc.config.timezone);
    checkLineCount(form, body, 'update');
    withHeaderFromLines(def.tableName, main, children, false);
    const values = await rowValues(app.svc.db, def, main, 'update');
    await assertUnique(db, def, currentOrg(request), values, row.id);
    const lines = await checkedChildren(app, def, children);
    await assertLinesUnique(db, lines, currentOrg(request), row.id);
    await refuseForeignReferences(app, request, savedRows(def, values, lines));
    const now = app.svc.clock();
    const orgId = currentOrg(request);
    const org = await app.svc.db.selectFrom('sysOrg').select('groupId').where('id', '=', orgId).executeTakeFirstOrThrow();
    const updated = await writeUnlessTaken(db, () => assertDocumentUnique(db, def, orgId, values, lines, row.id), async (trx) => {
      await claimUnique(trx, def, orgId, values, row.id);
      await claimLinesUnique(trx, lines, orgId, row.id);
      await serverValues(trx, def, orgId, values, row);
      const done = await trx.updateTable(def.tableName)
        .set({ ...values, updated_by: auth.userId, updated_at: now, version: sql`version + 1` })
        .where('id', '=', row.id).where('version', '=', request.body.version).where('deleted', '=', false).returning(['id', 'version']).executeTakeFirst();
      if (!done) throw staleVersion();
      await checkLineRules(trx, def, orgId, row.id, lines);
      const registry = await registryNotices(trx, def.tableName, [row.id]);
      // each sent line table is replaced: lines with an id are updated, new ones added, missing ones deleted (first:
      // a new line may take a unique value of one deleted, which a synced table's unique index must no longer see)
      for (const { line, rows } of lines) {
        const key = parentColumn(line);
        const existing = new Set((await trx.selectFrom(line.tableName).select('id').where(key, '=', row.id).where('deleted', '=', false).execute()).map((r) => r.id as number));
        const kept = new Set(rows.map((r) => r.id));
        const gone = [...existing].filter((id) => !kept.has(id));
        if (gone.length) await trx.updateTable(line.tableName).set({ deleted: true, updated_by: auth.userId, updated_at: now, version: sql`version + 1` }).where('id', 'in', gone).execute();
        const foreign = rows.find((r) => r.id !== undefined && !existing.has(r.id));
        if (foreign) throw badRequest(`${line.tableExplain}第 ${foreign.index + 1} 行不属于该单据`, { field: `children.${line.tableName}[${foreign.index}].id` });
        // kept lines whose unique value is sent leave the live rows first and come back one by one with their new
        // values, before the new lines are added: a synced table's unique index checks row by row, so two lines
        // swapping their values, or a new line taking a kept one's old value, would otherwise meet that old value
        // (the values were checked above, all of them together)
        const moving = rows.filter((r) => r.id !== undefined && line.columns.some((c) => c.unique && r.values[c.fieldDbName] !== undefined)).map((r) => r.id!);
        if (moving.length) await trx.updateTable(line.tableName).set({ deleted: true }).where('id', 'in', moving).execute();
        for (const r of rows.filter((l) => l.id !== undefined)) {
          await trx.updateTable(line.tableName).set({ ...r.values, deleted: false, updated_by: auth.userId, updated_at: now, version: sql`version + 1` }).where('id', '=', r.id!).execute();
        }
        for (const r of rows.filter((l) => l.id === undefined)) {
          await trx.insertInto(line.tableName).values({
            ...r.values, [key]: row.id, org_id: orgId, group_id: org.groupId, created_by: auth.userId, created_by_name: auth.realName, updated_by: auth.userId,
          }).execute();
        }
      }
      await refreshNoticesOfWeighs(trx, def.tableName, [row.id]);
      await registry.refresh(trx);
      return done;
    });
    return ok(updated, '修改成功');
  });

  app.delete<{ Params: RouteParams; Body: { ids: number[]; reason?: string } }>('/:module/:resource/deletes', {
    config: { title: '删除' },
    schema: {
      tags: ['resource'], summary: '删除（单据只能删除自由状态的；磅单须带删除原因 reason，原值记入操作日志）', params: routeParams,
      body: { ...idsBody, properties: { ...idsBody.properties, reason: { type: 'string', maxLength: 200 } } },
    },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await refuseLineWrite(app, def, '删除');
    await requireAction(request, def, 'del');
    const rows = await loadRows(app, request, def, request.body.ids);
    const locked = def.kind === 'DOCUMENT' ? rows.find((r) => r.status !== 'FREE') : undefined;
    if (locked) throw badRequest(`${rowName(def, locked)}：${STATUS_LABELS[locked.status] ?? locked.status}的单据不能删除`);
    const kept = weighDeleteRecord(def, request.body.reason, rows);
    const lines = await lineTablesOf(app, def);
    const stamp = { updated_by: caller(request).userId, updated_at: app.svc.clock() };
    await db.transaction().execute(async (trx) => {
      // still free, unchanged since checked — else nothing is deleted
      await changeChecked(trx, def, rows, { deleted: true, ...stamp });
      await refreshNoticesOfWeighs(trx, def.tableName, rows.map((r) => r.id));
      const registry = await registryNotices(trx, def.tableName, rows.map((r) => r.id));
      // a deleted document's lines go with it
      for (const line of lines) {
        await trx.updateTable(line.tableName).set({ deleted: true, ...stamp, version: sql`version + 1` })
          .where(parentColumn(line), 'in', rows.map((r) => r.id)).where('deleted', '=', false).execute();
      }
      await registry.refresh(trx);
    });
    if (kept) request.operationResult = kept;
    return ok(null, '删除成功');
  });

  for (const [action, enabled] of [['enable', true], ['disable', false]] as const) {
    app.post<{ Params: RouteParams; Body: { ids: number[] } }>(`/:module/:resource/${action}`, {
      config: { title: enabled ? '启用' : '停用' },
      schema: { tags: ['resource'], summary: enabled ? '启用' : '停用', params: routeParams, body: idsBody },
    }, async (request) => {
      const def = await resolveResource(app, request);
      await refuseLineWrite(app, def, enabled ? '启用' : '停用');
      await requireAction(request, def, action);
      const rows = await loadRows(app, request, def, request.body.ids);
      const set = { enabled, updated_by: caller(request).userId, updated_at: app.svc.clock() };
      await db.transaction().execute((trx) => changeChecked(trx, def, rows, set));
      return ok(null, enabled ? '启用成功' : '停用成功');
    });
  }

  for (const [action, rule] of Object.entries(TRANSITIONS)) {
    app.post<{ Params: RouteParams; Body: { ids: number[] } }>(`/:module/:resource/${action}`, {
      config: { title: { audit: '审核', mulAudit: '批量审核', mulInit: '弃审', obsolete: '作废', recover: '恢复' }[action] },
      schema: { tags: ['resource'], summary: `单据${action}（检查单据状态）`, params: routeParams, body: idsBody },
    }, async (request) => {
      const def = await resolveResource(app, request);
      if (def.kind !== 'DOCUMENT') throw badRequest(`${def.tableExplain}不是单据，没有此操作`);
      await requireAction(request, def, action as ResourceAction);
      const rows = await loadRows(app, request, def, request.body.ids);
      const refused = rows.find((r) => !rule.from.includes(r.status));
      if (refused) throw badRequest(`${rowName(def, refused)}：${rule.refuse(refused.status)}`);
      if (action === 'mulInit' || action === 'obsolete') refuseSettledWeigh(def.tableName, rows, action === 'mulInit' ? '弃审' : '作废');
      const set = { status: rule.to, updated_by: caller(request).userId, updated_at: app.svc.clock() };
      // each row still in the state it was checked in, or none changes (with what the action does to linked documents)
      await db.transaction().execute(async (trx) => {
        await changeChecked(trx, def, rows, set);
        await settleTransition(trx, def.tableName, action, rows);
        await assayTransition(trx, def.tableName, action, rows);
        if (action === 'obsolete' || action === 'recover') await refreshNoticesOfWeighs(trx, def.tableName, rows.map((r) => r.id));
      });
      return ok({ count: rows.length }, '操作成功');
    });
  }
}
