import { CheckSquareOutlined } from '@ant-design/icons';
import { Checkbox } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { OPTIONS_PROPERTY } from '../../schema/control-properties';
import { choiceView, control, withCommon } from './shared';

/** Several choices shown as check boxes (MULTIPLE_SELECTION), submitted comma-joined. */
export const checkboxControl = control({
  name: 'Checkbox',
  Field: Checkbox.Group as ComponentType<never>,
  view: choiceView,
  palette: [{ kind: 'MULTIPLE_SELECTION', label: '多选框', icon: <CheckSquareOutlined />, defaults: { formSubmitType: 'MULTIPLE_SELECTION', fieldType: 'ENUM', options: [] } }],
  properties: withCommon(OPTIONS_PROPERTY),
});
