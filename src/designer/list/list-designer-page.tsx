import {
  DndContext, PointerSensor, closestCenter, useSensor, useSensors, type Announcements, type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, horizontalListSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DownOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Dropdown, Result, Skeleton, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { listColumns, useControls, useRuntime, useTr, type Row } from '../../runtime';
import { dragColumnEdge, stepColumnWidth } from '../column-resize';
import { PromptKeyboardSensor } from '../keyboard-sensor';
import type { ColumnNode, ButtonNode, DesignDraft } from '../../schema/design-nodes';
import type { FieldDefinition } from '../../schema/field-definition';
import { columnMinWidth, splitButtons } from '../../schema/layout-rules';
import type { ListResponse } from '../../schema/search';
import { formatValue } from '../../schema/value-formats';
import { FORMAT_TYPE_LABELS } from '../format-api';
import { ChartPanel } from './chart-panel';
import { numberColumnTest } from '../engine/number-column';
import { ColumnPanel, ButtonPanel } from './column-panel';
import { ConflictDialog, SaveStateTag } from './conflict-dialog';
import { scopeOfEvent, undoKey, useDesignSession, type DesignSession } from './design-session';
import { sampleRows } from './sample-rows';
import './list-designer.css';

/** The list and its columns as the runtime orders them (by seq, then position). */
export function orderedColumns(draft: DesignDraft): ColumnNode[] {
  return draft.order.listSubList.map((id, i) => ({ n: draft.nodes[id] as ColumnNode, i }))
    .sort((a, b) => (a.n.field.seq ?? 0) - (b.n.field.seq ?? 0) || a.i - b.i).map((x) => x.n);
}
export function orderedButtons(draft: DesignDraft): ButtonNode[] {
  return draft.order.buttons.map((id, i) => ({ n: draft.nodes[id] as ButtonNode, i }))
    .sort((a, b) => (a.n.button.seq ?? 0) - (b.n.button.seq ?? 0) || a.i - b.i).map((x) => x.n);
}
const shownInList = (f: FieldDefinition) => f.ishow !== false && !f.ihidden;

interface HeadDesign {
  id: string;
  label: string;
  selected: boolean;
  width: number;
  min: number;
  badges: ReactNode;
  /** A rule problem on the column (合计 on a column that holds no numbers…), said on its header. */
  problem: string | null;
  onSelect(add: boolean): void;
  onLive(width: number | null): void;
  onWidth(width: number): void;
}

/** A header cell of the design table: sortable by drag or keyboard, its right edge resizes the column. */
function HeaderCell({ design, children, style, className, ...rest }: React.ThHTMLAttributes<HTMLTableCellElement> & { design?: HeadDesign }) {
  const sortable = useSortable({ id: design?.id ?? '', disabled: !design });
  if (!design) return <th style={style} className={className} {...rest}>{children}</th>;
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = sortable;
  return (
    <th
      ref={setNodeRef} {...rest} {...attributes} {...listeners}
      aria-roledescription="可拖动的列" aria-label={design.label} aria-pressed={design.selected}
      aria-invalid={design.problem ? true : undefined} aria-description={design.problem ?? undefined} title={design.problem ?? undefined}
      className={`${className ?? ''} wb-ld-head${design.selected ? ' wb-ld-selected' : ''}${isDragging ? ' wb-ld-dragging' : ''}${design.problem ? ' wb-ld-invalid' : ''}`}
      style={{ ...style, transform: transform ? CSS.Translate.toString(transform) : undefined, transition, zIndex: isDragging ? 3 : undefined }}
      data-node={design.id}
      onClick={(e) => design.onSelect(e.shiftKey || e.ctrlKey || e.metaKey)}
    >
      <div className="wb-ld-head-title">{children}</div>
      <div className="wb-ld-badges">{design.badges}</div>
      <span
        role="separator" aria-orientation="vertical" aria-label={`调整列宽：${design.label}`} aria-valuenow={design.width} aria-valuemin={design.min}
        tabIndex={0} className="wb-ld-resize" onPointerDown={(e) => dragColumnEdge(e, design)} onClick={(e) => e.stopPropagation()}
        onKeyDown={(e) => {
          if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
          e.stopPropagation();
          e.preventDefault();
          design.onWidth(stepColumnWidth(design.width, e.key, design.min));
        }}
      />
    </th>
  );
}

/** The runtime's button group for a template as an administrator will see it: app buttons left out, five before 更多. */
export function ButtonGroupPreview({ buttons }: { buttons: readonly ButtonNode[] }) {
  const tr = useTr();
  const { shown, more } = splitButtons(buttons.map((b) => b.button).filter((b) => !b.isApp), 5);
  return (
    <Space wrap className="wb-ld-button-preview" aria-label="按钮组预览">
      {shown.map((b, i) => <Button key={b.code} type={i === 0 ? 'primary' : 'default'} tabIndex={-1}>{tr(b.label)}</Button>)}
      {more.length > 0 && (
        <Dropdown menu={{ items: more.map((b) => ({ key: b.code, label: tr(b.label) })) }}>
          <Button>{tr('更多')} <DownOutlined /></Button>
        </Dropdown>
      )}
    </Space>
  );
}

function SortableButton({ node, selected, onSelect }: { node: ButtonNode; selected: boolean; onSelect(add: boolean): void }) {
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: node.id });
  const b = node.button;
  return (
    <div
      ref={setNodeRef} {...attributes} {...listeners} data-node={node.id} aria-roledescription="可拖动的按钮" aria-label={b.label} aria-pressed={selected}
      className={`wb-ld-chip${selected ? ' wb-ld-selected' : ''}${isDragging ? ' wb-ld-dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      onClick={(e) => onSelect(e.shiftKey || e.ctrlKey || e.metaKey)}
    >
      <span className="wb-ld-chip-label">{b.label}</span>
      <Typography.Text type="secondary" className="wb-ld-chip-key">{b.permission || '所有人'}</Typography.Text>
      {b.isApp && <Tag color="purple">APP</Tag>}
    </div>
  );
}

const announcements = (label: (id: string) => string): Announcements => ({
  onDragStart: ({ active }) => `已拿起 ${label(String(active.id))}`,
  onDragOver: ({ active, over }) => (over ? `${label(String(active.id))} 移到 ${label(String(over.id))} 的位置` : `${label(String(active.id))} 不在可放下的位置`),
  onDragEnd: ({ active, over }) => (over ? `已放下 ${label(String(active.id))}，位于 ${label(String(over.id))} 的位置` : `已放下 ${label(String(active.id))}`),
  onDragCancel: ({ active }) => `已取消移动 ${label(String(active.id))}`,
});
const INSTRUCTIONS = { draggable: '按空格键拿起，用左右方向键移动，再按空格键放下，按 Esc 取消。' };

/** Renumbered list after moving `active` onto `over` within `ids` (the full list, hidden items included). */
export function movedOrder(ids: readonly string[], active: string, over: string): string[] {
  const from = ids.indexOf(active);
  const to = ids.indexOf(over);
  return from < 0 || to < 0 ? [...ids] : arrayMove([...ids], from, to);
}

/**
 * 列表设计 (`/custom/format/form/sub/dt?id=…`): a LIST (or DETAIL) template's columns as the
 * runtime's table header with sample cells — ordered by drag (pointer or keyboard), sized by
 * dragging a header's right edge — the column's properties (sort, 合计, quick and advanced query,
 * kind, value format), the button group (order, permission keys, 更多 as the runtime shows it) and,
 * for a LIST, the chart a 动态报表 draws above its table (chart-panel.tsx).
 * Every edit is an engine command with undo; the draft saves itself.
 */
export function ListDesignerPage({ id }: { id: number }) {
  const { request, hasPermission } = useRuntime();
  const tr = useTr();
  const controls = useControls();
  const session = useDesignSession(request, id, hasPermission('custom_format_edit'));
  const { state, record } = session;
  const [live, setLive] = useState<{ id: string; width: number } | null>(null);
  const [realRows, setRealRows] = useState<Row[] | null>(null);
  const [realOn, setRealOn] = useState(false);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(PromptKeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const draft = state?.draft;
  const columns = useMemo(() => (draft ? orderedColumns(draft) : []), [draft]);
  const buttons = useMemo(() => (draft ? orderedButtons(draft) : []), [draft]);
  const visible = columns.filter((c) => shownInList(c.field));
  const hidden = columns.filter((c) => !shownInList(c.field));
  const fields = useMemo(() => visible.map((c) => c.field), [visible]);
  const rows = useMemo(() => realRows ?? sampleRows(columns.map((c) => c.field)), [realRows, columns]);
  const selection = state?.selection ?? [];
  const selected = selection.length === 1 && draft ? draft.nodes[selection[0]] : null;
  const labelOf = useCallback((nodeId: string) => {
    const n = draft?.nodes[nodeId];
    return n?.kind === 'column' ? n.field.fieldExplain : n?.kind === 'button' ? n.button.label : nodeId;
  }, [draft]);

  // 实时数据: only when switched on does the designer call the list's data API
  const meta = draft?.meta;
  useEffect(() => {
    if (!realOn || !meta?.resUrl) { setRealRows(null); return; }
    let on = true;
    request<ListResponse<Row>>({ method: meta.resMethod ?? 'POST', url: meta.resUrl, list: true, quiet: true, body: { search: [], limit: { pn: 1, ps: 5 }, sort: [], tplId: id } })
      .then((r) => { if (on) setRealRows(r.list ?? []); }, () => { if (on) setRealRows([]); });
    return () => { on = false; };
  }, [realOn, meta?.resUrl, meta?.resMethod, id, request]);

  if (session.failed) return <Result status="error" title={tr('模板读取失败')} extra={<Button onClick={() => void session.reload()}>{tr('重试')}</Button>} />;
  if (!state || !record || !draft) return <Skeleton active />;

  const isNumber = numberColumnTest(draft, state.declared);
  const problemOf = (nodeId: string) => state.problems.find((p) => p.nodeId === nodeId)?.message ?? null;
  const tableColumns = listColumns(fields, false, { tr, controls }).map((c, i) => {
    const node = visible[i];
    const f = node.field;
    const min = columnMinWidth(f.fieldExplain);
    const width = live?.id === node.id ? live.width : Math.max(f.columnWidth ?? 0, min);
    const badges = (
      <>
        {f.isortField && <Tag className="wb-ld-badge">{tr('排序')}</Tag>}
        {f.itotal && <Tag className="wb-ld-badge" color={problemOf(node.id) ? 'error' : 'blue'}>{tr('合计')}</Tag>}
        {f.iallowQuery && <Tag className="wb-ld-badge" color="green">{tr('快捷')}</Tag>}
        {f.iallowAdvanceQuery && <Tag className="wb-ld-badge" color="gold">{tr('高级')}</Tag>}
      </>
    );
    const design: HeadDesign = {
      id: node.id, label: f.fieldExplain, selected: selection.includes(node.id), width, min, badges, problem: problemOf(node.id),
      onSelect: (add) => session.select([node.id], add ? 'toggle' : 'replace'),
      onLive: (w) => setLive(w === null ? null : { id: node.id, width: w }),
      onWidth: (w) => { session.run({ type: 'set-property', id: node.id, key: 'columnWidth', value: w }, 'canvas'); },
    };
    return { ...c, width, sorter: undefined, onHeaderCell: () => ({ design }) as React.HTMLAttributes<HTMLElement> };
  });
  const totals = fields.filter((f) => f.itotal);
  const tableWidth = tableColumns.reduce((s, c) => s + (c.width as number), 0);

  const onColumnDrop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    session.run({ type: 'reorder-columns', list: 'listSubList', ids: movedOrder(columns.map((c) => c.id), String(active.id), String(over.id)) }, 'canvas');
  };
  const onButtonDrop = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    session.run({ type: 'reorder-columns', list: 'buttons', ids: movedOrder(buttons.map((b) => b.id), String(active.id), String(over.id)) }, 'canvas');
  };

  const onKeyDown = (e: React.KeyboardEvent) => {
    const which = undoKey(e);
    if (!which) return;
    const scope = scopeOfEvent(e);
    if (!scope) return;
    e.preventDefault();
    if (which === 'undo') session.undo(scope); else session.redo(scope);
  };

  return (
    <div className="wb-list-designer" onKeyDown={onKeyDown}>
      <div className="wb-ld-head-bar">
        <Space wrap size={8}>
          <Typography.Text strong>{draft.meta.formatName}</Typography.Text>
          <Typography.Text type="secondary">{draft.meta.formatCode}</Typography.Text>
          <Tag>{tr(FORMAT_TYPE_LABELS[draft.meta.formatType])}</Tag>
          <SaveStateTag save={session.save} reason={session.reason} />
        </Space>
        <Space wrap size={8}>
          <UndoButtons session={session} scope="canvas" label={tr('画布')} />
          <Tooltip title={tr('设计时不请求业务数据；打开后载入前 5 行真实数据')}>
            <span><Switch checked={realOn} onChange={setRealOn} disabled={!draft.meta.resUrl} aria-label={tr('实时数据')} /> {tr('实时数据')}</span>
          </Tooltip>
        </Space>
      </div>
      {session.refusal && <Alert type="warning" showIcon className="wb-ld-alert" message={session.refusal.message} />}
      {state.problems.length > 0 && <Alert type="error" showIcon className="wb-ld-alert" message={state.problems.map((p) => `${p.nodeId ? labelOf(p.nodeId) + '：' : ''}${p.message}`).join('；')} />}
      <div className="wb-ld-body">
        <div className="wb-ld-canvas" data-undo-scope="canvas">
          <section className="wb-ld-section" aria-label={tr('按钮组')}>
            <div className="wb-ld-section-title">{tr('按钮组')}<Typography.Text type="secondary">{tr('拖动调整顺序；点击编辑名称与权限标识')}</Typography.Text></div>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onButtonDrop} accessibility={{ announcements: announcements(labelOf), screenReaderInstructions: INSTRUCTIONS }}>
              <SortableContext items={buttons.map((b) => b.id)} strategy={horizontalListSortingStrategy}>
                <div className="wb-ld-chips">
                  {buttons.map((b) => <SortableButton key={b.id} node={b} selected={selection.includes(b.id)} onSelect={(add) => session.select([b.id], add ? 'toggle' : 'replace')} />)}
                  {buttons.length === 0 && <Typography.Text type="secondary">{tr('没有按钮')}</Typography.Text>}
                </div>
              </SortableContext>
            </DndContext>
            <div className="wb-ld-preview-label">{tr('运行时显示')}</div>
            <ButtonGroupPreview buttons={buttons} />
          </section>
          <section className="wb-ld-section" aria-label={tr('列')}>
            <div className="wb-ld-section-title">
              {tr('列')}
              <Typography.Text type="secondary">{tr('拖动表头调整顺序，拖动表头右边缘调整列宽；点击表头编辑列属性')}</Typography.Text>
              {!realRows && <Tag>{tr('示例数据')}</Tag>}
            </div>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onColumnDrop} accessibility={{ announcements: announcements(labelOf), screenReaderInstructions: INSTRUCTIONS }}>
              <SortableContext items={visible.map((c) => c.id)} strategy={horizontalListSortingStrategy}>
                <Table<Row>
                  className="wb-ld-table" rowKey="id" size="small" bordered pagination={false} tableLayout="fixed"
                  columns={tableColumns} dataSource={rows} scroll={{ x: tableWidth }}
                  components={{ header: { cell: HeaderCell } }}
                  summary={() => (totals.length === 0 ? null : (
                    <Table.Summary.Row>
                      {tableColumns.map((c, i) => {
                        const f = fields[i];
                        const sum = f.itotal ? rows.reduce((s, r) => s + (Number(r[f.fieldName]) || 0), 0) : null;
                        return <Table.Summary.Cell key={String(c.key)} index={i} align={f.itotal ? 'right' : undefined}>{i === 0 && !f.itotal ? tr('合计') : sum === null ? '' : formatValue(f.cgValFormat?.valFormatFun, Math.round(sum * 1000) / 1000)}</Table.Summary.Cell>;
                      })}
                    </Table.Summary.Row>
                  ))}
                />
              </SortableContext>
            </DndContext>
            {hidden.length > 0 && (
              <div className="wb-ld-hidden">
                <Typography.Text type="secondary">{tr('未显示的列')}：</Typography.Text>
                {hidden.map((c) => (
                  <Tag.CheckableTag key={c.id} data-node={c.id} checked={selection.includes(c.id)} onChange={() => session.select([c.id])}>{c.field.fieldExplain}</Tag.CheckableTag>
                ))}
              </div>
            )}
          </section>
          {draft.meta.formatType === 'LIST' && <ChartPanel chart={draft.meta.chart} columns={columns} rows={rows} title={draft.meta.formatName} session={session} isNumber={isNumber} />}
        </div>
        <aside className="wb-ld-panel" data-undo-scope="properties" aria-label={tr('属性')}>
          <div className="wb-ld-panel-head">
            <Typography.Text strong>{tr('属性')}</Typography.Text>
            <UndoButtons session={session} scope="properties" label={tr('属性')} hideLabel />
          </div>
          {selected?.kind === 'column' && <ColumnPanel node={selected} session={session} numeric={isNumber(selected)} problem={problemOf(selected.id)} />}
          {selected?.kind === 'button' && <ButtonPanel node={selected} session={session} />}
          {!selected && <Typography.Paragraph type="secondary">{selection.length > 1 ? tr('已选 {n} 项', { n: selection.length }) : tr('点击表头或按钮编辑属性')}</Typography.Paragraph>}
        </aside>
      </div>
      <ConflictDialog session={session} />
    </div>
  );
}

export function UndoButtons({ session, scope, label, hideLabel }: { session: DesignSession; scope: 'canvas' | 'properties'; label: string; hideLabel?: boolean }) {
  const tr = useTr();
  const stacks = session.state?.history[scope];
  return (
    <Space size={4} className="wb-ld-undo">
      {!hideLabel && <Typography.Text type="secondary" className="wb-ld-undo-label">{label}</Typography.Text>}
      <Space.Compact>
      <Tooltip title={tr('撤销（Ctrl+Z）')}><Button aria-label={`${tr('撤销')}${label}`} icon={<UndoOutlined />} disabled={!stacks?.undo.length} onClick={() => session.undo(scope)} /></Tooltip>
      <Tooltip title={tr('重做（Ctrl+Shift+Z）')}><Button aria-label={`${tr('重做')}${label}`} icon={<RedoOutlined />} disabled={!stacks?.redo.length} onClick={() => session.redo(scope)} /></Tooltip>
      </Space.Compact>
    </Space>
  );
}
