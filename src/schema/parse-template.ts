import { CalcSyntaxError, parseCalculation, type CalcToken } from './calculate';
import {
  CONTROL_KINDS, FIELD_TYPES, OPERATOR_NAMES,
  type Calculation, type DateDefaultSpec, type FieldDefinition, type FieldLayout, type FieldOption, type ParamLink, type ResourceMapping,
} from './field-definition';
import { FORMAT_VERSION, migrateTemplate } from './format-migrations';
import { TIME_MESSAGES, checkTimeRange } from './time-dialogs';
import { ShapeError, childPath, flag, idValue, integer, list, object, oneOf, text, type Obj } from './shape';
import { COLUMN_WIDTH, GRID_UNITS, layoutsOverlap } from './layout-rules';
import { FORMAT_STYLES, FORMAT_TYPES, HTTP_METHODS, type Template, type TemplateButton, type TemplateGroup } from './template';
import { parseReportChart } from './report-chart';
import { patternProblem } from './validate';
import { VALUE_FORMAT_NAMES, isValueFormatName } from './value-formats';

export { ShapeError as TemplateError };

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const TABLE = /^[a-z][a-z0-9_]{0,62}$/;
const API_PATH = /^\/?[A-Za-z0-9_\-/{}.]{1,300}$/;

const FIELD_KEYS = [
  'id', 'fieldName', 'fieldExplain', 'fieldType', 'formSubmitType', 'detailsUrl', 'searchType', 'defaultValue', 'options', 'enumOptions',
  'ishow', 'ihidden', 'iupdate', 'iautoCode', 'irequired', 'ifixed', 'imerge', 'itotal', 'isortField', 'idefinedSort', 'sortMethod', 'columnWidth', 'seq',
  'rows', 'maxCount', 'calculate', 'cgValFormat', 'cgValidate', 'cgFormatResId', 'tipsMessage', 'customTable', 'classType', 'masterTable', 'op',
  'iallowQuery', 'iallowAdvanceQuery', 'effectField', 'isEffect', 'resourceList', 'paramLinks', 'layout',
] as const;

/**
 * Field properties that only the field's own rules read (`parseFieldDefinition`): no rule of the
 * template as a whole (unique names, the grid, the chart's columns, calculations and default times
 * in template-attributes.ts) looks at them, so changing one on a template that keeps every rule
 * needs the field alone checked again — the designer does so for each keystroke in its 标题.
 * A rule of the template that starts reading one of them must take it out of this list
 * (parse-template.test.ts changes each of them on every field of a template with all such rules).
 */
export const FIELD_LOCAL_KEYS: ReadonlySet<string> = new Set([
  'fieldExplain', 'tipsMessage', 'irequired', 'ishow', 'ihidden', 'iupdate', 'ifixed', 'imerge', 'isortField',
  'sortMethod', 'columnWidth', 'rows', 'maxCount', 'iallowQuery', 'iallowAdvanceQuery',
]);

const GROUP_KEY = /^[A-Za-z0-9_-]{1,40}$/;

function fieldLayout(o: Obj, path: string): FieldLayout | undefined {
  if (o.layout === undefined || o.layout === null) return undefined;
  const p = childPath(path, 'layout');
  const l = object(o.layout, p, ['row', 'col', 'span', 'group']);
  const row = integer(l, 'row', p, { min: 0, max: 10000 });
  const col = integer(l, 'col', p, { min: 0, max: GRID_UNITS - 1 });
  const span = integer(l, 'span', p, { min: 1, max: GRID_UNITS });
  if (row === undefined) throw new ShapeError(childPath(p, 'row'), '不能为空');
  if (col === undefined) throw new ShapeError(childPath(p, 'col'), '不能为空');
  if (span === undefined) throw new ShapeError(childPath(p, 'span'), '不能为空');
  if (col + span > GRID_UNITS) throw new ShapeError(childPath(p, 'span'), `超出栅格（第 ${col} 格起最多 ${GRID_UNITS - col} 格）`);
  return { row, col, span, group: text(l, 'group', p, { pattern: GROUP_KEY, patternText: '须为分组编码' }) ?? null };
}

function option(value: unknown, path: string): FieldOption {
  const o = object(value, path, ['value', 'label', 'color']);
  const v = o.value;
  if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw new ShapeError(childPath(path, 'value'), '应为文本、数字或是否');
  return { value: v, label: text(o, 'label', path, { required: true, max: 100 })!, color: text(o, 'color', path, { max: 30 }) ?? null };
}

