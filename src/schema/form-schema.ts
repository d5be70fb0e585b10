import { resolveDefault, type DefaultContext } from './defaults';
import type { FieldDefinition, FieldOption } from './field-definition';
import { formLayouts } from './form-layout';
import { GRID_UNITS, labelNeedsTooltip } from './layout-rules';
import { pickerPropsOf } from './picker';
import type { Template } from './template';
import { componentOf, formColumns, isFullRow, placeholderOf, type FormComponentName } from './form-controls';
import { MULTI_KINDS, checkFieldValue, isEmpty, requiredMessage } from './validate';
import { fieldRecordProblem, hasRecordRule, type RecordLabels } from './record-rules';

/**
 * Field definitions → a Formily schema (plain data plus validator functions made here, never from
 * server text). The runtime renders it with a component-name → component map passed through context.
 */

/** The form modes of spec 001 §2 (route query `type`), plus a read-only view. */
export const FORM_MODES = ['create', 'create1', 'update', 'safeUpdate', 'weigh', 'createRef', 'view'] as const;
export type FormMode = (typeof FORM_MODES)[number];


/** What Formily hands a validator besides the value: the form, whose values a rule over several fields reads. */
export interface ValidatorContext { form?: { values?: Readonly<Record<string, unknown>> } }
export type FieldValidator = (value: unknown, rule?: unknown, ctx?: ValidatorContext) => string | undefined;
export interface ValidatorRule { required?: boolean; message?: string; triggerType?: 'onInput' | 'onBlur'; validator?: FieldValidator }

export interface FormSchemaNode {
  type: 'object' | 'void' | 'string' | 'boolean' | 'array';
  title?: string;
  required?: boolean;
  default?: unknown;
  enum?: { label: string; value: unknown }[];
  'x-index'?: number;
  'x-decorator'?: 'FormItem';
  'x-decorator-props'?: Record<string, unknown>;
  'x-component'?: FormComponentName | 'FormGrid' | 'FormGrid.GridColumn' | 'FormTab' | 'FormTab.TabPane';
  'x-component-props'?: Record<string, unknown>;
  'x-validator'?: ValidatorRule[];
  'x-pattern'?: 'editable' | 'disabled' | 'readOnly' | 'readPretty';
  'x-display'?: 'visible' | 'hidden' | 'none';
  properties?: Record<string, FormSchemaNode>;
}

export const FORM_LABEL_WIDTH = 100;
export const FORM_GUTTER = 20;
export const FORM_MIN_WIDTH = 550;
/** Narrowest grid column (label 100 + an input of 80). */
export const FORM_COLUMN_MIN_WIDTH = 180;
/** Inputs that need more than 80 px to show their whole value (a date-time: 2026-11-26 08:30:00 and its icon). */
const INPUT_MIN_WIDTH: Partial<Record<FormComponentName, number>> = { DateTime: 176, Date: 120, Time: 100 };

/**
 * The grid's columns by its own width: the template's 4 or 8 when every one-column field can show
 * its input whole, else the next divisor (4, 2, 1) — never 5, 6 or 7, which would regroup the rows
 * the designer laid out. Answered as FormGrid breakpoints (the grid's width ≤ breakpoint i → columns[i]).
 */
export function gridByWidth(columns: 4 | 8, components: readonly FormComponentName[]): { breakpoints: number[]; columns: number[] } {
  const input = Math.max(FORM_COLUMN_MIN_WIDTH - FORM_LABEL_WIDTH, ...components.map((c) => INPUT_MIN_WIDTH[c] ?? 0));
  const column = FORM_LABEL_WIDTH + input;
  const counts = columns === 8 ? [1, 2, 4, 8] : [1, 2, 4];
  const needs = (n: number) => n * column + (n - 1) * FORM_GUTTER;
  // below what n + 1 … columns need, n columns; past the last breakpoint, all of them
  return { breakpoints: [...counts.slice(1).map((n) => needs(n) - 1), Number.MAX_SAFE_INTEGER], columns: counts };
}

function choices(field: FieldDefinition): FieldOption[] | undefined {
  const list = field.options?.length ? field.options : field.enumOptions;
  return list?.length ? list : undefined;
}

/**
 * Whether a field can be changed in a mode: iupdate; never while viewing; while weighing only the
 * on-site confirmation table is handled (its actions, no typed input) — every input is read-only.
 */
export function isEditable(field: FieldDefinition, mode: FormMode): boolean {
  if (mode === 'view' || field.iautoCode) return false;
  if (mode === 'weigh') return field.formSubmitType === 'Announcement';
  if (mode === 'update' || mode === 'safeUpdate') return field.iupdate !== false;
  return true;
}

