import { Children, forwardRef, isValidElement, type CSSProperties, type HTMLAttributes, type MouseEvent, type ReactElement, type ReactNode } from 'react';

/** What rc-table's virtual body hands each cell of a row (the props of its VirtualCell elements) that a plain cell needs. */
interface CellColumn {
  dataIndex?: string | number | readonly (string | number)[];
  render?(value: unknown, record: unknown, index: number): ReactNode;
  onCell?(record: unknown, index: number): HTMLAttributes<HTMLElement> & { colSpan?: number; rowSpan?: number };
  className?: string;
  ellipsis?: boolean | { showTitle?: boolean };
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  shouldCellUpdate?: unknown;
}
interface FixedInfo { fixLeft?: number | false; fixRight?: number | false; firstFixLeft?: boolean; lastFixLeft?: boolean; firstFixRight?: boolean; lastFixRight?: boolean; isSticky?: boolean }
interface RowInfo { prefixCls: string; fixedInfoList: FixedInfo[]; nestExpandable?: boolean }
interface VirtualCellProps { column: CellColumn; colIndex: number; record: unknown; renderIndex: number; rowInfo: RowInfo; inverse?: boolean }

const isVirtualCell = (node: unknown): node is ReactElement<VirtualCellProps> => {
  if (!isValidElement(node)) return false;
  const p = node.props as Partial<VirtualCellProps>;
  return !!p.column && typeof p.colIndex === 'number' && typeof p.renderIndex === 'number' && !!p.rowInfo?.fixedInfoList && typeof p.column.width === 'number';
};

/** What a column can ask of a cell that only rc-table's own cell does: those rows keep rc-table's cells. */
const needsTableCell = (cell: VirtualCellProps) => !!cell.column.shouldCellUpdate || !!cell.rowInfo.nestExpandable || !!cell.inverse;

function valueAt(record: unknown, dataIndex: CellColumn['dataIndex']): unknown {
  if (dataIndex === undefined || dataIndex === null || dataIndex === '') return record;
  const path = Array.isArray(dataIndex) ? dataIndex : [dataIndex];
  let value = record;
  for (const key of path) {
    if (value === null || value === undefined) return undefined;
    value = (value as Record<string | number, unknown>)[key as string | number];
  }
  return value;
}

/** A cell that spans rows or columns: rc-table's virtual cells place those, the row draws rc-table's cells. */
const SPANNED = Symbol('spanned');

