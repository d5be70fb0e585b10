// One file on purpose (≈700 lines): the canvas, its grids, the field cards and the child tables share
// one @dnd-kit context, its sensors and collision rules, the keyboard pick-up state and the memoised
// split between the designer (holding the drag context) and the draft-driven sheet that keeps a
// command from re-rendering every card; the palette, the property panel, the store, 实时数据 and the
// pure placement rules live in their own files (palette.tsx, property-panel.tsx, store.ts,
// live-record.tsx, model.ts).
import {
  DndContext, DragOverlay, KeyboardSensor, PointerSensor, pointerWithin, rectIntersection, useDraggable, useDroppable, useSensor, useSensors,
  type CollisionDetection, type DragEndEvent, type DragMoveEvent, type DragStartEvent, type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { App as AntApp, Alert, Button, Empty, Space, Tabs, Tag, Tooltip, Typography } from 'antd';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MutableRefObject } from 'react';
import { useControls, useTr } from '../../runtime';
import type { ControlProperty } from '../../schema/control-properties';
import { childTableNodeId, formFieldNodes, type ChildTableNode, type ColumnNode, type FieldNode } from '../../schema/design-nodes';
import type { Scope } from '../../schema/design-history';
import type { FieldDefinition } from '../../schema/field-definition';
import { componentOf, formColumns } from '../../schema/form-schema';
import { GRID_UNITS, clampSpan, type SpanClamp } from '../../schema/layout-rules';
import { execute, redo, select, undo, type DesignerState, type Outcome } from '../engine/designer';
import type { Command } from '../engine/commands';
import {
  clampText, gridFields, gridRows, groupsOf, movedText, neighbour, nextGroup, placeAt, placeText, stepPlace, stepSpan, unitOf,
  type PaletteTable,
} from './model';
import { LiveRecordProvider, useLiveRecord, useLiveRecordSwitch } from './live-record';
import { Palette as PaletteBody, dragOf, type Drag } from './palette';
import { PropertyPanel as PropertyPanelBody } from './property-panel';
import './form-designer.css';
import { useDesigner, useNode, useSelected, type DesignerStore } from './store';

/** The palette and the panel re-render for what they subscribe to, not for every render of the designer around them. */
const Palette = memo(PaletteBody);
const PropertyPanel = memo(PropertyPanelBody);

/** Height of one grid row on the canvas (label above the control). */
export const ROW_PX = 76;

const noop = () => undefined;
/** The row a child-table cell of the canvas belongs to (design mode has no data). */
const DESIGN_ROW = { rowKey: 'design' };

/** The place a drag would land on (shown as a ghost; a clamped span in red with its reason). */
interface Target { group: string | null; row: number; col: number; span: number; clamp: SpanClamp | null; childTable?: string; onField?: string }

interface Api {
  store: DesignerStore;
  unit: number;
  run(command: Command, scope?: Scope): Outcome;
  selectField(id: string, mode: 'replace' | 'toggle'): void;
  keyDown(id: string, event: ReactKeyboardEvent): boolean;
}

/**
 * The live region the screen reader reads (moves, drops, clamps): its text is state of its own
 * component, so an announcement re-renders the region and not the designer around it.
 */
function useAnnouncer() {
  const show = useRef<((text: string) => void) | null>(null);
  const say = useCallback((t: string) => show.current?.(t), []);
  return { show, say };
}
function LiveRegion({ show }: { show: MutableRefObject<((text: string) => void) | null> }) {
  const [text, setText] = useState('');
  useLayoutEffect(() => {
    show.current = setText;
    return () => { show.current = null; };
  }, [show]);
  return <div className="wb-fd-live" role="status" aria-live="assertive" aria-atomic="true">{text}</div>;
}

/**
 * What a field card shows: its label and the runtime's own control for its kind (inert: design mode
 * never calls a data API). Its own memo on the field definition (immer keeps it the same object
 * until that field changes): the card around it re-renders whenever the drag context changes
 * (a drag starts, ends, or passes over another drop area), this does not.
 */