function calculation(o: Obj, path: string): Calculation | undefined {
  const v = o.calculate;
  const p = childPath(path, 'calculate');
  if (v === undefined || v === null || v === '') return undefined;
  if (!Array.isArray(v)) {
    const s = object(v, p, ['customTable', 'fieldName', 'mode']);
    if (s.mode !== 'sum') throw new ShapeError(childPath(p, 'mode'), '取值无效（可选：sum）');
    const names = s.fieldName;
    if (!Array.isArray(names) || names.length === 0 || !names.every((n) => typeof n === 'string' && IDENT.test(n))) throw new ShapeError(childPath(p, 'fieldName'), '应为字段名数组');
    return { customTable: text(s, 'customTable', p, { required: true, pattern: TABLE, patternText: '须为小写字母、数字和下划线' })!, fieldName: names as string[], mode: 'sum' };
  }
  const items = v.map((item, i): CalcToken => {
    if (item === '+' || item === '-' || item === '*' || item === '/' || item === '(' || item === ')') return item;
    const f = object(item, childPath(p, i), ['customTable', 'fieldName']);
    return { fieldName: text(f, 'fieldName', childPath(p, i), { required: true, pattern: IDENT, patternText: '须为字段名' })!, customTable: text(f, 'customTable', childPath(p, i), { pattern: TABLE }) ?? null } as CalcToken;
  });
  try {
    parseCalculation(items);
  } catch (error) {
    if (error instanceof CalcSyntaxError) throw new ShapeError(p, error.message);
    throw error;
  }
  return items as Calculation;
}

const DATE_PARTS = ['year', 'month', 'day', 'hour', 'minute', 'second'] as const;
function defaultValue(o: Obj, path: string, label: string, fieldName: string): FieldDefinition['defaultValue'] {
  const v = o.defaultValue;
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  const p = childPath(path, 'defaultValue');
  const problem = `字段${label}(${fieldName})默认值配置错误！`;
  if (typeof v !== 'object' || Array.isArray(v)) throw new ShapeError(p, problem);
  const spec = v as Obj;
  if (spec.type === 'timeRange') {
    const { start, end } = spec;
    const extra = Object.keys(spec).find((k) => !['type', 'start', 'end'].includes(k));
    if (extra) throw new ShapeError(childPath(p, extra), problem);
    const why = typeof start === 'string' && typeof end === 'string' ? checkTimeRange(start, end) : TIME_MESSAGES.outOfBounds;
    if (why) throw new ShapeError(p, `${problem}${why}`);
    return { type: 'timeRange', start: start as string, end: end as string };
  }
  if (spec.type !== 'date' || Object.keys(spec).some((k) => k !== 'type' && !(DATE_PARTS as readonly string[]).includes(k))) throw new ShapeError(p, problem);
  const out: DateDefaultSpec = { type: 'date' };
  for (const part of DATE_PARTS) {
    const raw = spec[part];
    if (raw === undefined) continue;
    const item = raw as Obj;
    if (typeof raw !== 'object' || raw === null || !['+', '-', 'fixed'].includes(item.mark as string) || !Number.isInteger(item.value) || (item.value as number) < 0) {
      throw new ShapeError(childPath(p, part), problem);
    }
    out[part] = { mark: item.mark as '+' | '-' | 'fixed', value: item.value as number };
  }
  return out;
}

function mapping(value: unknown, path: string): ResourceMapping {
  const o = object(value, path, ['fieldSub1', 'fieldSub2', 'iupdate']);
  const a = object(o.fieldSub1, childPath(path, 'fieldSub1'), ['fieldName', 'masterTable']);
  const b = object(o.fieldSub2, childPath(path, 'fieldSub2'), ['fieldName']);
  return {
    fieldSub1: { fieldName: text(a, 'fieldName', childPath(path, 'fieldSub1'), { required: true, pattern: IDENT })!, masterTable: text(a, 'masterTable', childPath(path, 'fieldSub1'), { pattern: TABLE }) ?? null },
    fieldSub2: { fieldName: text(b, 'fieldName', childPath(path, 'fieldSub2'), { required: true, pattern: IDENT })! },
    iupdate: flag(o, 'iupdate', path),
  };
}

