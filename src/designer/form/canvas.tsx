import { useDroppable } from '@dnd-kit/core';
import { Alert, Button, Empty, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type FocusEvent as ReactFocusEvent, type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent } from 'react';
import { createPortal } from 'react-dom';
import { useControls, useTr, type Row } from '../../runtime';
import { formFieldNodes, type DesignDraft, type FieldNode, type TabGroupNode } from '../../schema/design-nodes';
import type { Scope } from '../../schema/design-history';
import type { FieldDefinition } from '../../schema/field-definition';
import { componentOf } from '../../schema/form-controls';
import { placeholderOf } from '../../schema/form-controls';
import { GRID_UNITS, type SpanClamp } from '../../schema/layout-rules';
import type { Outcome } from '../engine/designer';
import type { Command } from '../engine/commands';
import { ChildTable } from './child-table';
import { clampText, fieldFlags, joinedText, occupiedText, placeText } from './model';
import { movesKeepFocus, useSettledOrder } from './card-order';
import { LiveRecordProvider, useLiveRecord, useLiveRecordSwitch } from './live-record';
import { createKeyedStore, sameItems, useDerived, useDesigner, useNodeSlice, useNodeView, useStore, type DesignerStore, type KeyedStore, type Store } from './store';

/**
 * The canvas of the form designer: the undo bar, the grids (the ungrouped fields, then the tab
 * groups) with their field cards, and the child tables of a master-child form.
 *
 * Drawn for speed with hundreds of fields: the sheet re-renders only when fields come, go or change
 * their reading order (not for a resize or a property); a card re-renders for its own node, its
 * selection, its problem and its own drag state only. The cards hold no @dnd-kit hook: a card hands
 * its pointer-down or key-down to the designer's one drag source (`Api.grab`). And the cards are not
 * under the drag context at all: `CanvasCards`, rendered beside it, puts them into each grid's card
 * host (a portal), because every change of a React context (a drag starting, each step, its end)
 * makes React walk everything under its provider looking for readers — with 500 cards, thousands of
 * components, 20 ms a step. Only the rows on screen (and a few around them) are drawn.
 */

/** Height of one grid row on the canvas (label above the control). */
export const ROW_PX = 76;

const noop = () => undefined;
/** The row a child-table cell of the canvas belongs to (design mode has no data). */
const DESIGN_ROW = { rowKey: 'design' };

/** The place a drag would land on (shown as a ghost; a clamped span in red with its reason). */
export interface Target {
  group: string | null; row: number; col: number; span: number; clamp: SpanClamp | null; childTable?: string; onField?: string;
  /** The label of the field already there: a drop here would be refused. */
  occupiedBy?: string;
}

/** The card being dragged, and the card a control kind or 整行 is over (each card subscribes to its own). */
export interface DragMarks { dragging: string | null; over: string | null }

/** The drag marks' store: a card hears only of its own marks. */
export const createMarks = (): KeyedStore<DragMarks> => createKeyedStore<DragMarks>({ dragging: null, over: null }, (prev, next) => (
  prev.dragging === next.dragging && prev.over === next.over ? null : (id) => id === prev.dragging || id === next.dragging || id === prev.over || id === next.over
));

/** What the designer gives the canvas. */
export interface Api {
  store: DesignerStore;
  marks: KeyedStore<DragMarks>;
  /** Each grid's element the cards are put into (by grid: '' ungrouped, else the group key). */
  hosts: Store<Record<string, HTMLElement>>;
  /** The record 实时数据 shows (null: design values). */
  live: Store<Row | null>;
  unit: number;
  run(command: Command, scope?: Scope): Outcome;
  selectField(id: string, mode: 'replace' | 'toggle'): void;
  /** Says a text in the designer's live region (moves, drops, widths). */
  say(text: string): void;
  keyDown(id: string, event: ReactKeyboardEvent): boolean;
  /** Starts (by pointer or keyboard, as @dnd-kit's sensors decide) dragging a card or its span handle. */
  grab(event: ReactPointerEvent | ReactKeyboardEvent, drag: { type: 'field' | 'resize'; id: string }, element: HTMLElement): void;
}

/** Two definitions of a field that differ at most in its label (the controls do not draw it). */
const sameButLabel = (a: FieldDefinition, b: FieldDefinition): boolean => {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof FieldDefinition)[];
  return keys.length === Object.keys(b).length && keys.every((k) => k === 'fieldExplain' || Object.is(a[k], b[k]));
};

