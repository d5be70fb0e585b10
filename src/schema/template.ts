import type { ReportChart } from './report-chart';
import type { FieldDefinition } from './field-definition';

/** Template kinds (cg-format formatType). */
export const FORMAT_TYPES = ['LIST', 'FORM', 'SEARCH', 'RESOURCE', 'DETAIL'] as const;
export type FormatType = (typeof FORMAT_TYPES)[number];

/** Layout styles of a template (spec 000 §3, spec 001 §2). */
export const FORMAT_STYLES = [
  'FORMAT_RESOURCE_QUERY_DATALIST', 'FORMAT_RESOURCE_TREE', 'FORMAT_RESOURCE_TREE_QUERY_DATALIST',
  'FORMAT_MASTER_CHILD', 'FORMAT_FOUR_COLUMN_FROM', 'FORMAT_EIGHT_COLUMN_FROM', 'FORMAT_TABS', 'FORMAT_LIST',
] as const;
export type FormatStyle = (typeof FORMAT_STYLES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** A button of a template's button group. */
export interface TemplateButton {
  code: string;
  label: string;
  /** Permission key; empty means everyone may use it. */
  permission?: string | null;
  /** Lifecycle action or page: add, edit, del, audit, export, … */
  action: string;
  isApp?: boolean;
  seq?: number;
}

/** A tab group of a form template. */
export interface TemplateGroup { key: string; label: string }

/** A template (cg-format): the server-supplied description of a list, form, search, picker or detail. */
export interface Template {
  id?: string | number | null;
  formatName: string;
  formatCode: string;
  formatType: FormatType;
  formatStyle?: FormatStyle | null;
  resUrl?: string | null;
  resMethod?: HttpMethod | null;
  treeResUrl?: string | null;
  treeResMethod?: HttpMethod | null;
  /** Comma-separated field names whose values a picker returns / shows. */
  valueResourceSubName?: string | null;
  viewResourceSubName?: string | null;
  ps?: number | null;
  cgFormatParamId?: string | number | null;
  /** The DETAIL template a row of this list opens in the detail pop-up. */
  detailId?: string | number | null;
  /** The main data-source table. */
  customTable?: string | null;
  buttons?: TemplateButton[];
  formSubList?: FieldDefinition[];
  listSubList?: FieldDefinition[];
  resSubList?: FieldDefinition[];
  /** Child tables of a master-child document (table name → field list). */
  childSubLists?: { customTable: string; label: string; fields: FieldDefinition[] }[];
  /** Master-child: ask before saving a document without child rows (子表未新增数据, 是否继续提交?). */
  validTable?: boolean;
  /** Master-child: at most one child row (只能有一条子表信息). */
  singleChild?: boolean;
  /** Tab groups of a form (FORMAT_TABS): the fields whose layout names a group's key are on its tab, in this order. */
  groups?: TemplateGroup[];
  /** LIST: 新增/修改/复制/查看 open the FORM as a page (`…/edit?type=…&id=…`, `…/viewEdit?id=…`) instead of a dialog. */
  formPage?: boolean;
  /** LIST over a SQL data source (动态报表): the chart shown above the table. */
  chart?: ReportChart | null;
  /** The stored format's version (`format-migrations.ts`); absent in templates stored before versions: 1. */
  formatVersion?: number;
}