/**
 * The validators of a field: required (change form of the message), its value rules on blur, and the
 * record's rules over it and the form's other fields (record-rules.ts: an end before its start, a
 * negative tare) as its value changes; `all` are the form's fields, `table` its data source's table
 * (the template's `customTable`).
 */
export function validatorsOf(field: FieldDefinition, all: RecordLabels = [field], table?: string | null): ValidatorRule[] {
  const rules: ValidatorRule[] = [];
  if (field.irequired) rules.push({ required: true, message: requiredMessage(field, 'change') });
  rules.push({ triggerType: 'onBlur', validator: (value) => checkFieldValue(field, value) ?? undefined });
  if (hasRecordRule(table, field.fieldName, all)) {
    rules.push({ validator: (value, _rule, ctx) => fieldRecordProblem(table, field.fieldName, { ...ctx?.form?.values, [field.fieldName]: value }, all) ?? undefined });
  }
  return rules;
}

export interface CompiledForm { columns: 4 | 8; fields: FieldDefinition[]; schema: FormSchemaNode }

/**
 * Compiles a FORM (or DETAIL) template: the visible fields in seq order on a grid of 4 or 8
 * columns, each with its component, options, validators (the record's rules by the template's table,
 * `customTable`), pattern and (in create modes) default.
 */
