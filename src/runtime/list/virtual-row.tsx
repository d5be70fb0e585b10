import {
  createContext, forwardRef, isValidElement, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore,
  type CSSProperties, type HTMLAttributes, type ReactElement, type ReactNode,
} from 'react';

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

/**
 * A row's children as a flat list, as `Children.toArray` gives them but not copied: that makes a new
 * element with an escaped key of each, and every row in view is drawn again at each scroll step (the
 * cells are only read here; a row that draws rc-table's cells hands on `children` itself).
 */
function childNodes(children: ReactNode): unknown[] {
  const out: unknown[] = [];
  const add = (node: unknown) => {
    if (Array.isArray(node)) for (const n of node) add(n);
    else if (node !== null && node !== undefined && typeof node !== 'boolean') out.push(node);
  };
  add(children);
  return out;
}

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

/** Whether a cell's `onCell` answer spans rows or columns. */
const spanning = ({ colSpan, rowSpan }: { colSpan?: number; rowSpan?: number }): boolean =>
  (colSpan !== undefined && colSpan !== 1) || (rowSpan !== undefined && rowSpan !== 1);

/** A cell as rc-table's virtual cell draws it (classes, width, sticky offsets, title of an ellipsis cell), without its per-cell hooks. */
function plainCell({ column, colIndex, record, renderIndex, rowInfo }: VirtualCellProps, allFixedLeft: boolean): ReactNode | typeof SPANNED {
  const cls = `${rowInfo.prefixCls}-cell`;
  const fixed = rowInfo.fixedInfoList[colIndex] ?? {};
  const extra = column.onCell?.(record, renderIndex) ?? {};
  const { colSpan, rowSpan, className: extraClass, style: extraStyle, title: extraTitle, ...extraProps } = extra;
  if (spanning({ colSpan, rowSpan })) return SPANNED;
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
function hover(row: HTMLElement, on: boolean, prefixCls: string) {
  for (const cell of Array.from(row.children)) cell.classList.toggle(`${prefixCls}-cell-row-hover`, on);
}

/** How long after the last scroll or wheel event the rows count as still moving under the pointer (ms). */
export const SCROLL_SETTLE_MS = 150;

/**
 * The row marked as under the pointer. Scrolled by the wheel, the rows move under a still pointer and
 * the browser tells each one that the pointer came onto it; marking each would restyle and repaint
 * every cell of two rows at every scroll step, a flicker nobody reads. So a row the pointer comes onto
 * after the rows moved (and the pointer did not) waits: it is marked when the pointer moves, or once
 * the rows have been still for SCROLL_SETTLE_MS, if the pointer is on it then.
 */
const pointerRow = {
  marked: null as HTMLElement | null,
  waiting: null as { row: HTMLElement; prefixCls: string } | null,
  lastScroll: -Infinity,
  lastMove: -Infinity,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  watching: false,
};

function watchPointer() {
  if (pointerRow.watching) return;
  pointerRow.watching = true;
  const scrolled = () => { pointerRow.lastScroll = performance.now(); };
  // scroll events do not bubble: caught on their way down to the scrolled box
  document.addEventListener('scroll', scrolled, { capture: true, passive: true });
  document.addEventListener('wheel', scrolled, { capture: true, passive: true });
  // the pointer itself moved (the browser follows a move onto a row with a mousemove)
  document.addEventListener('mousemove', (e) => {
    if (!e.movementX && !e.movementY) return;
    pointerRow.lastMove = performance.now();
    if (pointerRow.waiting) markWaiting();
  }, { capture: true, passive: true });
}

function markWaiting() {
  clearTimeout(pointerRow.timer);
  const w = pointerRow.waiting;
  pointerRow.waiting = null;
  if (w && w.row.isConnected) { pointerRow.marked = w.row; hover(w.row, true, w.prefixCls); }
}

function markWhenStill() {
  clearTimeout(pointerRow.timer);
  const left = pointerRow.lastScroll + SCROLL_SETTLE_MS - performance.now();
  if (left > 0) pointerRow.timer = setTimeout(markWhenStill, left);
  else markWaiting();
}

function pointerEntered(row: HTMLElement, prefixCls: string) {
  if (pointerRow.lastScroll > pointerRow.lastMove) {
    pointerRow.waiting = { row, prefixCls };
    markWhenStill();
    return;
  }
  pointerRow.waiting = null;
  pointerRow.marked = row;
  hover(row, true, prefixCls);
}

function pointerLeft(row: HTMLElement, prefixCls: string) {
  if (pointerRow.waiting?.row === row) pointerRow.waiting = null;
  if (pointerRow.marked === row) { pointerRow.marked = null; hover(row, false, prefixCls); }
}

/**
 * The row of a virtual table (`components.body.row`): draws its cells itself from what rc-table hands
 * each cell, the same elements and classes as rc-table's cells. A scrolled virtual list mounts every
 * row that comes into view, and rc-table's cell (two context subscriptions, hover state, memo checks
 * per cell) is most of that cost. If the cells are not what this expects (another rc-table), or a
 * column needs rc-table's own cell, the row draws rc-table's cells unchanged.
 */
export const VirtualRow = forwardRef<HTMLDivElement, HTMLAttributes<HTMLDivElement>>(function VirtualRow({ children, ...props }, ref) {
  const view = useColumnWindow();
  watchPointer();
  // the row marked as under the pointer: cells drawn while it stays there (scrolled in sideways) are marked too
  const element = useRef<HTMLDivElement | null>(null);
  const hoverPrefix = useRef('');
  useLayoutEffect(() => { if (element.current && pointerRow.marked === element.current) hover(element.current, true, hoverPrefix.current); });
  // the row's handlers and ref, called through stable ones: a row drawn again unchanged is the same element
  const latest = useRef({ props, ref });
  latest.current = { props, ref };
  const stable = useRef(new Map<string, (...args: unknown[]) => unknown>()).current;
  const handler = (name: string) => {
    let h = stable.get(name);
    if (!h) stable.set(name, h = (...args) => (latest.current.props as Record<string, ((...a: unknown[]) => unknown) | undefined>)[name]?.(...args));
    return h;
  };
  const [setRef] = useState(() => (el: HTMLDivElement | null) => {
    element.current = el;
    const r = latest.current.ref;
    if (typeof r === 'function') r(el); else if (r) r.current = el;
  });
  const drawn = useRef<{ parts: unknown[]; node: ReactNode } | null>(null);
  const nodes = childNodes(children);
  const cells = nodes.length > 0 && nodes.every(isVirtualCell) ? nodes : null;
  // which cells the column window draws: a window that moves without changing them leaves the row as drawn
  const shown = cells && view ? drawnCells(cells.map((c) => c.props.column.width as number), cells.map((c) => isFixed(c.props)), view) : null;
  const parts = cells ? rowParts(props, cells, shown) : null;
  if (parts && drawn.current && sameParts(parts, drawn.current.parts)) return drawn.current.node;
  const plain = cells && !cells.some((c) => needsTableCell(c.props)) ? plainCells(cells, shown) : null;
  if (!cells || !plain) {
    drawn.current = null;
    return <div ref={ref} {...props}>{children}</div>;
  }
  const prefixCls = cells[0].props.rowInfo.prefixCls;
  hoverPrefix.current = prefixCls;
  const own: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) own[k] = typeof v === 'function' ? handler(k) : v;
  const onMouseEnter = handler('onMouseEnter');
  const onMouseLeave = handler('onMouseLeave');
  const node = (
    <div
      ref={setRef} {...own}
      onMouseEnter={(e) => { pointerEntered(e.currentTarget, prefixCls); onMouseEnter(e); }}
      onMouseLeave={(e) => { pointerLeft(e.currentTarget, prefixCls); onMouseLeave(e); }}
    >
      {plain}
    </div>
  );
  drawn.current = { parts: parts!, node };
  return node;
});