/** A cell as rc-table's virtual cell draws it (classes, width, sticky offsets, title of an ellipsis cell), without its per-cell hooks. */
function plainCell({ column, colIndex, record, renderIndex, rowInfo }: VirtualCellProps, allFixedLeft: boolean): ReactNode | typeof SPANNED {
  const cls = `${rowInfo.prefixCls}-cell`;
  const fixed = rowInfo.fixedInfoList[colIndex] ?? {};
  const extra = column.onCell?.(record, renderIndex) ?? {};
  const { colSpan, rowSpan, className: extraClass, style: extraStyle, title: extraTitle, ...extraProps } = extra;
  if ((colSpan !== undefined && colSpan !== 1) || (rowSpan !== undefined && rowSpan !== 1)) return SPANNED;
  let content = column.render ? column.render(valueAt(record, column.dataIndex), record, renderIndex) : valueAt(record, column.dataIndex) as ReactNode;
  if (typeof content === 'object' && content !== null && !Array.isArray(content) && !isValidElement(content)) content = null;
  const fixLeft = typeof fixed.fixLeft === 'number';
  const fixRight = typeof fixed.fixRight === 'number';
  const style: CSSProperties = {};
  if (fixLeft) { style.position = 'sticky'; style.left = fixed.fixLeft as number; }
  if (fixRight) { style.position = 'sticky'; style.right = fixed.fixRight as number; }
  if (column.align) style.textAlign = column.align;
  Object.assign(style, extraStyle, { flex: `0 0 ${column.width}px`, width: `${column.width}px`, marginRight: 0, pointerEvents: 'auto' });
  const ellipsis = !!column.ellipsis;
  const showTitle = ellipsis && (column.ellipsis === true || (column.ellipsis as { showTitle?: boolean }).showTitle !== false);
  let title = extraTitle;
  if (title === undefined && showTitle) {
    if (typeof content === 'string' || typeof content === 'number') title = String(content);
    else if (isValidElement(content) && typeof (content.props as { children?: unknown }).children === 'string') title = (content.props as { children: string }).children;
  }
  const className = [
    cls, column.className,
    fixLeft && `${cls}-fix-left`, fixed.firstFixLeft && `${cls}-fix-left-first`, fixed.lastFixLeft && `${cls}-fix-left-last`, fixed.lastFixLeft && allFixedLeft && `${cls}-fix-left-all`,
    fixRight && `${cls}-fix-right`, fixed.firstFixRight && `${cls}-fix-right-first`, fixed.lastFixRight && `${cls}-fix-right-last`,
    ellipsis && `${cls}-ellipsis`, (fixLeft || fixRight) && fixed.isSticky && `${cls}-fix-sticky`, extraClass,
  ].filter(Boolean).join(' ');
  if (ellipsis && (fixed.lastFixLeft || fixed.firstFixRight)) content = <span className={`${cls}-content`}>{content}</span>;
  return <div key={colIndex} {...extraProps} className={className} style={style} title={title}>{content}</div>;
}

/** rc-table shows a hovered row by a class on its cells: set here by the row, where rc-table has every cell listen. */
function hover(e: MouseEvent<HTMLDivElement>, on: boolean, prefixCls: string) {
  for (const cell of Array.from(e.currentTarget.children)) cell.classList.toggle(`${prefixCls}-cell-row-hover`, on);
}

/**
 * The row of a virtual table (`components.body.row`): draws its cells itself from what rc-table hands
 * each cell, the same elements and classes as rc-table's cells. A scrolled virtual list mounts every
 * row that comes into view, and rc-table's cell (two context subscriptions, hover state, memo checks
 * per cell) is most of that cost. If the cells are not what this expects (another rc-table), or a
 * column needs rc-table's own cell, the row draws rc-table's cells unchanged.
 */
export const VirtualRow = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function VirtualRow({ children, onMouseEnter, onMouseLeave, ...props }, ref) {
  const nodes = Children.toArray(children);
  const cells = nodes.length > 0 && nodes.every(isVirtualCell) ? nodes : null;
  const plain = cells && !cells.some((c) => needsTableCell(c.props)) ? plainCells(cells) : null;
  if (!cells || !plain) return <div ref={ref} onMouseEnter={onMouseEnter} onMouseLeave={onMouseLeave} {...props}>{children}</div>;
  const prefixCls = cells[0].props.rowInfo.prefixCls;
  return (
    <div
      ref={ref} {...props}
      onMouseEnter={(e) => { hover(e, true, prefixCls); onMouseEnter?.(e); }}
      onMouseLeave={(e) => { hover(e, false, prefixCls); onMouseLeave?.(e); }}
    >
      {plain}
    </div>
  );
});

/** The row's plain cells, or null when one of them spans rows or columns. */
function plainCells(cells: ReactElement<VirtualCellProps>[]): ReactNode[] | null {
  const allFixedLeft = cells[0].props.rowInfo.fixedInfoList.every((f) => typeof f?.fixLeft === 'number');
  const out: ReactNode[] = [];
  for (const c of cells) {
    const cell = plainCell(c.props, allFixedLeft);
    if (cell === SPANNED) return null;
    out.push(cell);
  }
  return out;
}

/** `components` for a virtual antd Table whose rows draw plain cells. */
export const VIRTUAL_ROW_COMPONENTS = { body: { row: VirtualRow } };