export function compileForm(template: Pick<Template, 'formatStyle' | 'formSubList' | 'groups' | 'customTable'>, mode: FormMode, ctx: DefaultContext): CompiledForm {
  const columns = formColumns(template);
  const all = template.formSubList ?? [];
  // a template laid out by the designer: each field at its stored place (formLayouts), tab groups after the ungrouped fields
  const designed = all.some((f) => f.layout);
  const layoutOf = new Map(designed ? formLayouts(template).map((l, i) => [all[i], l] as const) : []);
  const groupRank = new Map((template.groups ?? []).map((g, i) => [g.key, i + 1]));
  const rank = (f: FieldDefinition) => { const g = layoutOf.get(f)?.group; return g ? groupRank.get(g) ?? 0 : 0; };
  const fields = [...all].filter((f) => f.ishow !== false).sort(designed
    ? (a, b) => rank(a) - rank(b) || layoutOf.get(a)!.row - layoutOf.get(b)!.row || layoutOf.get(a)!.col - layoutOf.get(b)!.col
    : (a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  // the ungrouped fields' grid (rank 0), then one grid per tab group (rank i + 1) shown as a tab
  const grids = new Map<number, Record<string, FormSchemaNode>>([[0, {}]]);
  const gridOf = (r: number) => { let g = grids.get(r); if (!g) grids.set(r, g = {}); return g; };
  let properties = gridOf(0);
  const unit = GRID_UNITS / columns;
  let index = 0;
  let gaps = 0;
  let line: string | null = null;
  let cursor = 0;
  /** An empty cell of `units` grid units (a place nobody sits in keeps its room). */
  const gap = (units: number) => {
    if (units < unit) return;
    properties[`__gap${gaps++}`] = { type: 'void', 'x-index': index++, 'x-component': 'FormGrid.GridColumn', 'x-component-props': { gridSpan: Math.round(units / unit) } };
  };
  const spanOf = (field: FieldDefinition): number => {
    const l = layoutOf.get(field);
    if (!l) return isFullRow(field) ? columns : 1;
    const key = `${rank(field)}:${l.row}`;
    if (key !== line) {
      if (line !== null && cursor > 0) gap(GRID_UNITS - cursor);
      line = key;
      cursor = 0;
      properties = gridOf(rank(field));
    }
    gap(l.col - cursor);
    cursor = l.col + l.span;
    return Math.max(1, Math.round(l.span / unit));
  };
  fields.forEach((field) => {
    const gridSpan = spanOf(field);
    const component = componentOf(field);
    const multi = MULTI_KINDS.has(field.formSubmitType ?? '');
    const options = choices(field);
    const node: FormSchemaNode = {
      type: field.fieldType === 'BOOLEAN' || component === 'YesNo' ? 'boolean' : multi || component.endsWith('Range') || component === 'Announcement' ? 'array' : 'string',
      title: field.fieldExplain,
      'x-index': index++,
      'x-decorator': 'FormItem',
      'x-decorator-props': {
        gridSpan,
        labelWidth: FORM_LABEL_WIDTH,
        ...(labelNeedsTooltip(field.fieldExplain, field.irequired) ? { tooltip: field.fieldExplain } : {}),
      },
      'x-component': component,
      'x-component-props': {
        ...(placeholderOf(field) ? { placeholder: placeholderOf(field) } : {}),
        // a text box says its 提示文字 whole on hover, where a narrow box cuts it (磅单号's 保存时自动生成 on one column)
        ...(placeholderOf(field) && (component === 'Input' || component === 'TextArea') ? { title: placeholderOf(field) } : {}),
        ...(field.rows ? { rows: field.rows } : {}),
        ...(component === 'ImageUpload' && field.maxCount ? { maxCount: field.maxCount } : {}),
        ...(component === 'Announcement' && field.options ? { columns: field.options.map((o) => ({ dataIndex: String(o.value), title: o.label })) } : {}),
        'data-field': field.fieldName,
        // the control's accessible name: FormItem's label is not tied to the control (it has no id)
        'aria-label': field.fieldExplain,
        ...(component === 'Picker' || component === 'AutoComplete' ? { picker: pickerPropsOf(field) } : {}),
      },
      'x-validator': validatorsOf(field, all, template.customTable),
      'x-pattern': isEditable(field, mode) ? 'editable' : mode === 'view' ? 'readPretty' : 'disabled',
      'x-display': field.ihidden ? 'hidden' : 'visible',
    };
    if (field.irequired) node.required = true;
    if (options && component !== 'Announcement') node.enum = options.map((o) => ({ label: o.label, value: o.value }));
    if (mode === 'create' || mode === 'createRef') {
      const value = resolveDefault(field, ctx);
      if (value !== undefined) node.default = multi && typeof value === 'string' ? value.split(',') : value;
    }
    properties[field.fieldName] = node;
  });
  const byWidth = gridByWidth(columns, fields.filter((f) => !isFullRow(f)).map(componentOf));
  const grid = (props: Record<string, FormSchemaNode>): FormSchemaNode => ({
    type: 'void', 'x-component': 'FormGrid',
    // narrow windows fall back to fewer columns (a divisor) rather than squeezing the inputs away;
    // strictAutoFit: a span is never shrunk to fit what is left of a row, the field starts the next one
    'x-component-props': { breakpoints: byWidth.breakpoints, maxColumns: byWidth.columns, minColumns: byWidth.columns, minWidth: 0, columnGap: FORM_GUTTER, rowGap: 0, strictAutoFit: true },
    properties: props,
  });
  // a tab group with fields is a tab under the ungrouped fields; every tab is rendered at once (hidden
  // ones too), so their fields take their defaults and are checked on submit, and a tab holding an
  // error shows the count on its title
  const tabs = (template.groups ?? []).flatMap((g, i) => {
    const props = grids.get(i + 1);
    return props && Object.keys(props).length ? [[`tab_${g.key}`, {
      type: 'void', 'x-component': 'FormTab.TabPane', 'x-index': i, 'x-component-props': { tab: g.label, forceRender: true },
      properties: { [`grid_${g.key}`]: grid(props) },
    } satisfies FormSchemaNode] as const] : [];
  });
  return {
    columns,
    fields,
    schema: {
      type: 'object',
      properties: {
        grid: { ...grid(grids.get(0)!), 'x-index': 0 },
        ...(tabs.length ? { tabs: { type: 'void', 'x-component': 'FormTab', 'x-index': 1, properties: Object.fromEntries(tabs) } satisfies FormSchemaNode } : {}),
      },
    },
  };
}

/** Values read from a record for the form: multi-value text split into lists, booleans from their text forms. */
export function toFormValues(fields: readonly FieldDefinition[], row: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    const v = row[f.fieldName];
    if (v === undefined) continue;
    if (MULTI_KINDS.has(f.formSubmitType ?? '') && typeof v === 'string') out[f.fieldName] = v ? v.split(',') : [];
    else if (f.fieldType === 'BOOLEAN' && typeof v === 'string') out[f.fieldName] = v === 'true' || v === '1';
    else out[f.fieldName] = v;
  }
  return out;
}

/**
 * What a form submits (spec 001 §5): strings trimmed, empty values null, multi-value fields
 * comma-joined, only the template's fields; fields the mode cannot change are left out.
 */
export function toSubmitValues(fields: readonly FieldDefinition[], values: Readonly<Record<string, unknown>>, mode: FormMode): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (!isEditable(f, mode) || f.ishow === false) continue;
    // a new record sends every field it shows (blank ones as null); an edit sends what it holds
    if (!Object.prototype.hasOwnProperty.call(values, f.fieldName) && (mode === 'update' || mode === 'safeUpdate')) continue;
    let v = values[f.fieldName];
    if (Array.isArray(v) && MULTI_KINDS.has(f.formSubmitType ?? '')) v = v.join(',');
    if (typeof v === 'string') v = v.trim();
    out[f.fieldName] = isEmpty(v) ? null : v;
  }
  return out;
}
