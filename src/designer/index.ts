/** The designer's public entry: the `/custom/format` screens the shell routes to. */
export { FormatListPage } from './format-list-page';
export { FormatFieldsPage } from './format-fields-page';
export { FormatDesignPage } from './form/form-designer-page';
export { FORMAT_SUB_PATH } from './format-api';
export { DatasourcePage } from './datasource-page';
export { ListDesignerPage } from './list/list-designer-page';
export { FORMAT_LIST_DESIGN_PATH, FORMAT_PICKER_DESIGN_PATH } from './list/paths';
export { PickerDesignerPage } from './picker/picker-designer-page';
