/** The designer's public entry: the `/custom/format` screens the shell routes to. */
export { FormatListPage } from './format-list-page';
export { FormatFieldsPage } from './format-fields-page';
export { FORMAT_SUB_PATH } from './format-api';