const FieldBody = memo(function FieldBody({ field }: { field: FieldDefinition }) {
  const controls = useControls();
  const tr = useTr();
  const liveRecord = useLiveRecord();
  const inert = useCallback((el: HTMLDivElement | null) => { el?.setAttribute('inert', ''); }, []);
  const { Cell, ReadCell } = controls[componentOf(field)];
  const liveValue = liveRecord?.[field.fieldName] ?? null;
  // 实时数据: a value with structure (the confirmation table's rows) is shown read-only, as the detail shows it
  const structured = liveValue !== null && typeof liveValue === 'object' && !(Array.isArray(liveValue) && liveValue.every((v) => v === null || typeof v !== 'object'));
  return (
    <>
      <div className="wb-fd-label">
        {field.irequired && <span className="wb-fd-required">*</span>}
        <span title={field.fieldExplain}>{field.fieldExplain}</span>
        {field.ihidden && <Tag className="wb-fd-flag">{tr('隐藏')}</Tag>}
        {field.ishow === false && <Tag className="wb-fd-flag">{tr('不显示')}</Tag>}
      </div>
      <div className="wb-fd-control" ref={inert}>
        {structured ? <ReadCell field={field} value={liveValue} /> : (
          <Cell
            field={field} value={liveValue} row={liveRecord ? { ...liveRecord, rowKey: 'live' } : DESIGN_ROW} set={noop} check={noop} tr={tr}
            common={{ status: undefined, onBlur: noop, 'data-cell': field.fieldName, style: { width: '100%' } }}
          />
        )}
      </div>
    </>
  );
});

/** A placed field on the canvas: a drag source (move, and resize by its right edge) and a drop area for kinds and 整行. */
const FieldCard = memo(function FieldCard({ id, api }: { id: string; api: Api }) {
  const node = useNode(api.store, id) as FieldNode | undefined;
  const selected = useSelected(api.store, id);
  const problem = useDesigner(api.store, (s) => s.problems.find((p) => p.nodeId === id)?.message ?? null);
  const tr = useTr();
  const move = useDraggable({ id: `field:${id}`, data: { type: 'field', id } satisfies Drag });
  const resize = useDraggable({ id: `resize:${id}`, data: { type: 'resize', id } satisfies Drag });
  const drop = useDroppable({ id: `on:${id}`, data: { field: id } });
  if (!node) return null;
  const { field, layout } = node;
  const dragging = move.isDragging || resize.isDragging;
  const kindOver = drop.isOver && (dragOf(drop.active?.data.current)?.type === 'kind' || dragOf(drop.active?.data.current)?.type === 'layout');
  const unit = api.unit;
  const setRefs = (el: HTMLDivElement | null) => { move.setNodeRef(el); drop.setNodeRef(el); };
  const label = `${field.fieldExplain}，${placeText(layout, unit)}${field.irequired ? '，必填' : ''}${selected ? '，已选中' : ''}`;
  return (
    <div
      ref={setRefs}
      {...move.attributes}
      {...move.listeners}
      aria-label={label}
      aria-roledescription={tr('可拖动的字段')}
      aria-describedby="wb-fd-instructions"
      aria-pressed={selected}
      data-node={id}
      data-field={field.fieldName}
      className={`wb-fd-field${selected ? ' is-selected' : ''}${problem ? ' has-problem' : ''}${dragging ? ' is-dragging' : ''}${kindOver ? ' is-over' : ''}`}
      style={{ gridColumn: `${layout.col + 1} / span ${layout.span}`, gridRow: layout.row + 1 }}
      onClick={(e) => api.selectField(id, e.shiftKey || e.ctrlKey || e.metaKey ? 'toggle' : 'replace')}
      onKeyDown={(e) => { if (!api.keyDown(id, e)) move.listeners?.onKeyDown?.(e); }}
    >
      <FieldBody field={field} />
      {problem && <Tooltip title={problem}><span className="wb-fd-problem" role="img" aria-label={problem}>!</span></Tooltip>}
      <span
        ref={resize.setNodeRef} {...resize.attributes} {...resize.listeners}
        className="wb-fd-resize" aria-label={tr('{name} 调整宽度（方向键）', { name: field.fieldExplain })} title={tr('拖动调整宽度')}
        onClick={(e) => e.stopPropagation()}
      />
    </div>
  );
});

/** One grid of the canvas: the ungrouped fields or a tab group's. */
function Grid({ group, api, ids, rows, target }: { group: string | null; api: Api; ids: string[]; rows: number; target: Target | null }) {
  const drop = useDroppable({ id: `grid:${group ?? ''}`, data: { group } });
  const t = target && !target.childTable && !target.onField && target.group === group ? target : null;
  const shownRows = Math.max(rows, t ? t.row + 2 : 0);
  return (
    <div
      ref={drop.setNodeRef} className={`wb-fd-grid${drop.isOver ? ' is-over' : ''}`} data-group={group ?? ''}
      style={{ gridTemplateColumns: `repeat(${GRID_UNITS}, minmax(0, 1fr))`, gridAutoRows: ROW_PX, minHeight: shownRows * ROW_PX }}
    >
      <div className="wb-fd-columns" aria-hidden style={{ gridTemplateColumns: `repeat(${GRID_UNITS / api.unit}, 1fr)` }}>
        {Array.from({ length: GRID_UNITS / api.unit }, (_, i) => <span key={i} />)}
      </div>
      {ids.map((id) => <FieldCard key={id} id={id} api={api} />)}
      {t && (
        <div className={`wb-fd-ghost${t.clamp ? ' is-clamped' : ''}`} style={{ gridColumn: `${t.col + 1} / span ${t.span}`, gridRow: t.row + 1 }}>
          {placeText(t, api.unit)}
          {t.clamp && <div className="wb-fd-clamp-note">{clampText(t.clamp, api.unit)}</div>}
        </div>
      )}
    </div>
  );
}

