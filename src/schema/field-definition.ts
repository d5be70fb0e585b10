/**
 * Field definitions (spec 001 §3): the one description that drives forms, lists, searches and
 * pickers. Every attribute of the spec is here; the parser in `parse-template.ts` checks them.
 */

/** Data types of a field; lists also use the display kinds TEXT, TIME, LINK, BUTTON, TAG. */
export const FIELD_TYPES = ['ENUM', 'DATE', 'BOOLEAN', 'NUMBER', 'CHAR', 'TXT', 'JSON', 'TEXT', 'TIME', 'LINK', 'BUTTON', 'TAG'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/** What each field type is called on screen (the data-source columns' types are the first seven). */
export const FIELD_TYPE_LABELS: Record<FieldType, string> = {
  CHAR: '文本', TXT: '长文本', NUMBER: '数值', DATE: '日期', BOOLEAN: '是否', ENUM: '枚举', JSON: 'JSON',
  TEXT: '文本（列表）', TIME: '时间', LINK: '链接（打开详情）', BUTTON: '按钮', TAG: '标签',
};

/**
 * The types the data sources of a template declare for their columns, by table and field name
 * (`{ mm_pu_weigh: { net: 'NUMBER' } }`): plain data the server hands the designer with a draft.
 */
export type DeclaredColumnTypes = Readonly<Record<string, Readonly<Record<string, string>>>>;

/**
 * Whether a column holds numbers: what 合计 adds up and what a chart takes as its values. The type the
 * column's data source declares decides (a list column's `fieldType` is how it is shown — 文本（列表）,
 * 链接… — and the seeded lists show their number columns as TEXT); a column its data source does not
 * declare (a calculated one), or a template read without its data sources, goes by its own marks: a
 * NUMBER type, a NUMBER search input, a calculated control. One rule for the list designer, the draft
 * rules the designer and the server apply, and the list's 合计 on the server (which sums the columns
 * declared NUMBER).
 */
export function isNumberColumn(field: Pick<FieldDefinition, 'fieldType' | 'detailsUrl' | 'formSubmitType'>, declared?: string | null): boolean {
  if (declared) return declared === 'NUMBER';
  return field.fieldType === 'NUMBER' || field.detailsUrl === 'NUMBER' || field.formSubmitType === 'CALCULATE';
}

/**
 * Whether a column is known not to hold numbers — its data source declares another type, or (not
 * declared) its own type says so: what 合计 and a chart's values refuse. A column with neither is not judged.
 */
export const isNotNumberColumn = (field: Pick<FieldDefinition, 'fieldType' | 'detailsUrl' | 'formSubmitType'>, declared?: string | null): boolean =>
  !isNumberColumn(field, declared) && Boolean(declared || field.fieldType);

/** The declared type of a field of `table` (undefined where the data source is not known or does not declare it). */
export const declaredType = (types: DeclaredColumnTypes | undefined, table: string | null | undefined, fieldName: string): string | undefined =>
  (table ? types?.[table]?.[fieldName] : undefined);

/** Control kinds (formSubmitType) of spec 001 §3. */
export const CONTROL_KINDS = [
  'ONE_TXT', 'MORE_TXT', 'TEXTAREA', 'TEXTAREA_SENTENCE', 'SELECT_ONE_TXT', 'SELECT', 'SELECT_MORE', 'AUTO_SELECT', 'SINGLE_ELECTION',
  'MULTIPLE_SELECTION', 'BOOLEAN', 'RESOURCE_CONTROLS', 'RESOURCE_CONTROLS_MORE', 'RESOURCE_CONTROLS_MORE_FOLD', 'DETAIL_RESOURCE_CONTROLS',
  'RESOURCE_NONE', 'CALCULATE', 'AUTO_COMPLETE', 'SEARCH_AUTOMATIC', 'DATA_BOX', 'DATA_BOX_TIM', 'DATA_RANGE_BOX', 'TIME_BOX_TIM',
  'TIME_RANGE_BOX', 'IMG_UPLOAD_EP', 'IMG_LOGO', 'NONE_WHOLE', 'Announcement', 'Menu_Configuration',
] as const;
export type ControlKind = (typeof CONTROL_KINDS)[number];

/** Search input kinds of list fields (spec 000 §3 detailsUrl); anything else searches as text. */
export const SEARCH_INPUT_KINDS = ['DATA_BOX_TIM', 'TIME_RANGE_BOX', 'DATA_RANGE_BOX', 'NUMBER', 'SELECT', 'SELECT_MORE', 'BOOLEAN'] as const;

export const OPERATOR_NAMES = ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'in', 'lk'] as const;

/**
 * What a search parameter's operator does (the list query's `whereSearch` on the server): `like`
 * finds the text anywhere in the value; `lk` is another spelling of `like`, and `in` takes a
 * comma-separated list of values.
 */
export const OPERATOR_LABELS: Record<(typeof OPERATOR_NAMES)[number], string> = {
  eq: '等于', ne: '不等于', gt: '大于', ge: '大于等于', lt: '小于', le: '小于等于', like: '包含', in: '属于（逗号分隔）', lk: '包含（同 like）',
};

