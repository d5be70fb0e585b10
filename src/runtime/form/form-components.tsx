import {
  Checkbox, DatePicker, FormGrid, FormItem, Input, NumberPicker, Password, PreviewText, Radio, Select, TimePicker,
} from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Input as AntInput } from 'antd';
import { Suspense, createContext, lazy, useContext, type ComponentProps, type ComponentType } from 'react';
import type { FormComponentName } from '../../schema/form-schema';
import { AutoCompleteInput } from '../picker/auto-complete-input';
import { useTr } from '../runtime-context';
import { ImageUpload } from './image-upload';
import { PickerInput } from '../picker/picker-input';
import { AnnouncementField } from '../widgets/announcement-field';
import { digitsOnly, normalisePlate, type PlateEntry } from '../../schema/validate';

/** The plate list (findAll) the plate input matches a single typed character against. */
export const PlatesContext = createContext<readonly PlateEntry[]>([]);

interface TextInputProps { value?: string | null; onChange?(value: string): void; [key: string]: unknown }

/** Plate number: upper-cased while typing; a lone character becomes its province abbreviation. */
function PlateInputBase({ value, onChange, ...rest }: TextInputProps) {
  const plates = useContext(PlatesContext);
  return <AntInput {...rest} value={value ?? ''} onChange={(e) => onChange?.(normalisePlate(e.target.value, plates))} />;
}
/** startCode, endCode, num, carryOverNum: other characters are stripped as they are typed. */
function DigitsInputBase({ value, onChange, ...rest }: TextInputProps) {
  return <AntInput {...rest} inputMode="numeric" value={value ?? ''} onChange={(e) => onChange?.(digitsOnly(e.target.value))} />;
}
const PlateInput = connect(PlateInputBase, mapReadPretty(PreviewText.Input));
const DigitsInput = connect(DigitsInputBase, mapReadPretty(PreviewText.Input));

/** Booleans show 是/否 radios (spec 001 §5); their text forms come back as booleans. */
function YesNoRadios(props: ComponentProps<typeof Radio.Group>) {
  const tr = useTr();
  return <Radio.Group {...props} options={[{ label: tr('是'), value: true }, { label: tr('否'), value: false }]} />;
}
function YesNoText({ value }: { value?: unknown }) {
  const tr = useTr();
  return <span>{value === true ? tr('是') : value === false ? tr('否') : ''}</span>;
}
const YesNo = connect(
  YesNoRadios,
  mapProps((props: { value?: unknown }) => ({ ...props, value: props.value === 'true' || props.value === '1' ? true : props.value === 'false' || props.value === '0' ? false : props.value })),
  mapReadPretty(YesNoText),
);

/** A value shown, not typed: calculated fields and the like. */
const Display = connect(({ value }: { value?: unknown }) => <span className="wb-form-display">{value === null || value === undefined ? '' : String(value)}</span>);

/** A component with some props preset (the template's props still win). */
function withDefaults<P extends object>(Component: ComponentType<P>, preset: Record<string, unknown>): ComponentType<P> {
  const Preset = (props: P) => <Component {...(preset as P)} {...props} />;
  Preset.displayName = `Preset(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Preset;
}

/** TEXTAREA_SENTENCE: Monaco is loaded only when a form has such a field (a text area shows meanwhile). */
const LazySqlEditor = lazy(() => import('./sql-editor'));
const SqlField = connect(
  (props: { value?: string | null; onChange?(value: string): void; disabled?: boolean; readOnly?: boolean }) => (
    <Suspense fallback={<AntInput.TextArea className="wb-sql-text" rows={8} value={props.value ?? ''} onChange={(e) => props.onChange?.(e.target.value)} />}>
      <LazySqlEditor {...props} />
    </Suspense>
  ),
  mapReadPretty(({ value }: { value?: string | null }) => <pre className="wb-sql-text">{value ?? ''}</pre>),
);

const DATE = 'YYYY-MM-DD';
const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';

/**
 * Component name → component: the one place the form engine chooses widgets. Every name the schema
 * compiler can emit is here (the record type makes a missing one a compile error).
 */
export const FORM_COMPONENT_MAP: Record<FormComponentName | 'FormGrid' | 'FormItem', ComponentType<never>> = {
  FormGrid: FormGrid as ComponentType<never>,
  FormItem: FormItem as ComponentType<never>,
  Input: Input as ComponentType<never>,
  TextArea: Input.TextArea as ComponentType<never>,
  SqlEditor: SqlField as ComponentType<never>,
  NumberInput: withDefaults(NumberPicker, { stringMode: true, style: { width: '100%' } }) as ComponentType<never>,
  Digits: DigitsInput as ComponentType<never>,
  Plate: PlateInput as ComponentType<never>,
  Select: withDefaults(Select, { allowClear: true }) as ComponentType<never>,
  MultiSelect: withDefaults(Select, { mode: 'multiple', allowClear: true }) as ComponentType<never>,
  Radio: Radio.Group as ComponentType<never>,
  Checkbox: Checkbox.Group as ComponentType<never>,
  YesNo: YesNo as ComponentType<never>,
  Date: withDefaults(DatePicker, { format: DATE, style: { width: '100%' } }) as ComponentType<never>,
  DateTime: withDefaults(DatePicker, { showTime: true, format: DATE_TIME, style: { width: '100%' } }) as ComponentType<never>,
  DateRange: withDefaults(DatePicker.RangePicker, { format: DATE, style: { width: '100%' } }) as ComponentType<never>,
  DateTimeRange: withDefaults(DatePicker.RangePicker, { showTime: true, format: DATE_TIME, style: { width: '100%' } }) as ComponentType<never>,
  Time: withDefaults(TimePicker, { format: 'HH:mm:ss', style: { width: '100%' } }) as ComponentType<never>,
  TimeRange: withDefaults(TimePicker.RangePicker, { format: 'HH:mm:ss', style: { width: '100%' } }) as ComponentType<never>,
  ImageUpload: ImageUpload as ComponentType<never>,
  Picker: PickerInput as ComponentType<never>,
  AutoComplete: AutoCompleteInput as ComponentType<never>,
  Password: withDefaults(Password, { autoComplete: 'new-password' }) as ComponentType<never>,
  Display: Display as ComponentType<never>,
  Announcement: AnnouncementField as ComponentType<never>,
};
