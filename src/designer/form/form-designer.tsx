// The form designer: the @dnd-kit context with its sensors, collision rules and drag handlers, the
// keyboard pick-up state, the commands and the undo keys. Over 500 lines on purpose: the drag
// handlers, the keyboard coordinate getter and the key handler share the refs of the one drag under
// way (its target, its span, a palette pick-up), which a split would have to pass around. The canvas
// it draws (grids, field cards, child tables) is canvas.tsx; the palette, the property panel, the
// store, 实时数据, the live region and the pure placement rules live in palette.tsx, property-panel.tsx,
// store.ts, live-record.tsx, live-region.tsx and model.ts.
import {
  DndContext, DragOverlay, PointerSensor, pointerWithin, rectIntersection, useDraggable, useSensor, useSensors,
  type CollisionDetection, type DragEndEvent, type DragMoveEvent, type DragStartEvent, type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { App as AntApp, Button, Space, Typography } from 'antd';
import {
  memo, useCallback, useLayoutEffect, useMemo, useRef, useState,
  type KeyboardEvent as ReactKeyboardEvent, type MutableRefObject, type PointerEvent as ReactPointerEvent,
} from 'react';
import { useControls, useTr, type Row } from '../../runtime';
import type { ControlProperty } from '../../schema/control-properties';
import { childTableNodeId, type ChildTableNode, type DesignDraft, type FieldNode } from '../../schema/design-nodes';
import type { Scope } from '../../schema/design-history';
import type { FieldDefinition } from '../../schema/field-definition';
import { formColumns } from '../../schema/form-controls';
import { GRID_UNITS, clampSpan, type SpanClamp } from '../../schema/layout-rules';
import { execute, redo, select, undo, type DesignerState, type Outcome } from '../engine/designer';
import { occupantOf, type Command } from '../engine/commands';
import { CanvasCards, CanvasSheet, ROW_PX, createMarks, type Api, type Target } from './canvas';
import {
  clampText, columnLabel, gridFields, gridRows, groupLabel, joinedText, movedText, neighbour, removedText, nextGroup, occupiedText, placeAt, placeText, stepPlace, stepSpan, unitOf,
  type PaletteTable,
} from './model';
import { Palette as PaletteBody, dragOf, sourceListener, type Drag } from './palette';
import { PropertyPanel as PropertyPanelBody } from './property-panel';
import { PromptKeyboardSensor, type PromptKeyboardOptions } from '../keyboard-sensor';
import { isTextBox } from '../list/design-session';
import './form-designer.css';
import { createStore, useDesigner, type DesignerStore } from './store';
import { LiveRegion, useAnnouncer } from './live-region';

export { ROW_PX };

/** The one @dnd-kit drag source of all the field cards and their span handles: what it gives a card to start a drag. */
interface CardSource { setNode(el: HTMLElement): void; listeners: ReturnType<typeof useDraggable>['listeners']; data: { type: 'field' | 'resize'; id: string } }

/**
 * Registers the cards' drag source (id `card`) and hands its listeners to the designer. A card's
 * pointer-down or key-down names the card (the source's data, changed in place, and its node) and
 * goes to these listeners, so the sensors start the drag as if the card had its own hook.
 */
function CardDragSource({ source }: { source: MutableRefObject<CardSource | null> }) {
  const data = useRef<CardSource['data']>({ type: 'field', id: '' }).current;
  const d = useDraggable({ id: 'card', data });
  const { setNodeRef, setActivatorNodeRef, listeners } = d;
  useLayoutEffect(() => {
    source.current = { setNode: (el) => { setNodeRef(el); setActivatorNodeRef(el); }, listeners, data };
  }, [source, setNodeRef, setActivatorNodeRef, listeners, data]);
  return null;
}

/** The palette and the panel re-render for what they subscribe to, not for every render of the designer around them. */
const Palette = memo(PaletteBody);
const PropertyPanel = memo(PropertyPanelBody);

const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Enter', 'Space'] };

const isKeyboard = (event: Event | null): boolean => typeof KeyboardEvent !== 'undefined' && event instanceof KeyboardEvent;

/**
 * Which drop areas a drag may land on: fields and columns on grids (and child tables); kinds and 整行
 * on a grid too, where the field under the pointer takes them (`fieldAt`).
 */
const collision: CollisionDetection = (args) => {
  const drag = dragOf(args.active.data.current);
  const accepted = args.droppableContainers.filter((c) => {
    const id = String(c.id);
    if (!drag) return false;
    if (drag.type === 'column') return id.startsWith('grid:') || id.startsWith('child:');
    if (drag.type === 'resize') return false;
    return id.startsWith('grid:');
  });
  const scoped = { ...args, droppableContainers: accepted };
  const byPointer = pointerWithin(scoped);
  return byPointer.length ? byPointer : rectIntersection(scoped);
};

/** Whether a drag drops on a field (a control kind changes its kind, 整行 makes it a full row). */
const dropsOnField = (d: Drag): boolean => d.type === 'kind' || (d.type === 'layout' && d.item === 'row');

/** The field card at a point of the screen, if any. */
function fieldAt(x: number, y: number): string | null {
  for (const el of document.elementsFromPoint(x, y)) {
    const card = (el as HTMLElement).closest?.('.wb-fd-field') as HTMLElement | null;
    if (card?.dataset.node) return card.dataset.node;
  }
  return null;
}

/**
 * Where the pointer of a drag is, followed from its start (the drag's delta is adjusted for scrolling
 * and cannot give it); a keyboard drag has none and is placed by its item's centre.
 */
function followPointer(start: Event | null): { at(e: DragMoveEvent): { x: number; y: number } | null; stop(): void } {
  let last = start && 'clientX' in start ? { x: (start as PointerEvent).clientX, y: (start as PointerEvent).clientY } : null;
  const move = (e: PointerEvent) => { last = { x: e.clientX, y: e.clientY }; };
  if (last) window.addEventListener('pointermove', move, { passive: true, capture: true });
  return {
    at(e) {
      if (last) return last;
      const r = e.active.rect.current.translated;
      return r ? { x: r.left + r.width / 2, y: r.top + r.height / 2 } : null;
    },
    stop: () => window.removeEventListener('pointermove', move, { capture: true }),
  };
}

/** What the screen reader says of a target: its place (in its tab group), a clamp, a field already there. */
const targetText = (t: Target, u: number, draft: DesignDraft, tr: ReturnType<typeof useTr>): string =>
  joinedText([placeText(t, u, groupLabel(draft, t.group), tr), t.clamp && clampText(t.clamp, u, tr), t.occupiedBy && occupiedText(t.occupiedBy, tr)], tr);

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
  /**
   * A card picked up by the keyboard: each arrow steps its place from the place shown (within its
   * grid), not from the rects dnd-kit measured at the pick-up, which a shift of the page since then
   * would put a row off. The overlay still follows by the same step (and dnd-kit scrolls it into
   * view); its rects decide only a move into another grid.
   */
  const keyboardCardRef = useRef(false);
  /** The card being dragged and the card a kind is over: each card subscribes to its own mark. */
  const marks = useMemo(createMarks, []);
  const hosts = useMemo(() => createStore<Record<string, HTMLElement>>({}), []);
  const live = useMemo(() => createStore<Row | null>(null), []);
  const source = useRef<CardSource | null>(null);
  /** A drag is under way (from its start to its end or cancel). */
  const dragging = useRef(false);
  const pointer = useRef<ReturnType<typeof followPointer> | null>(null);
  /** The drag under way, and whether a keyboard drop has already done its work (see `dropByKey`). */
  const activeDrag = useRef<Drag | null>(null);
  const landedRef = useRef(false);
  const dropRef = useRef<() => boolean>(() => false);

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
      const text = clampText(outcome.clamp, unitOf(outcome.state.draft), tr);
      setClampNote(text);
      message.warning(text);
    } else if (command.type === 'move' || command.type === 'resize' || command.type === 'add') setClampNote(null);
    return outcome;
  }, [store, commit, message, say, tr]);

  const history = useCallback((scope: Scope, action: 'undo' | 'redo') => {
    const outcome = (action === 'undo' ? undo : redo)(store.get(), scope);
    if (!outcome.ok) { message.info(outcome.refusal.message); return; }
    commit(outcome.state);
    say(action === 'undo' ? tr('已撤销') : tr('已重做'));
  }, [store, commit, message, say, tr]);

  const selectField = useCallback((id: string, mode: 'replace' | 'toggle') => store.set(select(store.get(), [id], mode)), [store]);

  /** The target with the field already at its place, if any (not the one being moved): the ghost and the announcement say a drop there is refused. */
  const located = useCallback((t: Target): Target => {
    // a resize stops at its neighbour (reported as a clamp when dropped), it is not refused
    if (marks.get().dragging && source.current?.data.type === 'resize') return t;
    const other = occupantOf(store.get().draft, t, marks.get().dragging);
    return other ? { ...t, occupiedBy: other.field.fieldExplain } : t;
  }, [store, marks]);

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
        const text = clampText(clamp, u, tr);
        setClampNote(text);
        say(text);
        return true;
      }
      const outcome = run({ type: 'resize', id, span: clamp.applied });
      if (outcome.ok) {
        const n = outcome.state.draft.nodes[id] as FieldNode;
        say(movedText(n.layout, u, groupLabel(outcome.state.draft, n.layout.group), tr, clamp.reason ? clamp : null));
        if (clamp.reason) setClampNote(clampText(clamp, u, tr));
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
        say(joinedText([n.field.fieldExplain, placeText(n.layout, u, groupLabel(state.draft, n.layout.group), tr)], tr));
      }
      return true;
    }
    if (e.key === 'Delete') {
      e.preventDefault();
      const ids = state.selection.includes(id) ? state.selection : [id];
      const labels = ids.map((x) => state.draft.nodes[x]).map((n) => (n?.kind === 'field' || n?.kind === 'column' ? n.field.fieldExplain : n && 'label' in n ? n.label : ''));
      if (run({ type: 'remove', ids }).ok) say(removedText(labels, tr));
      return true;
    }
    return false;
  }, [store, run, say, tr]);

  const coordinateGetter: KeyboardCoordinateGetter = useCallback((event, { currentCoordinates }) => {
    const t = targetRef.current;
    const { colPx, rowPx } = metrics.current;
    if (!t) return undefined;
    const u = unitOf(store.get().draft);
    if (event.shiftKey && (event.code === 'ArrowLeft' || event.code === 'ArrowRight')) {
      event.preventDefault();
      const clamp = stepSpan(spanRef.current ?? t.span, t.col, event.code, u);
      spanRef.current = clamp.requested;
      const next = located({ ...t, span: clamp.applied, clamp: clamp.reason === 'max' || clamp.reason === 'min' ? clamp : null, occupiedBy: undefined });
      targetRef.current = next;
      setTarget(next);
      say(targetText(next, u, store.get().draft, tr));
      return undefined;
    }
    const step = stepPlace(t, event.code, u);
    const arrow = event.code === 'ArrowLeft' || event.code === 'ArrowRight' || event.code === 'ArrowUp' || event.code === 'ArrowDown';
    const d = activeDrag.current;
    if (keyboardCardRef.current && arrow && d?.type === 'field' && !t.onField && !t.childTable) {
      event.preventDefault();
      const wanted = spanRef.current ?? (store.get().draft.nodes[d.id] as FieldNode | undefined)?.layout.span ?? t.span;
      const clamp = clampSpan(wanted, step.col, formColumns(store.get().draft.meta));
      const next: Target = located({ ...t, ...step, span: clamp.applied, clamp: clamp.reason === 'max' ? clamp : null, occupiedBy: undefined });
      targetRef.current = next;
      setTarget(next);
      say(targetText(next, u, store.get().draft, tr));
      return { x: currentCoordinates.x + ((step.col - t.col) / u) * colPx, y: currentCoordinates.y + (step.row - t.row) * rowPx };
    }
    if (keyboardPaletteRef.current) {
      if (!['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown'].includes(event.code)) return undefined;
      event.preventDefault();
      const clamp = clampSpan(spanRef.current ?? t.span, step.col, formColumns(store.get().draft.meta));
      const next: Target = located({ ...t, ...step, span: clamp.applied, clamp: clamp.reason === 'max' ? clamp : null, occupiedBy: undefined });
      targetRef.current = next;
      setTarget(next);
      say(targetText(next, u, store.get().draft, tr));
      return undefined;
    }
    if (arrow) {
      return { x: currentCoordinates.x + ((step.col - t.col) / u) * colPx, y: currentCoordinates.y + (step.row - t.row) * rowPx };
    }
    return undefined;
  }, [store, say, located, tr]);

  // the same options while the getter is the same: new options make new sensors, and new sensors a
  // new drag context, which re-renders every field card
  const keyboardOptions = useMemo<PromptKeyboardOptions>(() => ({ coordinateGetter, keyboardCodes: KEYBOARD_CODES, onDrop: () => dropRef.current() }), [coordinateGetter]);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(PromptKeyboardSensor, keyboardOptions));

  /** A card's pointer-down or key-down to the cards' drag source (not while a drag is under way or another source took the event). */
  const grab = useCallback((event: ReactPointerEvent | ReactKeyboardEvent, drag: { type: 'field' | 'resize'; id: string }, element: HTMLElement) => {
    const s = source.current;
    const handler = s && !dragging.current ? sourceListener(s.listeners, event) : undefined;
    if (!s || !handler) return;
    s.data.type = drag.type;
    s.data.id = drag.id;
    s.setNode(element);
    handler(event);
  }, []);

  const gridOf = (group: string | null) => document.querySelector(`.wb-fd-grid[data-group="${CSS.escape(group ?? '')}"]`) as HTMLElement | null;

  const onDragStart = (e: DragStartEvent) => {
    const d = dragOf(e.active.data.current);
    activeDrag.current = d;
    dragging.current = true;
    pointer.current?.stop();
    pointer.current = followPointer(e.activatorEvent);
    setDrag(d);
    if (d?.type === 'field' || d?.type === 'resize') marks.set({ dragging: d.id, over: null });
    spanRef.current = null;
    keyboardPaletteRef.current = false;
    keyboardCardRef.current = d?.type === 'field' && isKeyboard(e.activatorEvent);
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
      say(tr('已拿起 {name}，{place}。方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消', { name: d.column.field.fieldExplain, place: placeText(t, u, null, tr) }));
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
        ? tr('已拿起 {name}，{place}。方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消', { name: n.field.fieldExplain, place: placeText(n.layout, u, groupLabel(state.draft, n.layout.group), tr) })
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
    // a keyboard drop has landed (`dropByKey`): the drag only waits for its end, and a move then (the
    // page scrolling to the landed card) must not show or say a target again
    if (!d || keyboardPaletteRef.current || landedRef.current) return;
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
        say(targetText(t, u, store.get().draft, tr));
      }
      return;
    }
    const over = e.over;
    const rect = e.active.rect.current.translated;
    if (dropsOnField(d)) {
      const at = over ? pointer.current?.at(e) ?? null : null;
      const id = at ? fieldAt(at.x, at.y) : null;
      if ((targetRef.current?.onField ?? null) !== id) {
        const t: Target | null = id ? { group: null, row: 0, col: 0, span: 0, clamp: null, onField: id } : null;
        targetRef.current = t;
        setTarget(t);
        marks.set({ ...marks.get(), over: id });
      }
      return;
    }
    if (!over || !rect) {
      if (targetRef.current && d.type !== 'field') { targetRef.current = null; setTarget(null); }
      return;
    }
    const overId = String(over.id);
    if (overId.startsWith('child:')) {
      const t: Target = { group: null, row: 0, col: 0, span: 0, clamp: null, childTable: overId.slice(6) };
      if (targetRef.current?.childTable !== t.childTable) { targetRef.current = t; setTarget(t); }
      return;
    }
    const group = (over.data.current as { group: string | null }).group;
    // a card stepped by the keyboard has its place from the arrows (`coordinateGetter`) while it stays in its grid
    if (keyboardCardRef.current && targetRef.current && !targetRef.current.onField && !targetRef.current.childTable && targetRef.current.group === group) return;
    const place = placeAt(rect.left - over.rect.left, rect.top - over.rect.top, over.rect.width, ROW_PX, u);
    const wanted = spanRef.current ?? (d.type === 'field' ? (state.draft.nodes[d.id] as FieldNode).layout.span : u);
    const clamp = clampSpan(wanted, place.col, formColumns(state.draft.meta));
    const t: Target = { group, ...place, span: clamp.applied, clamp: clamp.reason === 'max' ? clamp : null };
    const before = targetRef.current;
    if (!before || before.group !== t.group || before.row !== t.row || before.col !== t.col || before.span !== t.span) {
      const shown = located(t);
      targetRef.current = shown;
      setTarget(shown);
      say(targetText(shown, u, store.get().draft, tr));
    }
  };

  const finish = () => {
    dragging.current = false;
    keyboardCardRef.current = false;
    activeDrag.current = null;
    pointer.current?.stop();
    pointer.current = null;
    targetRef.current = null;
    spanRef.current = null;
    setTarget(null);
    setDrag(null);
    marks.set({ dragging: null, over: null });
  };

  const onDragEnd = (e: DragEndEvent) => {
    const d = dragOf(e.active.data.current);
    const t = targetRef.current;
    const requested = spanRef.current;
    const viaKeyboard = keyboardPaletteRef.current;
    keyboardPaletteRef.current = false;
    const shown = landedRef.current;
    landedRef.current = false;
    finish();
    if (d && !shown) land(d, t, requested, viaKeyboard);
  };

  /**
   * A drop by the keyboard (Enter), at its key: the drop's command now, so that the field is at its
   * place in the next frame; dnd-kit ends its drag after that frame (`PromptKeyboardSensor`), and
   * `onDragEnd` then only clears the drag.
   */
  const dropByKey = (): boolean => {
    const d = activeDrag.current;
    if (!d || landedRef.current) return false;
    const t = targetRef.current;
    const requested = spanRef.current;
    const viaKeyboard = keyboardPaletteRef.current;
    keyboardPaletteRef.current = false;
    landedRef.current = true;
    // the keys are the canvas's again (the ghost stays until dnd-kit's end)
    targetRef.current = null;
    spanRef.current = null;
    marks.set({ dragging: null, over: null });
    land(d, t, requested, viaKeyboard);
    return true;
  };
  dropRef.current = dropByKey;

  /** What a drop does: the command of drag `d` at target `t`, and what is said of it. */
  const land = (d: Drag, t: Target | null, requested: number | null, viaKeyboard: boolean) => {
    const state = store.get();
    const u = unitOf(state.draft);
    const landed = (id: string, extra?: SpanClamp | null) => {
      const now = store.get().draft;
      const n = now.nodes[id] as FieldNode | undefined;
      if (n) say(movedText(n.layout, u, groupLabel(now, n.layout.group), tr, extra ?? null));
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
        setClampNote(clampText(t.clamp, u, tr));
        say(clampText(t.clamp, u, tr));
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
    const shown = landedRef.current;
    landedRef.current = false;
    finish();
    if (!shown) say(tr('已取消'));
  };

  /** Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) in the area that has the focus. */
  const undoKeys = useCallback((scope: Scope, e: ReactKeyboardEvent) => {
    // a property's box (标题 …) undoes in the panel's history, its typing included; any other text
    // box (搜索属性, a dialog's) keeps Ctrl+Z its own: it takes back what was typed there
    if (!(e.ctrlKey || e.metaKey) || targetRef.current || (isTextBox(e.target) && !(e.target as Element).closest('.wb-fd-panel .ant-formily-item'))) return;
    const key = e.key.toLowerCase();
    if (key === 'z' || key === 'y') {
      e.preventDefault();
      e.stopPropagation();
      history(scope, key === 'y' || e.shiftKey ? 'redo' : 'undo');
    }
  }, [history]);
  const canvasKeys = useCallback((e: ReactKeyboardEvent) => undoKeys('canvas', e), [undoKeys]);
  const panelKeys = useCallback((e: ReactKeyboardEvent) => undoKeys('properties', e), [undoKeys]);

  const onSet = useCallback((ids: string[], key: string, value: unknown, typing: string | null): string | null => {
    const outcome = ids.length === 1 ? run({ type: 'set-property', id: ids[0], key, value, ...(typing ? { typing } : {}) }) : run({ type: 'batch-set-property', ids, key, value });
    return outcome.ok ? null : outcome.refusal.message;
  }, [run]);
  const onReset = useCallback((ids: string[], p: ControlProperty) => {
    // 标题 has no default of its own: each field gets back the label its data-source column has
    const draft = store.get().draft;
    const own = (id: string): unknown => {
      const n = draft.nodes[id];
      return p.name === 'fieldExplain' && n && (n.kind === 'field' || n.kind === 'column') ? columnLabel(draft, tables, n) : p.default;
    };
    if (ids.length === 1) run({ type: 'set-property', id: ids[0], key: p.name, value: own(ids[0]) });
    else run({ type: 'batch-set-property', ids, key: p.name, value: p.default, values: Object.fromEntries(ids.map((id) => [id, own(id)])) });
  }, [run, store, tables]);
  const onGroupLabel = useCallback((id: string, label: string, typing: string) => { run({ type: 'set-property', id, key: 'label', value: label, typing }); }, [run]);

  const api: Api = useMemo(() => ({ store, marks, hosts, live, unit, run, selectField, say, keyDown, grab }), [store, marks, hosts, live, unit, run, selectField, say, keyDown, grab]);
  const closeClamp = useCallback(() => setClampNote(null), []);

  // the drag context holds the palette and the canvas's drop areas only: the property panel and the
  // field cards (CanvasCards, put into the grids by portals) are outside it, so that a drag's changes
  // of the context do not make React walk them (see canvas.tsx)
  return (
    <div className="wb-form-designer">
      <DndContext
        sensors={sensors} collisionDetection={collision} onDragStart={onDragStart} onDragMove={onDragMove} onDragEnd={onDragEnd} onDragCancel={onDragCancel}
        accessibility={{
          announcements: { onDragStart: () => undefined, onDragMove: () => undefined, onDragOver: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined },
          screenReaderInstructions: { draggable: tr('按空格键拿起，方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消。') },
        }}
      >
        <CardDragSource source={source} />
        <aside className="wb-fd-palette" aria-label={tr('组件面板')}>
          <Palette store={store} tables={tables} controls={controls} />
        </aside>
        <section className="wb-fd-canvas" aria-label={tr('画布')} onKeyDown={canvasKeys}>
          <CanvasSheet api={api} target={target} activeGroup={activeGroup} onGroup={setActiveGroup} clampNote={clampNote} onCloseClamp={closeClamp} onHistory={history} />
          <div id="wb-fd-instructions" hidden>{tr('按空格键拿起，方向键移动一格，Shift+方向键调整宽度，回车放下，Esc 取消。')}</div>
          <LiveRegion show={show} />
        </section>
        <div className="wb-fd-overlay-layer"><div className="wb-fd-overlay-box">
          <DragOverlay dropAnimation={null}>
            {drag && drag.type !== 'field' && drag.type !== 'resize' ? (
              <div className="wb-fd-overlay">{drag.type === 'column' ? drag.column.field.fieldExplain : drag.type === 'kind' ? drag.label : drag.item === 'tab' ? tr('分组页签') : tr('整行')}</div>
            ) : null}
          </DragOverlay>
        </div></div>
      </DndContext>
      <aside className="wb-fd-panel" aria-label={tr('属性面板')} onKeyDown={panelKeys}>
        <div className="wb-fd-panel-scroll">
          <PanelUndo store={store} onHistory={history} />
          <PropertyPanel store={store} onSet={onSet} onReset={onReset} onGroupLabel={onGroupLabel} />
        </div>
      </aside>
      <CanvasCards api={api} onKeyDown={canvasKeys} />
    </div>
  );
});

/** The panel's own undo and redo (its scope: property edits only); not drawn again for each step of a drag. */
const PanelUndo = memo(function PanelUndo({ store, onHistory }: { store: DesignerStore; onHistory(scope: Scope, action: 'undo' | 'redo'): void }) {
  const tr = useTr();
  const canUndo = useDesigner(store, (s) => s.history.properties.undo.length > 0);
  const canRedo = useDesigner(store, (s) => s.history.properties.redo.length > 0);
  return (
    <div className="wb-fd-panel-bar">
      <Typography.Text strong>{tr('属性')}</Typography.Text>
      <Space size={4}>
        <Button size="small" disabled={!canUndo} onClick={() => onHistory('properties', 'undo')}>{tr('撤销')}</Button>
        <Button size="small" disabled={!canRedo} onClick={() => onHistory('properties', 'redo')}>{tr('重做')}</Button>
      </Space>
    </div>
  );
});

export type { FieldDefinition };
