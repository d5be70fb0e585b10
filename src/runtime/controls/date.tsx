import { CalendarOutlined } from '@ant-design/icons';
import { DatePicker as FormilyDatePicker } from '@formily/antd-v5';
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import type { ComponentType } from 'react';
import { DATE_SPEC_PROPERTY } from '../../schema/control-properties';
import { DATE_FORMAT, control, withCommon, withDefaults } from './shared';
import { dateCellStandIn, dateStandIn } from './stand-in';
import type { CellProps } from './types';

/** antd's DatePicker behind its stand-in, for table cells. */
const DateBox = dateCellStandIn(DatePicker as ComponentType<never>) as typeof DatePicker;

/** A child-table date cell: the picked day (or day and time) as text in `format`. */
export function dateCell(format: string, showTime: boolean): ComponentType<CellProps> {
  const DateCell = ({ value, set, check, common }: CellProps) => (
    <DateBox
      {...common} showTime={showTime} value={value ? dayjs(String(value)) : null}
      onChange={(d) => { set(d ? d.format(format) : null); check(); }}
    />
  );
  DateCell.displayName = showTime ? 'DateTimeCell' : 'DateCell';
  return DateCell;
}

/** A day (DATA_BOX); its default may be a relative date (选择时间). */
export const dateControl = control({
  name: 'Date',
  Field: withDefaults(dateStandIn(FormilyDatePicker as ComponentType<never>), { format: DATE_FORMAT, style: { width: '100%' } }) as ComponentType<never>,
  Cell: dateCell(DATE_FORMAT, false),
  palette: [{ kind: 'DATA_BOX', label: '日期', icon: <CalendarOutlined />, defaults: { formSubmitType: 'DATA_BOX', fieldType: 'DATE' } }],
  properties: withCommon(DATE_SPEC_PROPERTY),
});
