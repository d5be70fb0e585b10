import { FontSizeOutlined, MenuOutlined, ProfileOutlined } from '@ant-design/icons';
import { Input } from '@formily/antd-v5';
import type { ComponentType } from 'react';
import { control } from './shared';

/** Single-line text: ONE_TXT, MORE_TXT, Menu_Configuration, and any field no other control claims. */
export const inputControl = control({
  name: 'Input',
  Field: Input as ComponentType<never>,
  palette: [
    { kind: 'ONE_TXT', label: '单行文本', icon: <FontSizeOutlined />, defaults: { formSubmitType: 'ONE_TXT', fieldType: 'CHAR' } },
    { kind: 'MORE_TXT', label: '长文本', icon: <ProfileOutlined />, defaults: { formSubmitType: 'MORE_TXT', fieldType: 'CHAR' } },
    { kind: 'Menu_Configuration', label: '菜单配置', icon: <MenuOutlined />, defaults: { formSubmitType: 'Menu_Configuration', fieldType: 'CHAR' } },
  ],
});
