import type { ControlKind, FieldDefinition } from './field-definition';
import type { ResourceColumn } from './resource';

/**
 * The control kind a data-source column starts with: a date-time box for dates, a select for
 * enums, 是/否 for booleans, a multi-line box for long text, one line of text otherwise. The
 * template generator and the form designer's palette both start a column's field with it.
 */
export const columnControlKind = (c: Pick<ResourceColumn, 'fieldType'>): ControlKind =>
  c.fieldType === 'DATE' ? 'DATA_BOX_TIM' : c.fieldType === 'ENUM' ? 'SELECT' : c.fieldType === 'BOOLEAN' ? 'BOOLEAN' : c.fieldType === 'TXT' ? 'TEXTAREA' : 'ONE_TXT';

/** Columns a screen can show: not JSON (no generic control edits it), not a line's link to its document. */
export const isShownColumn = (c: Pick<ResourceColumn, 'fieldType' | 'fieldName'>, parentKey?: string | null): boolean =>
  c.fieldType !== 'JSON' && c.fieldName !== parentKey;

/** A column as a new form field of its table (the designer adds it; the parser fills the rest). */
export function columnField(table: string, c: Pick<ResourceColumn, 'fieldName' | 'fieldExplain' | 'fieldType' | 'required'>): FieldDefinition {
  return {
    fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: table, fieldType: c.fieldType, formSubmitType: columnControlKind(c),
    irequired: c.required ?? false, ishow: true,
  };
}
