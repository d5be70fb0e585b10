import { CalcSyntaxError } from './calculate';
import { calculationToRows, rowsToCalculation, type CalculationFieldOption } from './calculation-rows';
import { isNumberColumn, type Calculation, type FieldDefinition } from './field-definition';
import { ShapeError } from './shape';
import type { Template } from './template';
import { checkDateSpecDraft, dateSpecDraft, parseTimeOfDay } from './time-dialogs';

/**
 * The field attributes the template-attribute configuration (`/custom/format/form/sub`) edits with
 * the dialogs of spec 001 §2 screens 5 and 9, and the rules a template's values of them must keep:
 * - 计算方式 → `calculate` of a number or CALCULATE field;
 * - 选择时间 → `defaultValue` as a relative date spec of a date field of the main form or a child table;
 * - 选择时间范围 → `defaultValue` as a time-of-day range of a range search field (TIME_RANGE_BOX, DATA_RANGE_BOX);
 * - 选择时间点 → `defaultValue` as HH:mm:ss of a TIME_BOX_TIM field.
 */

export type AttributeKind = 'calculate' | 'dateSpec' | 'timeRange' | 'timePoint';

/**
 * One field list of a template: the main form (formSubList), a child table's fields, the list
 * columns (listSubList) or a popup's columns (resSubList). `path` is how messages name it.
 */
export interface AttributeList {
  path: string;
  label: string;
  role: 'form' | 'child' | 'list';
  /** The table its fields belong to unless a field names another. */
  table: string | null;
  fields: readonly FieldDefinition[];
}

/** How the configuration (and a problem's place) names a template's own field lists. */
export const FIELD_LIST_LABELS = { formSubList: '表单字段', listSubList: '列表字段', resSubList: '弹窗字段' } as const;
/** How it names a child table's fields. */
export const childListLabel = (label: string): string => `子表：${label}`;

/** The template's field lists that hold fields, in the order the configuration shows them. */
export function attributeLists(template: Template): AttributeList[] {
  const main = template.customTable ?? null;
  const lists: AttributeList[] = [
    { path: 'formSubList', label: FIELD_LIST_LABELS.formSubList, role: 'form', table: main, fields: template.formSubList ?? [] },
    ...(template.childSubLists ?? []).map((c, i): AttributeList => ({ path: `childSubLists[${i}].fields`, label: childListLabel(c.label), role: 'child', table: c.customTable, fields: c.fields })),
    { path: 'listSubList', label: FIELD_LIST_LABELS.listSubList, role: 'list', table: main, fields: template.listSubList ?? [] },
    { path: 'resSubList', label: FIELD_LIST_LABELS.resSubList, role: 'list', table: main, fields: template.resSubList ?? [] },
  ];
  return lists.filter((l) => l.fields.length > 0);
}

const DATE_KINDS = new Set(['DATA_BOX', 'DATA_BOX_TIM']);
const RANGE_KINDS = new Set(['TIME_RANGE_BOX', 'DATA_RANGE_BOX']);
const isNumeric = (f: FieldDefinition) => isNumberColumn(f);
const isDateField = (f: FieldDefinition) => f.fieldType === 'DATE' || DATE_KINDS.has(f.formSubmitType ?? '') || RANGE_KINDS.has(f.formSubmitType ?? '');
const isRangeField = (f: FieldDefinition) => RANGE_KINDS.has(f.detailsUrl ?? '') || RANGE_KINDS.has(f.formSubmitType ?? '');
const isDateSpec = (v: FieldDefinition['defaultValue']) => !!v && typeof v === 'object' && v.type === 'date';

/** Which of the dialogs configure a field of a list (what the configuration offers for it). */
export function fieldAttributeKinds(field: FieldDefinition, list: Pick<AttributeList, 'role'>): AttributeKind[] {
  const kinds: AttributeKind[] = [];
  // a hidden number (a picked record's id) is no calculated field
  if ((isNumeric(field) && !field.ihidden) || field.calculate) kinds.push('calculate');
  // a new form resolves relative dates of its main form and of each new child row
  if ((list.role === 'form' || list.role === 'child') && (DATE_KINDS.has(field.formSubmitType ?? '') || isDateSpec(field.defaultValue))) kinds.push('dateSpec');
  if (list.role === 'list' && RANGE_KINDS.has(field.detailsUrl ?? '')) kinds.push('timeRange');
  if (list.role !== 'list' && field.formSubmitType === 'TIME_BOX_TIM') kinds.push('timePoint');
  return kinds;
}

const tableOf = (f: FieldDefinition, list: Pick<AttributeList, 'table'>) => f.customTable ?? list.table;
const named = (f: FieldDefinition) => `字段${f.fieldExplain}(${f.fieldName})`;

/**
 * What 计算方式 offers for a field: the numeric fields of its own table (itself left out) and, on
 * the main form, the child tables as 合计表 with their numeric fields.
 */