/**
 * The comparisons a number field's advanced query offers, in the order it offers them, each shown by
 * its sign (its meaning, OPERATOR_LABELS, is the option's title).
 */
export const NUMBER_COMPARISONS = ['le', 'ge', 'eq', 'lt', 'gt'] as const satisfies readonly (typeof OPERATOR_NAMES)[number][];
export const COMPARISON_SIGNS: Record<(typeof NUMBER_COMPARISONS)[number], string> = { le: '≤', ge: '≥', eq: '=', lt: '<', gt: '>' };

export interface FieldOption { value: string | number | boolean; label: string; color?: string | null }

/** A calculation item: a field, an operator or bracket, or a sum over fields. */
export type CalculationItem = { customTable?: string | null; fieldName: string } | '+' | '-' | '*' | '/' | '(' | ')';
export interface SumCalculation { customTable: string; fieldName: string[]; mode: 'sum' }
export type Calculation = CalculationItem[] | SumCalculation;

/** Date default-value spec: each part an amount with a mark (+, - or fixed). */
export interface DateSpecPart { mark: '+' | '-' | 'fixed'; value: number }
export interface DateDefaultSpec {
  type: 'date';
  year?: DateSpecPart; month?: DateSpecPart; day?: DateSpecPart; hour?: DateSpecPart; minute?: DateSpecPart; second?: DateSpecPart;
}
/**
 * The default of a range search field (TIME_RANGE_BOX, DATA_RANGE_BOX), set with 选择时间范围: the
 * times of day a picked range starts and ends at (HH:mm:ss, start not after end) instead of
 * 00:00:00 and 23:59:59; the advanced query also starts with today's range.
 */
export interface TimeRangeDefault { type: 'timeRange'; start: string; end: string }

export interface ResourceMapping { fieldSub1: { fieldName: string; masterTable?: string | null }; fieldSub2: { fieldName: string }; iupdate?: boolean }

/**
 * A parameter link (cg-format-form-sub-param) of a picking field: a field of the form (fieldSub1)
 * whose value pre-filters the popup's field (fieldSub2) — `eq`, or `in` for a multi-value field.
 */
export interface ParamLink { fieldSub1: { fieldName: string; masterTable?: string | null }; fieldSub2: { fieldName: string } }

/**
 * Where a form field sits on the 48-unit grid, set by the designer: its row, its first unit
 * (`col`, 0–47) and its width in units (`span`), and the tab group it belongs to (a key of the
 * template's `groups`). Fields without it are laid out in their order, as before.
 */
export interface FieldLayout { row: number; col: number; span: number; group?: string | null }

export interface FieldDefinition {
  id?: string | number | null;
  fieldName: string;
  fieldExplain: string;
  fieldType?: FieldType | null;
  formSubmitType?: ControlKind | null;
  /** The search input kind of a list field. */
  detailsUrl?: string | null;
  searchType?: string | null;
  /**
   * A plain value or macro; a relative date spec (date fields); a time-of-day range (range search
   * fields); a HH:mm:ss text is the default of a TIME_BOX_TIM field.
   */
  defaultValue?: string | number | boolean | DateDefaultSpec | TimeRangeDefault | null;
  options?: FieldOption[] | null;
  enumOptions?: FieldOption[] | null;
  ishow?: boolean;
  ihidden?: boolean;
  iupdate?: boolean;
  /** The value is the server's (a document number from its 编码规则): shown, never typed, in every mode. */
  iautoCode?: boolean;
  irequired?: boolean;
  ifixed?: boolean;
  imerge?: boolean;
  itotal?: boolean;
  isortField?: boolean;
  idefinedSort?: boolean;
  sortMethod?: 'asc' | 'desc' | null;
  columnWidth?: number | null;
  seq?: number;
  rows?: number | null;
  /** Image uploads: how many images the field holds (default 1; 上传个数超出限制! past it). */
  maxCount?: number | null;
  calculate?: Calculation | null;
  cgValFormat?: { valFormatFun: string } | null;
  cgValidate?: { validateMethod: string; validateTitle: string } | null;
  cgFormatResId?: string | number | null;
  tipsMessage?: string | null;
  customTable?: string | null;
  classType?: string | null;
  masterTable?: string | null;
  op?: (typeof OPERATOR_NAMES)[number] | null;
  iallowQuery?: boolean;
  iallowAdvanceQuery?: boolean;
  effectField?: string | null;
  isEffect?: boolean;
  resourceList?: ResourceMapping[] | null;
  /**
   * The picking field's parameter links as designed (弹窗设计). Present (even empty), they are the
   * field's links; absent, the links stored by the field's id (cg-format-form-sub-param) apply.
   * Publishing the template writes them there too, under the field's id.
   */
  paramLinks?: ParamLink[];
  /** The designer's grid position of a form field. */
  layout?: FieldLayout | null;
}
