import {
  DndContext, PointerSensor, closestCenter, useDroppable, useSensor, useSensors,
  type DragEndEvent, type DragOverEvent, type DragStartEvent, type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { SortableContext, horizontalListSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { SearchOutlined } from '@ant-design/icons';
import { Tag, Typography } from 'antd';
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { useTr } from '../../runtime';
import type { Tr } from '../../runtime/runtime-context';
import type { ColumnNode } from '../../schema/design-nodes';
import { CHILD_COLUMN_MIN_WIDTH, COLUMN_WIDTH, childColumnWidth } from '../../schema/layout-rules';
import { dragColumnEdge, stepColumnWidth } from '../column-resize';
import { PromptKeyboardSensor } from '../keyboard-sensor';
import type { Api } from './canvas';
import { fieldFlags, joinedText } from './model';
import { sameItems, useDerived, useNode } from './store';

/**
 * A child table of a master-child form on the canvas, edited in place: its columns as the header of
 * the runtime's line table (序号, then each column as wide as it will be drawn, scaled down a little
 * when the canvas is narrower, scrolled sideways when much wider). A column is moved by dragging its
 * cell or by the keyboard (Space picks it up, ←/→ one place, Enter drops, Esc cancels): one `reorder`
 * command, one undo step. Its right edge dragged, or Shift+←/→ on it, changes its 列宽 (one
 * `set-property` on the canvas's undo). A line-table column dropped from the palette is added (the
 * drop area is the form designer's, see `land`).
 */

/** The 序号 column the runtime draws before the columns (child-table.tsx of the runtime). */
const INDEX_WIDTH = 70;
/** The most a table is scaled down to fit the canvas; a wider one scrolls. */
const MIN_SCALE = 0.8;
const KEYBOARD_CODES = { start: ['Space'], cancel: ['Escape'], end: ['Enter', 'Space'] };
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const NO_ANNOUNCEMENTS = { onDragStart: () => undefined, onDragMove: () => undefined, onDragOver: () => undefined, onDragEnd: () => undefined, onDragCancel: () => undefined };

/** What a screen reader hears of a column: its label, place, width and marks. */
function columnText(c: ColumnNode, index: number, width: number, tr: Tr): string {
  const f = c.field;
  return joinedText([
    f.fieldExplain, tr('第{n}列', { n: index + 1 }), tr('列宽 {n}', { n: width }), f.irequired ? tr('必填') : null, f.itotal ? tr('合计') : null,
    hasPicker(f) ? tr('弹窗') : null, ...fieldFlags(f).map((x) => tr(x)),
  ], tr);
}

const hasPicker = (f: ColumnNode['field']): boolean => f.cgFormatResId !== null && f.cgFormatResId !== undefined && f.cgFormatResId !== '';

interface CellProps {
  column: ColumnNode;
  index: number;
  width: number;
  scale: number;
  selected: boolean;
  api: Api;
  onLive(id: string, width: number | null): void;
  onKey(column: ColumnNode, index: number, e: ReactKeyboardEvent): boolean;
}

/** One column's header cell: sortable (pointer and keyboard), its right edge resizes it. */
const ColumnCell = memo(function ColumnCell({ column, index, width, scale, selected, api, onLive, onKey }: CellProps) {
  const tr = useTr();
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: column.id });
  const f = column.field;
  const flags = fieldFlags(f);
  return (
    <div
      ref={setNodeRef} {...attributes}
      aria-roledescription={tr('可拖动的列')} aria-label={columnText(column, index, width, tr) + (selected ? tr('，已选中') : '')} aria-pressed={selected}
      data-node={column.id} data-field={f.fieldName}
      className={`wb-fd-child-col${selected ? ' is-selected' : ''}${isDragging ? ' is-dragging' : ''}${flags.length ? ' is-hidden' : ''}`}
      style={{ width: Math.round(width * scale), transform: CSS.Translate.toString(transform), transition }}
      title={`${f.fieldExplain} · ${tr('列宽 {n}', { n: width })}`}
      onPointerDown={(e) => listeners?.onPointerDown?.(e)}
      onKeyDown={(e) => { if (!onKey(column, index, e)) listeners?.onKeyDown?.(e); }}
      onClick={(e) => api.selectField(column.id, e.shiftKey || e.ctrlKey || e.metaKey ? 'toggle' : 'replace')}
    >
      {f.irequired && <span className="wb-fd-required" aria-hidden>*</span>}
      {flags.map((x) => <Tag key={x} className="wb-fd-flag">{tr(x)}</Tag>)}
      <span className="wb-fd-child-label">{f.fieldExplain}</span>
      {f.itotal && <span className="wb-fd-child-mark" title={tr('合计')} aria-hidden>Σ</span>}
      {hasPicker(f) && <SearchOutlined className="wb-fd-child-mark" title={tr('弹窗')} aria-hidden />}
      <span
        role="separator" aria-orientation="vertical" aria-label={tr('调整列宽：{name}', { name: f.fieldExplain })}
        aria-valuenow={width} aria-valuemin={CHILD_COLUMN_MIN_WIDTH} aria-valuemax={COLUMN_WIDTH.max}
        className="wb-fd-child-resize" title={tr('拖动调整列宽')}
        onPointerDown={(e) => dragColumnEdge(e, {
          width, min: CHILD_COLUMN_MIN_WIDTH, scale,
          onLive: (w) => onLive(column.id, w),
          onWidth: (w) => {
            if (api.run({ type: 'set-property', id: column.id, key: 'columnWidth', value: w }, 'canvas').ok) api.say(tr('{name} 列宽 {n}', { name: f.fieldExplain, n: w }));
          },
        })}
        onClick={(e) => e.stopPropagation()}
      />
    </div>
  );
});

