import type { FieldDefinition } from './field-definition';
import { DIGITS_ONLY_FIELDS, isPlateField } from './field-input';
import type { Template } from './template';

/*
 * Which control draws a field, and where the form puts it: what the list, the detail and the
 * designer need of the form's rules without its validation (form-schema.ts builds the form's
 * schema on these).
 */

/** Component names the runtime's map must provide. */
export const FORM_COMPONENTS = [
  'Input', 'TextArea', 'SqlEditor', 'NumberInput', 'Digits', 'Plate', 'Select', 'MultiSelect', 'Radio', 'Checkbox', 'YesNo',
  'Date', 'DateTime', 'DateRange', 'DateTimeRange', 'Time', 'TimeRange', 'ImageUpload', 'Picker', 'AutoComplete', 'Password', 'Display',
  'Announcement',
] as const;
export type FormComponentName = (typeof FORM_COMPONENTS)[number];

/** Columns of a form template: 8 for the eight-column style and a master-child main form, else 4. */
export function formColumns(template: Pick<Template, 'formatStyle'>): 4 | 8 {
  return template.formatStyle === 'FORMAT_EIGHT_COLUMN_FROM' || template.formatStyle === 'FORMAT_MASTER_CHILD' ? 8 : 4;
}

/** Remarks and multi-line text take a full row. */
export function isFullRow(field: FieldDefinition): boolean {
  return field.formSubmitType === 'TEXTAREA' || field.formSubmitType === 'TEXTAREA_SENTENCE' || field.formSubmitType === 'IMG_UPLOAD_EP'
    || field.formSubmitType === 'Announcement'
    || /^(remark|remarks|memo|note)$|Remark$/.test(field.fieldName) || (field.rows ?? 0) > 1;
}

/** Which component renders a field. */
export function componentOf(field: FieldDefinition): FormComponentName {
  const kind = field.formSubmitType;
  if (DIGITS_ONLY_FIELDS.has(field.fieldName)) return 'Digits';
  if (/^(password|newPassword|confirmPassword)$/.test(field.fieldName)) return 'Password';
  if (isPlateField(field.fieldName) && (!kind || kind === 'ONE_TXT')) return 'Plate';
  switch (kind) {
    case 'TEXTAREA': return 'TextArea';
    case 'TEXTAREA_SENTENCE': return 'SqlEditor';
    case 'SELECT': case 'AUTO_SELECT': case 'SELECT_ONE_TXT': return 'Select';
    case 'SELECT_MORE': return 'MultiSelect';
    case 'SINGLE_ELECTION': return 'Radio';
    case 'MULTIPLE_SELECTION': return 'Checkbox';
    case 'BOOLEAN': return 'YesNo';
    case 'DATA_BOX': return 'Date';
    case 'DATA_BOX_TIM': return 'DateTime';
    case 'DATA_RANGE_BOX': return 'DateRange';
    case 'TIME_BOX_TIM': return 'Time';
    case 'TIME_RANGE_BOX': return 'DateTimeRange';
    case 'IMG_UPLOAD_EP': case 'IMG_LOGO': return 'ImageUpload';
    case 'RESOURCE_CONTROLS': case 'RESOURCE_CONTROLS_MORE': case 'RESOURCE_CONTROLS_MORE_FOLD': case 'DETAIL_RESOURCE_CONTROLS': return 'Picker';
    case 'AUTO_COMPLETE': case 'SEARCH_AUTOMATIC': return 'AutoComplete';
    case 'CALCULATE': case 'NONE_WHOLE': case 'RESOURCE_NONE': return 'Display';
    case 'Announcement': return 'Announcement';
    default:
      if (field.fieldType === 'NUMBER') return 'NumberInput';
      if (field.fieldType === 'BOOLEAN') return 'YesNo';
      if (field.fieldType === 'DATE') return 'DateTime';
      if (field.fieldType === 'ENUM') return 'Select';
      return 'Input';
  }
}

/**
 * What a field's empty box shows: its 提示文字 (`tipsMessage`) when it has one; else nothing, and the
 * control shows its own (请选择, antd's date text). The form's boxes, a child table's cells and the
 * designer canvas's boxes alike.
 */
export function placeholderOf(field: Pick<FieldDefinition, 'tipsMessage'>): string | undefined {
  return field.tipsMessage || undefined;
}