/**
 * The runtime's own control for a field's kind (inert: design mode never calls a data API).
 * Memoised on the field definition but for its label (immer keeps the definition the same object
 * until that field changes) and on `placeholder`: typing the 标题 re-renders the label, not the control.
 * Its empty box shows what the runtime form's shows (`placeholderOf`: the field's 提示文字); without one,
 * `placeholder`, on a narrow card, is its kind's short word (`shortPlaceholder`) in place of the control's own.
 */
const FieldControl = memo(function FieldControl({ field, placeholder }: { field: FieldDefinition; placeholder?: string }) {
  const controls = useControls();
  const tr = useTr();
  const liveRecord = useLiveRecord();
  const inert = useCallback((el: HTMLDivElement | null) => { el?.setAttribute('inert', ''); }, []);
  const { Cell, ReadCell } = controls[componentOf(field)];
  const liveValue = liveRecord?.[field.fieldName] ?? null;
  // 实时数据: a value with structure (the confirmation table's rows) is shown read-only, as the detail shows it
  const structured = liveValue !== null && typeof liveValue === 'object' && !(Array.isArray(liveValue) && liveValue.every((v) => v === null || typeof v !== 'object'));
  // the 提示文字 as typed (the runtime form does not translate it); the short word is one of the runtime's own
  const shown = placeholderOf(field) ?? (placeholder ? tr(placeholder) : undefined);
  return (
    <div className="wb-fd-control" ref={inert}>
      {structured ? <ReadCell field={field} value={liveValue} /> : (
        <Cell
          field={field} value={liveValue} row={liveRecord ? { ...liveRecord, rowKey: 'live' } : DESIGN_ROW} set={noop} check={noop} tr={tr}
          common={{ status: undefined, onBlur: noop, 'data-cell': field.fieldName, style: { width: '100%' }, ...(shown ? { placeholder: shown } : {}) }}
        />
      )}
    </div>
  );
}, (a, b) => a.placeholder === b.placeholder && sameButLabel(a.field, b.field));

/**
 * What a field card shows: its label and its control. Memoised on the field definition: a move or a
 * resize re-renders the card's frame, not what it shows.
 */
const FieldBody = memo(function FieldBody({ field, placeholder }: { field: FieldDefinition; placeholder?: string }) {
  const tr = useTr();
  // the flags before the label: on a narrow card the label's end is what its two lines cut, not them
  const flags = fieldFlags(field).map((f) => tr(f));
  // the whole 提示文字 on hover, where a narrow card's box cuts it (the control is inert: the box's title shows)
  return (
    <div className="wb-fd-field-box" title={placeholderOf(field)}>
      <div className="wb-fd-label" title={[field.fieldExplain, ...flags].join(' · ')}>
        {field.irequired && <span className="wb-fd-required">*</span>}
        {flags.map((f) => <Tag key={f} className="wb-fd-flag">{f}</Tag>)}
        <span>{field.fieldExplain}</span>
      </div>
      <FieldControl field={field} placeholder={placeholder} />
    </div>
  );
});

