/** The runtime's public entry: what the shell and the designer's preview may use. */
export { RuntimeProvider, useRuntime, useTr, type RuntimeRequest, type RuntimeServices } from './runtime-context';
export { ReportChartView, TemplateList, TemplateListPage, PAGE_SIZES } from './list/template-list-page';
export { openingListCall } from './list/opening-call';
export type { Row } from './list/list-columns';
export { listColumns, renderCell } from './list/list-columns';
export { DynamicForm, useTemplateForm, keepFocus, SUBMIT_DEBOUNCE_MS } from './form/dynamic-form';
export { TemplateEditPage, parseFormPageQuery, type FormPageRequest } from './form/edit-page';
export { RecordForm } from './form/form-dialog';
export { DetailView } from './list/detail-popup';
export { PopupBody as ResourcePickerBody } from './picker/resource-popup';
export { resourceBase } from './list/list-actions';
export { saveFile } from './list/use-export';
export { TransferList, TreeTransfer, AddressTransfer, type TransferListProps, type TreeTransferProps, type AddressTransferProps } from './widgets/transfer-list';
export { TimeRangeDialog, type TimeRangeDialogProps } from './widgets/time-range-dialog';
export { DateSpecDialog, type DateSpecDialogProps } from './widgets/date-spec-dialog';
export { TimePointDialog, type TimePointDialogProps } from './widgets/time-point-dialog';
export { CalculationDialog, type CalculationDialogProps } from './widgets/calculation-dialog';
export { AnnouncementTable, AnnouncementView, type AnnouncementTableProps, type AnnouncementColumn } from './widgets/announcement-table';
export {
  ControlsProvider, useControls, defaultControls, withControls, formComponentsOf, viewControlOf, viewValue, paletteOf, kindChoices, PlatesContext,
  type ControlRegistry, type ControlDescriptor, type CellProps, type PaletteEntry, type ViewContext,
} from './controls';
export { LogDetailDialog } from './list/request-log-drawer';
export { NoTemplate, NO_TEMPLATE } from './list/template-list-page';
export { LazySqlEditor } from './controls/sql-editor';
export { markerRange, sqlSuggestions, SQL_KEYWORDS, type SqlCompletion, type SqlProblem, type SqlTableInfo } from './form/sql-completion';
export { EChart } from './widgets/echart';
