import { TimePicker } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { control, withDefaults } from './shared';

/** A range of times of day: a component a host's schema may name; no template kind maps to it. */
export const timeRangeControl = control({
  name: 'TimeRange',
  Field: withDefaults(TimePicker.RangePicker, { format: 'HH:mm:ss', style: { width: '100%' } }) as ComponentType<never>,
});
