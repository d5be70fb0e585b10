/** The runtime's public entry: what the shell and the designer's preview may use. */
export { RuntimeProvider, useRuntime, type RuntimeRequest, type RuntimeServices } from './runtime-context';
export { TemplateList, TemplateListPage, PAGE_SIZES } from './list/template-list-page';
export type { Row } from './list/list-columns';
export { DynamicForm, useTemplateForm, keepFocus } from './form/dynamic-form';
export { TemplateEditPage, parseFormPageQuery, type FormPageRequest } from './form/edit-page';