export function calculationOptions(template: Template, list: AttributeList, field: FieldDefinition): { fields: CalculationFieldOption[]; sumTables: { value: string; label: string }[] } {
  const own = list.fields.filter((f) => f.fieldName !== field.fieldName && isNumeric(f))
    .map((f) => ({ fieldName: f.fieldName, fieldExplain: f.fieldExplain, customTable: tableOf(f, list) }));
  if (list.role !== 'form') return { fields: own, sumTables: [] };
  const children = template.childSubLists ?? [];
  return {
    fields: [...own, ...children.flatMap((c) => c.fields.filter(isNumeric).map((f) => ({ fieldName: f.fieldName, fieldExplain: f.fieldExplain, customTable: c.customTable })))],
    sumTables: children.map((c) => ({ value: c.customTable, label: c.label })),
  };
}

function checkCalculation(template: Template, list: AttributeList, field: FieldDefinition, path: string): void {
  const calc = field.calculate;
  if (!calc) return;
  const p = `${path}.calculate`;
  if (!isNumeric(field)) throw new ShapeError(p, `${named(field)}不是数字或计算字段，不能设置计算方式`);
  try {
    const again = rowsToCalculation(calculationToRows(calc));
    if (!again.ok) throw new ShapeError(p, `${named(field)}的计算方式有误：${again.message}`);
  } catch (error) {
    if (error instanceof CalcSyntaxError) throw new ShapeError(p, `${named(field)}的计算方式有误：${error.message}`);
    throw error;
  }
  const table = tableOf(field, list);
  const ownNames = new Set(list.fields.filter((f) => tableOf(f, list) === table).map((f) => f.fieldName));
  if (!Array.isArray(calc)) {
    const child = (template.childSubLists ?? []).find((c) => c.customTable === calc.customTable);
    const sameTable = calc.customTable === table;
    if (!sameTable && (list.role !== 'form' || !child)) throw new ShapeError(`${p}.customTable`, `${named(field)}的合计表 ${calc.customTable} 不是本模板的子表`);
    const names = sameTable ? ownNames : new Set(child!.fields.map((f) => f.fieldName));
    const missing = calc.fieldName.find((n) => !names.has(n));
    if (missing) throw new ShapeError(`${p}.fieldName`, `${named(field)}的合计表 ${sameTable ? table : child!.label} 没有字段 ${missing}`);
    return;
  }
  calc.forEach((item, i) => {
    if (typeof item === 'string') return;
    if (item.customTable && item.customTable !== table) throw new ShapeError(`${p}[${i}].customTable`, `${named(field)}的计算方式只能引用本表的字段（${item.customTable} 不是 ${table ?? '本表'}），其他表的字段请用合计`);
    if (item.fieldName === field.fieldName) throw new ShapeError(`${p}[${i}].fieldName`, `${named(field)}的计算方式不能引用字段自身`);
    if (!ownNames.has(item.fieldName)) throw new ShapeError(`${p}[${i}].fieldName`, `${named(field)}的计算方式引用的字段 ${item.fieldName} 不在本表字段中`);
  });
}

/**
 * What the rules say of a calculation the 计算方式 dialog is about to give a field of a list (null: it
 * keeps them), the same check the designer and the server apply to the draft: e.g. that it refers to
 * the field itself (字段计划量(吨)(planQty)的计算方式不能引用字段自身).
 */
export function calculationProblem(template: Template, list: AttributeList, field: FieldDefinition, calc: Calculation | null): string | null {
  if (!calc) return null;
  try {
    checkCalculation(template, list, { ...field, calculate: calc }, list.path);
    return null;
  } catch (error) {
    if (error instanceof ShapeError) return error.problem;
    throw error;
  }
}

function checkDefault(field: FieldDefinition, path: string): void {
  const v = field.defaultValue;
  const p = `${path}.defaultValue`;
  if (v && typeof v === 'object') {
    if (v.type === 'date') {
      if (!isDateField(field)) throw new ShapeError(p, `${named(field)}不是日期字段，不能设置相对日期默认值`);
      const problem = checkDateSpecDraft(dateSpecDraft(v));
      if (problem) throw new ShapeError(p, `${named(field)}的默认时间有误：${problem}`);
    } else if (!isRangeField(field)) {
      throw new ShapeError(p, `${named(field)}不是范围查询字段，不能设置时间范围`);
    }
    return;
  }
  if (field.formSubmitType === 'TIME_BOX_TIM' && v !== undefined && v !== null && v !== '' && parseTimeOfDay(String(v)) === null) {
    throw new ShapeError(p, `${named(field)}的默认时间须为 HH:mm:ss（00:00:00 到 23:59:59）`);
  }
}

/**
 * Checks the attributes the dialogs edit, over every field list of a parsed template; throws a
 * ShapeError naming the field and the problem, e.g.
 * `childSubLists[0].fields[8].calculate[2].fieldName: 字段金额(amount)的计算方式引用的字段 x 不在本表字段中`.
 */
export function checkTemplateAttributes(template: Template): void {
  for (const list of attributeLists(template)) {
    list.fields.forEach((field, i) => {
      const path = `${list.path}[${i}]`;
      checkCalculation(template, list, field, path);
      checkDefault(field, path);
    });
  }
}

/** The same check as a message, or null when the template keeps the rules. */
export function templateAttributeProblem(template: Template): string | null {
  try {
    checkTemplateAttributes(template);
    return null;
  } catch (error) {
    if (error instanceof ShapeError) return error.message;
    throw error;
  }
}