/** A placed field on the canvas: dragged to move it, by its right edge to resize it; control kinds and 整行 are dropped on it. */
const FieldCard = memo(function FieldCard({ id, api }: { id: string; api: Api }) {
  const view = useNodeView(api.store, id);
  const node = view.node as FieldNode | undefined;
  const { selected, problem } = view;
  const dragging = useNodeSlice(api.marks, id, (m) => m.dragging === id);
  const over = useNodeSlice(api.marks, id, (m) => m.over === id);
  const tr = useTr();
  const controls = useControls();
  if (!node) return null;
  const { field, layout } = node;
  const label = joinedText([field.fieldExplain, placeText(layout, api.unit, null, tr), field.irequired && tr('必填'), selected && tr('已选中')], tr);
  // one column of eight: narrower than the runtime ever draws a date or picker box, whose placeholder
  // it would cut to 请…: the box is drawn compact (form-designer.css) with its kind's short word instead
  const narrow = GRID_UNITS / api.unit >= 8 && layout.span <= api.unit;
  const placeholder = narrow ? controls[componentOf(field)].shortPlaceholder : undefined;
  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={label}
      aria-roledescription={tr('可拖动的字段')}
      aria-describedby="wb-fd-instructions"
      aria-pressed={selected}
      data-node={id}
      data-field={field.fieldName}
      className={`wb-fd-field${narrow ? ' is-narrow' : ''}${selected ? ' is-selected' : ''}${problem ? ' has-problem' : ''}${dragging ? ' is-dragging' : ''}${over ? ' is-over' : ''}`}
      style={{ gridColumn: `${layout.col + 1} / span ${layout.span}`, gridRow: layout.row + 1 }}
      onClick={(e) => api.selectField(id, e.shiftKey || e.ctrlKey || e.metaKey ? 'toggle' : 'replace')}
      onPointerDown={(e) => api.grab(e, { type: 'field', id }, e.currentTarget)}
      onKeyDown={(e) => { if (!api.keyDown(id, e)) api.grab(e, { type: 'field', id }, e.currentTarget); }}
    >
      <FieldBody field={field} placeholder={placeholder} />
      {problem && <Tooltip title={problem}><span className="wb-fd-problem" role="img" aria-label={problem}>!</span></Tooltip>}
      <span
        role="button" tabIndex={0} aria-describedby="wb-fd-instructions"
        className="wb-fd-resize" aria-label={tr('{name} 调整宽度（方向键）', { name: field.fieldExplain })} title={tr('拖动调整宽度')}
        onPointerDown={(e) => api.grab(e, { type: 'resize', id }, e.currentTarget)}
        onKeyDown={(e) => api.grab(e, { type: 'resize', id }, e.currentTarget)}
        onClick={(e) => e.stopPropagation()}
      />
    </div>
  );
});

/**
 * The cards of one grid drawn (see `HostCards`), in reading order, all children of one element and
 * keyed by field: a card moved to another row is moved in the document, not drawn again (under a
 * box per row it was unmounted from one row's box and mounted, control and all, in the other's:
 * 2–3 ms of a drop), and React gives it its focus back. Re-rendered when fields come, go or change
 * places, not when a drag moves its ghost.
 */
const GridCards = memo(function GridCards({ rows, from, to, pinned, api }: {
  rows: readonly (readonly string[])[]; from: number; to: number; pinned: readonly number[]; api: Api;
}) {
  const ids: string[] = [];
  rows.forEach((row, r) => { if ((r >= from && r < to) || pinned.includes(r)) ids.push(...row); });
  const order = useSettledOrder(ids);
  return <>{order.map((id) => <FieldCard key={id} id={id} api={api} />)}</>;
});

/** Rows are drawn this many beyond each edge of the screen, and the drawn window moves in steps of as many. */
const WINDOW_STEP = 8;

/** The rows of a grid to draw: those on screen and a step more each way (every row has the same height). */
function rowWindow(host: HTMLElement): { from: number; to: number } {
  const top = (host.parentElement ?? host).getBoundingClientRect().top;
  const first = Math.floor(-top / ROW_PX);
  const last = Math.ceil((window.innerHeight - top) / ROW_PX);
  return { from: Math.max(0, (Math.floor(first / WINDOW_STEP) - 1) * WINDOW_STEP), to: Math.max(0, (Math.ceil(last / WINDOW_STEP) + 1) * WINDOW_STEP) };
}

/** The row window of a grid, followed while the page (or anything around the grid) scrolls or the window is resized. */
function useRowWindow(host: HTMLElement): { from: number; to: number } {
  const [range, setRange] = useState(() => rowWindow(host));
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = rowWindow(host);
      setRange((r) => (r.from === next.from && r.to === next.to ? r : next));
    };
    const schedule = () => { if (!frame) frame = requestAnimationFrame(update); };
    document.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
    };
  }, [host]);
  return range;
}

/**
 * The cards of one grid, put into its host element: the rows on screen and a step around them (a form
 * of hundreds of fields draws a hundred cards or so, not all), and always the rows of the selected,
 * the focused and the dragged field, whose elements must stay while they are worked on.
 */
