import { FieldNumberOutlined } from '@ant-design/icons';
import { NumberPicker } from '@formily/antd-v5';
import { InputNumber } from 'antd';
import type { ComponentType } from 'react';
import { CALCULATE_PROPERTY, TOTAL_PROPERTY } from '../../schema/control-properties';
import { control, withCommon, withDefaults } from './shared';
import { numberCellStandIn, numberStandIn } from './stand-in';
import type { CellProps } from './types';

/** antd's InputNumber behind its stand-in while empty, for table cells. */
const NumberBox = numberCellStandIn(InputNumber as ComponentType<never>) as typeof InputNumber;

function NumberCell({ value, set, common }: CellProps) {
  return <NumberBox {...common} stringMode value={value as string | null} onChange={(v) => set(v)} />;
}

/** Numbers (a text kind on a NUMBER field): kept as strings, so no decimal is lost. */
export const numberInputControl = control({
  name: 'NumberInput',
  Field: withDefaults(numberStandIn(NumberPicker as ComponentType<never>), { stringMode: true, style: { width: '100%' } }) as ComponentType<never>,
  Cell: NumberCell,
  palette: [{ kind: 'ONE_TXT', label: '数字', icon: <FieldNumberOutlined />, defaults: { formSubmitType: 'ONE_TXT', fieldType: 'NUMBER' } }],
  properties: withCommon(TOTAL_PROPERTY, CALCULATE_PROPERTY),
});