/** The designed parameter links, kept only when given (absent: the stored links apply); one link per popup field. */
function paramLinksOf(o: Obj, path: string): { paramLinks?: ParamLink[] } {
  const links = list(o, 'paramLinks', path, paramLink, 50);
  if (!links) return {};
  links.forEach((l, i) => {
    if (links.findIndex((x) => x.fieldSub2.fieldName === l.fieldSub2.fieldName) !== i) throw new ShapeError(childPath(childPath(path, 'paramLinks'), i), `弹窗字段 ${l.fieldSub2.fieldName} 已有参数关联`);
  });
  return { paramLinks: links };
}

function paramLink(value: unknown, path: string): ParamLink {
  const { fieldSub1, fieldSub2 } = mapping(object(value, path, ['fieldSub1', 'fieldSub2']), path);
  return { fieldSub1, fieldSub2 };
}

/** Parses one field definition; throws a TemplateError naming the path and the problem. */
export function parseFieldDefinition(value: unknown, path = 'field'): FieldDefinition {
  const o = object(value, path, FIELD_KEYS);
  const fieldName = text(o, 'fieldName', path, { required: true, pattern: IDENT, patternText: '须为字母开头的字母、数字或下划线，最长64位' })!;
  const fieldExplain = text(o, 'fieldExplain', path, { required: true, max: 100 })!;
  const format = o.cgValFormat === undefined || o.cgValFormat === null ? undefined : object(o.cgValFormat, childPath(path, 'cgValFormat'), ['valFormatFun']);
  const formatName = format ? text(format, 'valFormatFun', childPath(path, 'cgValFormat'), { required: true }) : undefined;
  if (formatName && !isValueFormatName(formatName)) throw new ShapeError(childPath(childPath(path, 'cgValFormat'), 'valFormatFun'), `未知的值格式（可选：${VALUE_FORMAT_NAMES.join(', ')}）`);
  const rule = o.cgValidate === undefined || o.cgValidate === null ? undefined : object(o.cgValidate, childPath(path, 'cgValidate'), ['validateMethod', 'validateTitle']);
  let cgValidate: FieldDefinition['cgValidate'] = null;
  if (rule) {
    const rp = childPath(path, 'cgValidate');
    const method = text(rule, 'validateMethod', rp, { required: true, max: 500 })!;
    const problem = patternProblem(method);
    if (problem) throw new ShapeError(childPath(rp, 'validateMethod'), problem);
    cgValidate = { validateMethod: method, validateTitle: text(rule, 'validateTitle', rp, { required: true, max: 200 })! };
  }
  return {
    id: idValue(o, 'id', path) ?? null,
    fieldName,
    fieldExplain,
    fieldType: oneOf(o, 'fieldType', path, FIELD_TYPES) ?? null,
    formSubmitType: oneOf(o, 'formSubmitType', path, CONTROL_KINDS) ?? null,
    detailsUrl: text(o, 'detailsUrl', path, { max: 100 }) ?? null,
    searchType: text(o, 'searchType', path, { max: 50 }) ?? null,
    defaultValue: defaultValue(o, path, fieldExplain, fieldName) ?? null,
    options: list(o, 'options', path, option, 500) ?? null,
    enumOptions: list(o, 'enumOptions', path, option, 500) ?? null,
    ishow: flag(o, 'ishow', path) ?? true,
    ihidden: flag(o, 'ihidden', path) ?? false,
    iupdate: flag(o, 'iupdate', path) ?? true,
    ...(flag(o, 'iautoCode', path) ? { iautoCode: true } : {}),
    irequired: flag(o, 'irequired', path) ?? false,
    ifixed: flag(o, 'ifixed', path) ?? false,
    imerge: flag(o, 'imerge', path) ?? false,
    itotal: flag(o, 'itotal', path) ?? false,
    isortField: flag(o, 'isortField', path) ?? false,
    idefinedSort: flag(o, 'idefinedSort', path) ?? false,
    sortMethod: oneOf(o, 'sortMethod', path, ['asc', 'desc'] as const) ?? null,
    columnWidth: integer(o, 'columnWidth', path, COLUMN_WIDTH) ?? null,
    seq: integer(o, 'seq', path, { min: 0, max: 100000 }) ?? 0,
    rows: integer(o, 'rows', path, { min: 1, max: 50 }) ?? null,
    maxCount: integer(o, 'maxCount', path, { min: 1, max: 20 }) ?? null,
    calculate: calculation(o, path) ?? null,
    cgValFormat: formatName ? { valFormatFun: formatName } : null,
    cgValidate,
    cgFormatResId: idValue(o, 'cgFormatResId', path) ?? null,
    tipsMessage: text(o, 'tipsMessage', path, { max: 200 }) ?? null,
    customTable: text(o, 'customTable', path, { pattern: TABLE, patternText: '须为小写字母、数字和下划线' }) ?? null,
    classType: text(o, 'classType', path, { max: 100 }) ?? null,
    masterTable: text(o, 'masterTable', path, { pattern: TABLE }) ?? null,
    op: oneOf(o, 'op', path, OPERATOR_NAMES) ?? null,
    iallowQuery: flag(o, 'iallowQuery', path) ?? false,
    iallowAdvanceQuery: flag(o, 'iallowAdvanceQuery', path) ?? false,
    effectField: text(o, 'effectField', path, { pattern: IDENT }) ?? null,
    isEffect: flag(o, 'isEffect', path) ?? false,
    resourceList: list(o, 'resourceList', path, mapping, 100) ?? null,
    ...paramLinksOf(o, path),
    layout: fieldLayout(o, path) ?? null,
  };
}

