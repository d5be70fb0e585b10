import type { Kysely } from 'kysely';
import type { FieldDefinition, FieldOption } from '../../src/schema/field-definition';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import type { Template, TemplateButton } from '../../src/schema/template';
import { isValueFormatName } from '../../src/schema/value-formats';
import { columnControlKind } from '../../src/schema/column-field';
import type { DB } from '../db/schema';
import { BUTTONS_BY_KIND, SYSTEM_LIST } from '../seed/templates';

/**
 * 生成模板: the draft LIST, FORM, DETAIL and RESOURCE (picker) templates of a data source, made
 * from its columns — labels from the column comments (fieldExplain), four columns, a control kind
 * per type (ENUM → SELECT with the enum's values and colours, DATE → DATA_BOX_TIM, NUMBER → a
 * number input shown with its scale, TXT → TEXTAREA, a `…Name` column with a matching `…Id`
 * column → RESOURCE_CONTROLS when a published picker shows such names), the column's validate
 * rule, and a document's line tables as the child tables of its FORM and DETAIL (master-child).
 */

/** What generation reads besides the metadata: enum values, validate rules and the published pickers. */
export interface GenerationContext {
  enums: Map<string, FieldOption[]>;
  rules: Map<string, { validateMethod: string; validateTitle: string }>;
  /** Published RESOURCE templates by the field they show (viewResourceSubName): id and table. */
  pickers: Map<string, { id: number; customTable: string }>;
}

export async function generationContext(db: Kysely<DB>): Promise<GenerationContext> {
  const items = await db.selectFrom('cgEnumItem').innerJoin('cgEnum', 'cgEnum.id', 'cgEnumItem.enumId')
    .select(['cgEnum.enumCode', 'cgEnumItem.itemValue', 'cgEnumItem.itemLabel', 'cgEnumItem.color']).orderBy('cgEnumItem.seq').orderBy('cgEnumItem.id').execute();
  const enums = new Map<string, FieldOption[]>();
  for (const i of items) enums.set(i.enumCode, [...(enums.get(i.enumCode) ?? []), { value: i.itemValue, label: i.itemLabel, color: i.color }]);
  const rules = new Map((await db.selectFrom('cgValidate').select(['validateName', 'validateMethod', 'validateTitle']).execute())
    .map((r) => [r.validateName, { validateMethod: r.validateMethod, validateTitle: r.validateTitle }]));
  const popups = await db.selectFrom('cgFormat').select(['id', 'customTable', 'published']).where('formatType', '=', 'RESOURCE').where('published', 'is not', null).orderBy('id').execute();
  const pickers = new Map<string, { id: number; customTable: string }>();
  for (const p of popups) {
    const shown = (p.published as Template).viewResourceSubName;
    if (shown && p.customTable && !pickers.has(shown)) pickers.set(shown, { id: p.id, customTable: p.customTable });
  }
  return { enums, rules, pickers };
}

/** The value format a column is shown with: its scale for numbers (fixed0…fixed4), date and time for dates. */
function valueFormat(c: ResourceColumn): FieldDefinition['cgValFormat'] {
  if (c.fieldType === 'DATE') return { valFormatFun: 'datetime' };
  const name = `fixed${c.scale ?? 0}`;
  return c.fieldType === 'NUMBER' && isValueFormatName(name) ? { valFormatFun: name } : null;
}


/** Columns a screen shows: not JSON (no generic control edits it), not a line's link to its document. */
const shownColumns = (def: ResourceDefinition) => def.columns.filter((c) => c.fieldType !== 'JSON' && !(def.kind === 'LINE' && c.fieldName === def.parentKey));

function formField(def: ResourceDefinition, c: ResourceColumn, seq: number, ctx: GenerationContext): FieldDefinition {
  const rule = c.validateName ? ctx.rules.get(c.validateName) : undefined;
  const field: FieldDefinition = {
    fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: def.tableName, seq, formSubmitType: columnControlKind(c),
    fieldType: c.fieldType, options: c.enumCode ? ctx.enums.get(c.enumCode) ?? null : null, irequired: c.required ?? false, ishow: true,
    // a document keeps its number once it exists
    iupdate: !(def.kind === 'DOCUMENT' && c.unique), cgValFormat: valueFormat(c),
    ...(rule ? { cgValidate: rule } : {}),
    ...(c.defaultValue && c.fieldType !== 'DATE' ? { defaultValue: c.fieldType === 'BOOLEAN' ? c.defaultValue === 'true' : c.defaultValue } : {}),
  };
  // `carrierName` with a `carrierId` column: picked from the popup that shows carrier names, which fills both
  const stem = /^(.+)Name$/.exec(c.fieldName)?.[1];
  const picker = stem && def.columns.some((x) => x.fieldName === `${stem}Id`) ? ctx.pickers.get(c.fieldName) : undefined;
  if (picker && picker.customTable !== def.tableName) {
    return {
      ...field, id: `${def.tableName}.${c.fieldName}`, formSubmitType: 'RESOURCE_CONTROLS', cgFormatResId: picker.id,
      resourceList: [{ fieldSub1: { fieldName: c.fieldName }, fieldSub2: { fieldName: c.fieldName } }, { fieldSub1: { fieldName: `${stem}Id` }, fieldSub2: { fieldName: 'id' } }],
    };
  }
  return field;
}

