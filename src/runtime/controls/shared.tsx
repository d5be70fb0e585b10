import { ConfigProvider, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useContext, type ComponentType } from 'react';
import { COMMON_PROPERTIES, DEFAULT_PROPERTY, type ControlProperty } from '../../schema/control-properties';
import { storedDate } from '../../schema/date-text';
import { desensitize, desensitizeKindOf } from '../../schema/desensitize';
import type { FieldDefinition } from '../../schema/field-definition';
import { formatValue } from '../../schema/value-formats';
import type { CellProps, ControlDescriptor, ViewContext } from './types';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A date box's format: its own, else a day and time or a day. */
export const dateFormatOf = (props: Record<string, unknown>) => (props.format as string | undefined) ?? (props.showTime ? DATE_TIME_FORMAT : DATE_FORMAT);

/** A stored date value (read by the schema's storedDate: local time) or a picker's own day.js value, as day.js; null for no date. */
export function storedDay(value: unknown): Dayjs | null {
  if (dayjs.isDayjs(value)) return value.isValid() ? value : null;
  const date = storedDate(value);
  return date ? dayjs(date) : null;
}

/** A date value as a date box shows it, in `format` and local time: '' for no value, null for a value that is no date. */
export function dateText(value: unknown, format: string): string | null {
  if (value === null || value === undefined || value === '') return '';
  return storedDay(value)?.format(format) ?? null;
}

/** A component's class prefix and hashed style class, its styles registered as antd's own control would. */
export function useAntdClasses(component: string, useStyle: (prefixCls: string) => readonly [unknown, string, string]): [string, string] {
  const prefixCls = useContext(ConfigProvider.ConfigContext).getPrefixCls(component);
  const [, hashId] = useStyle(prefixCls);
  return [prefixCls, hashId];
}

/** A component with some props preset (the template's props still win). */
export function withDefaults<P extends object>(Component: ComponentType<P>, preset: Record<string, unknown>): ComponentType<P> {
  const Preset = (props: P) => <Component {...(preset as P)} {...props} />;
  Preset.displayName = `Preset(${Component.displayName ?? Component.name ?? 'Component'})`;
  return Preset;
}

/** The value format a field is shown in: the template's, else a DATE field's date and time (spec 000 §9), a TIME field's time. */
const viewFormatOf = (field: FieldDefinition) =>
  field.cgValFormat?.valFormatFun ?? (field.fieldType === 'DATE' ? 'datetime' : field.fieldType === 'TIME' ? 'time' : undefined);

/**
 * A value as text in a list cell or the detail: tags for TAG fields, the value format (a date
 * without one as yyyy-MM-dd HH:mm:ss, spec 000 §9, never raw ISO text), desensitised when asked.
 */
export function textView(field: FieldDefinition, value: unknown, ctx: ViewContext) {
  if (field.fieldType === 'TAG') return value === null || value === undefined || value === '' ? '' : ctx.tag(String(value));
  const text = formatValue(viewFormatOf(field), value);
  const kind = ctx.masked ? desensitizeKindOf(field.fieldName) : null;
  return kind ? desensitize(text, kind) : text;
}

/** A child-table cell that cannot be changed: the value in its format. */
export function PlainReadCell({ field, value }: { field: FieldDefinition; value: unknown }) {
  return <span data-cell={field.fieldName}>{formatValue(viewFormatOf(field), value)}</span>;
}

/** A typed child-table cell. */
export function TextCell({ value, set, common }: CellProps) {
  return <Input {...common} value={(value as string | null) ?? ''} onChange={(e) => set(e.target.value)} />;
}

/** The properties of a kind: the common ones, a plain default value, then its own. */
export const withCommon = (...own: ControlProperty[]): ControlProperty[] => [...COMMON_PROPERTIES, DEFAULT_PROPERTY, ...own];

/** A descriptor with the usual parts filled in: a text cell, a plain read cell, the text view, the common properties. */
export function control(d: Pick<ControlDescriptor, 'name' | 'Field'> & Partial<ControlDescriptor>): ControlDescriptor {
  return {
    Cell: TextCell, cellMessage: true, ReadCell: PlainReadCell, view: textView, palette: [], properties: withCommon(), ...d,
  };
}

/** Choice kinds in a list or the detail: an ENUM or TAG field's option as a tag in its colour; other values as text. */
export function choiceView(field: FieldDefinition, value: unknown, ctx: ViewContext) {
  const options = field.options ?? field.enumOptions;
  if ((field.fieldType === 'ENUM' || field.fieldType === 'TAG') && options) {
    const option = options.find((o) => String(o.value) === String(value));
    if (!option) return value === null || value === undefined ? '' : String(value);
    return ctx.tag(option.label, option.color);
  }
  return textView(field, value, ctx);
}