export type FieldParser = (value: unknown, path: string) => FieldDefinition;

/**
 * `parseFieldDefinition` remembering its answer per object: for values that are never changed in
 * place (the designer's nodes, which immer freezes and replaces when they change), so that checking a
 * 500-field draft after a command parses the one field it changed. A field that does not parse is not
 * remembered (its error names the path it has now).
 */
export function rememberingFieldParser(): FieldParser {
  const parsed = new WeakMap<object, FieldDefinition>();
  return (value, path) => {
    if (typeof value !== 'object' || value === null) return parseFieldDefinition(value, path);
    const known = parsed.get(value);
    if (known) return known;
    const field = parseFieldDefinition(value, path);
    parsed.set(value, field);
    return field;
  };
}

function button(value: unknown, path: string): TemplateButton {
  const o = object(value, path, ['code', 'label', 'permission', 'action', 'isApp', 'seq']);
  return {
    code: text(o, 'code', path, { required: true, pattern: IDENT })!,
    label: text(o, 'label', path, { required: true, max: 20 })!,
    permission: text(o, 'permission', path, { max: 100, pattern: /^[A-Za-z0-9_:.-]+$/ }) ?? null,
    action: text(o, 'action', path, { required: true, pattern: IDENT })!,
    isApp: flag(o, 'isApp', path) ?? false,
    seq: integer(o, 'seq', path, { min: 0 }) ?? 0,
  };
}

const TEMPLATE_KEYS = [
  'id', 'formatName', 'formatCode', 'formatType', 'formatStyle', 'resUrl', 'resMethod', 'treeResUrl', 'treeResMethod', 'valueResourceSubName',
  'viewResourceSubName', 'ps', 'cgFormatParamId', 'detailId', 'customTable', 'buttons', 'formSubList', 'listSubList', 'resSubList', 'childSubLists',
  'validTable', 'singleChild', 'formPage', 'formatVersion', 'groups', 'chart',
] as const;

/** Placed fields may not overlap, and name only groups the template has. */
function checkLayout(fields: FieldDefinition[] | undefined, groups: TemplateGroup[], path: string): void {
  const keys = new Set(groups.map((g) => g.key));
  // by group and row: a field can only overlap the few of its own row (a 500-field form is checked on
  // every designer command, so no key strings are built per field)
  const rows = new Map<string, Map<number, { layout: FieldLayout; i: number }[]>>();
  fields?.forEach((f, i) => {
    const layout = f.layout;
    if (!layout) return;
    if (layout.group && !keys.has(layout.group)) throw new ShapeError(`${path}[${i}].layout.group`, `分组 ${layout.group} 不存在`);
    const group = layout.group ?? '';
    let byRow = rows.get(group);
    if (!byRow) rows.set(group, (byRow = new Map()));
    const placed = byRow.get(layout.row);
    if (!placed) { byRow.set(layout.row, [{ layout, i }]); return; }
    const other = placed.find((p) => layoutsOverlap(p.layout, layout));
    if (other) throw new ShapeError(`${path}[${i}].layout`, `与字段 ${fields[other.i].fieldName} 位置重叠`);
    placed.push({ layout, i });
  });
}

