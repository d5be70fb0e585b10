import { useDraggable } from '@dnd-kit/core';
import { Collapse, Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { paletteOf, useTr, type ControlRegistry } from '../../runtime';
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

/** A palette item (a column, a control kind, a layout item). */
function PaletteItem({ id, drag, children, hint }: { id: string; drag: Drag; children: ReactNode; hint?: string }) {
  const d = useDraggable({ id, data: drag });
  return (
    <div ref={d.setNodeRef} {...d.attributes} {...d.listeners} className={`wb-fd-palette-item${d.isDragging ? ' is-dragging' : ''}`} title={hint} data-palette={id}>
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
  const kinds = useMemo(() => paletteOf(controls), [controls]);
  return (
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
              {kinds.map((k) => (
                <PaletteItem key={k.kind} id={`kind:${k.kind}`} drag={{ type: 'kind', kind: k.kind, label: k.label }}>
                  <span className="wb-fd-icon">{k.icon}</span>{tr(k.label)}
                </PaletteItem>
              ))}
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
  );
}
