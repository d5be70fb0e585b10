import { CalendarOutlined } from '@ant-design/icons';
import { DatePicker } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { TIME_RANGE_PROPERTY } from '../../schema/control-properties';
import { DATE_FORMAT, control, withCommon, withDefaults } from './shared';

/** A range of days (DATA_RANGE_BOX); as a search field its default is a time-of-day range (选择时间范围). */
export const dateRangeControl = control({
  name: 'DateRange',
  Field: withDefaults(DatePicker.RangePicker, { format: DATE_FORMAT, style: { width: '100%' } }) as ComponentType<never>,
  palette: [{ kind: 'DATA_RANGE_BOX', label: '日期范围', icon: <CalendarOutlined />, defaults: { formSubmitType: 'DATA_RANGE_BOX', fieldType: 'DATE' } }],
  properties: withCommon(TIME_RANGE_PROPERTY),
});