/** A field is named once in a list (by its table and name; no key strings are built per field). */
function uniqueNames(fields: FieldDefinition[] | undefined, path: string): void {
  const seen = new Map<string, Set<string>>();
  fields?.forEach((f, i) => {
    const table = f.customTable ?? '';
    let names = seen.get(table);
    if (!names) seen.set(table, (names = new Set()));
    if (names.has(f.fieldName)) throw new ShapeError(`${path}[${i}].fieldName`, `字段 ${f.fieldName} 重复`);
    names.add(f.fieldName);
  });
}

/**
 * Parses a template (cg-format), first brought to the current format (`migrateTemplate`: a stored or
 * exported template of an older `formatVersion` is upgraded, a newer one refused). A template that
 * does not parse is refused with a message that names the field and the problem, e.g.
 * `listSubList[2].cgValFormat.valFormatFun: 未知的值格式`.
 */
export function parseTemplate(value: unknown, options: { field?: FieldParser } = {}): Template {
  const parseField = options.field ?? parseFieldDefinition;
  const o = object(migrateTemplate(value), '', TEMPLATE_KEYS);
  const fields = (key: 'formSubList' | 'listSubList' | 'resSubList') => {
    const parsed = list(o, key, '', parseField);
    uniqueNames(parsed, key);
    return parsed;
  };
  const children = list(o, 'childSubLists', '', (v, p) => {
    const c = object(v, p, ['customTable', 'label', 'fields']);
    const parsed = list(c, 'fields', p, parseField) ?? [];
    uniqueNames(parsed, `${p}.fields`);
    return { customTable: text(c, 'customTable', p, { required: true, pattern: TABLE })!, label: text(c, 'label', p, { required: true, max: 50 })!, fields: parsed };
  }, 10);
  const groups = list(o, 'groups', '', (v, p) => {
    const g = object(v, p, ['key', 'label']);
    return { key: text(g, 'key', p, { required: true, pattern: GROUP_KEY, patternText: '须为字母、数字、下划线或连字符' })!, label: text(g, 'label', p, { required: true, max: 50 })! };
  }, 50) ?? [];
  const seenGroups = new Set<string>();
  groups.forEach((g, i) => {
    if (seenGroups.has(g.key)) throw new ShapeError(`groups[${i}].key`, `分组 ${g.key} 重复`);
    seenGroups.add(g.key);
  });
  const formSubList = fields('formSubList') ?? [];
  checkLayout(formSubList, groups, 'formSubList');
  const listSubList = fields('listSubList') ?? [];
  const chart = parseReportChart(o.chart, 'chart', listSubList);
  return {
    id: idValue(o, 'id', '') ?? null,
    formatName: text(o, 'formatName', '', { required: true, max: 100 })!,
    formatCode: text(o, 'formatCode', '', { required: true, pattern: /^[A-Za-z0-9_-]{1,64}$/, patternText: '须为字母、数字、下划线或连字符' })!,
    formatType: oneOf(o, 'formatType', '', FORMAT_TYPES, true)!,
    formatStyle: oneOf(o, 'formatStyle', '', FORMAT_STYLES) ?? null,
    resUrl: text(o, 'resUrl', '', { pattern: API_PATH, patternText: '须为接口路径' }) ?? null,
    resMethod: oneOf(o, 'resMethod', '', HTTP_METHODS) ?? null,
    treeResUrl: text(o, 'treeResUrl', '', { pattern: API_PATH, patternText: '须为接口路径' }) ?? null,
    treeResMethod: oneOf(o, 'treeResMethod', '', HTTP_METHODS) ?? null,
    valueResourceSubName: text(o, 'valueResourceSubName', '', { max: 500 }) ?? null,
    viewResourceSubName: text(o, 'viewResourceSubName', '', { max: 500 }) ?? null,
    ps: integer(o, 'ps', '', { min: 1, max: 1000 }) ?? null,
    cgFormatParamId: idValue(o, 'cgFormatParamId', '') ?? null,
    detailId: idValue(o, 'detailId', '') ?? null,
    customTable: text(o, 'customTable', '', { pattern: TABLE, patternText: '须为小写字母、数字和下划线' }) ?? null,
    buttons: list(o, 'buttons', '', button, 50) ?? [],
    formSubList,
    listSubList,
    resSubList: fields('resSubList') ?? [],
    childSubLists: children ?? [],
    validTable: flag(o, 'validTable', '') ?? false,
    singleChild: flag(o, 'singleChild', '') ?? false,
    formPage: flag(o, 'formPage', '') ?? false,
    formatVersion: FORMAT_VERSION,
    groups,
    ...(chart ? { chart } : {}),
  };
}
