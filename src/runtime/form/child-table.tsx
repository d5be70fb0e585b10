import { App as AntApp, Button, DatePicker, Input, InputNumber, Select, Space, Table, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table';
import dayjs from 'dayjs';
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
import { componentOf } from '../../schema/form-schema';
import { formatValue } from '../../schema/value-formats';
import { MaterialPicker } from '../picker/material-picker';
import { PickerCell } from '../picker/picker-cell';
import { ImageUploadBase, ImageView } from './image-upload';
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

const Cell = memo(function Cell({ store, row, field, editable }: { store: ChildStore; row: ChildRow; field: FieldDefinition; editable: boolean }) {
  const snap = useSnapshot(row);
  const errors = useSnapshot(store.errors);
  const value = snap[field.fieldName];
  const tr = useTr();
  const error = errors[errorKey(row.rowKey, field.fieldName)];
  const set = (v: unknown) => { row[field.fieldName] = v; };
  const check = () => {
    const message = cellProblem(field, row[field.fieldName]);
    if (message) store.errors[errorKey(row.rowKey, field.fieldName)] = message;
    else delete store.errors[errorKey(row.rowKey, field.fieldName)];
  };
  const kind = componentOf(field);
  // images: thumbnails opening 图片查看; uploaded in place when the cell is editable
  if (kind === 'ImageUpload') {
    return editable ? <ImageUploadBase value={value as string | null} onChange={(v) => set(v)} /> : <ImageView value={value as string | null} />;
  }
  // calculated cells are shown, never typed: they follow the row's other cells
  if (!editable || kind === 'Display') return <span className={kind === 'Display' ? 'wb-cell-calculated' : undefined} data-cell={field.fieldName}>{formatValue(field.cgValFormat?.valFormatFun, value)}</span>;
  const status = error ? 'error' : undefined;
  const common = { status, onBlur: check, 'data-cell': field.fieldName, style: { width: '100%' } } as const;
  const options = (field.options ?? field.enumOptions ?? []).map((o) => ({ label: o.label, value: o.value as string }));
  let control: React.ReactNode;
  switch (kind) {
    case 'NumberInput':
      control = <InputNumber {...common} stringMode value={value as string | null} onChange={(v) => set(v)} />;
      break;
    case 'Picker':
      // the pick fills the row's mapped cells too (a registry line's notice brings its vendor and material)
      // checked when a pick lands, not on blur: opening the popup blurs the cell, and the message would replace the cell (and its popup)
      control = <PickerCell {...common} onBlur={undefined} field={field} value={value} row={row} onChange={(values) => { Object.assign(row, values); check(); }} />;
      break;
    case 'Select':
      control = <Select {...common} allowClear options={options} value={value as string | null} onChange={(v) => { set(v ?? null); check(); }} />;
      break;
    case 'YesNo':
      control = <Select {...common} options={[{ label: tr('是'), value: 'true' }, { label: tr('否'), value: 'false' }]} value={value === null || value === undefined ? null : String(value)} onChange={(v) => { set(v === 'true'); check(); }} />;
      break;
    case 'Date':
    case 'DateTime':
      control = (
        <DatePicker
          {...common} showTime={componentOf(field) === 'DateTime'} value={value ? dayjs(String(value)) : null}
          onChange={(d) => { set(d ? d.format(componentOf(field) === 'DateTime' ? 'YYYY-MM-DD HH:mm:ss' : 'YYYY-MM-DD') : null); check(); }}
        />
      );
      break;
    default:
      control = <Input {...common} value={(value as string | null) ?? ''} onChange={(e) => set(e.target.value)} />;
  }
  return error ? <Tooltip title={trMessage(tr, error)} open color="red" placement="bottom">{control}</Tooltip> : control;
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

/** The 序号 cell: typing a number 0..rows-1 moves the row there. */
function IndexCell({ store, rowKey, index }: { store: ChildStore; rowKey: string; index: number }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const moved = moveRow(store.rows, rowKey, Number(text));
    if (moved) store.rows = moved;
    setText(null);
  };
  return (
    <Input
      size="small" aria-label="行位置" value={text ?? String(index)} style={{ width: 48 }}
      onChange={(e) => setText(e.target.value.replace(/\D+/g, ''))} onBlur={commit} onPressEnter={commit}
    />
  );
}

/**
 * The editable child table (spec 001 §2 screen 3): 新增行 / 删除 / 复制 buttons, selection and index
 * columns, cells checked on blur, and the 合计 row for itotal fields.
 */
export function ChildTable({ store, fields, label, editable, buttons = true, allowCopy = true, singleChild = false, defaults }: {
  store: ChildStore; fields: FieldDefinition[]; label: string; editable: boolean; buttons?: boolean; allowCopy?: boolean; singleChild?: boolean;
  /** The form's default context: a new row resolves its fields' defaults (macros, relative dates) with it. */
  defaults?: DefaultContext;
}) {
  const { message, modal } = AntApp.useApp();
  const tr = useTr();
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
    ...(draggable ? [{ key: 'sort', title: '', width: 36, align: 'center' as const, render: () => <DragHandle /> }] : []),
    { key: '#', title: tr('序号'), width: 70, render: (_: unknown, item) => (editable ? <IndexCell store={store} rowKey={item.key} index={item.index} /> : item.index + 1) },
    ...shown.map((f): ColumnType<Item> => ({
      key: f.fieldName,
      title: f.irequired ? <span><span className="wb-required">*</span>{f.fieldExplain}</span> : f.fieldExplain,
      width: Math.max(f.columnWidth ?? 0, 140),
      render: (_: unknown, item) => <Cell store={store} row={item.row} field={f} editable={editable && f.iupdate !== false} />,
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
            {materialField && <Button size="small" onClick={() => setPicking(true)}>{tr('选择物料')}</Button>}
            {allowCopy && <Button size="small" onClick={copy}>{tr('复制')}</Button>}
            <Button size="small" danger onClick={remove}>{tr('删除')}</Button>
          </Space>
        )}
      </div>
      {materialField && <MaterialPicker open={picking} onClose={() => setPicking(false)} onConfirm={addMaterials} />}
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
              {draggable && <Table.Summary.Cell index={1} />}
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
