import { Button } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { FieldDefinition } from '../../schema/field-definition';
import { rowCalculator } from '../../schema/form-calc';
import { columnMinWidth } from '../../schema/layout-rules';
import type { Tr } from '../runtime-context';
import { defaultControls, viewValue, type ControlRegistry, type ViewContext } from '../controls';
import { antdTag, type TagRenderer } from './plain-cells';

export type Row = Record<string, unknown> & { id: number };

/**
 * How one cell shows its value: by the read-pretty view of the field's control (type, options and
 * value format); tags drawn by `tag` (antd's Tag unless told); the runtime's own words (是/否)
 * through `tr` when given; the controls of `controls` (the default map unless told).
 */
export function renderCell(
  field: FieldDefinition, value: unknown, masked: boolean, tag: TagRenderer = antdTag, tr?: Tr,
  controls: ControlRegistry = defaultControls, where: ViewContext['where'] = 'list',
): React.ReactNode {
  return viewValue(controls, field, value, { masked, tag, tr, where });
}

export interface ColumnActions {
  /** LINK and BUTTON cells open the row (the detail pop-up). */
  onOpen?(row: Row, field: FieldDefinition): void;
  /** How cells draw tags: antd's Tag unless told (long lists draw plain ones, see `usePlainCells`). */
  tag?: TagRenderer;
  /** The runtime's own words in the language shown (Chinese unless told). */
  tr?: Tr;
  /** The controls whose views draw the cells (useControls(); the default map unless told). */
  controls?: ControlRegistry;
  /** How sortable columns draw their sort carets: antd's unless told (see `usePlainCells`). */
  sortIcon?: ColumnType<Row>['sortIcon'];
}

/** Table columns from a list template's visible fields, in their order. */
export function listColumns(fields: readonly FieldDefinition[], masked: boolean, actions: ColumnActions = {}): ColumnType<Row>[] {
  return fields
    .filter((f) => f.ishow !== false && !f.ihidden)
    .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
    .map((f) => ({
      key: f.fieldName,
      dataIndex: f.fieldName,
      title: f.fieldExplain,
      width: Math.max(f.columnWidth ?? 0, columnMinWidth(f.fieldExplain)),
      ellipsis: true,
      fixed: f.ifixed ? 'left' : undefined,
      sorter: f.isortField && !f.calculate ? true : undefined,
      sortIcon: f.isortField && !f.calculate ? actions.sortIcon : undefined,
      align: f.itotal ? 'right' : undefined,
      render: cellRenderer(f, masked, actions),
    }));
}

function cellRenderer(f: FieldDefinition, masked: boolean, actions: ColumnActions) {
  const calc = rowCalculator(f);
  return (value: unknown, row: Row) => {
    const shown = renderCell(f, calc ? calc(row) : value, masked, actions.tag, actions.tr, actions.controls);
    if (f.fieldType === 'LINK' && actions.onOpen) {
      return <a className="wb-cell-link" onClick={(e) => { e.stopPropagation(); actions.onOpen!(row, f); }}>{shown || f.fieldExplain}</a>;
    }
    if (f.fieldType === 'BUTTON' && actions.onOpen) {
      return <Button size="small" type="link" onClick={(e) => { e.stopPropagation(); actions.onOpen!(row, f); }}>{shown || f.fieldExplain}</Button>;
    }
    return shown;
  };
}
