import type { DeclaredColumnTypes } from './field-definition';
import { ShapeError, childPath, flag, integer, list, object, oneOf, text } from './shape';
import type { Template } from './template';

/**
 * Data-source metadata (spec 001 §3 "custom type, custom table, table sub"): a table the resource
 * engine serves, its columns and how it is scoped. Identifiers here become SQL identifiers, so the
 * parser allows only lower-case letters, digits and underscores.
 */
export const COLUMN_TYPES = ['CHAR', 'TXT', 'NUMBER', 'DATE', 'BOOLEAN', 'ENUM', 'JSON'] as const;
export type ColumnType = (typeof COLUMN_TYPES)[number];

/** Most characters of a TXT value unless its column sets `maxLength`. */
export const TXT_MAX_LENGTH = 10_000;

export interface ResourceColumn {
  /** camelCase name used by templates and the API. */
  fieldName: string;
  /** snake_case column in the database. */
  fieldDbName: string;
  fieldType: ColumnType;
  fieldExplain: string;
  /** CHAR: maximum length; NUMBER: total digits. */
  length?: number | null;
  /** NUMBER: digits after the point. */
  scale?: number | null;
  /** TXT: most characters a value may have (TXT_MAX_LENGTH when not set). */
  maxLength?: number | null;
  required?: boolean;
  /** Unique within an organisation (or the group for group-wide tables). */
  unique?: boolean;
  enumCode?: string | null;
  /** The organisation-independent key of another resource this column points at. */
  refTable?: string | null;
  /** Kind of masking when desensitisation is on. */
  sensitive?: 'idNumber' | 'mobile' | null;
  /** The value a new row (and every existing row, when the column is added) gets: text in the column's form. */
  defaultValue?: string | null;
  /** The validate rule (cg_validate, by name) the generated form field carries. */
  validateName?: string | null;
  /** Pickers and quick search also match the pinyin initials of this CHAR column (name columns of master tables always). */
  pinyin?: boolean;
}

export interface ResourceDefinition {
  tableName: string;
  tableExplain: string;
  /** URL module and resource: `/api/{module}/{resource}/list`. */
  module: string;
  resource: string;
  /** Permission keys are `{prefix}_view`, `_add`, `_edit`, `_del`, … */
  permissionPrefix: string;
  /** ORG: rows belong to one organisation; GROUP: shared by the group's organisations. */
  scope: 'ORG' | 'GROUP';
  /** MASTER: enable/disable; DOCUMENT: audit, obsolete, recover…; LINE: child rows of a document. */
  kind: 'MASTER' | 'DOCUMENT' | 'LINE';
  /** LINE tables: the parent table and the column holding the parent's id. */
  parentTable?: string | null;
  parentKey?: string | null;
  /** A tree: the column holding the parent node's id. */
  treeParentField?: string | null;
  columns: ResourceColumn[];
}

/** Columns every business table has besides its own (managed by the engine, not writable). */
/**
 * The column types the data sources of a template declare (`isNumberColumn` reads them): its main
 * table's, its child tables' and those its fields name, looked up by table name.
 */
export function declaredColumnTypes(template: Template, resourceOf: (table: string) => ResourceDefinition | undefined): DeclaredColumnTypes {
  const tables = new Set<string>();
  if (template.customTable) tables.add(template.customTable);
  for (const c of template.childSubLists ?? []) tables.add(c.customTable);
  for (const f of [...template.formSubList ?? [], ...template.listSubList ?? [], ...template.resSubList ?? []]) if (f.customTable) tables.add(f.customTable);
  const out: Record<string, Record<string, string>> = {};
  for (const table of tables) {
    const def = resourceOf(table);
    if (def) out[table] = Object.fromEntries(def.columns.map((c) => [c.fieldName, c.fieldType]));
  }
  return out;
}

export const SYSTEM_COLUMNS = ['id', 'orgId', 'groupId', 'status', 'enabled', 'deleted', 'createdBy', 'createdByName', 'createdAt', 'updatedBy', 'updatedAt', 'version'] as const;

const SNAKE = /^[a-z][a-z0-9_]{0,62}$/;
const CAMEL = /^[a-z][A-Za-z0-9]{0,62}$/;
const SLUG = /^[a-z][a-z0-9-]{0,62}$/;

