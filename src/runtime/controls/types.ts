import type { ComponentType, ReactNode } from 'react';
import type { ChildRow } from '../../schema/child-rows';
import type { ControlProperty } from '../../schema/control-properties';
import type { ControlKind, FieldDefinition } from '../../schema/field-definition';
import type { FormComponentName } from '../../schema/form-controls';
import type { TagRenderer } from '../list/plain-cells';
import type { Tr } from '../runtime-context';

/** What an editable child-table cell gets: its field, the row's value and how to change and check it. */
export interface CellProps {
  field: FieldDefinition;
  value: unknown;
  /** The row the cell belongs to (a pick fills the row's mapped cells too). */
  row: ChildRow;
  /** Sets the cell's value. */
  set(value: unknown): void;
  /** Checks the cell (on blur, or when a choice lands) and shows or clears its message. */
  check(): void;
  /**
   * Props every input of a cell carries: status, blur check, `data-cell`, full width; and a placeholder
   * in place of the control's own: the field's 提示文字 in a child table's cell, or on the designer's
   * canvas that or the control's `shortPlaceholder`.
   */
  common: { status: 'error' | undefined; onBlur(): void; 'data-cell': string; style: { width: string }; placeholder?: string };
  tr: Tr;
}

/** What a read-only view gets besides the field and value. */
export interface ViewContext {
  /** Desensitisation is on. */
  masked: boolean;
  /** How tags are drawn: plain spans in long lists (no antd component per cell), antd's Tag elsewhere. */
  tag: TagRenderer;
  /** The runtime's words (是/否); Chinese when absent. */
  tr?: Tr;
  /** A list cell (one line, plain elements) or the detail pop-up. */
  where: 'list' | 'detail';
}

/** One entry of the designer's palette: a control kind (formSubmitType) with the attributes a new field of it starts with. */
export interface PaletteEntry {
  kind: ControlKind;
  label: string;
  icon: ReactNode;
  defaults: Partial<FieldDefinition>;
}

/**
 * Everything about one control: the form field (a Formily-connected component), the editable cell of
 * a child table, the read-only cell, the read-pretty view of lists and the detail pop-up, its palette
 * entries and the schema of its properties. The form engine's component names (`componentOf`) key them.
 */
export interface ControlDescriptor {
  name: FormComponentName;
  Field: ComponentType<never>;
  /** The editable cell of a child table. */
  Cell: ComponentType<CellProps>;
  /** Whether the editable cell shows its message in a tooltip (false: a cell that is never typed in). */
  cellMessage: boolean;
  /** The cell of a child table that cannot be changed. */
  ReadCell: ComponentType<{ field: FieldDefinition; value: unknown }>;
  /** The value shown in a list cell or the detail pop-up (plain elements only: a long list draws thousands). */
  view(field: FieldDefinition, value: unknown, ctx: ViewContext): ReactNode;
  /**
   * What its box shows in place of its placeholder where the box is too narrow for it (请选择 cut to
   * 请… in a box of about 60 px: the designer's canvas, one column of an eight-column form, which the
   * runtime's form never draws so narrow); none for a control whose cell shows no placeholder.
   */
  shortPlaceholder?: string;
  /** The palette entries of the kinds this control renders (none for controls chosen by field name). */
  palette: readonly PaletteEntry[];
  properties: readonly ControlProperty[];
}

/** Control name → descriptor: the map the form, the child table, the list and the detail pop-up render with. */
export type ControlRegistry = Readonly<Record<FormComponentName, ControlDescriptor>>;
