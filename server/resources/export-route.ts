import { PassThrough, type Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { FieldDefinition } from '../../src/schema/field-definition';
import type { ResourceDefinition } from '../../src/schema/resource';
import type { ListRequest } from '../../src/schema/search';
import type { Template } from '../../src/schema/template';
import { caller } from '../http/auth-hook';
import { badRequest, notFound } from '../http/app-error';
import { listRequestSchema, sortOf, whereSearch } from '../http/list-query';
import { searchColumns } from './columns';
import { excelNumberFormat } from '../../src/schema/value-formats';
import { cellValue, exportColumns, fitWidths, type ExportColumn } from './export-columns';
import { keysetBatches, type KeysetKey } from './keyset-rows';
import { resolveResource, routeParams, scopedRows, type RouteParams } from './list-route';
import { requireAction } from './scope';

/**
 * Rows per database statement while exporting. In the default order (id desc) a batch is an index
 * seek; under another sort each batch orders the filtered set again, so those batches are larger.
 */
export const EXPORT_BATCH = 2000;
export const SORTED_EXPORT_BATCH = 5000;
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A published LIST template of the resource's table (as the template routes read it). */
async function listTemplate(app: FastifyInstance, tplId: string | number, def: ResourceDefinition): Promise<Template> {
  const id = typeof tplId === 'number' ? tplId : /^\d{1,15}$/.test(tplId) ? Number(tplId) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw badRequest(`模板编号 ${String(tplId)} 无效`);
  const row = await app.svc.db.selectFrom('cgFormat').select(['id', 'published']).where('id', '=', id).executeTakeFirst();
  if (!row?.published) throw notFound('模板不存在或未发布');
  const template = row.published as unknown as Template;
  if (template.formatType !== 'LIST') throw badRequest(`模板 ${template.formatName} 不是列表模板，不能用来导出`);
  if (template.customTable !== def.tableName) throw badRequest(`模板 ${template.formatName} 不是${def.tableExplain}的模板，不能用来导出`);
  return template;
}

/** value → label of the resource's enumerations. */
async function enumLabels(app: FastifyInstance, def: ResourceDefinition): Promise<Map<string, Map<string, string>>> {
  const codes = [...new Set(def.columns.map((c) => c.enumCode).filter((x): x is string => !!x))];
  const out = new Map<string, Map<string, string>>();
  if (!codes.length) return out;
  const rows = await app.svc.db.selectFrom('cgEnumItem').innerJoin('cgEnum', 'cgEnum.id', 'cgEnumItem.enumId')
    .select(['cgEnum.enumCode', 'cgEnumItem.itemValue', 'cgEnumItem.itemLabel']).where('cgEnum.enumCode', 'in', codes).execute();
  for (const r of rows) {
    if (!out.has(r.enumCode)) out.set(r.enumCode, new Map());
    out.get(r.enumCode)!.set(r.itemValue, r.itemLabel);
  }
  return out;
}

/** Whether data desensitisation is on for the caller's group (the group's setting wins over the global one). */
async function desensitizationOn(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  const auth = caller(request);
  const rows = await app.svc.db.selectFrom('sysSetting').select(['groupId', 'paramValue']).where('paramKey', '=', 'data_desensitization')
    .where((eb) => eb.or([eb('groupId', 'is', null), eb('groupId', '=', auth.groupId ?? -1)])).execute();
  return (rows.find((r) => r.groupId !== null)?.paramValue ?? rows[0]?.paramValue) === '1';
}

/** yyyyMMddHHmmss in the server's time zone. */
function stampOf(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year')}${part('month')}${part('day')}${part('hour')}${part('minute')}${part('second')}`;
}

/** `attachment` with an ASCII fallback and the real name in RFC 5987 form. */
export function contentDisposition(fallback: string, name: string): string {
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encoded}`;
}

/** A file name without the characters file systems refuse (control characters, \ / : * ? " < > |). */
const safeName = (text: string) => Array.from(text, (ch) => (ch < ' ' || '\\/:*?"<>|'.includes(ch) ? '_' : ch)).join('').trim() || '导出';
const sheetName = (text: string) => text.replace(/[[\]:*?/\\]/g, '_').slice(0, 31) || 'Sheet1';

/** Resolves when `stream` can take more (or has nothing waiting), or when the client has gone. */
function drained(stream: Writable, out: Writable): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { stream.off('drain', done); out.off('close', done); resolve(); };
    stream.on('drain', done);
    out.on('close', done);
  });
}

/**
 * The stream the sheet's XML waits in before it is compressed. exceljs 4.4's sheet stream writes
 * into the zip without honouring back-pressure, so the export waits on that queue itself (it
 * belongs to exceljs's internals; when it is not there, only the output's back-pressure counts).
 */
function sheetQueue(sheet: ExcelJS.Worksheet): Writable | null {
  const pipes = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream?.pipes;
  const first = Array.isArray(pipes) ? pipes[0] : null;
  return first && typeof (first as Writable).writableNeedDrain === 'boolean' ? first as Writable : null;
}

/** Adds one row of values, number cells with their spreadsheet format (the template's value format). */
function addRow(sheet: ExcelJS.Worksheet, columns: readonly ExportColumn[], row: Record<string, unknown>): void {
  const added = sheet.addRow(columns.map((c, i) => cellValue(c, row[`c${i}`])));
  columns.forEach((c, i) => {
    if (c.kind !== 'number' || !c.valueFormat) return;
    const cell = added.getCell(i + 1);
    const format = typeof cell.value === 'number' ? excelNumberFormat(c.valueFormat, cell.value) : null;
    if (format) cell.numFmt = format;
  });
  added.commit();
}

/**
 * Writes the workbook into `out` batch by batch, waiting for the client between batches, so the
 * server holds about one batch at a time. Stops early when the client goes away. The columns are
 * as wide as their header and the first batch's values (the sheet's widths precede its rows).
 */
async function writeWorkbook(out: PassThrough, title: string, planned: ExportColumn[], batches: AsyncGenerator<Record<string, unknown>[]>): Promise<number> {
  const first = await batches.next();
  const columns = fitWidths(planned, first.done ? [] : first.value);
  // styles: the number formats of number cells
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName(title), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ key: `c${i}`, width: c.width }));
  sheet.addRow(columns.map((c) => c.header)).commit();
  let written = 0;
  const rest = async function* () {
    if (!first.done) yield first.value;
    yield* batches;
  };
  for await (const rows of rest()) {
    for (const row of rows) addRow(sheet, columns, row);
    written += rows.length;
    const queue = sheetQueue(sheet);
    if (queue) await drained(queue, out);
    await drained(out, out);
    // let the compression and the socket move even when nothing is waiting (the database answers through promises only)
    await new Promise((resolve) => setImmediate(resolve));
    if (out.destroyed) {
      await batches.return(undefined);
      return written;
    }
  }
  sheet.commit();
  await workbook.commit();
  return written;
}

/**
 * POST export: the whole filtered set of a list as an .xlsx, streamed. Same search, sort and
 * organisation scope as the list; columns and labels from the LIST template named by tplId.
 * The operation log records each export (who exported what filter).
 */
export async function exportRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: RouteParams; Body: ListRequest }>('/:module/:resource/export', {
    schema: {
      tags: ['resource'],
      summary: '导出 Excel（与列表相同的检索、排序与公司范围；列与表头取自 tplId 指定的列表模板；X-Total-Count 为导出条数）',
      params: routeParams, body: listRequestSchema,
    },
  }, async (request, reply) => {
    const def = await resolveResource(app, request);
    await requireAction(request, def, 'export');
    const columns = searchColumns(def);
    const sort = sortOf(request.body, columns);
    const keys: KeysetKey[] = sort.map((s, i) => ({ ...s, type: columns[request.body.sort![i].key].type }));
    const filtered = (await scopedRows(app, request, def)).where((eb: Parameters<typeof whereSearch>[0]) => whereSearch(eb, request.body.search, columns));
    const tplId = request.body.tplId;
    const template = tplId === undefined || tplId === null || tplId === '' ? null : await listTemplate(app, tplId, def);
    const fields: FieldDefinition[] | null = template ? template.listSubList ?? [] : null;
    const plan = exportColumns(def, fields, await enumLabels(app, def), await desensitizationOn(app, request));
    if (!plan.length) throw badRequest('模板没有可导出的列');

    const counted = await filtered.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow();
    const total = Number((counted as { total: number | string }).total);
    const timezone = app.svc.config.timezone;
    const selected = filtered.select(plan.map((c, i) => {
      const ref = sql.ref(`t.${c.dbColumn}`);
      return (c.kind === 'date' ? sql`to_char(timezone(${timezone}, ${ref}), 'YYYY-MM-DD HH24:MI:SS')` : sql`${ref}`).as(`c${i}`);
    }));

    const title = template?.formatName ?? def.tableExplain;
    const stamp = stampOf(app.svc.clock(), timezone);
    const out = new PassThrough();
    out.on('error', (error) => request.log.warn({ err: error }, 'export stream failed'));
    writeWorkbook(out, title, plan, keysetBatches(selected, keys, keys.length ? SORTED_EXPORT_BATCH : EXPORT_BATCH))
      .then((rows) => request.log.info({ rows, total, resource: def.tableName }, 'export finished'))
      .catch((error: unknown) => {
        // the headers are gone: all that is left is to break the download, which the client reports
        request.log.error({ err: error }, 'export failed while streaming');
        out.destroy(error instanceof Error ? error : new Error(String(error)));
      });
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', contentDisposition(`${def.resource}-${stamp}.xlsx`, `${safeName(title)}${stamp}.xlsx`))
      .header('x-total-count', String(total))
      .header('cache-control', 'no-store')
      .send(out);
  });
}