function HostCards({ grid, host, rows, api, onKeyDown }: { grid: string; host: HTMLElement; rows: string[][]; api: Api; onKeyDown(e: ReactKeyboardEvent): void }) {
  const stable = useRows(rows);
  const { from, to } = useRowWindow(host);
  const [focused, setFocused] = useState<string | null>(null);
  const dragging = useStore(api.marks, (m) => m.dragging);
  const selected = useDerived(api.store, (s) => [s.selection, s.draft.nodes], (s) => s.selection, sameItems);
  const pinnedRows = useMemo(() => {
    const nodes = api.store.get().draft.nodes;
    const out: number[] = [];
    for (const id of [...selected, dragging, focused]) {
      const n = id ? nodes[id] : undefined;
      if (n?.kind === 'field' && (n.layout.group ?? '') === grid && !out.includes(n.layout.row)) out.push(n.layout.row);
    }
    return out;
    // rows change with the shape, which re-renders this with new rows
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api.store, grid, selected, dragging, focused, stable]);
  const pinned = usePinned(pinnedRows);
  const onFocus = useCallback((e: ReactFocusEvent) => setFocused((e.target as HTMLElement).closest<HTMLElement>('[data-node]')?.dataset.node ?? null), []);
  // a portal's events bubble to its React parents, not to the canvas around the host: the canvas's keys are given here
  return createPortal(
    <div className="wb-fd-row" role="presentation" onKeyDown={onKeyDown} onFocus={onFocus} ref={movesKeepFocus}>
      <GridCards rows={stable} from={from} to={to} pinned={pinned} api={api} />
    </div>,
    host,
  );
}

/** The same array while it holds the same rows. */
function usePinned(rows: number[]): number[] {
  const ref = useRef(rows);
  if (!sameItems(ref.current, rows)) ref.current = rows;
  return ref.current;
}

/**
 * The field cards of the grids on screen, rendered outside the drag context (see the top of this
 * file) into the hosts the grids register. `onKeyDown` is the canvas's (its undo keys).
 */
export const CanvasCards = memo(function CanvasCards({ api, onKeyDown }: { api: Api; onKeyDown(e: ReactKeyboardEvent): void }) {
  const shape = useDerived(api.store, (s) => [s.draft], (s) => sheetShape(s.draft), sameShape);
  const hosts = useStore(api.hosts, (h) => h);
  const record = useStore(api.live, (r) => r);
  return (
    <LiveRecordProvider value={record}>
      {Object.entries(hosts).map(([key, host]) => <HostCards key={key} grid={key} host={host} rows={shape.grids[key] ?? NO_ROWS} api={api} onKeyDown={onKeyDown} />)}
    </LiveRecordProvider>
  );
});

const hostRefs = new WeakMap<Store<Record<string, HTMLElement>>, Map<string, (el: HTMLElement | null) => void>>();
/** The (stable) ref of a grid's card host: registers the element while it is mounted. */
function hostRef(hosts: Store<Record<string, HTMLElement>>, key: string): (el: HTMLElement | null) => void {
  let refs = hostRefs.get(hosts);
  if (!refs) hostRefs.set(hosts, (refs = new Map()));
  let ref = refs.get(key);
  if (!ref) {
    ref = (el) => {
      const now = { ...hosts.get() };
      if (el) now[key] = el;
      else delete now[key];
      hosts.set(now);
    };
    refs.set(key, ref);
  }
  return ref;
}

/** The cells of a grid of the canvas (its cards' and its ghost's): 48 units a row, rows of ROW_PX. */
const CELLS = { gridTemplateColumns: `repeat(${GRID_UNITS}, minmax(0, 1fr))`, gridAutoRows: ROW_PX } as const;

