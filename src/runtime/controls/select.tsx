import { DownSquareOutlined, FileSearchOutlined, SelectOutlined } from '@ant-design/icons';
import { Select as FormilySelect } from '@formily/antd-v5';
import { Select } from 'antd';
import type { ComponentType } from 'react';
import { OPTIONS_PROPERTY } from '../../schema/control-properties';
import { choiceView, control, withCommon, withDefaults } from './shared';
import { selectCellStandIn, selectStandIn } from './stand-in';
import type { CellProps } from './types';

/** antd's Select behind its stand-in: a table cell (a child table's line, the designer's canvas) mounts it when pointed at or focused. */
export const SelectBox = selectCellStandIn(Select as ComponentType<never>) as typeof Select;

function SelectCell({ field, value, set, check, common }: CellProps) {
  const options = (field.options ?? field.enumOptions ?? []).map((o) => ({ label: o.label, value: o.value as string }));
  return <SelectBox {...common} allowClear options={options} value={value as string | null} onChange={(v) => { set(v ?? null); check(); }} />;
}

/** One choice from the field's options: SELECT, AUTO_SELECT, SELECT_ONE_TXT (and ENUM fields of no other kind). */
export const selectControl = control({
  name: 'Select',
  Field: withDefaults(selectStandIn(FormilySelect as ComponentType<never>), { allowClear: true }) as ComponentType<never>,
  Cell: SelectCell,
  view: choiceView,
  palette: [
    { kind: 'SELECT', label: '下拉框', icon: <DownSquareOutlined />, defaults: { formSubmitType: 'SELECT', fieldType: 'ENUM', options: [] } },
    { kind: 'AUTO_SELECT', label: '自动下拉框', icon: <SelectOutlined />, defaults: { formSubmitType: 'AUTO_SELECT', fieldType: 'ENUM', options: [] } },
    { kind: 'SELECT_ONE_TXT', label: '下拉文本', icon: <FileSearchOutlined />, defaults: { formSubmitType: 'SELECT_ONE_TXT', fieldType: 'CHAR', options: [] } },
  ],
  properties: withCommon(OPTIONS_PROPERTY),
});
