import { SwitcherOutlined } from '@ant-design/icons';
import { Radio } from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import type { ComponentProps, ComponentType } from 'react';
import type { FieldDefinition } from '../../schema/field-definition';
import { useTr } from '../runtime-context';
import { SelectBox } from './select';
import { control, textView } from './shared';
import type { CellProps, ViewContext } from './types';

/** Booleans show 是/否 radios (spec 001 §5); their text forms come back as booleans. */
function YesNoRadios(props: ComponentProps<typeof Radio.Group>) {
  const tr = useTr();
  return <Radio.Group {...props} options={[{ label: tr('是'), value: true }, { label: tr('否'), value: false }]} />;
}
function YesNoText({ value }: { value?: unknown }) {
  const tr = useTr();
  return <span>{value === true ? tr('是') : value === false ? tr('否') : ''}</span>;
}
const YesNo = connect(
  YesNoRadios,
  mapProps((props: { value?: unknown }) => ({ ...props, value: props.value === 'true' || props.value === '1' ? true : props.value === 'false' || props.value === '0' ? false : props.value })),
  mapReadPretty(YesNoText),
);

function YesNoCell({ value, set, check, common, tr }: CellProps) {
  return <SelectBox {...common} options={[{ label: tr('是'), value: 'true' }, { label: tr('否'), value: 'false' }]} value={value === null || value === undefined ? null : String(value)} onChange={(v) => { set(v === 'true'); check(); }} />;
}

/** A BOOLEAN field: a green 是 or red 否 tag; a yes/no kind on a text field shows its text. */
function yesNoView(field: FieldDefinition, value: unknown, ctx: ViewContext) {
  if (field.fieldType !== 'BOOLEAN') return textView(field, value, ctx);
  if (value === null || value === undefined) return '';
  const yes = value === true || value === 'true' || value === 1 || value === '1';
  const word = yes ? '是' : '否';
  return ctx.tag(ctx.tr ? ctx.tr(word) : word, yes ? 'green' : 'red');
}

export const yesNoControl = control({
  name: 'YesNo',
  Field: YesNo as ComponentType<never>,
  Cell: YesNoCell,
  view: yesNoView,
  palette: [{ kind: 'BOOLEAN', label: '是否', icon: <SwitcherOutlined />, defaults: { formSubmitType: 'BOOLEAN', fieldType: 'BOOLEAN' } }],
});
