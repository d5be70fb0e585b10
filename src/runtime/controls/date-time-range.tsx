import { FieldTimeOutlined } from '@ant-design/icons';
import { DatePicker } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { TIME_RANGE_PROPERTY } from '../../schema/control-properties';
import { DATE_TIME_FORMAT, control, withCommon, withDefaults } from './shared';

/** A range of times (TIME_RANGE_BOX); as a search field its default is a time-of-day range (选择时间范围). */
export const dateTimeRangeControl = control({
  name: 'DateTimeRange',
  Field: withDefaults(DatePicker.RangePicker, { showTime: true, format: DATE_TIME_FORMAT, style: { width: '100%' } }) as ComponentType<never>,
  palette: [{ kind: 'TIME_RANGE_BOX', label: '时间范围', icon: <FieldTimeOutlined />, defaults: { formSubmitType: 'TIME_RANGE_BOX', fieldType: 'DATE' } }],
  properties: withCommon(TIME_RANGE_PROPERTY),
});