/** One grid of the canvas: the ungrouped fields or a tab group's; the drop area of fields, columns, kinds and 整行. */
const Grid = memo(function Grid({ group, api, rows, target }: { group: string | null; api: Api; rows: number; target: Target | null }) {
  const drop = useDroppable({ id: `grid:${group ?? ''}`, data: { group } });
  const tr = useTr();
  const t = target && !target.childTable && !target.onField && target.group === group ? target : null;
  // its last used row and two free ones to drop into
  const shownRows = Math.max(rows + 2, t ? t.row + 2 : 0);
  return (
    <div
      // the highlight is an attribute, not a class: a change of the class attribute makes the browser style
      // every element inside again (antd's reset rules select by class attribute), here hundreds of cards
      ref={drop.setNodeRef} className="wb-fd-grid" data-over={t ? '' : undefined} data-group={group ?? ''}
      style={{ ...CELLS, minHeight: shownRows * ROW_PX }}
    >
      <div className="wb-fd-columns" aria-hidden style={{ gridTemplateColumns: `repeat(${GRID_UNITS / api.unit}, 1fr)` }}>
        {Array.from({ length: GRID_UNITS / api.unit }, (_, i) => <span key={i} />)}
      </div>
      <div className="wb-fd-row" role="presentation" ref={hostRef(api.hosts, group ?? '')} />
      {/* the ghost on a grid of its own over the cards, out of their flow: moving it lays out that grid
          alone, not the grid of the hundreds of cards (a keyboard drag moves it on every arrow) */}
      <div className="wb-fd-ghosts" role="presentation" style={CELLS}>
        {t && (
          // in the grid's right half its note opens leftwards: running past the canvas, it would make the
          // canvas scroll sideways, and a drag near the edge would then scroll it under the pointer
          <div className={`wb-fd-ghost${t.clamp ? ' is-clamped' : ''}${t.occupiedBy ? ' is-blocked' : ''}${2 * t.col + t.span > GRID_UNITS ? ' is-end' : ''}`} style={{ gridColumn: `${t.col + 1} / span ${t.span}`, gridRow: t.row + 1 }}>
            {placeText(t, api.unit, null, tr)}
            {t.clamp && <div className="wb-fd-clamp-note">{clampText(t.clamp, api.unit, tr)}</div>}
            {t.occupiedBy && <div className="wb-fd-occupied-note">{occupiedText(t.occupiedBy, tr)}</div>}
          </div>
        )}
      </div>
    </div>
  );
});

/** What the sheet draws of the draft: each grid's rows (the card ids of each, in reading order), the groups, the child tables. */
interface SheetShape {
  grids: Record<string, string[][]>;
  groups: TabGroupNode[];
  childTables: string[];
  meta: DesignDraft['meta'];
}

const shapes = new WeakMap<DesignDraft, SheetShape>();
/** The draft whose shape was asked for last. */
let lastShaped: WeakRef<DesignDraft> | null = null;
/**
 * The shape of a draft (computed once per draft: the sheet and the cards both ask). A draft that
 * places every field as the last one did (a property set, a label typed) has the last one's shape,
 * without sorting its hundreds of fields again.
 */
function sheetShape(draft: DesignDraft): SheetShape {
  let shape = shapes.get(draft);
  if (!shape) {
    const last = lastShaped?.deref();
    const known = last && shapes.get(last);
    shape = known && samePlaces(last, draft) ? known : shapeOf(draft);
    shapes.set(draft, shape);
  }
  lastShaped = new WeakRef(draft);
  return shape;
}

/**
 * Whether two drafts give the same shape: the same lists and template properties, and each node the
 * same object or a field with the same place (immer keeps a node's layout object when only its
 * definition changed). Any other node that changed (a tab group renamed) answers no.
 */
function samePlaces(a: DesignDraft, b: DesignDraft): boolean {
  if (a.order !== b.order || a.meta !== b.meta) return false;
  if (a.nodes === b.nodes) return true;
  const ids = Object.keys(b.nodes);
  if (ids.length !== Object.keys(a.nodes).length) return false;
  for (const id of ids) {
    const x = a.nodes[id];
    const y = b.nodes[id];
    if (x === y) continue;
    if (!x || x.kind !== 'field' || y.kind !== 'field' || x.layout !== y.layout) return false;
  }
  return true;
}

function shapeOf(draft: DesignDraft): SheetShape {
  const grids: SheetShape['grids'] = {};
  for (const n of formFieldNodes(draft)) ((grids[n.layout.group ?? ''] ??= [])[n.layout.row] ??= []).push(n.id);
  for (const rows of Object.values(grids)) for (let r = 0; r < rows.length; r++) rows[r] ??= [];
  return { grids, groups: draft.order.groups.map((id) => draft.nodes[id] as TabGroupNode), childTables: draft.order.childTables, meta: draft.meta };
}

const sameRows = (a: readonly (readonly string[])[], b: readonly (readonly string[])[]): boolean => a.length === b.length && a.every((row, i) => sameItems(row, b[i]));

function sameShape(a: SheetShape, b: SheetShape): boolean {
  if (a === b) return true;
  if (a.meta !== b.meta || a.childTables !== b.childTables || !sameItems(a.groups, b.groups)) return false;
  const keys = Object.keys(a.grids);
  return keys.length === Object.keys(b.grids).length && keys.every((k) => b.grids[k] && sameRows(a.grids[k], b.grids[k]));
}

