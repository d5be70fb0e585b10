import { CheckSquareOutlined } from '@ant-design/icons';
import { PreviewText } from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Checkbox } from 'antd';
import useCheckboxStyle from 'antd/es/checkbox/style';
import type { ComponentType, HTMLAttributes, ReactNode } from 'react';
import { OPTIONS_PROPERTY } from '../../schema/control-properties';
import { choiceView, control, useAntdClasses, withCommon } from './shared';

type Choice = string | number | boolean;
interface Option { label?: ReactNode; value: Choice; disabled?: boolean }
type GroupProps = Omit<HTMLAttributes<HTMLDivElement>, 'onChange' | 'defaultValue'> & {
  value?: Choice[] | null; onChange?(value: Choice[]): void; options?: Option[]; disabled?: boolean; readOnly?: boolean;
};

/**
 * antd's check-box group, each box's state drawn from the value it is given. antd's own group keeps
 * a copy of its value that it brings up to date in an effect after the render, which React runs in a
 * later task: a clicked box showed its old state until then (to a person for a moment, to a screen
 * reader or a test reading it at once, for good), and a second click before then toggled from the
 * old copy and undid the first. The chosen values go out in the options' order, as antd's do; a
 * read-only field's boxes cannot be changed (antd's group let them be clicked).
 */
function CheckboxGroup({ value, onChange, options = [], disabled, readOnly, className, ...rest }: GroupProps) {
  const [prefixCls, hashId] = useAntdClasses('checkbox', useCheckboxStyle);
  const chosen = Array.isArray(value) ? value : [];
  const toggle = (choice: Choice, on: boolean) => {
    const next = on ? [...chosen, choice] : chosen.filter((v) => v !== choice);
    onChange?.(options.map((o) => o.value).filter((v) => next.includes(v)));
  };
  return (
    <div {...rest} className={[`${prefixCls}-group`, hashId, className].filter(Boolean).join(' ')}>
      {options.map((o) => (
        <Checkbox
          key={String(o.value)} className={`${prefixCls}-group-item`} disabled={disabled || readOnly || o.disabled}
          checked={chosen.includes(o.value)} onChange={(e) => toggle(o.value, e.target.checked)}
        >
          {o.label}
        </Checkbox>
      ))}
    </div>
  );
}

/** The Formily field: the schema's options as the boxes, the chosen ones as tags when read-only. */
const CheckboxGroupField = connect(CheckboxGroup, mapProps({ dataSource: 'options' }), mapReadPretty(PreviewText.Select, { mode: 'tags' }));

/** Several choices shown as check boxes (MULTIPLE_SELECTION), submitted comma-joined. */
export const checkboxControl = control({
  name: 'Checkbox',
  Field: CheckboxGroupField as ComponentType<never>,
  view: choiceView,
  palette: [{ kind: 'MULTIPLE_SELECTION', label: '多选框', icon: <CheckSquareOutlined />, defaults: { formSubmitType: 'MULTIPLE_SELECTION', fieldType: 'ENUM', options: [] } }],
  properties: withCommon(OPTIONS_PROPERTY),
});