/**
 * What a row's drawing depends on: its own props but its handlers (their names only), each cell's
 * column (what its cell is drawn from), record and place, and which cells the column window draws.
 * rc-virtual-list hands every row a new style object on each render of the list, so rc-table draws
 * every row in view again at each scroll step; a row whose parts are the same as last time gives back
 * the same element, which React does not draw again.
 */
function rowParts(props: HTMLAttributes<HTMLDivElement>, cells: ReactElement<VirtualCellProps>[], shown: readonly boolean[] | null): unknown[] {
  const parts: unknown[] = [shown ? shown.map((d) => (d ? '1' : '0')).join('') : null];
  for (const [k, v] of Object.entries(props)) {
    if (k === 'style' && v) for (const [sk, sv] of Object.entries(v as CSSProperties)) parts.push(`style.${sk}`, sv);
    else parts.push(k, typeof v === 'function' ? 'fn' : v);
  }
  // a column by what the cell draws from it: rc-table hands new copies of the same columns once it has
  // measured the table (and when its width changes), which would draw every row in view again
  for (const { props: c } of cells) {
    const col = c.column;
    parts.push(col.render, col.dataIndex, col.onCell, col.className, col.ellipsis, col.align, col.width, c.record, c.renderIndex, c.colIndex, c.rowInfo.prefixCls, c.rowInfo.fixedInfoList, c.inverse);
  }
  return parts;
}
const sameParts = (a: unknown[], b: unknown[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

/**
 * The row's plain cells, or null when one of them spans rows or columns. With a column window, the
 * cells outside it are not drawn: each run of them is one empty box as wide as they are, so that the
 * drawn cells keep their places (and the fixed columns, drawn always, their sticky offsets).
 */
function plainCells(cells: ReactElement<VirtualCellProps>[], drawn: readonly boolean[] | null): ReactNode[] | null {
  const allFixedLeft = cells[0].props.rowInfo.fixedInfoList.every((f) => typeof f?.fixLeft === 'number');
  const out: ReactNode[] = [];
  let gap = 0;
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i];
    if (drawn && !drawn[i]) {
      // a cell not drawn that spans rows or columns would still have to be placed by rc-table
      if (spans(c.props)) return null;
      gap += c.props.column.width as number;
      continue;
    }
    if (gap) out.push(<div key={`gap-${i}`} className="wb-cell-gap" aria-hidden style={{ flex: `0 0 ${gap}px` }} />);
    gap = 0;
    const cell = plainCell(c.props, allFixedLeft);
    if (cell === SPANNED) return null;
    out.push(cell);
  }
  if (gap) out.push(<div key="gap-end" className="wb-cell-gap" aria-hidden style={{ flex: `0 0 ${gap}px` }} />);
  return out;
}

