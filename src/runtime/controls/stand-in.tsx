import { CalendarOutlined, CloseCircleFilled, DownOutlined, UpOutlined } from '@ant-design/icons';
import { observer, useField } from '@formily/react';
import { ConfigProvider } from 'antd';
import useDatePickerStyle from 'antd/es/date-picker/style';
import useInputNumberStyle from 'antd/es/input-number/style';
import enUS from 'antd/es/date-picker/locale/en_US';
import { getPlaceholder } from 'antd/es/date-picker/util';
import useSelectStyle from 'antd/es/select/style';
import { flushSync } from 'react-dom';
import { useContext, useRef, useState, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import { dateFormatOf, dateText, useAntdClasses } from './shared';

/**
 * Stand-ins for a form's closed dropdowns, date pickers and empty number boxes.
 *
 * antd's Select, DatePicker and InputNumber are the costliest controls to mount (a form of 300 fields
 * spends most of its mount in them), yet until a person points at one or moves the focus to it, all
 * it shows is a box with a value or a placeholder and an icon or two. Such a field is drawn here as
 * the same elements antd draws for it closed (its classes, so the same styles, hover and error
 * colours; the same role and label for assistive technology and tests), and antd's own control takes
 * its place as soon as the pointer comes over it or it takes the focus (then it gets the focus
 * itself). Anything the stand-in does not know how to draw exactly (other props, a disabled or
 * read-only field, a value it cannot show) gets antd's control from the start.
 */

type Wake = 'pointer' | 'focus';
type Props = Record<string, unknown> & { value?: unknown; disabled?: boolean; readOnly?: boolean; onFocus?(e: unknown): void };

/** Props a stand-in draws as antd would (and `data-` attributes); any other (set) prop means the real control. */
const COMMON_KEYS = ['value', 'onChange', 'onFocus', 'onBlur', 'disabled', 'readOnly', 'placeholder', 'aria-label', 'style', 'allowClear'];
const drawable = (props: Props, own: readonly string[]) =>
  Object.keys(props).every((k) => props[k] === undefined || COMMON_KEYS.includes(k) || own.includes(k) || k.startsWith('data-'));

/** The `data-` attributes (data-field, a table cell's data-cell), which antd puts on one element of its control. */
const dataOf = (props: Props): Record<string, string> =>
  Object.fromEntries(Object.entries(props).filter(([k, v]) => k.startsWith('data-') && v !== undefined).map(([k, v]) => [k, String(v)]));

/** What a stand-in gets: the field's props, its Formily field's state, and how to wake. */
interface StillProps { props: Props; field: FieldState; wake(why: Wake): void }
type FieldState = { dataSource?: { label?: ReactNode; value?: unknown }[]; loading?: boolean } | null;
interface StandInKind {
  Still: ComponentType<StillProps>;
  /** Props (besides the common ones) the stand-in draws as antd would. */
  own: readonly string[];
  /** Whether the stand-in can draw this state exactly. */
  canDraw(props: Props, field: FieldState): boolean;
}

/**
 * The stand-in or `Real`: the stand-in gives way for good on the first pointer or focus, or as soon
 * as it cannot draw the state (so that the real control, once there, is never taken away while in use).
 */
function useStandIn(Real: ComponentType<Props>, { Still, own, canDraw }: StandInKind, props: Props, field: FieldState) {
  const [woken, setWoken] = useState<Wake | null>(null);
  const real = useRef(false);
  if (!real.current && !woken && !props.disabled && !props.readOnly && drawable(props, own) && canDraw(props, field)) {
    return <Still props={props} field={field} wake={setWoken} />;
  }
  real.current = true;
  return <Real {...props} {...(woken === 'focus' ? { autoFocus: true } : {})} />;
}

const nameOf = (Real: ComponentType<Props>) => `StandIn(${Real.displayName ?? Real.name ?? 'Control'})`;

/** `Real` (a Formily-connected antd control) behind a stand-in. */
function withStandIn(Real: ComponentType<Props>, kind: StandInKind) {
  const StandIn = observer((props: Props) => useStandIn(Real, kind, props, useField() as FieldState));
  StandIn.displayName = nameOf(Real);
  return StandIn as ComponentType<never>;
}

/** `Real` (antd's control itself, as a table cell draws it: no Formily field around it) behind a stand-in. */
function withCellStandIn(Real: ComponentType<Props>, kind: StandInKind) {
  const StandIn = (props: Props) => useStandIn(Real, kind, props, null);
  StandIn.displayName = nameOf(Real);
  return StandIn as ComponentType<never>;
}

/**
 * What wakes a stand-in: the pointer coming over it, or the focus (a tab, a label's click, a test's
 * fill). The real control is put in place before the event returns (React would otherwise render a
 * pointer's update in a later task, and the press that follows the pointer would land on the stand-in).
 */
const wakeOn = (wake: (why: Wake) => void, props: Props) => ({
  onPointerEnter: () => flushSync(() => wake('pointer')),
  onFocus: (e: unknown) => { flushSync(() => wake('focus')); props.onFocus?.(e); },
});


const CLEAR_STYLE: CSSProperties = { userSelect: 'none', WebkitUserSelect: 'none' };

function StillSelect({ props, wake, label }: { props: Props; wake(why: Wake): void; label: ReactNode | null }) {
  const [prefixCls, hashId] = useAntdClasses('select', useSelectStyle);
  const allowClear = !!props.allowClear;
  const cls = [prefixCls, `${prefixCls}-outlined`, hashId, `${prefixCls}-single`, allowClear && `${prefixCls}-allow-clear`, `${prefixCls}-show-arrow`].filter(Boolean).join(' ');
  return (
    <div className={cls} style={props.style as CSSProperties} {...dataOf(props)} aria-label={props['aria-label'] as string} {...wakeOn(wake, props)}>
      <div className={`${prefixCls}-selector`}>
        <span className={`${prefixCls}-selection-wrap`}>
          <span className={`${prefixCls}-selection-search`}>
            <input
              type="search" autoComplete="off" className={`${prefixCls}-selection-search-input`} role="combobox" aria-expanded="false"
              aria-haspopup="listbox" aria-autocomplete="list" aria-label={props['aria-label'] as string} readOnly unselectable="on" style={{ opacity: 0 }} value=""
            />
          </span>
          {label === null
            ? <span className={`${prefixCls}-selection-placeholder`}>{props.placeholder as ReactNode}</span>
            : <span className={`${prefixCls}-selection-item`} title={typeof label === 'string' || typeof label === 'number' ? String(label) : undefined}>{label}</span>}
        </span>
      </div>
      <span className={`${prefixCls}-arrow`} style={CLEAR_STYLE} unselectable="on" aria-hidden="true"><DownOutlined className={`${prefixCls}-suffix`} /></span>
      {allowClear && label !== null && <span className={`${prefixCls}-clear`} style={CLEAR_STYLE} unselectable="on" aria-hidden="true"><CloseCircleFilled /></span>}
    </div>
  );
}

const ignore = () => undefined;
const empty = (value: unknown) => value === undefined || value === null || value === '';

/** A single choice, closed: the chosen option's label (antd shows an unknown value as itself) or the placeholder. */
function SelectStandIn({ props, field, wake }: StillProps) {
  const value = props.value;
  const options = field?.dataSource ?? (props.options as { label?: ReactNode; value?: unknown }[] | undefined) ?? [];
  const label = empty(value) ? null : options.find((o) => o.value === value)?.label ?? (value as ReactNode);
  return <StillSelect props={props} wake={wake} label={label} />;
}

function DateStandIn({ props, wake }: StillProps) {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  const [prefixCls, hashId] = useAntdClasses('picker', useDatePickerStyle);
  const format = dateFormatOf(props);
  const text = dateText(props.value, format) ?? '';
  const placeholder = getPlaceholder((locale?.DatePicker ?? enUS) as never, 'date', props.placeholder as string | undefined);
  return (
    <div className={`${prefixCls} ${prefixCls}-outlined ${hashId}`} style={props.style as CSSProperties} {...wakeOn(wake, props)}>
      <div className={`${prefixCls}-input`}>
        <input
          aria-invalid="false" autoComplete="off" {...dataOf(props)} aria-label={props['aria-label'] as string}
          size={format.length + 2} placeholder={placeholder} value={text} onChange={ignore}
        />
        <span className={`${prefixCls}-suffix`}><CalendarOutlined /></span>
        {text && props.allowClear !== false && <span className={`${prefixCls}-clear`} role="button"><CloseCircleFilled /></span>}
      </div>
    </div>
  );
}

const SELECT: StandInKind = {
  Still: SelectStandIn, own: ['options'],
  // a loading field shows antd's spinner in place of the arrow (a check running, which would too, is
  // left out: checking every field on submit would otherwise put antd's controls under all of them)
  canDraw: (props, field) => !field?.loading && (empty(props.value) || typeof props.value === 'string' || typeof props.value === 'number'),
};
/** A Formily Select (single choice) behind its stand-in. */
export const selectStandIn = (Real: ComponentType<never>) => withStandIn(Real as ComponentType<Props>, SELECT);
/** antd's Select in a table cell (a child table's, the designer's canvas's) behind the same stand-in. */
export const selectCellStandIn = (Real: ComponentType<never>) => withCellStandIn(Real as ComponentType<Props>, SELECT);

const DATE: StandInKind = {
  Still: DateStandIn, own: ['format', 'showTime'],
  canDraw: (props, field) => !field?.loading && dateText(props.value, dateFormatOf(props)) !== null,
};
/** A Formily DatePicker (a day, or a day and time) behind its stand-in. */
export const dateStandIn = (Real: ComponentType<never>) => withStandIn(Real as ComponentType<Props>, DATE);
/** antd's DatePicker in a table cell behind the same stand-in. */
export const dateCellStandIn = (Real: ComponentType<never>) => withCellStandIn(Real as ComponentType<Props>, DATE);

/** An empty number box (a number is shown by antd's own, which normalises it: 12.50 as 12.5). */
function NumberStandIn({ props, wake }: StillProps) {
  const [prefixCls, hashId] = useAntdClasses('input-number', useInputNumberStyle);
  const handler = `${prefixCls}-handler`;
  return (
    <div className={`${prefixCls} ${hashId} ${prefixCls}-outlined`} style={props.style as CSSProperties} {...wakeOn(wake, props)}>
      <div className={`${handler}-wrap`}>
        <span unselectable="on" role="button" aria-label="Increase Value" aria-disabled="false" className={`${handler} ${handler}-up`}><UpOutlined className={`${handler}-up-inner`} /></span>
        <span unselectable="on" role="button" aria-label="Decrease Value" aria-disabled="false" className={`${handler} ${handler}-down`}><DownOutlined className={`${handler}-down-inner`} /></span>
      </div>
      <div className={`${prefixCls}-input-wrap`}>
        <input
          autoComplete="off" role="spinbutton" step="1" {...dataOf(props)} aria-label={props['aria-label'] as string}
          placeholder={props.placeholder as string | undefined} className={`${prefixCls}-input`} value="" onChange={ignore}
        />
      </div>
    </div>
  );
}

const NUMBER: StandInKind = { Still: NumberStandIn, own: ['stringMode'], canDraw: (props, field) => !field?.loading && empty(props.value) };
/** A Formily NumberPicker (kept as a string) behind its stand-in while it is empty. */
export const numberStandIn = (Real: ComponentType<never>) => withStandIn(Real as ComponentType<Props>, NUMBER);
/** antd's InputNumber in a table cell behind the same stand-in while it is empty. */
export const numberCellStandIn = (Real: ComponentType<never>) => withCellStandIn(Real as ComponentType<Props>, NUMBER);
