import { CalendarOutlined } from '@ant-design/icons';
import { DatePicker as FormilyDatePicker } from '@formily/antd-v5';
import { DatePicker } from 'antd';
import type { ComponentType } from 'react';
import { DATE_SPEC_PROPERTY } from '../../schema/control-properties';
import { DATE_FORMAT, PlainReadCell, control, dateFormatOf, dateText, storedDay, textView, withCommon, withDefaults } from './shared';
import { dateCellStandIn, dateStandIn } from './stand-in';
import type { FieldDefinition } from '../../schema/field-definition';
import type { CellProps } from './types';

/** antd's DatePicker behind its stand-in, for table cells. */
const DateBox = dateCellStandIn(DatePicker as ComponentType<never>) as typeof DatePicker;

/** A child-table date cell: the picked day (or day and time) as text in `format`. */
export function dateCell(format: string, showTime: boolean): ComponentType<CellProps> {
  const DateCell = ({ value, set, check, common }: CellProps) => (
    <DateBox
      {...common} showTime={showTime} value={storedDay(value)}
      onChange={(d) => { set(d ? d.format(format) : null); check(); }}
    />
  );
  DateCell.displayName = showTime ? 'DateTimeCell' : 'DateCell';
  return DateCell;
}

/**
 * A form's date box (Formily's picker behind its stand-in) given a stored value as its local text in
 * the box's format. Formily reads a value with the format first, which takes the API's
 * `2026-12-04T16:00:00.000Z` for 16:00 local time and drops the `Z`; the text storedDay gives is
 * what the box, its stand-in and its read-pretty view all read alike. The field's value is untouched.
 */
export function storedDateField(Picker: ComponentType<never>): ComponentType<never> {
  const Box = Picker as ComponentType<Record<string, unknown>>;
  const Field = (props: Record<string, unknown>) => {
    const text = typeof props.value === 'string' || typeof props.value === 'number' || props.value instanceof Date ? dateText(props.value, dateFormatOf(props)) : null;
    return <Box {...props} value={text ?? props.value} />;
  };
  Field.displayName = 'StoredDate';
  return Field as ComponentType<never>;
}

/** A day field as a list, the detail or a read-only cell shows it: its date (no time of day) unless the template names a value format. */
const asDay = (field: FieldDefinition): FieldDefinition => (field.cgValFormat?.valFormatFun ? field : { ...field, cgValFormat: { valFormatFun: 'date' } });

/** A day (DATA_BOX); its default may be a relative date (选择时间). */
export const dateControl = control({
  name: 'Date',
  Field: withDefaults(storedDateField(dateStandIn(FormilyDatePicker as ComponentType<never>)), { format: DATE_FORMAT, style: { width: '100%' } }) as ComponentType<never>,
  Cell: dateCell(DATE_FORMAT, false),
  view: (field, value, ctx) => textView(asDay(field), value, ctx),
  ReadCell: ({ field, value }) => <PlainReadCell field={asDay(field)} value={value} />,
  shortPlaceholder: '日期',
  palette: [{ kind: 'DATA_BOX', label: '日期', icon: <CalendarOutlined />, defaults: { formSubmitType: 'DATA_BOX', fieldType: 'DATE' } }],
  properties: withCommon(DATE_SPEC_PROPERTY),
});
