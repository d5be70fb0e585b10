import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import { editRefusal } from '../../src/schema/document-status';
import { caller } from '../http/auth-hook';
import { AppError, badRequest } from '../http/app-error';
import { ok } from '../http/envelope';
import { routeParams, resolveResource, scopedRows, type RouteParams } from './list-route';
import { currentOrg, requireAction } from './scope';
import { checkFormRules, checkLineCount, checkTableRules, publishedForm, withCalculations } from './form-rules';
import { refuseForeignReferences } from './references';
import { rowValues } from './values';
import { rowColumns } from './columns';
import { serverValues } from './line-rules';
import { assertUnique, claimUnique, lockUniqueValues } from './unique';
import { isUniqueViolation, writeUnlessTaken } from '../http/taken-key';
import { changeChecked, refuseLineWrite, rowName, type Row } from './write-routes';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;

/** One row of a sync as it will be written: an update of the row holding its key (`current`), or an insert. */
interface PlannedRow { current?: Row; values: Record<string, unknown> }

/**
 * A datax row's refusal: its message after the row's number (第 2 行：…) and its field as the row's
 * (`rows[1].mobile`), as the key and reference checks name theirs.
 */
function rowError(error: AppError, index: number): AppError {
  const data = error.data && typeof error.data === 'object' ? error.data as Record<string, unknown> : null;
  const field = typeof data?.field === 'string' ? { field: `rows[${index}].${data.field}` } : {};
  return new AppError(error.statusCode, `第 ${index + 1} 行：${error.message}`, error.code, data ? { ...data, ...field } : error.data);
}

/** `fn`'s refusal as the row's (rowError); anything else as it is. */
async function asRow<T>(index: number, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof AppError) throw rowError(error, index);
    throw error;
  }
}

/** The live rows of the caller's organisation (or group) holding one of `keys`, by key. */
async function rowsByKey(app: FastifyInstance, request: FastifyRequest, def: ResourceDefinition, key: ResourceColumn, keys: string[]): Promise<Map<string, Row>> {
  const existing = new Map<string, Row>();
  for (let i = 0; i < keys.length; i += 500) {
    const found = (await (await scopedRows(app, request, def)).select(rowColumns(def)).where(`t.${key.fieldDbName}`, 'in', keys.slice(i, i + 500)).execute()) as Row[];
    for (const r of found) existing.set(String(r[key.fieldName]), r);
  }
  return existing;
}

/** Whether `existing` holds, for each planned row, the row it was planned against (the same id and version), or none as planned. */
const plannedAgainst = (existing: Map<string, Row>, keys: string[], planned: PlannedRow[]) =>
  planned.every((p, index) => {
    const now = existing.get(keys[index]);
    return now?.id === p.current?.id && now?.version === p.current?.version;
  });

/**
 * 数据同步 (`/{module}/{resource}/datax`): rows keyed by the table's first unique column; a key a live row
 * holds updates that row, a new one is inserted; all rows or none.
 *
 * The batch is checked up front (a refused one never waits nor locks). In its transaction every unique
 * value it writes is then locked as the engine's create and update lock theirs (claimUnique: column by
 * column, each column's values in one order), and the rows of its keys are read again: a create, update
 * or sync of one of the keys that committed while this one waited is seen, and the batch is planned again
 * against it, as if it had been sent after it (a key stored meanwhile is updated, not stored twice). Each
 * row then claims its values (a value of another unique column held by another row: the row's 400).
 */
