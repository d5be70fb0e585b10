import { isNumberColumn, type FieldDefinition } from './field-definition';
import { COLUMN_WIDTH } from './layout-rules';
import type { FormatType } from './template';
import { fieldAttributeKinds, type AttributeKind, type AttributeList } from './template-attributes';

/**
 * The properties of a control kind as plain data: what the designer's property panel shows for a
 * field of that kind and renders as a Formily form (`propertyFormSchema`). Each control descriptor
 * (src/runtime/controls) lists its properties from the ones below; the dialogs of
 * `template-attributes.ts` (计算方式, 选择时间, 选择时间范围, 选择时间点) are properties too, offered
 * only for the fields that dialog configures (`fieldAttributeKinds`).
 */

/**
 * How the panel edits a property. `Dialog` opens one of the attribute dialogs; `Options` the option
 * list editor; `TemplateSelect` a searchable choice among the stored templates of one kind (`formatType`).
 */
export type PropertyControl = 'Input' | 'TextArea' | 'NumberInput' | 'Switch' | 'Select' | 'Options' | 'Dialog' | 'TemplateSelect';

export interface ControlProperty {
  /** The field attribute it sets. */
  name: keyof FieldDefinition;
  label: string;
  control: PropertyControl;
  /** The value a field has when the attribute is absent (what 恢复默认 puts back). */
  default?: unknown;
  /** The choices of a `Select`. */
  options?: readonly { label: string; value: string | number | boolean }[];
  /** The dialog a `Dialog` property opens. */
  dialog?: AttributeKind;
  /** The field lists it applies to (every list when absent). */
  roles?: readonly AttributeList['role'][];
  /** Numbers: the smallest value allowed. */
  min?: number;
  /** Numbers: the largest value allowed. */
  max?: number;
  /** The kind of template a `TemplateSelect` offers (its value is that template's id). */
  formatType?: FormatType;
}

export const LABEL_PROPERTY: ControlProperty = { name: 'fieldExplain', label: '标题', control: 'Input' };
export const REQUIRED_PROPERTY: ControlProperty = { name: 'irequired', label: '必填', control: 'Switch', default: false, roles: ['form', 'child'] };
export const UPDATE_PROPERTY: ControlProperty = { name: 'iupdate', label: '可修改', control: 'Switch', default: true, roles: ['form', 'child'] };
export const SHOW_PROPERTY: ControlProperty = { name: 'ishow', label: '显示', control: 'Switch', default: true };
export const HIDDEN_PROPERTY: ControlProperty = { name: 'ihidden', label: '隐藏', control: 'Switch', default: false };
export const TIPS_PROPERTY: ControlProperty = { name: 'tipsMessage', label: '提示文字', control: 'Input', roles: ['form', 'child'] };
export const DEFAULT_PROPERTY: ControlProperty = { name: 'defaultValue', label: '默认值', control: 'Input', roles: ['form', 'child'] };
export const WIDTH_PROPERTY: ControlProperty = { name: 'columnWidth', label: '列宽', control: 'NumberInput', min: COLUMN_WIDTH.min, max: COLUMN_WIDTH.max, roles: ['child', 'list'] };
export const TOTAL_PROPERTY: ControlProperty = { name: 'itotal', label: '合计', control: 'Switch', default: false, roles: ['child', 'list'] };
export const OPTIONS_PROPERTY: ControlProperty = { name: 'options', label: '选项', control: 'Options' };
export const ROWS_PROPERTY: ControlProperty = { name: 'rows', label: '行数', control: 'NumberInput', min: 1, roles: ['form'] };
export const MAX_COUNT_PROPERTY: ControlProperty = { name: 'maxCount', label: '上传个数', control: 'NumberInput', default: 1, min: 1, roles: ['form', 'child'] };
export const PICKER_PROPERTY: ControlProperty = { name: 'cgFormatResId', label: '弹窗模板', control: 'TemplateSelect', formatType: 'RESOURCE', roles: ['form', 'child'] };
export const CALCULATE_PROPERTY: ControlProperty = { name: 'calculate', label: '计算方式', control: 'Dialog', dialog: 'calculate' };
export const DATE_SPEC_PROPERTY: ControlProperty = { name: 'defaultValue', label: '选择时间', control: 'Dialog', dialog: 'dateSpec', roles: ['form', 'child'] };
export const TIME_RANGE_PROPERTY: ControlProperty = { name: 'defaultValue', label: '选择时间范围', control: 'Dialog', dialog: 'timeRange', roles: ['list'] };
export const TIME_POINT_PROPERTY: ControlProperty = { name: 'defaultValue', label: '选择时间点', control: 'Dialog', dialog: 'timePoint', roles: ['form', 'child'] };

/** A list column's switches in the list designer (with 显示 and 合计 above). */
export const SORT_PROPERTY: ControlProperty = { name: 'isortField', label: '排序', control: 'Switch', default: false, roles: ['list'] };
export const QUICK_QUERY_PROPERTY: ControlProperty = { name: 'iallowQuery', label: '快捷查询', control: 'Switch', default: false, roles: ['list'] };
export const ADVANCED_QUERY_PROPERTY: ControlProperty = { name: 'iallowAdvanceQuery', label: '高级查询', control: 'Switch', default: false, roles: ['list'] };
export const FIXED_PROPERTY: ControlProperty = { name: 'ifixed', label: '固定在左侧', control: 'Switch', default: false, roles: ['list'] };
/** A list button's properties as the list designer's button panel names them. */
export const BUTTON_PROPERTY_LABELS: Record<'label' | 'permission' | 'isApp', string> = { label: '按钮名称', permission: '权限标识', isApp: '仅 APP' };

