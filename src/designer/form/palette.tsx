import { useDraggable, type DraggableAttributes } from '@dnd-kit/core';
import { Collapse, Typography } from 'antd';
import {
  createContext, useCallback, useContext, useLayoutEffect, useMemo, useRef,
  type KeyboardEvent as ReactKeyboardEvent, type PointerEvent as ReactPointerEvent, type ReactNode,
} from 'react';
import { kindChoices, useTr, type ControlRegistry } from '../../runtime';
import type { ControlKind } from '../../schema/field-definition';
import { paletteColumns, type PaletteColumn, type PaletteTable } from './model';
import { useDerived, type DesignerStore } from './store';

/**
 * The form designer's palette: the table's columns not yet placed (and each line table's), the
 * control kinds and the layout items, each draggable onto the canvas (form-designer.tsx).
 */

/** What is being dragged: a field on the canvas, its span handle, a palette column, a control kind or a layout item. */
export type Drag =
  | { type: 'field'; id: string }
  | { type: 'resize'; id: string }
  | { type: 'column'; column: PaletteColumn }
  | { type: 'kind'; kind: ControlKind; label: string }
  | { type: 'layout'; item: 'tab' | 'row' };

/** The drag a draggable's data describes, or null. */
export const dragOf = (data: unknown): Drag | null => (data && typeof data === 'object' && 'type' in data ? data as Drag : null);

/**
 * The listener of a drag source shared by many items (the palette's, the cards') that an item's
 * pointer-down or key-down is handed to; none for another event, or when a source already took this
 * one (an item inside another).
 */
export function sourceListener(listeners: ReturnType<typeof useDraggable>['listeners'], event: ReactPointerEvent | ReactKeyboardEvent): ((event: ReactPointerEvent | ReactKeyboardEvent) => void) | undefined {
  if ((event.nativeEvent as { dndKit?: unknown }).dndKit) return undefined;
  const listener = event.type === 'pointerdown' ? listeners?.onPointerDown : event.type === 'keydown' ? listeners?.onKeyDown : undefined;
  return listener as ((event: ReactPointerEvent | ReactKeyboardEvent) => void) | undefined;
}

/** What the palette's one drag source gives its items: their drag attributes, and the start of a drag. */
interface PaletteSource { attributes: DraggableAttributes; grab(event: ReactPointerEvent | ReactKeyboardEvent, drag: Drag, element: HTMLElement): void }
const PaletteSourceContext = createContext<PaletteSource | null>(null);

/**
 * The one @dnd-kit drag source of all the palette's items (id `palette`), as the field cards have
 * theirs: a drag hook re-renders its component on every change of the drag context (each pointer or
 * key move), so twenty items with a hook each were twenty renders a move. An item's pointer-down or
 * key-down names the item (the source's data, changed in place, and its node) and goes to the
 * source's listeners, so the sensors start the drag as if the item had its own hook. Only this
 * component re-renders while a drag moves; its items (its children) do not.
 */
function PaletteDragSource({ children }: { children: ReactNode }) {
  // the drag's data is the item's drag itself: the designer reads `active.data.current` as a Drag
  const live = useRef<Drag>({ type: 'layout', item: 'tab' }).current as Record<string, unknown>;
  const d = useDraggable({ id: 'palette', data: live });
  const node = useRef<HTMLElement | null>(null);
  const latest = useRef(d);
  latest.current = d;
  useLayoutEffect(() => { node.current?.classList.toggle('is-dragging', d.isDragging); }, [d.isDragging]);
  const grab = useCallback<PaletteSource['grab']>((event, drag, element) => {
    const { listeners, active, setNodeRef, setActivatorNodeRef } = latest.current;
    const handler = active ? undefined : sourceListener(listeners, event);
    if (!handler) return;
    for (const key of Object.keys(live)) delete live[key];
    Object.assign(live, drag);
    node.current = element;
    setNodeRef(element);
    setActivatorNodeRef(element);
    handler(event);
  }, [live]);
  // the attributes of an item at rest: the dragged one shows it by its class (set above)
  const { role, tabIndex, 'aria-roledescription': roleDescription, 'aria-describedby': describedBy, 'aria-disabled': disabled } = d.attributes;
  const value = useMemo<PaletteSource>(() => ({
    attributes: { role, tabIndex, 'aria-roledescription': roleDescription, 'aria-describedby': describedBy, 'aria-disabled': disabled, 'aria-pressed': undefined },
    grab,
  }), [role, tabIndex, roleDescription, describedBy, disabled, grab]);
  return <PaletteSourceContext.Provider value={value}>{children}</PaletteSourceContext.Provider>;
}

