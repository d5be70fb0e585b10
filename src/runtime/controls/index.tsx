import { FormItem, FormTab } from '@formily/antd-v5';
import { createContext, useContext, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import type { FieldDefinition } from '../../schema/field-definition';
import { componentOf, type FormComponentName } from '../../schema/form-controls';
import { LayoutGrid } from '../form/layout-grid';
import { announcementControl } from './announcement';
import { autoCompleteControl } from './auto-complete';
import { checkboxControl } from './checkbox';
import { dateControl } from './date';
import { dateRangeControl } from './date-range';
import { dateTimeControl } from './date-time';
import { dateTimeRangeControl } from './date-time-range';
import { digitsControl } from './digits';
import { displayControl } from './display';
import { imageUploadControl } from './image-upload';
import { inputControl } from './input';
import { multiSelectControl } from './multi-select';
import { numberInputControl } from './number-input';
import { passwordControl } from './password';
import { pickerControl } from './picker';
import { plateControl } from './plate';
import { radioControl } from './radio';
import { selectControl } from './select';
import { sqlEditorControl } from './sql-editor';
import { textAreaControl } from './text-area';
import { timeControl } from './time';
import { timeRangeControl } from './time-range';
import type { ControlDescriptor, ControlRegistry, PaletteEntry, ViewContext } from './types';
import { yesNoControl } from './yes-no';

export type { CellProps, ControlDescriptor, ControlRegistry, PaletteEntry, ViewContext } from './types';
export { PlatesContext } from './plate';

/**
 * The runtime's controls, one descriptor per control (the record type makes a missing one a compile
 * error): what the form, the child table, the list, the detail pop-up and the designer render with.
 */
export const defaultControls: ControlRegistry = {
  Input: inputControl, TextArea: textAreaControl, SqlEditor: sqlEditorControl, NumberInput: numberInputControl, Digits: digitsControl,
  Plate: plateControl, Select: selectControl, MultiSelect: multiSelectControl, Radio: radioControl, Checkbox: checkboxControl, YesNo: yesNoControl,
  Date: dateControl, DateTime: dateTimeControl, DateRange: dateRangeControl, DateTimeRange: dateTimeRangeControl, Time: timeControl,
  TimeRange: timeRangeControl, ImageUpload: imageUploadControl, Picker: pickerControl, AutoComplete: autoCompleteControl, Password: passwordControl,
  Display: displayControl, Announcement: announcementControl,
};

const ControlsContext = createContext<ControlRegistry>(defaultControls);

/** Hands a control map down (a host may replace some controls: the designer's canvas, a test); the default map without it. */
export function ControlsProvider({ controls, children }: { controls: ControlRegistry; children?: ReactNode }) {
  return <ControlsContext.Provider value={controls}>{children}</ControlsContext.Provider>;
}

/** The control map in force. */
export function useControls(): ControlRegistry {
  return useContext(ControlsContext);
}

/** A control map with some controls replaced. */
export function withControls(base: ControlRegistry, replaced: Partial<Record<FormComponentName, Partial<ControlDescriptor>>>): ControlRegistry {
  const out = { ...base } as Record<FormComponentName, ControlDescriptor>;
  for (const [name, d] of Object.entries(replaced) as [FormComponentName, Partial<ControlDescriptor>][]) out[name] = { ...base[name], ...d, name };
  return out;
}

/**
 * A template's tab groups: Formily's FormTab draws each pane from the schema itself; the rendered
 * children the schema field also hands it would only make antd's Tabs warn about its legacy API.
 */
const SchemaTabs = Object.assign(({ children: _children, ...props }: ComponentProps<typeof FormTab>) => <FormTab {...props} />, { TabPane: FormTab.TabPane });

/** The component map of the form engine: each control's form field, plus the grid (measuring its layout box), the tabs (a template's tab groups) and the form item. */
export function formComponentsOf(controls: ControlRegistry): Record<FormComponentName | 'FormGrid' | 'FormItem' | 'FormTab', ComponentType<never>> {
  const out = { FormGrid: LayoutGrid as ComponentType<never>, FormItem: FormItem as ComponentType<never>, FormTab: SchemaTabs as ComponentType<never> } as Record<FormComponentName | 'FormGrid' | 'FormItem' | 'FormTab', ComponentType<never>>;
  for (const d of Object.values(controls)) out[d.name] = d.Field;
  return out;
}

const CHOICES = new Set<FormComponentName>(['Select', 'MultiSelect', 'Radio', 'Checkbox']);

/**
 * Which control shows a field's value in a list or the detail: a BOOLEAN field's 是/否, an ENUM or
 * TAG field's options as by a choice control; otherwise the control that edits it.
 */
export function viewControlOf(field: FieldDefinition): FormComponentName {
  const component = componentOf(field);
  if (component === 'ImageUpload') return component;
  if (field.fieldType === 'BOOLEAN') return 'YesNo';
  if ((field.fieldType === 'ENUM' || field.fieldType === 'TAG') && (field.options ?? field.enumOptions)) return CHOICES.has(component) ? component : 'Select';
  return component;
}

/** A field's value as its control shows it read-only. */
export function viewValue(controls: ControlRegistry, field: FieldDefinition, value: unknown, ctx: ViewContext): ReactNode {
  return controls[viewControlOf(field)].view(field, value, ctx);
}

/** The designer's palette: every control kind, in the order of the map. */
export function paletteOf(controls: ControlRegistry): (PaletteEntry & { control: FormComponentName })[] {
  return Object.values(controls).flatMap((d) => d.palette.map((p) => ({ ...p, control: d.name })));
}

/** A kind a field can be given (its formSubmitType), with the labels of the palette entries that make it. */
export interface KindChoice { kind: PaletteEntry['kind']; labels: string[]; icon: ReactNode }

/**
 * The kinds a field can be given, each once: palette entries that share a kind are one choice, named
 * by all their labels (单行文本 and 数字 are both ONE_TXT: the column's type picks the text or the
 * number box).
 */
export function kindChoices(controls: ControlRegistry): KindChoice[] {
  const out = new Map<string, KindChoice>();
  for (const p of paletteOf(controls)) {
    const known = out.get(p.kind);
    if (known) known.labels.push(p.label);
    else out.set(p.kind, { kind: p.kind, labels: [p.label], icon: p.icon });
  }
  return [...out.values()];
}