/** Whether the column's cell of this row spans rows or columns (its `onCell` says so). */
const spans = ({ column, record, renderIndex }: VirtualCellProps): boolean => spanning(column.onCell?.(record, renderIndex) ?? {});

const isFixed = ({ colIndex, rowInfo }: VirtualCellProps): boolean => {
  const f = rowInfo.fixedInfoList[colIndex] ?? {};
  return typeof f.fixLeft === 'number' || typeof f.fixRight === 'number';
};

/** The horizontal span of a row to draw cells in (px from the row's left edge). */
export interface ColumnWindow { from: number; to: number }

/** Which cells of a row are drawn: the fixed ones, and those that overlap the window (cells laid out left to right by their widths). */
export function drawnCells(widths: readonly number[], fixed: readonly boolean[], view: ColumnWindow): boolean[] {
  let x = 0;
  return widths.map((w, i) => {
    const left = x;
    x += w;
    return fixed[i] || (left < view.to && left + w > view.from);
  });
}

/** The window moves in steps of this many px (rows re-render once a step), and reaches this far beyond each edge of the table. */
const WINDOW_STEP = 200;
const WINDOW_MARGIN = 200;

/** What rows are shown of sideways: the scroll position and the width shown (both px), or null: unknown, every cell is drawn. */
type Shown = { left: number; width: number } | null;
interface ShownStore { get(): Shown; set(next: Shown): void; subscribe(listener: () => void): () => void }
function shownStore(): ShownStore {
  // before the table is measured: from its left edge, as wide as the window
  let shown: Shown = { left: 0, width: window.innerWidth };
  const listeners = new Set<() => void>();
  return {
    get: () => shown,
    set(next) {
      if (next === shown || (next && shown && next.left === shown.left && next.width === shown.width)) return;
      shown = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener) { listeners.add(listener); return () => listeners.delete(listener); },
  };
}

const HorizontalContext = createContext<ShownStore | null>(null);
const noStore = () => () => undefined;

/** The column window of the rows of the table around them (HorizontalWindow), by steps; null outside one. */
function useColumnWindow(): ColumnWindow | null {
  const store = useContext(HorizontalContext);
  // a string, so that the same step and width are the same snapshot
  const key = useSyncExternalStore(store?.subscribe ?? noStore, () => {
    const shown = store?.get();
    return shown ? `${Math.floor(shown.left / WINDOW_STEP)}:${shown.width}` : null;
  });
  if (key === null) return null;
  const [step, width] = key.split(':').map(Number);
  const left = step * WINDOW_STEP;
  return { from: left - WINDOW_MARGIN, to: left + WINDOW_STEP + width + WINDOW_MARGIN };
}

/**
 * Around a virtual antd Table: its rows draw only the cells of the columns on screen (and a margin),
 * not all of a wide template's columns (the weigh list has 24, of which about 14 show at 1440 px). The
 * virtual body scrolls sideways by moving its rows, and the table keeps its header at the same
 * position: the header's scroll position is the rows'. A table without a header draws every cell.
 */
export function HorizontalWindow({ children }: { children: ReactNode }) {
  const [store] = useState(shownStore);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    const header = () => box?.querySelector<HTMLElement>('.ant-table-header') ?? null;
    const read = () => {
      const h = header();
      store.set(h ? { left: h.scrollLeft, width: h.clientWidth || window.innerWidth } : null);
    };
    read();
    if (!box) return;
    const onScroll = (e: Event) => { if ((e.target as HTMLElement).classList?.contains('ant-table-header')) read(); };
    box.addEventListener('scroll', onScroll, { capture: true, passive: true });
    window.addEventListener('resize', read);
    return () => {
      box.removeEventListener('scroll', onScroll, { capture: true });
      window.removeEventListener('resize', read);
    };
  }, [store]);
  return <div ref={ref} className="wb-horizontal-window"><HorizontalContext.Provider value={store}>{children}</HorizontalContext.Provider></div>;
}

/** `components` for a virtual antd Table whose rows draw plain cells. */
export const VIRTUAL_ROW_COMPONENTS = { body: { row: VirtualRow } };