/** A palette item (a column, a control kind, a layout item): dragged through the palette's one source. */
function PaletteItem({ id, drag, children, hint }: { id: string; drag: Drag; children: ReactNode; hint?: string }) {
  const source = useContext(PaletteSourceContext);
  return (
    <div
      {...source?.attributes} className="wb-fd-palette-item" title={hint} data-palette={id}
      onPointerDown={(e) => source?.grab(e, drag, e.currentTarget)} onKeyDown={(e) => source?.grab(e, drag, e.currentTarget)}
    >
      {children}
    </div>
  );
}

type PaletteGroups = ReturnType<typeof paletteColumns>;

/** The ids of a node map as one string (by map: a command that changes a node and adds none keeps it the same). */
const idStrings = new WeakMap<object, string>();
function nodeIds(nodes: Record<string, unknown>): string {
  let ids = idStrings.get(nodes);
  if (ids === undefined) idStrings.set(nodes, (ids = Object.keys(nodes).join('\n')));
  return ids;
}
const samePalette = (a: PaletteGroups, b: PaletteGroups): boolean =>
  a.length === b.length && a.every((g, i) => g.table === b[i].table && g.columns.length === b[i].columns.length && g.columns.every((c, j) => c.key === b[i].columns[j].key));

export function Palette({ store, tables, controls }: { store: DesignerStore; tables: readonly PaletteTable[]; controls: ControlRegistry }) {
  const tr = useTr();
  // computed again when fields come or go, redrawn only when the columns offered change
  const groups = useDerived(store, (s) => [nodeIds(s.draft.nodes), s.draft.meta.customTable, tables], (s) => paletteColumns(s.draft, tables), samePalette);
  const main = useDerived(store, (s) => [s.draft.meta], (s) => s.draft.meta.customTable ?? null, Object.is);
  const kinds = useMemo(() => kindChoices(controls), [controls]);
  return (
    <PaletteDragSource>
    <Collapse
      size="small" className="wb-fd-palette-groups" defaultActiveKey={['columns', 'kinds', 'layout']}
      items={[
        {
          key: 'columns', label: tr('未放置的字段'),
          children: groups.length === 0 ? <Typography.Text type="secondary">{tr('数据源字段读取中或没有数据源')}</Typography.Text> : groups.map(({ table, columns }) => (
            <div key={table.table} className="wb-fd-palette-table">
              <div className="wb-fd-palette-caption">{table.label}{table.table !== main ? tr('（明细）') : ''}</div>
              {columns.length === 0 && <Typography.Text type="secondary" className="wb-fd-palette-none">{tr('已全部放置')}</Typography.Text>}
              {columns.map((c) => (
                <PaletteItem key={c.key} id={`col:${c.key}`} drag={{ type: 'column', column: c }}>{c.field.fieldExplain}<small>{c.field.fieldName}</small></PaletteItem>
              ))}
            </div>
          )),
        },
        {
          key: 'kinds', label: tr('控件类型'),
          children: (
            <>
              <Typography.Text type="secondary" className="wb-fd-palette-hint">{tr('拖到字段上改变其控件')}</Typography.Text>
              {kinds.map((k) => {
                const label = k.labels.map((l) => tr(l)).join(' / ');
                return (
                  <PaletteItem key={k.kind} id={`kind:${k.kind}`} drag={{ type: 'kind', kind: k.kind, label }}>
                    <span className="wb-fd-icon">{k.icon}</span>{label}
                  </PaletteItem>
                );
              })}
            </>
          ),
        },
        {
          key: 'layout', label: tr('布局'),
          children: (
            <>
              <PaletteItem id="layout:tab" drag={{ type: 'layout', item: 'tab' }} hint={tr('拖到画布上新增一个分组页签')}>{tr('分组页签')}</PaletteItem>
              <PaletteItem id="layout:row" drag={{ type: 'layout', item: 'row' }} hint={tr('拖到字段上使其占满整行')}>{tr('整行')}</PaletteItem>
            </>
          ),
        },
      ]}
    />
    </PaletteDragSource>
  );
}