/** The width the table's box offers (null until measured, or where nothing measures, as in jsdom). */
function useBoxWidth(): [(el: HTMLDivElement | null) => void, number | null] {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, width];
}

/** A child table of a master-child form, edited in place (see the top of this file). */
export const ChildTable = memo(function ChildTable({ id, api }: { id: string; api: Api }) {
  const node = useNode(api.store, id);
  const columns = useDerived(
    api.store, (s) => [s.draft.order.children[id], s.draft.nodes],
    (s) => (s.draft.order.children[id] ?? []).map((col) => s.draft.nodes[col] as ColumnNode), sameItems,
  );
  const selected = useDerived(api.store, (s) => [s.selection, s.draft.order.children[id]], (s) => (s.draft.order.children[id] ?? []).filter((col) => s.selection.includes(col)), sameItems);
  const drop = useDroppable({ id: `child:${id}`, data: { childTable: id } });
  const tr = useTr();
  const { say, run, store } = api;
  const [live, setLive] = useState<{ id: string; width: number } | null>(null);
  const [box, available] = useBoxWidth();
  const ids = useMemo(() => columns.map((c) => c.id), [columns]);
  const idsRef = useRef(ids);
  idsRef.current = ids;
  /** The place a column picked up by the keyboard would be dropped at (null: no keyboard drag). */
  const keyIndex = useRef<number | null>(null);
  const dragging = useRef(false);
  const overRef = useRef<string | null>(null);

  const widths = columns.map((c) => childColumnWidth(c.field));
  // the scale from the stored widths: a width changing under the pointer does not rescale the table
  const total = INDEX_WIDTH + widths.reduce((s, w) => s + w, 0);
  const scale = !available || total <= available ? 1 : Math.max(MIN_SCALE, available / total);

  const labelOf = useCallback((col: string) => (store.get().draft.nodes[col] as ColumnNode | undefined)?.field.fieldExplain ?? col, [store]);
  const focusCell = (col: string) => requestAnimationFrame(() => (document.querySelector(`.wb-fd-child-col[data-node="${globalThis.CSS.escape(col)}"]`) as HTMLElement | null)?.focus());

  const coordinateGetter: KeyboardCoordinateGetter = useCallback((event, { context, currentCoordinates }) => {
    const from = keyIndex.current;
    if (from === null || (event.code !== 'ArrowLeft' && event.code !== 'ArrowRight')) return undefined;
    event.preventDefault();
    if (event.shiftKey) return undefined;
    const list = idsRef.current;
    const to = Math.max(0, Math.min(list.length - 1, from + (event.code === 'ArrowRight' ? 1 : -1)));
    if (to === from) {
      say(to === 0 ? tr('已是第1列') : tr('已是最后一列（第{n}列）', { n: to + 1 }));
      return undefined;
    }
    keyIndex.current = to;
    say(tr('第{n}列', { n: to + 1 }));
    // the dragged cell's centre onto the centre of the cell at that place (as the layout had it at the pick-up)
    const rect = context.droppableRects.get(list[to]);
    const at = context.collisionRect;
    if (!rect || !at) return undefined;
    return { x: currentCoordinates.x + rect.left + rect.width / 2 - (at.left + at.width / 2), y: currentCoordinates.y };
  }, [say, tr]);
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(PromptKeyboardSensor, { coordinateGetter, keyboardCodes: KEYBOARD_CODES }),
  );

  const onDragStart = (e: DragStartEvent) => {
    const col = String(e.active.id);
    const index = idsRef.current.indexOf(col);
    dragging.current = true;
    overRef.current = col;
    const keyboard = typeof KeyboardEvent !== 'undefined' && e.activatorEvent instanceof KeyboardEvent;
    keyIndex.current = keyboard ? index : null;
    api.selectField(col, 'replace');
    say(keyboard
      ? tr('已拿起 {name}，第{n}列。左右方向键移动一列，回车放下，Esc 取消', { name: labelOf(col), n: index + 1 })
      : tr('已拿起 {name}，第{n}列', { name: labelOf(col), n: index + 1 }));
  };
  const onDragOver = (e: DragOverEvent) => {
    // the keyboard's place is said by its arrows
    if (keyIndex.current !== null || !e.over || String(e.over.id) === overRef.current) return;
    overRef.current = String(e.over.id);
    const index = idsRef.current.indexOf(overRef.current);
    if (index >= 0) say(tr('第{n}列', { n: index + 1 }));
  };
  const onDragEnd = (e: DragEndEvent) => {
    const col = String(e.active.id);
    const from = idsRef.current.indexOf(col);
    const to = keyIndex.current ?? (e.over ? idsRef.current.indexOf(String(e.over.id)) : -1);
    keyIndex.current = null;
    dragging.current = false;
    overRef.current = null;
    if (to < 0) return void say(tr('已取消移动'));
    if (to !== from) {
      const outcome = run({ type: 'reorder', id: col, index: to }, 'canvas');
      if (!outcome.ok) return;
    }
    say(tr('已移动到第{n}列', { n: to + 1 }));
    focusCell(col);
  };
  const onDragCancel = () => {
    keyIndex.current = null;
    dragging.current = false;
    overRef.current = null;
    say(tr('已取消移动'));
  };

  /** Keys on a column not picked up: Shift+←/→ change its width, ←/→ go to the next column, Enter selects it. */
  const onKey = useCallback((column: ColumnNode, index: number, e: ReactKeyboardEvent): boolean => {
    if (dragging.current || e.ctrlKey || e.metaKey || e.altKey) return false;
    const f = column.field;
    if (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      const now = childColumnWidth(f);
      const next = stepColumnWidth(now, e.key, CHILD_COLUMN_MIN_WIDTH);
      if (next === now) say(e.key === 'ArrowLeft' ? tr('列宽已是最小 {n}', { n: now }) : tr('列宽已是最大 {n}', { n: now }));
      else if (run({ type: 'set-property', id: column.id, key: 'columnWidth', value: next }, 'canvas').ok) say(tr('{name} 列宽 {n}', { name: f.fieldExplain, n: next }));
      return true;
    }
    if (!e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      e.preventDefault();
      const next = idsRef.current[index + (e.key === 'ArrowRight' ? 1 : -1)];
      if (next) {
        api.selectField(next, 'replace');
        focusCell(next);
        const n = store.get().draft.nodes[next] as ColumnNode;
        say(columnText(n, idsRef.current.indexOf(next), childColumnWidth(n.field), tr));
      }
      return true;
    }
    if (e.key === 'Enter') {
      e.preventDefault();
      api.selectField(column.id, 'replace');
      return true;
    }
    return false;
  }, [api, run, say, store, tr]);
  const onLive = useCallback((col: string, width: number | null) => setLive(width === null ? null : { id: col, width }), []);

  if (!node || node.kind !== 'childTable') return null;
  return (
    <div ref={drop.setNodeRef} className={`wb-fd-child${drop.isOver ? ' is-over' : ''}`} data-node={id}>
      <div className="wb-fd-child-title">
        {tr('子表：{name}', { name: node.label })}
        {live && <Tag className="wb-fd-child-live" color="blue">{tr('{name} 列宽 {n}', { name: labelOf(live.id), n: live.width })}</Tag>}
      </div>
      {columns.length === 0 ? <Typography.Text type="secondary">{tr('从左侧拖入明细表的字段')}</Typography.Text> : (
        <div className="wb-fd-child-scroll" ref={box}>
          <DndContext
            sensors={sensors} collisionDetection={closestCenter} onDragStart={onDragStart} onDragOver={onDragOver} onDragEnd={onDragEnd} onDragCancel={onDragCancel}
            accessibility={{ announcements: NO_ANNOUNCEMENTS, screenReaderInstructions: { draggable: tr('按空格键拿起，左右方向键移动一列，回车放下，Esc 取消；Shift+左右方向键调整列宽。') } }}
          >
            <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
              <div className="wb-fd-child-cols" role="group" aria-label={tr('子表：{name}', { name: node.label })}>
                <div className="wb-fd-child-index" aria-hidden style={{ width: Math.round(INDEX_WIDTH * scale) }}>{tr('序号')}</div>
                {columns.map((c, i) => (
                  <ColumnCell
                    key={c.id} column={c} index={i} width={live?.id === c.id ? live.width : widths[i]} scale={scale}
                    selected={selected.includes(c.id)} api={api} onLive={onLive} onKey={onKey}
                  />
                ))}
              </div>
            </SortableContext>
          </DndContext>
        </div>
      )}
    </div>
  );
});
