import { CHILD_MESSAGES, emptyRow, newRowKey, toSubmitRows, validateRows, type CellProblem, type ChildRow } from './child-rows';
import type { DefaultContext } from './defaults';
import type { FieldDefinition } from './field-definition';
import { toFormValues, toSubmitValues, type FormMode } from './form-schema';
import type { Template } from './template';

/** Where one child table's lines live: a plain holder, or a reactive store the editable table renders. */
export interface LineHolder { rows: ChildRow[] }

/** One child table's line problem, with the table it is in. */
export interface LineProblem extends CellProblem { table: string; label: string }

/** The request that saves the document: a new one is created, an existing one updated with its version. */
export interface SaveRequest { method: 'POST' | 'PUT'; url: string; body: Record<string, unknown> }

/** Modes that change an existing record (PUT update with its version). */
export const isUpdateMode = (mode: FormMode): boolean => mode === 'update' || mode === 'safeUpdate' || mode === 'weigh';

/** A record's lines of one child table (from detail's or copy's `children`) as editable rows with their ids. */
export function linesOf(record: Readonly<Record<string, unknown>>, table: string): ChildRow[] {
  const list = (record.children as Record<string, Record<string, unknown>[]> | undefined)?.[table] ?? [];
  return list.map((r) => ({ ...r, rowKey: newRowKey(), id: r.id as number }));
}

type ChildList = NonNullable<Template['childSubLists']>[number];

/**
 * A master-child document as the form edits it, without React: the main values, the lines of each
 * child table, the record's version and whether the server has since changed it (stale: a 409), and
 * the body the server takes (`{ …main fields, children: { <line table>: rows } }`, an update with
 * `id` and `version`). A form without child tables is the same without lines.
 *
 * The lines live in holders the caller may supply (`makeHolder`): the runtime passes reactive
 * stores so each cell re-renders alone; the model reads and replaces `holder.rows` only.
 */
export class MasterChildForm<H extends LineHolder = LineHolder> {
  readonly fields: readonly FieldDefinition[];
  readonly tables: readonly ChildList[];
  /** The main form's values (multi-value fields as lists, booleans as booleans). */
  main: Record<string, unknown>;
  /** Each child table's lines, by table name. */
  readonly lines: Readonly<Record<string, H>>;
  /** The record's id (an edit) or null (a new record). */
  id: unknown;
  /** The version the record was read at; an update sends it and the server refuses a stale one (409). */
  version: number | undefined;
  /** The server answered 409: someone changed the record since it was read. */
  stale = false;

  constructor(
    readonly template: Pick<Template, 'formSubList' | 'childSubLists' | 'validTable' | 'singleChild'>,
    readonly mode: FormMode,
    record: Readonly<Record<string, unknown>> = {},
    makeHolder: (rows: ChildRow[]) => H = (rows) => ({ rows }) as H,
  ) {
    this.fields = template.formSubList ?? [];
    this.tables = template.childSubLists ?? [];
    this.main = toFormValues(this.fields, record);
    this.lines = Object.fromEntries(this.tables.map((c) => [c.customTable, makeHolder(linesOf(record, c.customTable))]));
    this.id = record.id ?? null;
    this.version = typeof record.version === 'number' ? record.version : undefined;
  }

  /** Whether the document has child tables. */
  get masterChild(): boolean {
    return this.tables.length > 0;
  }

  /** The lines of a child table. */
  rows(table: string): ChildRow[] {
    const holder = this.lines[table];
    if (!holder) throw new Error(`unknown child table ${table}`);
    return holder.rows;
  }

  /** Adds an empty line (its fields' defaults) to a table; a single-child document refuses a second one (the message). */
  addLine(table: string, ctx?: DefaultContext): ChildRow | string {
    const child = this.tables.find((c) => c.customTable === table);
    if (!child) throw new Error(`unknown child table ${table}`);
    const holder = this.lines[table];
    if (this.template.singleChild && holder.rows.length >= 1) return CHILD_MESSAGES.singleChild;
    const row = emptyRow(child.fields, ctx);
    holder.rows.push(row);
    return row;
  }

  /** A new document starts with one empty line in each table that has none (spec 001 §2). */
  addFirstLines(ctx?: DefaultContext): void {
    for (const c of this.tables) if (this.lines[c.customTable].rows.length === 0) this.addLine(c.customTable, ctx);
  }

  /** Every line's cell problems ('{label}不能为空！', value rules), table by table, in row order. */
  lineProblems(): LineProblem[] {
    return this.tables.flatMap((c) => validateRows(this.lines[c.customTable].rows, c.fields, c.customTable).map((p) => ({ ...p, table: c.customTable, label: c.label })));
  }

  /** A document whose template asks for lines (validTable) and that has none: the form asks before saving. */
  get asksBeforeSavingWithoutLines(): boolean {
    return this.masterChild && !!this.template.validTable && this.tables.every((c) => this.lines[c.customTable].rows.length === 0);
  }

  /**
   * What the document submits: the main fields the mode may change (trimmed, blanks null,
   * multi-values joined), each table's lines under `children` (ids of existing lines kept, so the
   * server updates them, adds the new ones and deletes the missing ones), and for an update the
   * record's id and version.
   */
  submitBody(values: Readonly<Record<string, unknown>> = this.main): Record<string, unknown> {
    const body: Record<string, unknown> = toSubmitValues(this.fields, values, this.mode);
    if (this.masterChild) body.children = Object.fromEntries(this.tables.map((c) => [c.customTable, toSubmitRows(this.lines[c.customTable].rows, c.fields)]));
    return isUpdateMode(this.mode) ? { ...body, id: this.id, version: this.version } : body;
  }

  /** The request that saves it under a resource's base path (`/purorder/pu-notice`). */
  saveRequest(base: string, values?: Readonly<Record<string, unknown>>): SaveRequest {
    const body = this.submitBody(values);
    return isUpdateMode(this.mode) ? { method: 'PUT', url: `${base}/update`, body } : { method: 'POST', url: `${base}/create`, body };
  }

  /** A failed save: a 409 marks the document stale (what the user typed stays); true when it did. */
  failed(error: unknown): boolean {
    if ((error as { status?: unknown } | null)?.status === 409) this.stale = true;
    return this.stale;
  }

  /** A save the server accepted: an answer's new version is kept (a further update sends it). */
  saved(answer?: unknown): void {
    const version = (answer as { version?: unknown } | null | undefined)?.version;
    if (typeof version === 'number') this.version = version;
    this.stale = false;
  }

  /** The current record read again (载入最新数据): its values, lines and version replace the edited ones. */
  load(record: Readonly<Record<string, unknown>>): void {
    this.main = toFormValues(this.fields, record);
    for (const c of this.tables) this.lines[c.customTable].rows = linesOf(record, c.customTable);
    this.id = record.id ?? this.id;
    this.version = typeof record.version === 'number' ? record.version : undefined;
    this.stale = false;
  }
}
