import { Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { desensitize, desensitizeKindOf } from '../../schema/desensitize';
import type { FieldDefinition } from '../../schema/field-definition';
import { columnMinWidth } from '../../schema/layout-rules';
import { formatValue } from '../../schema/value-formats';

export type Row = Record<string, unknown> & { id: number };

/** How one cell shows its value: by the field's type, options and value format. */
export function renderCell(field: FieldDefinition, value: unknown, masked: boolean): React.ReactNode {
  if (field.fieldType === 'BOOLEAN') {
    if (value === null || value === undefined) return '';
    const yes = value === true || value === 'true' || value === 1 || value === '1';
    return <Tag color={yes ? 'green' : 'red'}>{yes ? '是' : '否'}</Tag>;
  }
  const options = field.options ?? field.enumOptions;
  if ((field.fieldType === 'ENUM' || field.fieldType === 'TAG') && options) {
    const option = options.find((o) => String(o.value) === String(value));
    if (!option) return value === null || value === undefined ? '' : String(value);
    return <Tag color={option.color ?? undefined}>{option.label}</Tag>;
  }
  // a date without a chosen format shows as yyyy-MM-dd HH:mm:ss (spec 000 §9), never as raw ISO text
  const format = field.cgValFormat?.valFormatFun ?? (field.fieldType === 'DATE' ? 'datetime' : undefined);
  const text = formatValue(format, value);
  const kind = masked ? desensitizeKindOf(field.fieldName) : null;
  return kind ? desensitize(text, kind) : text;
}

/** Table columns from a list template's visible fields, in their order. */
export function listColumns(fields: readonly FieldDefinition[], masked: boolean): ColumnType<Row>[] {
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
      sorter: f.isortField ? true : undefined,
      align: f.itotal ? 'right' : undefined,
      render: (value: unknown) => renderCell(f, value, masked),
    }));
}
