import { App as AntApp, Button, Input, Space, Table, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { HolderOutlined } from '@ant-design/icons';
import { DndContext, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { createContext, memo, useContext, useMemo, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import {
  CHILD_MESSAGES, addUnique, cellProblem, childTotals, copyRows, emptyRow, insertAt, moveRow, removeRows, type ChildRow,
} from '../../schema/child-rows';
import type { DefaultContext } from '../../schema/defaults';
import { trMessage } from '../schema-messages';
import type { FieldDefinition } from '../../schema/field-definition';
import { componentOf, placeholderOf } from '../../schema/form-controls';
import { childColumnWidth } from '../../schema/layout-rules';
import { formatValue } from '../../schema/value-formats';
import { MaterialPicker } from '../picker/material-picker';
import { useControls, type ControlRegistry } from '../controls';
import { WeighPicker, type WeighPick } from '../picker/weigh-picker';
import { useTr } from '../runtime-context';

/**
 * The rows of a child table as a reactive store: each cell subscribes to its own row, so typing in
 * one cell re-renders that cell only (a 300-row document stays responsive).
 */
export interface ChildStore { rows: ChildRow[]; errors: Record<string, string> }
export function createChildStore(rows: ChildRow[]): ChildStore {
  return proxy<ChildStore>({ rows, errors: {} });
}
const errorKey = (rowKey: string, field: string) => `${rowKey}:${field}`;
/** Past this many lines the table is virtualised. */
export const VIRTUAL_FROM = 50;

/** One cell of the table: its control's editable cell (its message in a tooltip), or its read-only cell. */
const Cell = memo(function Cell({ store, row, field, fields, table, editable, controls }: {
  store: ChildStore; row: ChildRow; field: FieldDefinition; fields: readonly FieldDefinition[]; table: string | null; editable: boolean; controls: ControlRegistry;
}) {
  const snap = useSnapshot(row);
  const errors = useSnapshot(store.errors);
  const value = snap[field.fieldName];
  const tr = useTr();
  const error = errors[errorKey(row.rowKey, field.fieldName)];
  const descriptor = controls[componentOf(field)];
  if (!editable) return <descriptor.ReadCell field={field} value={value} />;
  const set = (v: unknown) => { row[field.fieldName] = v; };
  const check = () => {
    const message = cellProblem(field, row[field.fieldName], row, fields, table);
    if (message) store.errors[errorKey(row.rowKey, field.fieldName)] = message;
    else delete store.errors[errorKey(row.rowKey, field.fieldName)];
  };
  // an empty cell shows the field's 提示文字 as the form's box does (else its control's own: 请选择…)
  const placeholder = placeholderOf(field);
  const common = { status: error ? 'error' as const : undefined, onBlur: check, 'data-cell': field.fieldName, style: { width: '100%' }, ...(placeholder ? { placeholder } : {}) };
  const control = <descriptor.Cell field={field} value={value} row={row} set={set} check={check} common={common} tr={tr} />;
  return error && descriptor.cellMessage ? <Tooltip title={trMessage(tr, error)} open color="red" placement="bottom">{control}</Tooltip> : control;
});

/** Drag sorting (dnd-kit): each row is sortable, its handle carries the drag listeners. */
const DragHandleContext = createContext<{ setActivatorNodeRef?(el: HTMLElement | null): void; listeners?: Record<string, unknown> }>({});
function SortableRow(props: React.HTMLAttributes<HTMLTableRowElement> & { 'data-row-key': string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props['data-row-key'] });
  const style: React.CSSProperties = {
    ...props.style,
    transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
    ...(isDragging ? { position: 'relative', zIndex: 9, background: '#e6f4ff' } : {}),
  };
  const handle = useMemo(() => ({ setActivatorNodeRef, listeners: listeners as Record<string, unknown> }), [setActivatorNodeRef, listeners]);
  return (
    <DragHandleContext.Provider value={handle}>
      <tr {...props} ref={setNodeRef} style={style} {...attributes} />
    </DragHandleContext.Provider>
  );
}
function DragHandle() {
  const { setActivatorNodeRef, listeners } = useContext(DragHandleContext);
  return <HolderOutlined ref={setActivatorNodeRef} className="wb-drag-handle" aria-label="拖动排序" style={{ cursor: 'move' }} {...listeners} />;
}

/**
 * The row-position box of the sort column (spec 001 §5: a number 0..rows-1 moves the row there),
 * empty until typed: the 序号 beside it is the row's number, counted from 1 and never typed.
 */
function PositionCell({ store, rowKey, count }: { store: ChildStore; rowKey: string; count: number }) {
  const tr = useTr();
  const [text, setText] = useState('');
  const commit = () => {
    if (text === '') return;
    const moved = moveRow(store.rows, rowKey, Number(text));
    if (moved) store.rows = moved;
    setText('');
  };
  return (
    <Input
      size="small" aria-label="行位置" placeholder={tr('移至')} title={tr('输入 0–{max} 移动此行', { max: count - 1 })} value={text} style={{ width: 48 }}
      onChange={(e) => setText(e.target.value.replace(/\D+/g, ''))} onBlur={commit} onPressEnter={commit}
    />
  );
}

/**
 * The editable child table (spec 001 §2 screen 3): 新增行 / 删除 / 复制 buttons, selection and index
 * columns, cells checked on blur, and the 合计 row for itotal fields.
 */
export function ChildTable({ store, fields, table, label, editable, buttons = true, allowCopy = true, singleChild = false, defaults, weighPick }: {
  store: ChildStore; fields: FieldDefinition[]; label: string; editable: boolean; buttons?: boolean; allowCopy?: boolean; singleChild?: boolean;
  /** The line table's name (the child list's `customTable`): the record's rules of its cells are by table (record-rules.ts). */
  table: string | null;
  /** Lines that settle weigh records (a `weighId` field): 选择磅单 reads the weigh records offered. */
  weighPick?: WeighPick;
  /** The form's default context: a new row resolves its fields' defaults (macros, relative dates) with it. */
  defaults?: DefaultContext;
}) {
  const { message, modal } = AntApp.useApp();
  const tr = useTr();
  const controls = useControls();
  const snap = useSnapshot(store);
  const [selected, setSelected] = useState<string[]>([]);
  const [picking, setPicking] = useState(false);
  // lines naming a material (invName) can be added from the material picker, each material once
  const materialField = fields.some((f) => f.fieldName === 'invName') ? 'invName' : null;
  const addMaterials = (picked: Record<string, unknown>[]) => {
    setPicking(false);
    const made = picked.map((m) => {
      const row = emptyRow(fields, defaults);
      for (const f of fields) if (m[f.fieldName] !== undefined && f.fieldName !== 'id') row[f.fieldName] = m[f.fieldName];
      return row;
    });
    const before = store.rows.length;
    store.rows = addUnique(store.rows, made, materialField!);
    const skipped = made.length - (store.rows.length - before);
    if (skipped > 0) message.info(tr('已跳过 {n} 个已在明细中的物料', { n: skipped }));
  };
  const [pickingWeighs, setPickingWeighs] = useState(false);
  const addWeighs = (picked: Record<string, unknown>[]) => {
    setPickingWeighs(false);
    const made = picked.map((w) => {
      const row = emptyRow(fields, defaults);
      for (const f of fields) if (w[f.fieldName] !== undefined && f.fieldName !== 'id') row[f.fieldName] = w[f.fieldName];
      return row;
    });
    // a line with neither a weigh record nor a ticket number (the empty one 新增行 or the new form added) makes way for the picked ones
    const filled = (v: unknown) => v !== null && v !== undefined && v !== '';
    const kept = store.rows.filter((r) => filled(r.weighId) || filled(r.billCode));
    store.rows = addUnique(kept, made, 'weighId');
  };
  const shown = useMemo(() => fields.filter((f) => f.ishow !== false && !f.ihidden).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0)), [fields]);
  const keys = snap.rows.map((r) => r.rowKey);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- rebuilt when the set or order of rows changes, not on every keystroke
  const data = useMemo(() => store.rows.map((row, index) => ({ key: row.rowKey, row, index })), [keys.join(',')]);
  const totals = shown.some((f) => f.itotal) ? childTotals(snap.rows as ChildRow[], shown) : null;

  const add = () => {
    if (singleChild && store.rows.length >= 1) return void message.warning(tr(CHILD_MESSAGES.singleChild));
    store.rows.push(emptyRow(fields, defaults));
  };
  /** An empty row above the chosen one (the position of the first selected row). */
  const insert = () => {
    if (selected.length === 0) return void message.warning(tr(CHILD_MESSAGES.selectOne));
    if (singleChild && store.rows.length >= 1) return void message.warning(tr(CHILD_MESSAGES.singleChild));
    const at = Math.min(...selected.map((key) => store.rows.findIndex((r) => r.rowKey === key)).filter((i) => i >= 0));
    store.rows = insertAt(store.rows, at, [emptyRow(fields, defaults)]);
  };
  const remove = () => {
    if (selected.length === 0) return void message.warning(tr(CHILD_MESSAGES.selectOne));
    modal.confirm({
      title: tr('温馨提示'), content: tr(CHILD_MESSAGES.deleteConfirm), okText: tr('确定'), cancelText: tr('取消'), type: 'warning',
      onOk: () => { store.rows = removeRows(store.rows, selected); setSelected([]); },
    });
  };
  const copy = () => {
    if (singleChild) return void message.warning(tr(CHILD_MESSAGES.singleChild));
    const result = copyRows(store.rows, selected);
    if (typeof result === 'string') return void message.warning(tr(result));
    store.rows = result;
  };

  type Item = (typeof data)[number];
  // dragging works on the rendered rows; a long table (virtualised) is reordered by the typed position
  const draggable = editable && data.length <= VIRTUAL_FROM;
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = store.rows.findIndex((r) => r.rowKey === over.id);
    const moved = moveRow(store.rows, String(active.id), to);
    if (moved) store.rows = moved;
  };
  const columns: ColumnType<Item>[] = [
    // the sort column: the drag handle (a short table) and the typed position (any table)
    ...(editable ? [{
      key: 'sort', title: '', width: draggable ? 90 : 60, align: 'center' as const,
      render: (_: unknown, item: Item) => <Space size={4}>{draggable && <DragHandle />}<PositionCell store={store} rowKey={item.key} count={data.length} /></Space>,
    }] : []),
    // the row's number by its position (1, 2, 3 …), renumbered as rows are added, removed and moved
    { key: '#', title: tr('序号'), width: 70, align: 'center' as const, render: (_: unknown, item) => <span className="wb-row-number">{item.index + 1}</span> },
    ...shown.map((f): ColumnType<Item> => ({
      key: f.fieldName,
      title: f.irequired ? <span><span className="wb-required">*</span>{f.fieldExplain}</span> : f.fieldExplain,
      width: childColumnWidth(f),
      render: (_: unknown, item) => <Cell store={store} row={item.row} field={f} fields={fields} table={table} editable={editable && f.iupdate !== false} controls={controls} />,
    })),
  ];

  return (
    <div className="wb-child-table">
      <div className="wb-child-head">
        <strong>{label}</strong>
        {editable && buttons && (
          <Space>
            <Button size="small" type="primary" onClick={add}>{tr('新增行')}</Button>
            <Button size="small" onClick={insert}>{tr('插入行')}</Button>
            {weighPick ? <Button size="small" onClick={() => setPickingWeighs(true)}>{tr('选择磅单')}</Button>
              : materialField && <Button size="small" onClick={() => setPicking(true)}>{tr('选择物料')}</Button>}
            {allowCopy && <Button size="small" onClick={copy}>{tr('复制')}</Button>}
            <Button size="small" danger onClick={remove}>{tr('删除')}</Button>
          </Space>
        )}
      </div>
      {materialField && <MaterialPicker open={picking} onClose={() => setPicking(false)} onConfirm={addMaterials} />}
      {weighPick && <WeighPicker open={pickingWeighs} pick={weighPick} onClose={() => setPickingWeighs(false)} onConfirm={addWeighs} />}
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy}>
      <Table<Item>
        size="small" bordered pagination={false} columns={columns} dataSource={data} rowKey="key"
        components={draggable ? { body: { row: SortableRow } } : undefined}
        scroll={{ x: 'max-content', y: 400 }} virtual={data.length > VIRTUAL_FROM}
        rowSelection={editable ? { selectedRowKeys: selected, onChange: (k) => setSelected(k.map(String)) } : undefined}
        summary={() => totals === null ? null : (
          <Table.Summary fixed>
            <Table.Summary.Row>
              {editable && <Table.Summary.Cell index={0} />}
              {editable && <Table.Summary.Cell index={1} />}
              <Table.Summary.Cell index={2}>{tr('合计')}</Table.Summary.Cell>
              {shown.map((f, i) => (
                <Table.Summary.Cell key={f.fieldName} index={i + 3} align="right">{f.itotal ? formatValue(f.cgValFormat?.valFormatFun, totals[f.fieldName]) : ''}</Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
      />
      </SortableContext>
      </DndContext>
    </div>
  );
}
