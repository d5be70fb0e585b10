import CaretDownSvg from '@ant-design/icons-svg/es/asn/CaretDownOutlined';
import CaretUpSvg from '@ant-design/icons-svg/es/asn/CaretUpOutlined';
import type { AbstractNode } from '@ant-design/icons-svg/es/types';
import { ConfigProvider, Tag, theme } from 'antd';
import enUS from 'antd/es/locale/en_US';
import type { SortOrder } from 'antd/es/table/interface';
import { useContext, useMemo, useState, type ReactNode, type Ref } from 'react';
import { createPortal } from 'react-dom';

/** How a list cell draws a tag: its label, in one of antd's preset or status colours or a CSS colour. */
export type TagRenderer = (label: ReactNode, color?: string | null) => ReactNode;

/** antd's Tag, for screens with a few rows. */
export const antdTag: TagRenderer = (label, color) => <Tag color={color ?? undefined}>{label}</Tag>;

/** antd's preset colours (also as `<colour>-inverse`) and status colours: a Tag in one of them gets the `ant-tag-<colour>` class rather than an inline background. */
const PRESET_COLOURS = new Set(['blue', 'purple', 'cyan', 'green', 'magenta', 'pink', 'red', 'orange', 'yellow', 'volcano', 'geekblue', 'lime', 'gold']);
const STATUS_COLOURS = new Set(['success', 'processing', 'error', 'default', 'warning']);
const isClassColour = (color: string) => PRESET_COLOURS.has(color) || PRESET_COLOURS.has(color.replace(/-inverse$/, '')) || STATUS_COLOURS.has(color);

/** A plain checkbox: its state, and what a change tells (the new state, and whether Shift was held). */
export interface PlainCheckboxProps {
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  label?: string;
  /** The box's outer element (its label), e.g. to reach the row it is in. */
  boxRef?: Ref<HTMLLabelElement>;
  onChange(checked: boolean, shiftKey: boolean): void;
}

export interface PlainCells {
  /** Tags as plain spans with antd's Tag classes. */
  tag: TagRenderer;
  /** antd's Checkbox as plain elements with its classes (the list's selection boxes); a click on it does not reach the row. */
  checkbox(props: PlainCheckboxProps): ReactNode;
  /**
   * A sortable column's sort carets (column.sortIcon) as plain elements with antd's classes, its next
   * step (点击升序, 点击降序, 取消排序) as the carets' title; the table then shows no sort tooltip
   * (`showSorterTooltip={false}`): antd's draws two icon components and a tooltip per sortable header.
   */
  sortIcon(props: { sortOrder: SortOrder }): ReactNode;
  /** Render once beside the table: registers the Tag styles (base, preset and status colours) that plain tags rely on. */
  styles: ReactNode;
}

/** An icon of @ant-design/icons-svg as the markup antd's icon component draws (without its component). */
function plainIcon(svg: typeof CaretUpSvg, className: string): ReactNode {
  // an outlined icon's definition is its node (a two-tone one's is a function of its colours)
  const path = svg.icon as AbstractNode;
  return (
    <span role="img" aria-label={svg.name} className={`anticon anticon-${svg.name} ${className}`}>
      <svg viewBox={path.attrs.viewBox} focusable="false" data-icon={svg.name} width="1em" height="1em" fill="currentColor" aria-hidden="true">
        {(path.children ?? []).map((c) => <path key={c.attrs.d} d={c.attrs.d} />)}
      </svg>
    </span>
  );
}

/**
 * Cell content of long lists drawn as plain elements carrying antd's class names. A list page mounts
 * every row that scrolls into view; an antd Tag or Checkbox per cell registers its styles on every
 * mount (a scan of the document's style elements each time) and adds a wave effect and hooks, which
 * is most of the cost of a scrolled-in row. The styles are registered once here instead; the look and
 * the class names (`ant-tag`, `ant-checkbox`) stay those of antd. Assumes antd's default hashed
 * styles (the app does not turn on antd's CSS-variable mode).
 */
export function usePlainCells(): PlainCells {
  const { hashId } = theme.useToken();
  const { getPrefixCls, locale } = useContext(ConfigProvider.ConfigContext);
  // a node outside the document: the Tags rendered into it only register their styles
  const [registry] = useState(() => document.createElement('div'));
  const tagCls = getPrefixCls('tag');
  const boxCls = getPrefixCls('checkbox');
  const waveCls = getPrefixCls('wave-target');
  const sorterCls = `${getPrefixCls('table')}-column-sorter`;
  // the words antd's table would use: its provider's, else antd's default (English)
  const tableLocale = (locale ?? enUS).Table;
  return useMemo<PlainCells>(() => {
    const hash = hashId ? ` ${hashId}` : '';
    const tag: TagRenderer = (label, color) => {
      if (color && !isClassColour(color)) return <span className={`${tagCls} ${tagCls}-has-color${hash}`} style={{ backgroundColor: color }}>{label}</span>;
      return <span className={`${tagCls}${color ? ` ${tagCls}-${color}` : ''}${hash}`}>{label}</span>;
    };
    const checkbox: PlainCells['checkbox'] = ({ checked, indeterminate, disabled, label, boxRef, onChange }) => (
      // like antd's: a click on the box selects the row without reaching the row's own handlers
      <label className={`${boxCls}-wrapper${checked ? ` ${boxCls}-wrapper-checked` : ''}${disabled ? ` ${boxCls}-wrapper-disabled` : ''}${hash}`} ref={boxRef} onClick={(e) => e.stopPropagation()}>
        <span className={`${boxCls}${indeterminate ? ` ${boxCls}-indeterminate` : ''} ${waveCls}${hash}${checked ? ` ${boxCls}-checked` : ''}${disabled ? ` ${boxCls}-disabled` : ''}`}>
          <input
            className={`${boxCls}-input`} type="checkbox" checked={checked} disabled={disabled} aria-label={label}
            onChange={(e) => { if (!disabled) onChange(e.target.checked, (e.nativeEvent as MouseEvent).shiftKey === true); }}
          />
          <span className={`${boxCls}-inner`} />
        </span>
      </label>
    );
    const sortIcon: PlainCells['sortIcon'] = ({ sortOrder }) => (
      // a click sorts by ascending, then descending, then not (antd's default sort directions)
      <span className={`${sorterCls} ${sorterCls}-full`} title={(sortOrder === 'ascend' ? tableLocale?.triggerDesc : sortOrder === 'descend' ? tableLocale?.cancelSort : tableLocale?.triggerAsc) ?? undefined}>
        <span className={`${sorterCls}-inner`} aria-hidden="true">
          {plainIcon(CaretUpSvg, `${sorterCls}-up${sortOrder === 'ascend' ? ' active' : ''}`)}
          {plainIcon(CaretDownSvg, `${sorterCls}-down${sortOrder === 'descend' ? ' active' : ''}`)}
        </span>
      </span>
    );
    const styles = createPortal(<><Tag color="blue" /><Tag color="success" /></>, registry);
    return { tag, checkbox, sortIcon, styles };
  }, [hashId, tagCls, boxCls, waveCls, sorterCls, tableLocale, registry]);
}
