import { AppstoreAddOutlined, ProfileOutlined, SearchOutlined, TableOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { PICKER_PROPERTY } from '../../schema/control-properties';
import { PickerCell } from '../picker/picker-cell';
import { PickerInput } from '../picker/picker-input';
import { control, withCommon } from './shared';
import type { CellProps } from './types';

/**
 * The pick fills the row's mapped cells too (a registry line's notice brings its vendor and material).
 * Checked when a pick lands, not on blur: opening the popup blurs the cell, and the message would
 * replace the cell (and its popup).
 */
function PickCell({ field, value, row, check, common }: CellProps) {
  return <PickerCell {...common} onBlur={undefined} field={field} value={value} row={row} onChange={(values) => { Object.assign(row, values); check(); }} />;
}

/** A record picked in a popup template (cgFormatResId) whose result mapping fills other fields. */
export const pickerControl = control({
  name: 'Picker',
  Field: PickerInput as ComponentType<never>,
  Cell: PickCell,
  // its placeholder 请选择 without the 请
  shortPlaceholder: '选择',
  palette: [
    { kind: 'RESOURCE_CONTROLS', label: '弹窗单选', icon: <SearchOutlined />, defaults: { formSubmitType: 'RESOURCE_CONTROLS', fieldType: 'CHAR', resourceList: [] } },
    { kind: 'RESOURCE_CONTROLS_MORE', label: '弹窗多选', icon: <AppstoreAddOutlined />, defaults: { formSubmitType: 'RESOURCE_CONTROLS_MORE', fieldType: 'CHAR', resourceList: [] } },
    { kind: 'RESOURCE_CONTROLS_MORE_FOLD', label: '弹窗多选（折叠）', icon: <ProfileOutlined />, defaults: { formSubmitType: 'RESOURCE_CONTROLS_MORE_FOLD', fieldType: 'CHAR', resourceList: [] } },
    { kind: 'DETAIL_RESOURCE_CONTROLS', label: '明细弹窗选择', icon: <TableOutlined />, defaults: { formSubmitType: 'DETAIL_RESOURCE_CONTROLS', fieldType: 'CHAR', resourceList: [] } },
  ],
  properties: withCommon(PICKER_PROPERTY),
});
