import { useEffect, useRef, useState } from 'react';
import { sameItems } from './store';

// The order of the field cards in the document (see canvas.tsx): when a card's element moves among
// its siblings, and how it moves.

/**
 * The cards' order in the document: their reading order, except that when only the order changed (a
 * card dropped on another row) the old order stays for the frame that shows the drop, and the new
 * one follows once that frame is painted. A card takes its place on the grid by its own style, so the
 * frame is right either way; moving its element among its siblings makes the browser style it again
 * and place every card of the grid anew (2–3 ms with 200 cards), which need not come between the
 * key and the field at its place. Cards that come or go (a field added, a scroll) change the order at
 * once.
 */
export function useSettledOrder(ids: readonly string[]): readonly string[] {
  const shown = useRef(ids);
  const [, settle] = useState(0);
  const prev = shown.current;
  let order = ids;
  if (prev.length === ids.length && !sameItems(prev, ids)) {
    const members = new Set(prev);
    if (ids.every((id) => members.has(id))) order = prev;
  }
  shown.current = order;
  const lagging = order !== ids;
  useEffect(() => {
    if (!lagging) return;
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        shown.current = ids;
        settle((n) => n + 1);
      }, 0);
    });
    return () => { cancelAnimationFrame(frame); clearTimeout(timer); };
  }, [lagging, ids]);
  return order;
}

type Mover = HTMLElement & { moveBefore?(node: Node, child: Node | null): void };

/**
 * Cards moved among their siblings keep their focus, where the browser can move an element without
 * taking it out of the document (`moveBefore`): React puts a card dropped on a later row in its new
 * reading order with `insertBefore`, which takes it out and back in — it loses the focus, and React
 * then gives it back, reading every scroll position above it and laying out the page once more in
 * the middle of the drop. Elsewhere the box moves its cards the usual way.
 */
export function movesKeepFocus(box: HTMLElement | null): void {
  const mover = box as Mover | null;
  if (!mover || typeof mover.moveBefore !== 'function') return;
  const move = (node: Node, child: Node | null): boolean => {
    if (node.parentNode !== mover || (child !== null && child.parentNode !== mover)) return false;
    try {
      mover.moveBefore!(node, child);
      return true;
    } catch {
      return false;
    }
  };
  mover.insertBefore = function insertBefore<T extends Node>(node: T, child: Node | null): T {
    return move(node, child) ? node : HTMLElement.prototype.insertBefore.call(this, node, child) as T;
  };
  mover.appendChild = function appendChild<T extends Node>(node: T): T {
    return move(node, null) ? node : HTMLElement.prototype.appendChild.call(this, node) as T;
  };
}
