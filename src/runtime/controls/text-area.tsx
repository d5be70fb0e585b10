import { AlignLeftOutlined } from '@ant-design/icons';
import { Input } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { ROWS_PROPERTY } from '../../schema/control-properties';
import { control, withCommon } from './shared';

/** Multi-line text (TEXTAREA): a full row of the form. */
export const textAreaControl = control({
  name: 'TextArea',
  Field: Input.TextArea as ComponentType<never>,
  palette: [{ kind: 'TEXTAREA', label: '多行文本', icon: <AlignLeftOutlined />, defaults: { formSubmitType: 'TEXTAREA', fieldType: 'TXT' } }],
  properties: withCommon(ROWS_PROPERTY),
});
