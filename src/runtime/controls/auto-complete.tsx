import { FileSearchOutlined, SearchOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { PICKER_PROPERTY } from '../../schema/control-properties';
import { pickerPropsOf } from '../../schema/picker';
import { AutoCompleteBox, AutoCompleteInput } from '../picker/auto-complete-input';
import { control, withCommon } from './shared';
import type { CellProps } from './types';

/**
 * The child table's box (and the designer canvas's, inert: it asks nothing of the server): the form's
 * control, whose chosen hit fills the row's mapped cells too.
 */
function AutoCompleteCell({ field, value, row, set, check, common }: CellProps) {
  return (
    <AutoCompleteBox
      {...common} value={value === null || value === undefined ? null : String(value)} picker={pickerPropsOf(field)}
      onChange={set} onPick={(values) => { Object.assign(row, values); check(); }}
    />
  );
}

/** Typed text completed from a popup template's records (AUTO_COMPLETE, SEARCH_AUTOMATIC). */
export const autoCompleteControl = control({
  name: 'AutoComplete',
  Field: AutoCompleteInput as ComponentType<never>,
  Cell: AutoCompleteCell,
  palette: [
    { kind: 'AUTO_COMPLETE', label: '自动补全', icon: <FileSearchOutlined />, defaults: { formSubmitType: 'AUTO_COMPLETE', fieldType: 'CHAR', resourceList: [] } },
    { kind: 'SEARCH_AUTOMATIC', label: '搜索补全', icon: <SearchOutlined />, defaults: { formSubmitType: 'SEARCH_AUTOMATIC', fieldType: 'CHAR', resourceList: [] } },
  ],
  properties: withCommon(PICKER_PROPERTY),
});
