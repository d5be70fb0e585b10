import { ClockCircleOutlined } from '@ant-design/icons';
import { TimePicker } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { TIME_POINT_PROPERTY } from '../../schema/control-properties';
import { control, withCommon, withDefaults } from './shared';

/** A time of day (TIME_BOX_TIM); its default is a HH:mm:ss point (选择时间点). */
export const timeControl = control({
  name: 'Time',
  Field: withDefaults(TimePicker, { format: 'HH:mm:ss', style: { width: '100%' } }) as ComponentType<never>,
  palette: [{ kind: 'TIME_BOX_TIM', label: '时间点', icon: <ClockCircleOutlined />, defaults: { formSubmitType: 'TIME_BOX_TIM', fieldType: 'CHAR' } }],
  properties: withCommon(TIME_POINT_PROPERTY),
});
