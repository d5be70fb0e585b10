import type { PointerEvent as ReactPointerEvent } from 'react';
import { COLUMN_WIDTH, COLUMN_WIDTH_STEP } from '../schema/layout-rules';

/**
 * A column's right edge dragged to change its width: the list designer's header cells and the form
 * designer's child-table columns. The width follows the pointer while it is pressed (`onLive`), kept
 * within `min`–`max`; at the release one `onWidth` (one command, one undo step) if it changed.
 */
export interface EdgeDrag {
  /** The width when the drag starts (px of the runtime's table). */
  width: number;
  min: number;
  max?: number;
  /** Screen px per px of width: a table drawn narrower than the runtime's. */
  scale?: number;
  /** The width while dragging; null when the drag ends. */
  onLive(width: number | null): void;
  onWidth(width: number): void;
}

const within = (width: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(width)));

/** Starts dragging a column's edge from its pointer-down (which starts nothing else: no sort, no selection). */
export function dragColumnEdge(e: ReactPointerEvent, drag: EdgeDrag): void {
  e.stopPropagation();
  e.preventDefault();
  const { width, min, max = COLUMN_WIDTH.max, scale = 1 } = drag;
  const x = e.clientX;
  let now = width;
  const move = (ev: PointerEvent) => {
    const next = within(width + (ev.clientX - x) / scale, min, max);
    if (next === now) return;
    now = next;
    drag.onLive(now);
  };
  const up = () => {
    window.removeEventListener('pointermove', move);
    window.removeEventListener('pointerup', up);
    window.removeEventListener('pointercancel', up);
    drag.onLive(null);
    // one undo step per drag
    if (now !== width) drag.onWidth(now);
  };
  window.addEventListener('pointermove', move);
  window.addEventListener('pointerup', up);
  window.addEventListener('pointercancel', up);
}

/** A column's width one keyboard step (←/→) narrower or wider, kept within `min`–`max`. */
export const stepColumnWidth = (width: number, key: 'ArrowLeft' | 'ArrowRight', min: number, max: number = COLUMN_WIDTH.max): number =>
  within(width + (key === 'ArrowRight' ? COLUMN_WIDTH_STEP : -COLUMN_WIDTH_STEP), min, max);
