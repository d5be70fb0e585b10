import { CalculatorOutlined, EyeOutlined, LinkOutlined } from '@ant-design/icons';
import { connect } from '@formily/react';
import type { ComponentType } from 'react';
import { CALCULATE_PROPERTY, COMMON_PROPERTIES, TOTAL_PROPERTY } from '../../schema/control-properties';
import type { FieldDefinition } from '../../schema/field-definition';
import { formatValue } from '../../schema/value-formats';
import { control } from './shared';

/** A value shown, not typed: calculated fields and the like. */
const Display = connect(({ value }: { value?: unknown }) => <span className="wb-form-display">{value === null || value === undefined ? '' : String(value)}</span>);

/** Calculated cells are shown, never typed: they follow the row's other cells. */
function CalculatedCell({ field, value }: { field: FieldDefinition; value: unknown }) {
  return <span className="wb-cell-calculated" data-cell={field.fieldName}>{formatValue(field.cgValFormat?.valFormatFun, value)}</span>;
}

/** CALCULATE, NONE_WHOLE, RESOURCE_NONE: values the form shows (a calculation, a picked record's field), never typed. */
export const displayControl = control({
  name: 'Display',
  Field: Display as ComponentType<never>,
  Cell: CalculatedCell,
  cellMessage: false,
  ReadCell: CalculatedCell,
  palette: [
    { kind: 'CALCULATE', label: '计算', icon: <CalculatorOutlined />, defaults: { formSubmitType: 'CALCULATE', fieldType: 'NUMBER', calculate: [] } },
    { kind: 'NONE_WHOLE', label: '只读显示', icon: <EyeOutlined />, defaults: { formSubmitType: 'NONE_WHOLE', fieldType: 'CHAR' } },
    { kind: 'RESOURCE_NONE', label: '弹窗带出', icon: <LinkOutlined />, defaults: { formSubmitType: 'RESOURCE_NONE', fieldType: 'CHAR' } },
  ],
  properties: [...COMMON_PROPERTIES, TOTAL_PROPERTY, CALCULATE_PROPERTY],
});