function column(value: unknown, path: string): ResourceColumn {
  const o = object(value, path, ['fieldName', 'fieldDbName', 'fieldType', 'fieldExplain', 'length', 'scale', 'maxLength', 'required', 'unique', 'enumCode', 'refTable', 'sensitive', 'defaultValue', 'validateName', 'pinyin']);
  const maxLength = integer(o, 'maxLength', path, { min: 1, max: 1_000_000 });
  const fieldName = text(o, 'fieldName', path, { required: true, pattern: CAMEL, patternText: '须为小写字母开头的驼峰名' })!;
  if ((SYSTEM_COLUMNS as readonly string[]).includes(fieldName)) throw new ShapeError(childPath(path, 'fieldName'), `${fieldName} 是系统字段`);
  const fieldType = oneOf(o, 'fieldType', path, COLUMN_TYPES, true)!;
  const enumCode = text(o, 'enumCode', path, { pattern: SNAKE }) ?? null;
  if (fieldType === 'ENUM' && !enumCode) throw new ShapeError(childPath(path, 'enumCode'), '枚举字段须指定枚举');
  return {
    fieldName,
    fieldDbName: text(o, 'fieldDbName', path, { required: true, pattern: SNAKE, patternText: '须为小写字母、数字和下划线' })!,
    fieldType,
    fieldExplain: text(o, 'fieldExplain', path, { required: true, max: 100 })!,
    length: integer(o, 'length', path, { min: 1, max: 10000 }) ?? null,
    scale: integer(o, 'scale', path, { min: 0, max: 8 }) ?? null,
    required: flag(o, 'required', path) ?? false,
    unique: flag(o, 'unique', path) ?? false,
    enumCode,
    refTable: text(o, 'refTable', path, { pattern: SNAKE }) ?? null,
    sensitive: oneOf(o, 'sensitive', path, ['idNumber', 'mobile'] as const) ?? null,
    ...(maxLength !== undefined && maxLength !== null ? { maxLength } : {}),
    defaultValue: text(o, 'defaultValue', path, { max: 200 }) ?? null,
    validateName: text(o, 'validateName', path, { max: 64 }) ?? null,
    pinyin: flag(o, 'pinyin', path) ?? false,
  };
}

/** `plateNumber` → `plate_number`. */
export function snakeCase(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Parses a resource definition; throws a ShapeError naming the path and the problem. */
export function parseResourceDefinition(value: unknown): ResourceDefinition {
  const o = object(value, '', ['tableName', 'tableExplain', 'module', 'resource', 'permissionPrefix', 'scope', 'kind', 'parentTable', 'parentKey', 'treeParentField', 'columns']);
  const columns = list(o, 'columns', '', column, 300) ?? [];
  const names = new Set<string>();
  const dbNames = new Set<string>(['id', 'org_id', 'group_id', 'status', 'enabled', 'deleted', 'created_by', 'created_by_name', 'created_at', 'updated_by', 'updated_at', 'version']);
  columns.forEach((c, i) => {
    if (c.fieldDbName !== snakeCase(c.fieldName)) throw new ShapeError(`columns[${i}].fieldDbName`, `须为 ${snakeCase(c.fieldName)}（字段名的下划线形式）`);
    if (names.has(c.fieldName)) throw new ShapeError(`columns[${i}].fieldName`, `字段 ${c.fieldName} 重复`);
    if (dbNames.has(c.fieldDbName)) throw new ShapeError(`columns[${i}].fieldDbName`, `列 ${c.fieldDbName} 重复或是系统列`);
    names.add(c.fieldName);
    dbNames.add(c.fieldDbName);
  });
  const kind = oneOf(o, 'kind', '', ['MASTER', 'DOCUMENT', 'LINE'] as const, true)!;
  const def: ResourceDefinition = {
    tableName: text(o, 'tableName', '', { required: true, pattern: SNAKE, patternText: '须为小写字母、数字和下划线' })!,
    tableExplain: text(o, 'tableExplain', '', { required: true, max: 100 })!,
    module: text(o, 'module', '', { required: true, pattern: SLUG })!,
    resource: text(o, 'resource', '', { required: true, pattern: SLUG })!,
    permissionPrefix: text(o, 'permissionPrefix', '', { required: true, pattern: SNAKE })!,
    scope: oneOf(o, 'scope', '', ['ORG', 'GROUP'] as const) ?? 'ORG',
    kind,
    parentTable: text(o, 'parentTable', '', { pattern: SNAKE }) ?? null,
    parentKey: text(o, 'parentKey', '', { pattern: CAMEL }) ?? null,
    treeParentField: text(o, 'treeParentField', '', { pattern: CAMEL }) ?? null,
    columns,
  };
  if (kind === 'LINE' && (!def.parentTable || !def.parentKey)) throw new ShapeError('parentTable', '明细表须指定主表与关联字段');
  if (def.parentKey && !names.has(def.parentKey)) throw new ShapeError('parentKey', `关联字段 ${def.parentKey} 不在列中`);
  if (def.treeParentField && !names.has(def.treeParentField)) throw new ShapeError('treeParentField', `上级字段 ${def.treeParentField} 不在列中`);
  return def;
}