/** A child table of a master-child form, edited in place: its columns in order; a line-table column dropped on it is added. */
function ChildTable({ id, api }: { id: string; api: Api }) {
  const node = useNode(api.store, id) as ChildTableNode | undefined;
  const order = useDesigner(api.store, (s) => s.draft.order.children[id]);
  const nodes = useDesigner(api.store, (s) => s.draft.nodes);
  const drop = useDroppable({ id: `child:${id}`, data: { childTable: id } });
  const selection = useDesigner(api.store, (s) => s.selection);
  const tr = useTr();
  if (!node) return null;
  return (
    <div ref={drop.setNodeRef} className={`wb-fd-child${drop.isOver ? ' is-over' : ''}`} data-node={id}>
      <div className="wb-fd-child-title">{tr('子表：{name}', { name: node.label })}</div>
      <div className="wb-fd-child-cols" role="list">
        {(order ?? []).map((col) => {
          const c = nodes[col] as ColumnNode;
          return (
            <span
              key={col} role="listitem" tabIndex={0} data-node={col}
              className={`wb-fd-child-col${selection.includes(col) ? ' is-selected' : ''}`}
              onClick={(e) => api.selectField(col, e.shiftKey || e.ctrlKey || e.metaKey ? 'toggle' : 'replace')}
              onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); api.selectField(col, 'replace'); } }}
            >
              {c.field.irequired && <span className="wb-fd-required">*</span>}{c.field.fieldExplain}
            </span>
          );
        })}
        {(order ?? []).length === 0 && <Typography.Text type="secondary">{tr('从左侧拖入明细表的字段')}</Typography.Text>}
      </div>
    </div>
  );
}

const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Enter', 'Space'] };

const isKeyboard = (event: Event | null): boolean => typeof KeyboardEvent !== 'undefined' && event instanceof KeyboardEvent;

/** Which drop areas a drag may land on: fields and columns on grids (and child tables), kinds and 整行 on a field. */
const collision: CollisionDetection = (args) => {
  const drag = dragOf(args.active.data.current);
  const accepted = args.droppableContainers.filter((c) => {
    const id = String(c.id);
    if (!drag) return false;
    if (drag.type === 'kind' || (drag.type === 'layout' && drag.item === 'row')) return id.startsWith('on:');
    if (drag.type === 'column') return id.startsWith('grid:') || id.startsWith('child:');
    if (drag.type === 'resize') return false;
    return id.startsWith('grid:');
  });
  const scoped = { ...args, droppableContainers: accepted };
  const byPointer = pointerWithin(scoped);
  return byPointer.length ? byPointer : rectIntersection(scoped);
};

export interface FormDesignerProps {
  store: DesignerStore;
  /** The main table and (master-child) its line tables, with their columns. */
  tables: readonly PaletteTable[];
  /** Called after every change of the draft (the page autosaves). */
  onChange?(state: DesignerState): void;
}

/**
 * The form designer: palette left, the canvas on the 48-unit grid (4 or 8 columns) in the middle,
 * the property panel right. Every edit is an engine command; Ctrl+Z and Ctrl+Shift+Z undo and
 * redo in the area that has the focus (the canvas or the property panel).
 */