export const LIST_COLUMN_SWITCHES: readonly ControlProperty[] = [SHOW_PROPERTY, SORT_PROPERTY, TOTAL_PROPERTY, QUICK_QUERY_PROPERTY, ADVANCED_QUERY_PROPERTY, FIXED_PROPERTY];

/** What every kind has: title, required, changeable, shown, hidden, tip, width and total. */
export const COMMON_PROPERTIES: readonly ControlProperty[] = [
  LABEL_PROPERTY, REQUIRED_PROPERTY, UPDATE_PROPERTY, SHOW_PROPERTY, HIDDEN_PROPERTY, TIPS_PROPERTY, WIDTH_PROPERTY,
];

const LABELS = new Map<string, string>();
for (const p of [...COMMON_PROPERTIES, DEFAULT_PROPERTY, TOTAL_PROPERTY, OPTIONS_PROPERTY, ROWS_PROPERTY, MAX_COUNT_PROPERTY, PICKER_PROPERTY, CALCULATE_PROPERTY, ...LIST_COLUMN_SWITCHES]) {
  if (!LABELS.has(p.name)) LABELS.set(p.name, p.label);
}

/** The label the panel gives a field attribute (标题 for fieldExplain…), if it shows it. */
export const propertyLabel = (name: string): string | undefined => LABELS.get(name);

/**
 * Whether 合计 is offered for a column: on a number column (`numeric`: `isNumberColumn`, by the type
 * its data source declares), or while it is on, so that a 合计 the draft rules refuse can be switched
 * off. 列表设计's column panel and the form designer's property panel both ask it.
 */
export const offersTotal = (field: Pick<FieldDefinition, 'itotal'>, numeric: boolean): boolean => numeric || Boolean(field.itotal);

/**
 * The properties the panel offers for one field of a list: those of its role, a dialog only when
 * that dialog configures the field, and 合计 only where `offersTotal` (`declared`: the type the
 * field's data source declares, if known); a later property of the same name replaces an earlier
 * one (a kind's 选择时间 replaces the plain 默认值).
 */
export function propertiesFor(properties: readonly ControlProperty[], field: FieldDefinition, list: Pick<AttributeList, 'role'>, declared?: string | null): ControlProperty[] {
  const dialogs = new Set(fieldAttributeKinds(field, list));
  const byName = new Map<string, ControlProperty>();
  for (const p of properties) {
    if (p.roles && !p.roles.includes(list.role)) continue;
    if (p.dialog && !dialogs.has(p.dialog)) continue;
    if (p.name === TOTAL_PROPERTY.name && !offersTotal(field, isNumberColumn(field, declared))) continue;
    byName.set(p.name, p);
  }
  return [...byName.values()];
}

/** The value a property shows for a field: its attribute, else the property's default. */
export function propertyValue(property: ControlProperty, field: FieldDefinition): unknown {
  const value = field[property.name];
  return value === undefined || value === null ? property.default : value;
}

/** A node of the Formily schema the panel renders (plain data, no expressions). */
export interface PropertySchemaNode {
  type: 'object' | 'string' | 'number' | 'boolean' | 'array';
  title?: string;
  default?: unknown;
  enum?: { label: string; value: unknown }[];
  'x-decorator'?: 'FormItem';
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  properties?: Record<string, PropertySchemaNode>;
}

const COMPONENT: Record<PropertyControl, string> = {
  Input: 'Input', TextArea: 'Input.TextArea', NumberInput: 'NumberPicker', Switch: 'Switch', Select: 'Select', Options: 'OptionsEditor', Dialog: 'AttributeDialog', TemplateSelect: 'TemplateSelect',
};
const TYPE: Record<PropertyControl, PropertySchemaNode['type']> = {
  Input: 'string', TextArea: 'string', NumberInput: 'number', Switch: 'boolean', Select: 'string', Options: 'array', Dialog: 'object', TemplateSelect: 'number',
};

/**
 * The property list as the Formily schema of the panel's form: one FormItem per property, with the
 * component names of @formily/antd-v5 (`OptionsEditor`, `AttributeDialog` and `TemplateSelect` are the designer's own).
 */
export function propertyFormSchema(properties: readonly ControlProperty[]): PropertySchemaNode {
  const nodes: Record<string, PropertySchemaNode> = {};
  for (const p of properties) {
    nodes[p.name] = {
      type: TYPE[p.control],
      title: p.label,
      'x-decorator': 'FormItem',
      'x-component': COMPONENT[p.control],
      ...(p.default !== undefined ? { default: p.default } : {}),
      ...(p.options ? { enum: p.options.map((o) => ({ label: o.label, value: o.value })) } : {}),
      // the box is named by its property (a screen reader reads 必填, not an unnamed switch)
      'x-component-props': {
        'aria-label': p.label,
        ...(p.dialog ? { kind: p.dialog } : {}), ...(p.min !== undefined ? { min: p.min } : {}), ...(p.max !== undefined ? { max: p.max } : {}), ...(p.formatType ? { formatType: p.formatType } : {}),
      },
    };
  }
  return { type: 'object', properties: nodes };
}
