/** The runtime's public entry: what the shell and the designer's preview may use. */
export { RuntimeProvider, useRuntime, useTr, type RuntimeRequest, type RuntimeServices } from './runtime-context';
export { TemplateList, TemplateListPage, PAGE_SIZES } from './list/template-list-page';
export type { Row } from './list/list-columns';
export { DynamicForm, useTemplateForm, keepFocus } from './form/dynamic-form';
export { TemplateEditPage, parseFormPageQuery, type FormPageRequest } from './form/edit-page';
export { TransferList, TreeTransfer, AddressTransfer, type TransferListProps, type TreeTransferProps, type AddressTransferProps } from './widgets/transfer-list';
export { TimeRangeDialog, type TimeRangeDialogProps } from './widgets/time-range-dialog';
export { DateSpecDialog, type DateSpecDialogProps } from './widgets/date-spec-dialog';
export { TimePointDialog, type TimePointDialogProps } from './widgets/time-point-dialog';
export { CalculationDialog, type CalculationDialogProps } from './widgets/calculation-dialog';
export { AnnouncementTable, AnnouncementView, type AnnouncementTableProps, type AnnouncementColumn } from './widgets/announcement-table';
