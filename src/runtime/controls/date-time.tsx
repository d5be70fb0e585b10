import { FieldTimeOutlined } from '@ant-design/icons';
import { DatePicker } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { DATE_SPEC_PROPERTY } from '../../schema/control-properties';
import { dateCell, storedDateField } from './date';
import { dateStandIn } from './stand-in';
import { DATE_TIME_FORMAT, control, withCommon, withDefaults } from './shared';

/** A day and time (DATA_BOX_TIM, and DATE fields of no other kind); its default may be a relative date. */
export const dateTimeControl = control({
  name: 'DateTime',
  Field: withDefaults(storedDateField(dateStandIn(DatePicker as ComponentType<never>)), { showTime: true, format: DATE_TIME_FORMAT, style: { width: '100%' } }) as ComponentType<never>,
  Cell: dateCell(DATE_TIME_FORMAT, true),
  shortPlaceholder: '日期时间',
  palette: [{ kind: 'DATA_BOX_TIM', label: '日期时间', icon: <FieldTimeOutlined />, defaults: { formSubmitType: 'DATA_BOX_TIM', fieldType: 'DATE' } }],
  properties: withCommon(DATE_SPEC_PROPERTY),
});