export async function dataxRoutes(app: FastifyInstance): Promise<void> {
  const db = app.svc.db as AnyDb;

  app.post<{ Params: RouteParams; Body: { rows: Record<string, unknown>[] } }>('/:module/:resource/datax', {
    config: { title: '数据同步' },
    schema: {
      tags: ['resource'], params: routeParams,
      summary: '数据同步（datax）：按唯一键新增或修改多行（最多 1000 行），逐行按表单规则校验，全部成功或全部不变',
      body: { type: 'object', additionalProperties: false, required: ['rows'], properties: { rows: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'object' } } } },
    },
  }, async (request) => {
    const def = await resolveResource(app, request);
    await refuseLineWrite(app, def, '同步');
    await requireAction(request, def, 'add');
    await requireAction(request, def, 'edit');
    const key = def.columns.find((c) => c.unique);
    if (!key) throw badRequest(`${def.tableExplain}没有唯一键，不能同步`);
    const auth = caller(request);
    const orgId = currentOrg(request);
    const keys = request.body.rows.map((r, index) => {
      const v = r[key.fieldName];
      if (v === undefined || v === null || String(v).trim() === '') throw badRequest(`第 ${index + 1} 行：${key.fieldExplain}不能为空`, { field: `rows[${index}].${key.fieldName}` });
      return String(v).trim();
    });
    const seen = new Map<string, number>();
    keys.forEach((k, index) => {
      if (seen.has(k)) throw badRequest(`第 ${index + 1} 行：${key.fieldExplain} ${k} 与第 ${seen.get(k)! + 1} 行重复`, { field: `rows[${index}].${key.fieldName}` });
      seen.set(k, index);
    });
    const form = await publishedForm(app.svc.db, def.tableName);
    /** Each row checked against the row its key finds in `existing` (an update), or none (an insert). */
    const plan = async (existing: Map<string, Row>): Promise<PlannedRow[]> => {
      const planned: PlannedRow[] = [];
      for (const [index, raw] of request.body.rows.entries()) {
        const { id: _id, version: _version, children: _children, ...fields } = raw;
        const current = existing.get(keys[index]);
        planned.push(await asRow(index, async () => {
          const refusal = current && def.kind === 'DOCUMENT' ? editRefusal(current.status) : null;
          // the row as a whole is refused: named by its key, which found the stored row
          if (current && refusal) throw badRequest(`${rowName(def, current)}：${refusal}`, { field: key.fieldName });
          const body = withCalculations(form, def.tableName, fields, current);
          checkFormRules(form?.formSubList, body, current ? 'update' : 'create', current);
          checkTableRules(def, body, current, form?.formSubList, app.svc.config.timezone);
          // lines are not synced: a document that must have one cannot be added here
          checkLineCount(form, body, current ? 'update' : 'create');
          return { current, values: await rowValues(app.svc.db, def, body, current ? 'update' : 'create') };
        }));
      }
      await refuseForeignReferences(app, request, planned.map((p, index) => ({ def, values: p.values, where: `第 ${index + 1} 行：`, path: `rows[${index}].` })));
      return planned;
    };
    let planned = await plan(await rowsByKey(app, request, def, key, keys));
    const org = await app.svc.db.selectFrom('sysOrg').select('groupId').where('id', '=', orgId).executeTakeFirstOrThrow();
    const now = app.svc.clock();
    let inserted = 0;
    let updated = 0;
    /** a unique value the write met in a row stored since the batch was planned */
    let met = false;
    const write = async (trx: AnyDb) => {
      inserted = 0;
      updated = 0;
      for (const c of def.columns.filter((col) => col.unique)) await lockUniqueValues(trx, def, orgId, c.fieldName, planned.map((p) => p.values[c.fieldDbName]));
      const existing = await rowsByKey(app, request, def, key, keys);
      if (!plannedAgainst(existing, keys, planned)) planned = await plan(existing);
      for (const [index, p] of planned.entries()) {
        await asRow(index, () => claimUnique(trx, def, orgId, p.values, p.current?.id).catch((error: unknown) => { met = true; throw error; }));
        await serverValues(trx, def, orgId, p.values, p.current);
        if (p.current) {
          await changeChecked(trx, def, [p.current], { ...p.values, updated_by: auth.userId, updated_at: now });
          updated += 1;
        } else {
          await trx.insertInto(def.tableName).values({
            ...p.values, org_id: orgId, group_id: org.groupId, created_by: auth.userId, created_by_name: auth.realName, updated_by: auth.userId,
          }).execute();
          inserted += 1;
        }
      }
    };
    try {
      await db.transaction().execute(write);
    } catch (error) {
      // a writer that does not take the engine's locks (a process of its own on a synced table) stored a key while
      // this batch waited — on the table's unique index, or on the table's write generation and then met the key:
      // the batch is written once more, planned against that row (as a sync sent after it); a value it still meets
      // is the row's 400
      if (!isUniqueViolation(error) && !met) throw error;
      const check = async () => {
        for (const [index, p] of planned.entries()) await asRow(index, () => assertUnique(db, def, orgId, p.values, p.current?.id));
      };
      await writeUnlessTaken(db, check, write);
    }
    return ok({ inserted, updated, total: planned.length }, `同步成功：新增 ${inserted} 条，修改 ${updated} 条`);
  });
}