export const FormDesigner = memo(function FormDesigner({ store, tables, onChange }: FormDesignerProps) {
  const tr = useTr();
  const controls = useControls();
  const { message } = AntApp.useApp();
  const meta = useDesigner(store, (s) => s.draft.meta);
  const unit = GRID_UNITS / formColumns(meta);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [target, setTarget] = useState<Target | null>(null);
  const [clampNote, setClampNote] = useState<string | null>(null);
  const [activeGroup, setActiveGroup] = useState<string | null>(null);
  const { show, say } = useAnnouncer();
  const targetRef = useRef<Target | null>(null);
  const metrics = useRef({ colPx: 100, rowPx: ROW_PX });
  const spanRef = useRef<number | null>(null);
  /** A palette column picked up by the keyboard: its place is stepped on the canvas by the arrows, not by the overlay. */
  const keyboardPaletteRef = useRef(false);

  const commit = useCallback((next: DesignerState) => {
    store.set(next);
    onChange?.(next);
  }, [store, onChange]);

  const run = useCallback((command: Command, scope?: Scope): Outcome => {
    const outcome = execute(store.get(), command, scope);
    if (!outcome.ok) {
      message.error(outcome.refusal.message);
      say(outcome.refusal.message);
      return outcome;
    }
    if (outcome.state !== store.get()) commit(outcome.state);
    if (outcome.clamp) {
      const text = clampText(outcome.clamp, unitOf(outcome.state.draft));
      setClampNote(text);
      message.warning(text);
    } else if (command.type === 'move' || command.type === 'resize' || command.type === 'add') setClampNote(null);
    return outcome;
  }, [store, commit, message, say]);

  const history = useCallback((scope: Scope, action: 'undo' | 'redo') => {
    const outcome = (action === 'undo' ? undo : redo)(store.get(), scope);
    if (!outcome.ok) { message.info(outcome.refusal.message); return; }
    commit(outcome.state);
    say(action === 'undo' ? tr('已撤销') : tr('已重做'));
  }, [store, commit, message, say, tr]);

  const selectField = useCallback((id: string, mode: 'replace' | 'toggle') => store.set(select(store.get(), [id], mode)), [store]);

  const focusNode = (id: string) => requestAnimationFrame(() => (document.querySelector(`[data-node="${CSS.escape(id)}"]`) as HTMLElement | null)?.focus());

  /** Keys on a field that is not picked up: arrows select the neighbour, Shift+arrows change the span, Delete removes. */
  const keyDown = useCallback((id: string, e: ReactKeyboardEvent): boolean => {
    if (targetRef.current) return false;
    const state = store.get();
    const node = state.draft.nodes[id];
    if (!node || node.kind !== 'field') return false;
    const u = unitOf(state.draft);
    if (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      const clamp = stepSpan(node.layout.span, node.layout.col, e.key, u);
      if (clamp.applied === node.layout.span && clamp.reason) {
        const text = clampText(clamp, u);
        setClampNote(text);
        say(text);
        return true;
      }
      const outcome = run({ type: 'resize', id, span: clamp.applied });
      if (outcome.ok) {
        const n = outcome.state.draft.nodes[id] as FieldNode;
        say(`${movedText(n.layout, u)}${clamp.reason ? `（${clampText(clamp, u)}）` : ''}`);
        if (clamp.reason) setClampNote(clampText(clamp, u));
      }
      return true;
    }
    if (!e.shiftKey && !e.ctrlKey && !e.metaKey && ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(e.key)) {
      e.preventDefault();
      const next = neighbour(state.draft, id, e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 1);
      if (next) {
        store.set(select(state, [next]));
        focusNode(next);
        const n = state.draft.nodes[next] as FieldNode;
        say(`${n.field.fieldExplain}，${placeText(n.layout, u)}`);
      }
      return true;
    }
    if (e.key === 'Delete') {
      e.preventDefault();
      const ids = state.selection.includes(id) ? state.selection : [id];
      run({ type: 'remove', ids });
      return true;
    }
    return false;
  }, [store, run, say]);

  const coordinateGetter: KeyboardCoordinateGetter = useCallback((event, { currentCoordinates }) => {
    const t = targetRef.current;
    const { colPx, rowPx } = metrics.current;
    if (!t) return undefined;
    const u = unitOf(store.get().draft);
    if (event.shiftKey && (event.code === 'ArrowLeft' || event.code === 'ArrowRight')) {
      event.preventDefault();
      const clamp = stepSpan(spanRef.current ?? t.span, t.col, event.code, u);
      spanRef.current = clamp.requested;
      const next = { ...t, span: clamp.applied, clamp: clamp.reason === 'max' || clamp.reason === 'min' ? clamp : null };
      targetRef.current = next;
      setTarget(next);
      say(placeText(next, u) + (next.clamp ? `，${clampText(next.clamp, u)}` : ''));
      return undefined;
    }
    const step = stepPlace(t, event.code, u);
    if (keyboardPaletteRef.current) {
      if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.code)) return undefined;
      event.preventDefault();
      const clamp = clampSpan(spanRef.current ?? t.span, step.col, formColumns(store.get().draft.meta));
      const next: Target = { ...t, ...step, span: clamp.applied, clamp: clamp.reason === 'max' ? clamp : null };
      targetRef.current = next;
      setTarget(next);
      say(placeText(next, u) + (next.clamp ? `，${clampText(next.clamp, u)}` : ''));
      return undefined;
    }
    if (event.code === 'ArrowLeft' || event.code === 'ArrowRight' || event.code === 'ArrowUp' || event.code === 'ArrowDown') {
      return { x: currentCoordinates.x + ((step.col - t.col) / u) * colPx, y: currentCoordinates.y + (step.row - t.row) * rowPx };
    }
    return undefined;
  }, [store, say]);

  // the same options while the getter is the same: new options make new sensors, and new sensors a
  // new drag context, which re-renders every field card
  const keyboardOptions = useMemo(() => ({ coordinateGetter, keyboardCodes: KEYBOARD_CODES }), [coordinateGetter]);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, keyboardOptions));

  const gridOf = (group: string | null) => document.querySelector(`.wb-fd-grid[data-group="${CSS.escape(group ?? '')}"]`) as HTMLElement | null;

  const onDragStart = (e: DragStartEvent) => {
    const d = dragOf(e.active.data.current);
    setDrag(d);
    spanRef.current = null;
    keyboardPaletteRef.current = false;
    if (!d) return;
    const state = store.get();
    const u = unitOf(state.draft);
    if (d.type === 'column' && isKeyboard(e.activatorEvent)) {
      // picked up from the palette by the keyboard: it starts at the first free row of the main grid
      // (a line table's column goes to its child table on Enter)
      keyboardPaletteRef.current = true;
      const grid = gridOf(null);
      if (grid) metrics.current = { colPx: (grid.getBoundingClientRect().width / GRID_UNITS) * u, rowPx: ROW_PX };
      if (d.column.line) {
        targetRef.current = null;
        setTarget(null);
        say(tr('已拿起 {name}。回车添加到子表，Esc 取消', { name: d.column.field.fieldExplain }));
        return;
      }
      const t: Target = { group: null, row: gridRows(gridFields(state.draft, null)) - 2, col: 0, span: u, clamp: null };
      targetRef.current = t;
      setTarget(t);
      say(tr('已拿起 {name}，{place}。方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消', { name: d.column.field.fieldExplain, place: placeText(t, u) }));
      return;
    }
    if (d.type === 'field' || d.type === 'resize') {
      const n = state.draft.nodes[d.id] as FieldNode;
      const grid = gridOf(n.layout.group);
      if (grid) metrics.current = { colPx: (grid.getBoundingClientRect().width / GRID_UNITS) * u, rowPx: ROW_PX };
      const t: Target = { group: n.layout.group, row: n.layout.row, col: n.layout.col, span: n.layout.span, clamp: null };
      targetRef.current = t;
      setTarget(t);
      say(d.type === 'field'
        ? tr('已拿起 {name}，{place}。方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消', { name: n.field.fieldExplain, place: placeText(n.layout, u) })
        : tr('调整 {name} 的宽度：左右方向键，回车确定，Esc 取消', { name: n.field.fieldExplain }));
    } else {
      const grid = gridOf(activeGroup);
      if (grid) metrics.current = { colPx: (grid.getBoundingClientRect().width / GRID_UNITS) * u, rowPx: ROW_PX };
      targetRef.current = null;
      setTarget(null);
    }
  };

  const onDragMove = (e: DragMoveEvent) => {
    const d = dragOf(e.active.data.current);
    if (!d || keyboardPaletteRef.current) return;
    const state = store.get();
    const u = unitOf(state.draft);
    if (d.type === 'resize') {
      const n = state.draft.nodes[d.id] as FieldNode;
      const grid = gridOf(n.layout.group);
      const unitPx = grid ? grid.getBoundingClientRect().width / GRID_UNITS : 10;
      const requested = n.layout.span + Math.round(e.delta.x / (unitPx * u)) * u;
      const clamp = clampSpan(requested, n.layout.col, formColumns(state.draft.meta));
      const t: Target = { ...targetRef.current!, span: clamp.applied, clamp: clamp.reason === 'max' || clamp.reason === 'min' ? clamp : null };
      if (t.span !== targetRef.current?.span || !!t.clamp !== !!targetRef.current?.clamp) {
        targetRef.current = t;
        setTarget(t);
        say(placeText(t, u) + (t.clamp ? `，${clampText(t.clamp, u)}` : ''));
      }
      return;
    }
    const over = e.over;
    const rect = e.active.rect.current.translated;
    if (!over || !rect) {
      if (targetRef.current && d.type !== 'field') { targetRef.current = null; setTarget(null); }
      return;
    }
    const overId = String(over.id);
    if (overId.startsWith('on:')) {
      const t: Target = { group: null, row: 0, col: 0, span: 0, clamp: null, onField: overId.slice(3) };
      if (targetRef.current?.onField !== t.onField) { targetRef.current = t; setTarget(t); }
      return;
    }
    if (overId.startsWith('child:')) {
      const t: Target = { group: null, row: 0, col: 0, span: 0, clamp: null, childTable: overId.slice(6) };
      if (targetRef.current?.childTable !== t.childTable) { targetRef.current = t; setTarget(t); }
      return;
    }
    const group = (over.data.current as { group: string | null }).group;
    const place = placeAt(rect.left - over.rect.left, rect.top - over.rect.top, over.rect.width, ROW_PX, u);
    const wanted = spanRef.current ?? (d.type === 'field' ? (state.draft.nodes[d.id] as FieldNode).layout.span : u);
    const clamp = clampSpan(wanted, place.col, formColumns(state.draft.meta));
    const t: Target = { group, ...place, span: clamp.applied, clamp: clamp.reason === 'max' ? clamp : null };
    const before = targetRef.current;
    if (!before || before.group !== t.group || before.row !== t.row || before.col !== t.col || before.span !== t.span) {
      targetRef.current = t;
      setTarget(t);
      say(placeText(t, u) + (t.clamp ? `，${clampText(t.clamp, u)}` : ''));
    }
  };

  const finish = () => {
    targetRef.current = null;
    spanRef.current = null;
    setTarget(null);
    setDrag(null);
  };

  const onDragEnd = (e: DragEndEvent) => {
    const d = dragOf(e.active.data.current);
    const t = targetRef.current;
    const requested = spanRef.current;
    const viaKeyboard = keyboardPaletteRef.current;
    keyboardPaletteRef.current = false;
    finish();
    if (!d) return;
    const state = store.get();
    const u = unitOf(state.draft);
    const landed = (id: string, extra?: SpanClamp | null) => {
      const n = store.get().draft.nodes[id] as FieldNode | undefined;
      if (n) say(movedText(n.layout, u) + (extra ? `（${clampText(extra, u)}）` : ''));
      focusNode(id);
    };
    if (d.type === 'field') {
      if (!t || t.onField || t.childTable) return void say(tr('已取消移动'));
      const n = state.draft.nodes[d.id] as FieldNode;
      const moved = t.row !== n.layout.row || t.col !== n.layout.col || t.group !== n.layout.group;
      let ok = true;
      if (moved) ok = run({ type: 'move', id: d.id, to: { row: t.row, col: t.col, group: t.group } }).ok;
      const span = requested ?? t.span;
      let clamp: SpanClamp | null = null;
      if (ok && span !== (store.get().draft.nodes[d.id] as FieldNode).layout.span) {
        const r = run({ type: 'resize', id: d.id, span });
        clamp = r.ok ? r.clamp : null;
      }
      if (ok) landed(d.id, clamp ?? t.clamp);
      return;
    }
    if (d.type === 'resize') {
      if (!t) return;
      const n = state.draft.nodes[d.id] as FieldNode;
      if (t.span !== n.layout.span) {
        const r = run({ type: 'resize', id: d.id, span: t.span });
        if (r.ok) landed(d.id, r.clamp ?? t.clamp);
      } else if (t.clamp) {
        setClampNote(clampText(t.clamp, u));
        say(clampText(t.clamp, u));
      }
      return;
    }
    if (d.type === 'column') {
      if (!t && !(viaKeyboard && d.column.line)) return;
      if (t?.childTable) {
        const child = state.draft.nodes[t.childTable] as ChildTableNode;
        if (child.customTable !== d.column.table) return void message.warning(tr('该字段属于 {table}，不能放入此子表', { table: d.column.table }));
        const r = run({ type: 'add', node: { kind: 'column', parent: t.childTable, field: d.column.field } });
        if (r.ok) say(tr('已添加到子表 {name}', { name: child.label }));
        return;
      }
      if (t?.onField) return;
      if (d.column.line) {
        const childId = childTableNodeId(d.column.table);
        if (!state.draft.nodes[childId]) {
          const table = tables.find((x) => x.table === d.column.table);
          const r = run({ type: 'add', node: { kind: 'childTable', customTable: d.column.table, label: table?.label ?? d.column.table } });
          if (!r.ok) return;
        }
        const r = run({ type: 'add', node: { kind: 'column', parent: childId, field: d.column.field } });
        if (r.ok) say(tr('已添加到子表 {name}', { name: (store.get().draft.nodes[childId] as ChildTableNode).label }));
        return;
      }
      if (!t) return;
      const r = run({ type: 'add', node: { kind: 'field', field: d.column.field, at: { row: t.row, col: t.col, group: t.group, span: t.span } } });
      if (r.ok) {
        const id = Object.keys(r.state.draft.nodes).find((k) => !state.draft.nodes[k])!;
        store.set(select(store.get(), [id]));
        landed(id, r.clamp);
      }
      return;
    }
    if (d.type === 'kind') {
      if (!t?.onField) return void message.info(tr('把控件类型拖到画布上的字段上，以改变该字段的控件'));
      run({ type: 'set-property', id: t.onField, key: 'formSubmitType', value: d.kind }, 'canvas');
      say(tr('已改为 {kind}', { kind: d.label }));
      return;
    }
    if (d.item === 'tab') {
      if (!t || t.onField || t.childTable) return;
      const g = nextGroup(state.draft);
      const r = run({ type: 'add', node: { kind: 'tabGroup', key: g.key, label: g.label } });
      if (r.ok) { setActiveGroup(g.key); say(tr('已新增分组 {name}', { name: g.label })); }
      return;
    }
    if (!t?.onField) return void message.info(tr('把“整行”拖到字段上，使其占满整行'));
    const n = state.draft.nodes[t.onField] as FieldNode;
    const r = run({ type: 'resize', id: n.id, span: GRID_UNITS });
    if (r.ok) landed(n.id, r.clamp);
  };

  const onDragCancel = () => {
    keyboardPaletteRef.current = false;
    finish();
    say(tr('已取消'));
  };

  /** Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) in the area that has the focus. */
  const undoKeys = (scope: Scope) => (e: ReactKeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || targetRef.current) return;
    const key = e.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      e.preventDefault();
      e.stopPropagation();
      history(scope, key === 'y' || e.shiftKey ? 'redo' : 'undo');
    }
  };

  const onSet = useCallback((ids: string[], key: string, value: unknown, typing: string | null) => {
    if (ids.length === 1) run({ type: 'set-property', id: ids[0], key, value, ...(typing ? { typing } : {}) });
    else run({ type: 'batch-set-property', ids, key, value });
  }, [run]);
  const onReset = useCallback((ids: string[], p: ControlProperty) => {
    if (ids.length === 1) run({ type: 'set-property', id: ids[0], key: p.name, value: p.default });
    else run({ type: 'batch-set-property', ids, key: p.name, value: p.default });
  }, [run]);
  const onGroupLabel = useCallback((id: string, label: string, typing: string) => { run({ type: 'set-property', id, key: 'label', value: label, typing }); }, [run]);

  const api: Api = useMemo(() => ({ store, unit, run, selectField, keyDown }), [store, unit, run, selectField, keyDown]);
  const closeClamp = useCallback(() => setClampNote(null), []);

  return (
    <DndContext
      sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragMove={onDragMove} onDragEnd={onDragEnd} onDragCancel={onDragCancel}
      accessibility={{
        announcements: { onDragStart: () => undefined, onDragMove: () => undefined, onDragOver: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined },
        screenReaderInstructions: { draggable: tr('按空格键拿起，方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消。') },
      }}
    >
      <div className="wb-form-designer">
        <aside className="wb-fd-palette" aria-label={tr('组件面板')}>
          <Palette store={store} tables={tables} controls={controls} />
        </aside>
        <section className="wb-fd-canvas" aria-label={tr('画布')} onKeyDown={undoKeys('canvas')}>
          <CanvasSheet api={api} target={target} activeGroup={activeGroup} onGroup={setActiveGroup} clampNote={clampNote} onCloseClamp={closeClamp} onHistory={history} />
          <div id="wb-fd-instructions" hidden>{tr('按空格键拿起，方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消。')}</div>
          <LiveRegion show={show} />
        </section>
        <aside className="wb-fd-panel" aria-label={tr('属性面板')} onKeyDown={undoKeys('properties')}>
          <PanelUndo store={store} onHistory={history} />
          <PropertyPanel store={store} onSet={onSet} onReset={onReset} onGroupLabel={onGroupLabel} />
        </aside>
      </div>
      <DragOverlay dropAnimation={null}>
        {drag && drag.type !== 'field' && drag.type !== 'resize' ? (
          <div className="wb-fd-overlay">{drag.type === 'column' ? drag.column.field.fieldExplain : drag.type === 'kind' ? drag.label : drag.item === 'tab' ? tr('分组页签') : tr('整行')}</div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
});

/**
 * What the canvas shows of the draft: the undo bar, the grids (ungrouped, then the tab groups) and
 * the child tables. It subscribes to the draft itself, so a command re-renders it and not the
 * designer holding the drag context (whose re-render would re-render every field card).
 */
const CanvasSheet = memo(function CanvasSheet({ api, target, activeGroup, onGroup, clampNote, onCloseClamp, onHistory }: {
  api: Api; target: Target | null; activeGroup: string | null; onGroup(key: string): void;
  clampNote: string | null; onCloseClamp(): void; onHistory(scope: Scope, action: 'undo' | 'redo'): void;
}) {
  const tr = useTr();
  const { store } = api;
  const draft = useDesigner(store, (s) => s.draft);
  const groups = groupsOf(draft);
  const ungrouped = useMemo(() => gridFields(draft, null), [draft]);
  const fieldIds = (list: FieldNode[]) => list.map((n) => n.id);
  const ungroupedIds = useIdList(fieldIds(ungrouped));
  const currentGroup = activeGroup && groups.some((g) => g.key === activeGroup) ? activeGroup : groups[0]?.key ?? null;
  const grouped = useMemo(() => (currentGroup ? gridFields(draft, currentGroup) : []), [draft, currentGroup]);
  const groupedIds = useIdList(fieldIds(grouped));
  const canUndo = { canvas: useDesigner(store, (s) => s.history.canvas.undo.length), canvasRedo: useDesigner(store, (s) => s.history.canvas.redo.length) };
  const empty = formFieldNodes(draft).length === 0;
  const live = useLiveRecordSwitch(draft.meta);
  return (
    <>
      <div className="wb-fd-canvas-bar">
        <Space size={4}>
          <Button size="small" disabled={!canUndo.canvas} onClick={() => onHistory('canvas', 'undo')}>{tr('撤销')}</Button>
          <Button size="small" disabled={!canUndo.canvasRedo} onClick={() => onHistory('canvas', 'redo')}>{tr('重做')}</Button>
          <Tag>{tr('{n} 列', { n: GRID_UNITS / api.unit })}</Tag>
          {live.control}
        </Space>
        <Typography.Text type="secondary" className="wb-fd-hint">{tr('Tab 或方向键选择，空格拿起，方向键移动，Shift+方向键调宽，回车放下')}</Typography.Text>
      </div>
      {clampNote && <Alert className="wb-fd-clamp" type="warning" showIcon message={clampNote} closable onClose={() => onCloseClamp()} />}
      {empty && <Empty className="wb-fd-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={tr('从左侧拖入字段')} />}
      <LiveRecordProvider value={live.record}>
      <div className="wb-fd-sheet">
        <Grid group={null} api={api} ids={ungroupedIds} rows={gridRows(ungrouped)} target={target} />
        {groups.length > 0 && (
          <Tabs
            className="wb-fd-tabs" activeKey={currentGroup ?? undefined} onChange={onGroup}
            items={groups.map((g) => ({
              key: g.key,
              label: <span onClick={() => api.selectField(g.id, 'replace')} data-node={g.id}>{g.label}</span>,
              children: g.key === currentGroup ? <Grid group={g.key} api={api} ids={groupedIds} rows={gridRows(grouped)} target={target} /> : null,
            }))}
          />
        )}
        {draft.order.childTables.map((id) => <ChildTable key={id} id={id} api={api} />)}
      </div>
      </LiveRecordProvider>
    </>
  );
});

/** The panel's own undo and redo (its scope: property edits only). */
function PanelUndo({ store, onHistory }: { store: DesignerStore; onHistory(scope: Scope, action: 'undo' | 'redo'): void }) {
  const tr = useTr();
  const n = useDesigner(store, (s) => s.history.properties.undo.length);
  const m = useDesigner(store, (s) => s.history.properties.redo.length);
  return (
    <div className="wb-fd-panel-bar">
      <Typography.Text strong>{tr('属性')}</Typography.Text>
      <Space size={4}>
        <Button size="small" disabled={!n} onClick={() => onHistory('properties', 'undo')}>{tr('撤销')}</Button>
        <Button size="small" disabled={!m} onClick={() => onHistory('properties', 'redo')}>{tr('重做')}</Button>
      </Space>
    </div>
  );
}

/** The same array while its ids are the same (the grids re-render only when fields come, go or reorder). */
function useIdList(ids: string[]): string[] {
  const ref = useRef(ids);
  if (ref.current.length !== ids.length || ref.current.some((id, i) => id !== ids[i])) ref.current = ids;
  return ref.current;
}

export type { FieldDefinition };