const NO_ROWS: string[][] = [];
/** The same arrays while their ids are the same: a row re-renders only when its own cards change. */
function useRows(rows: string[][]): string[][] {
  const ref = useRef(rows);
  if (ref.current !== rows && !sameRows(ref.current, rows)) ref.current = rows.map((row, i) => (ref.current[i] && sameItems(ref.current[i], row) ? ref.current[i] : row));
  return ref.current;
}

/**
 * The canvas's bar: its undo and redo, the grid's columns, 实时数据 and the keys' hint. A component of
 * its own: every step of a drag re-renders the sheet (the ghost moves), and it would draw these antd
 * buttons, the switch and the hint's ellipsis measure again each time.
 */
const CanvasBar = memo(function CanvasBar({ api, meta, onHistory }: { api: Api; meta: DesignDraft['meta']; onHistory(scope: Scope, action: 'undo' | 'redo'): void }) {
  const tr = useTr();
  // whether there is a step, not how many: a count would re-render the bar for every command
  const canUndo = useDesigner(api.store, (s) => s.history.canvas.undo.length > 0);
  const canRedo = useDesigner(api.store, (s) => s.history.canvas.redo.length > 0);
  const live = useLiveRecordSwitch(meta);
  useEffect(() => api.live.set(live.record), [api.live, live.record]);
  return (
    <div className="wb-fd-canvas-bar">
      <Space size={4}>
        <Button size="small" disabled={!canUndo} onClick={() => onHistory('canvas', 'undo')}>{tr('撤销')}</Button>
        <Button size="small" disabled={!canRedo} onClick={() => onHistory('canvas', 'redo')}>{tr('重做')}</Button>
        <Tag>{tr('{n} 列', { n: GRID_UNITS / api.unit })}</Tag>
        {live.control}
      </Space>
      <Typography.Text type="secondary" className="wb-fd-hint">{tr('Tab 或方向键选择，空格拿起，方向键移动，Shift+方向键调宽，回车放下')}</Typography.Text>
    </div>
  );
});

/**
 * What the canvas shows of the draft: the undo bar, the grids (ungrouped, then the tab groups) and
 * the child tables. It subscribes to the draft's shape (which fields where, in which order), so a
 * resize or a property re-renders the one card and not the sheet.
 */
export const CanvasSheet = memo(function CanvasSheet({ api, target, activeGroup, onGroup, clampNote, onCloseClamp, onHistory }: {
  api: Api; target: Target | null; activeGroup: string | null; onGroup(key: string): void;
  clampNote: string | null; onCloseClamp(): void; onHistory(scope: Scope, action: 'undo' | 'redo'): void;
}) {
  const tr = useTr();
  const { store } = api;
  const shape = useDerived(store, (s) => [s.draft], (s) => sheetShape(s.draft), sameShape);
  const { groups } = shape;
  const currentGroup = activeGroup && groups.some((g) => g.key === activeGroup) ? activeGroup : groups[0]?.key ?? null;
  const ungrouped = shape.grids[''] ?? NO_ROWS;
  const grouped = (currentGroup ? shape.grids[currentGroup] : undefined) ?? NO_ROWS;
  const empty = Object.keys(shape.grids).length === 0;
  return (
    <>
      <CanvasBar api={api} meta={shape.meta} onHistory={onHistory} />
      {clampNote && <Alert className="wb-fd-clamp" type="warning" showIcon message={clampNote} closable onClose={() => onCloseClamp()} />}
      {empty && <Empty className="wb-fd-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={tr('从左侧拖入字段')} />}
      <div className="wb-fd-sheet">
        <Grid group={null} api={api} rows={ungrouped.length} target={target} />
        {groups.length > 0 && (
          <Tabs
            className="wb-fd-tabs" activeKey={currentGroup ?? undefined} onChange={onGroup}
            items={groups.map((g) => ({
              key: g.key,
              label: <span onClick={() => api.selectField(g.id, 'replace')} data-node={g.id}>{g.label}</span>,
              children: g.key === currentGroup ? <Grid group={g.key} api={api} rows={grouped.length} target={target} /> : null,
            }))}
          />
        )}
        {shape.childTables.map((id) => <ChildTable key={id} id={id} api={api} />)}
      </div>
    </>
  );
});
