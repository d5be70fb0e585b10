import type { ColumnType } from 'antd/es/table';
import { useCallback, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore, type Key } from 'react';
import type { Tr } from '../runtime-context';
import type { Row } from './list-columns';
import type { PlainCells } from './plain-cells';
import { isPendingRow, rowKeyOf } from './use-list-data';

/** The selection column's width (px): antd's (its control height) with a bordered cell's padding on each side. */
export const SELECTION_COLUMN_WIDTH = 48;
const SELECTED_ROW = 'ant-table-row-selected';

export interface RowSelection {
  /** The rows chosen now, in the order they were chosen; only rows of the page shown. */
  selected(): Row[];
  /** The table's first column: a box per row, and one in the header that chooses or clears the rows loaded. */
  column: ColumnType<Row>;
  /** `rowClassName` of the table: a chosen row shows as antd shows a selected one. */
  rowClassName(row: Row): string;
  /** Chooses nothing (after an action on the rows, a reload). */
  clear(): void;
}

interface Chosen { rows: readonly Row[]; loaded: number; chosen: ReadonlyMap<Key, Row> }
const NOTHING: ReadonlyMap<Key, Row> = new Map();

/** The page's rows and those chosen, outside React: a box listens for its own row only. */
function chosenStore() {
  let state: Chosen = { rows: [], loaded: 0, chosen: NOTHING };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next: Chosen) {
      if (next === state) return;
      state = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void) { listeners.add(listener); return () => { listeners.delete(listener); }; },
  };
}
type ChosenStore = ReturnType<typeof chosenStore>;

/**
 * The list page's row selection, in place of antd's `rowSelection`. With antd's, a click on a box
 * draws the table again: its selection goes over every row of the page (an object per row for the
 * header box) and the new selection column makes antd copy the page's rows and rc-table go over them
 * again, which on a virtual page of 50,000 rows takes a good part of a second at a slow CPU. Here the
 * column and the row classes stay the same objects: the chosen rows are a store that each box
 * listens to, so a click draws the boxes whose state changed (and the header box), and the row's
 * chosen look is set on the row itself. Rows of a block not loaded yet cannot be chosen. Shift+click
 * chooses (or clears) the rows from the last one clicked to this one, as antd's does. A page that
 * changes (another page, a sort, a reload, a block coming in) keeps chosen only its rows still
 * there, as they are now.
 */
export function useRowSelection(rows: readonly Row[], plain: PlainCells, tr: Tr, fixedLeft: boolean): RowSelection {
  const [store] = useState(chosenStore);
  // the page index of the last box clicked: Shift+click goes from there
  const anchor = useRef<number | null>(null);
  // the rows changed: those chosen that are still on the page, as the page has them now
  useLayoutEffect(() => {
    const s = store.get();
    if (s.rows === rows) return;
    anchor.current = null;
    store.set({ rows, loaded: rows.reduce((n, r) => (isPendingRow(r) ? n : n + 1), 0), chosen: s.chosen.size === 0 ? NOTHING : stillThere(s.chosen, rows) });
  }, [rows, store]);

  const toggle = useCallback((row: Row, index: number, checked: boolean, shiftKey: boolean) => {
    const s = store.get();
    const next = new Map(s.chosen);
    const from = anchor.current;
    if (shiftKey && from !== null && from !== index && from < s.rows.length) {
      // the range takes the state of the box clicked; rows not loaded are skipped
      const [a, b] = from < index ? [from, index] : [index, from];
      for (let i = a; i <= b; i++) {
        const r = s.rows[i];
        if (!r || isPendingRow(r)) continue;
        if (checked) next.set(rowKeyOf(r), r); else next.delete(rowKeyOf(r));
      }
    } else if (checked) next.set(rowKeyOf(row), row);
    else next.delete(rowKeyOf(row));
    anchor.current = index;
    store.set({ ...s, chosen: next });
  }, [store]);

  const toggleAll = useCallback((checked: boolean) => {
    anchor.current = null;
    const s = store.get();
    store.set({ ...s, chosen: checked ? new Map(s.rows.filter((r) => !isPendingRow(r)).map((r) => [rowKeyOf(r), r])) : NOTHING });
  }, [store]);

  const clear = useCallback(() => {
    anchor.current = null;
    const s = store.get();
    if (s.chosen.size) store.set({ ...s, chosen: NOTHING });
  }, [store]);

  const column = useMemo<ColumnType<Row>>(() => ({
    key: '__selection',
    width: SELECTION_COLUMN_WIDTH,
    fixed: fixedLeft ? 'left' : undefined,
    className: 'ant-table-selection-column',
    title: <div className="ant-table-selection"><HeaderBox store={store} plain={plain} label={tr('全选')} onChange={toggleAll} /></div>,
    render: (_: unknown, row: Row, index: number) => (isPendingRow(row) ? null : <RowBox store={store} plain={plain} row={row} index={index} onChange={toggle} />),
  }), [store, plain, tr, fixedLeft, toggle, toggleAll]);

  const rowClassName = useCallback((row: Row) => (store.get().chosen.has(rowKeyOf(row)) ? SELECTED_ROW : ''), [store]);
  const selected = useCallback(() => [...store.get().chosen.values()], [store]);
  return { selected, column, rowClassName, clear };
}

/** A row's box: drawn again when its row is chosen or not, which it also shows on the row. */
function RowBox({ store, plain, row, index, onChange }: {
  store: ChosenStore; plain: PlainCells; row: Row; index: number; onChange(row: Row, index: number, checked: boolean, shiftKey: boolean): void;
}) {
  const key = rowKeyOf(row);
  const checked = useSyncExternalStore(store.subscribe, () => store.get().chosen.has(key));
  const box = useRef<HTMLLabelElement>(null);
  // the table sets the row's class when it draws the row (rowClassName); between, the box does (a
  // row drawn unchosen is left alone: rows scrolled into view mount a box each)
  const marked = useRef(false);
  useLayoutEffect(() => {
    if (marked.current === checked) return;
    marked.current = checked;
    box.current?.closest('.ant-table-row')?.classList.toggle(SELECTED_ROW, checked);
  }, [checked]);
  return plain.checkbox({ checked, boxRef: box, onChange: (to, shiftKey) => onChange(row, index, to, shiftKey) });
}

/** The header's box: checked when every loaded row is chosen, partly when some are. */
function HeaderBox({ store, plain, label, onChange }: { store: ChosenStore; plain: PlainCells; label: string; onChange(checked: boolean): void }) {
  const shown = useSyncExternalStore(store.subscribe, () => {
    const { loaded, chosen } = store.get();
    return loaded === 0 ? 'none' : chosen.size === loaded ? 'all' : chosen.size > 0 ? 'some' : 'empty';
  });
  return plain.checkbox({ checked: shown === 'all', indeterminate: shown === 'some', disabled: shown === 'none', label, onChange: (to) => onChange(to) });
}

/** The chosen rows that are on the page, as the page has them now (in the order they were chosen). */
function stillThere(chosen: ReadonlyMap<Key, Row>, rows: readonly Row[]): ReadonlyMap<Key, Row> {
  const byKey = new Map<Key, Row>();
  for (const r of rows) if (!isPendingRow(r)) { const k = rowKeyOf(r); if (chosen.has(k)) byKey.set(k, r); }
  const next = new Map<Key, Row>();
  for (const k of chosen.keys()) { const r = byKey.get(k); if (r) next.set(k, r); }
  return next;
}
