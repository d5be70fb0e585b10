import { Button } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { desensitize, desensitizeKindOf } from '../../schema/desensitize';
import type { FieldDefinition } from '../../schema/field-definition';
import { rowCalculator } from '../../schema/form-calc';
import { columnMinWidth } from '../../schema/layout-rules';
import { formatValue } from '../../schema/value-formats';
import type { Tr } from '../runtime-context';
import { antdTag, type TagRenderer } from './plain-cells';

export type Row = Record<string, unknown> & { id: number };

/**
 * How one cell shows its value: by the field's type, options and value format; tags drawn by `tag`
 * (antd's Tag unless told); the runtime's own words (是/否) through `tr` when given.
 */
export function renderCell(field: FieldDefinition, value: unknown, masked: boolean, tag: TagRenderer = antdTag, tr?: Tr): React.ReactNode {
  if (field.fieldType === 'BOOLEAN') {
    if (value === null || value === undefined) return '';
    const yes = value === true || value === 'true' || value === 1 || value === '1';
    const word = yes ? '是' : '否';
    return tag(tr ? tr(word) : word, yes ? 'green' : 'red');
  }
  const options = field.options ?? field.enumOptions;
  if ((field.fieldType === 'ENUM' || field.fieldType === 'TAG') && options) {
    const option = options.find((o) => String(o.value) === String(value));
    if (!option) return value === null || value === undefined ? '' : String(value);
    return tag(option.label, option.color);
  }
  if (field.fieldType === 'TAG') return value === null || value === undefined || value === '' ? '' : tag(String(value));
  // a date without a chosen format shows as yyyy-MM-dd HH:mm:ss (spec 000 §9), never as raw ISO text
  const format = field.cgValFormat?.valFormatFun ?? (field.fieldType === 'DATE' ? 'datetime' : field.fieldType === 'TIME' ? 'time' : undefined);
  const text = formatValue(format, value);
  const kind = masked ? desensitizeKindOf(field.fieldName) : null;
  return kind ? desensitize(text, kind) : text;
}

export interface ColumnActions {
  /** LINK and BUTTON cells open the row (the detail pop-up). */
  onOpen?(row: Row, field: FieldDefinition): void;
  /** How cells draw tags: antd's Tag unless told (long lists draw plain ones, see `usePlainCells`). */
  tag?: TagRenderer;
  /** The runtime's own words in the language shown (Chinese unless told). */
  tr?: Tr;
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
      align: f.itotal ? 'right' : undefined,
      render: cellRenderer(f, masked, actions),
    }));
}

function cellRenderer(f: FieldDefinition, masked: boolean, actions: ColumnActions) {
  const calc = rowCalculator(f);
  return (value: unknown, row: Row) => {
    const shown = renderCell(f, calc ? calc(row) : value, masked, actions.tag, actions.tr);
    if (f.fieldType === 'LINK' && actions.onOpen) {
      return <a className="wb-cell-link" onClick={(e) => { e.stopPropagation(); actions.onOpen!(row, f); }}>{shown || f.fieldExplain}</a>;
    }
    if (f.fieldType === 'BUTTON' && actions.onOpen) {
      return <Button size="small" type="link" onClick={(e) => { e.stopPropagation(); actions.onOpen!(row, f); }}>{shown || f.fieldExplain}</Button>;
    }
    return shown;
  };
}