function listField(def: ResourceDefinition, c: ResourceColumn, seq: number, ctx: GenerationContext, quick: Set<string>): FieldDefinition {
  const searchKind = c.fieldType === 'DATE' ? 'TIME_RANGE_BOX' : c.fieldType === 'ENUM' ? 'SELECT' : c.fieldType === 'NUMBER' ? 'NUMBER' : c.fieldType === 'BOOLEAN' ? 'BOOLEAN' : null;
  return {
    fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: def.tableName, seq,
    fieldType: c.fieldType === 'ENUM' || c.fieldType === 'DATE' || c.fieldType === 'BOOLEAN' || c.fieldType === 'NUMBER' ? c.fieldType : 'TEXT',
    detailsUrl: searchKind, options: c.enumCode ? ctx.enums.get(c.enumCode) ?? null : null, ishow: true,
    isortField: c.fieldType !== 'TXT', iallowQuery: quick.has(c.fieldName), iallowAdvanceQuery: true,
    // amounts (numbers with decimals) are summed in the 合计 row
    itotal: c.fieldType === 'NUMBER' && (c.scale ?? 0) > 0, cgValFormat: valueFormat(c),
  };
}

/** The quick-search columns: the unique text key, pinyin-searched and name columns (at most three). */
function quickColumns(def: ResourceDefinition): Set<string> {
  const text = def.columns.filter((c) => c.fieldType === 'CHAR');
  const picked = [...text.filter((c) => c.unique), ...text.filter((c) => c.pinyin || /Name$/.test(c.fieldName))];
  return new Set([...new Set(picked.map((c) => c.fieldName))].slice(0, 3));
}

/** The four drafts of a data source (MASTER or DOCUMENT) with its line tables. */
export function generateTemplates(def: ResourceDefinition, lines: ResourceDefinition[], ctx: GenerationContext): { LIST: Template; FORM: Template; DETAIL: Template; RESOURCE: Template } {
  const base = { customTable: def.tableName, resUrl: `/${def.module}/${def.resource}/list`, resMethod: 'POST' as const };
  const buttons: TemplateButton[] = BUTTONS_BY_KIND[def.kind].map(([action, label], seq) => ({ code: action, label, action, permission: `${def.permissionPrefix}_${action}`, seq }));
  const quick = quickColumns(def);
  const shown = shownColumns(def);
  const system = SYSTEM_LIST.filter((f) => (def.kind === 'DOCUMENT' ? f.fieldName !== 'enabled' : f.fieldName !== 'status')).map((f, i) => ({ ...f, customTable: def.tableName, seq: 900 + i }));
  const children = lines.map((line) => ({
    customTable: line.tableName, label: line.tableExplain,
    fields: shownColumns(line).map((c, i) => ({ ...formField(line, c, (i + 1) * 10, ctx), itotal: c.fieldType === 'NUMBER' && (c.scale ?? 0) > 0 })),
  }));
  const style = children.length ? 'FORMAT_MASTER_CHILD' as const : 'FORMAT_FOUR_COLUMN_FROM' as const;
  const pickable = def.columns.filter((c) => c.fieldType === 'CHAR' || c.fieldType === 'ENUM').slice(0, 6);
  const name = pickable.find((c) => /Name$/.test(c.fieldName)) ?? pickable.find((c) => c.required) ?? pickable[0];
  return {
    LIST: { ...base, formatName: def.tableExplain, formatCode: `${def.tableName}_list`, formatType: 'LIST', formatStyle: 'FORMAT_LIST', ps: 10, buttons,
      listSubList: [...shown.map((c, i) => listField(def, c, (i + 1) * 10, ctx, quick)), ...system] },
    FORM: { ...base, formatName: `${def.tableExplain}表单`, formatCode: `${def.tableName}_form`, formatType: 'FORM', formatStyle: style,
      formSubList: shown.map((c, i) => formField(def, c, (i + 1) * 10, ctx)), ...(children.length ? { childSubLists: children, validTable: true } : {}) },
    DETAIL: { ...base, formatName: `${def.tableExplain}详情`, formatCode: `${def.tableName}_detail`, formatType: 'DETAIL', formatStyle: style,
      formSubList: shown.map((c, i) => formField(def, c, (i + 1) * 10, ctx)), ...(children.length ? { childSubLists: children } : {}) },
    RESOURCE: { ...base, formatName: `选择${def.tableExplain}`, formatCode: `${def.tableName}_resource`, formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
      ps: 10, valueResourceSubName: 'id', viewResourceSubName: name?.fieldName ?? null,
      resSubList: pickable.map((c, i) => ({ ...listField(def, c, (i + 1) * 10, ctx, quick), isortField: false, itotal: false, iallowQuery: c.fieldType === 'CHAR' })) },
  };
}
