import { CheckCircleOutlined } from '@ant-design/icons';
import { Radio } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { OPTIONS_PROPERTY } from '../../schema/control-properties';
import { choiceView, control, withCommon } from './shared';

/** One choice shown as radios (SINGLE_ELECTION). */
export const radioControl = control({
  name: 'Radio',
  Field: Radio.Group as ComponentType<never>,
  view: choiceView,
  palette: [{ kind: 'SINGLE_ELECTION', label: '单选框', icon: <CheckCircleOutlined />, defaults: { formSubmitType: 'SINGLE_ELECTION', fieldType: 'ENUM', options: [] } }],
  properties: withCommon(OPTIONS_PROPERTY),
});
