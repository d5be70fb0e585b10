import { FileSearchOutlined, SearchOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';
import { PICKER_PROPERTY } from '../../schema/control-properties';
import { AutoCompleteInput } from '../picker/auto-complete-input';
import { control, withCommon } from './shared';

/** Typed text completed from a popup template's records (AUTO_COMPLETE, SEARCH_AUTOMATIC). */
export const autoCompleteControl = control({
  name: 'AutoComplete',
  Field: AutoCompleteInput as ComponentType<never>,
  palette: [
    { kind: 'AUTO_COMPLETE', label: '自动补全', icon: <FileSearchOutlined />, defaults: { formSubmitType: 'AUTO_COMPLETE', fieldType: 'CHAR', resourceList: [] } },
    { kind: 'SEARCH_AUTOMATIC', label: '搜索补全', icon: <SearchOutlined />, defaults: { formSubmitType: 'SEARCH_AUTOMATIC', fieldType: 'CHAR', resourceList: [] } },
  ],
  properties: withCommon(PICKER_PROPERTY),
});
