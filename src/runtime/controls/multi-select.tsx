import { UnorderedListOutlined } from '@ant-design/icons';
import { Select } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { OPTIONS_PROPERTY } from '../../schema/control-properties';
import { choiceView, control, withCommon, withDefaults } from './shared';

/** Several choices (SELECT_MORE), submitted comma-joined. */
export const multiSelectControl = control({
  name: 'MultiSelect',
  Field: withDefaults(Select, { mode: 'multiple', allowClear: true }) as ComponentType<never>,
  view: choiceView,
  palette: [{ kind: 'SELECT_MORE', label: '多选下拉框', icon: <UnorderedListOutlined />, defaults: { formSubmitType: 'SELECT_MORE', fieldType: 'ENUM', options: [] } }],
  properties: withCommon(OPTIONS_PROPERTY),
});
