import { App as AntApp, Button, Space, Table, Tag } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo, useRef, useState } from 'react';
import {
  ANNOUNCEMENT_DEBOUNCE_MS, ANNOUNCEMENT_MESSAGES, actionCodes, actionKey, actionLabel, checkAction, defaultAnnouncementColumns, isActionDisabled,
  isRowSelectable, leadingGate, tableActions, type AnnouncementAction, type AnnouncementRow,
} from '../../schema/announcement';
import { useTr, type Tr } from '../runtime-context';
import { trMessage } from '../schema-messages';

/** A shown column of the confirmation table. */
export interface AnnouncementColumn { dataIndex: string; title: string; width?: number }

export interface AnnouncementTableProps {
  rows: readonly AnnouncementRow[];
  /** Called with the action and the rows it applies to, once the action has been checked. */
  onAction(code: AnnouncementAction, rows: AnnouncementRow[]): void;
  /** Sampling mode: CONFIRM and CONFIRM_AGAIN read 合格, CONFIRM_NOT reads 不合格. */
  sampling?: boolean;
  /** The columns shown (the rows' own fields when not given). */
  columns?: readonly AnnouncementColumn[];
  /** No actions at all (a disabled or read-only field). */
  disabled?: boolean;
}

const cellText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function shownColumns(rows: readonly AnnouncementRow[], columns?: readonly AnnouncementColumn[]): ColumnType<AnnouncementRow>[] {
  const list: readonly AnnouncementColumn[] = columns ?? defaultAnnouncementColumns(rows).map((name) => ({ dataIndex: name, title: name }));
  return list.map((c) => ({ key: c.dataIndex, dataIndex: c.dataIndex, title: c.title, width: c.width, render: cellText }));
}

function resultColumn(tr: Tr, sampling: boolean): ColumnType<AnnouncementRow> {
  return {
    key: 'result', title: tr(ANNOUNCEMENT_MESSAGES.resultTitle), width: 110,
    render: (_: unknown, r) => (r.result ? <Tag color="blue">{tr(actionLabel(r.result, sampling))}</Tag> : null),
  };
}

/**
 * The on-site confirmation table (control kind Announcement, spec 001 §4). Rows that may be handled
 * (ihandle, some action codes, no CONFIRM_NO) can be selected; the actions over the table apply to
 * the selected rows and each row offers its own. An action is checked first (a message says what
 * is wrong and which row) and, of the clicks of one action on the same rows, only the first within a second counts. 无法确认 is always disabled.
 */
export function AnnouncementTable({ rows, onAction, sampling = false, columns, disabled = false }: AnnouncementTableProps) {
  const { message } = AntApp.useApp();
  const tr = useTr();
  const [selected, setSelected] = useState<(string | number)[]>([]);
  const gate = useRef(leadingGate(ANNOUNCEMENT_DEBOUNCE_MS));
  // a selection of rows that left the table (or can no longer be handled) does not count
  const chosen = selected.filter((k) => rows.some((r) => r.id === k && isRowSelectable(r)));

  const trigger = (code: AnnouncementAction, keys: readonly (string | number)[]) => {
    const problem = checkAction(code, rows, keys, sampling);
    if (problem) return void message.warning(trMessage(tr, problem));
    // a double click counts once; another row's (or another action's) click a moment later still counts
    if (!gate.current(actionKey(code, keys))) return;
    onAction(code, rows.filter((r) => keys.includes(r.id)));
    setSelected([]);
  };

  const actions = tableActions(rows);
  const table = useMemo(() => shownColumns(rows, columns), [rows, columns]);
  const rowNumber = (r: AnnouncementRow) => rows.indexOf(r) + 1;
  const all: ColumnType<AnnouncementRow>[] = [
    { key: 'index', title: tr('序号'), width: 60, render: (_: unknown, r) => rowNumber(r) },
    ...table,
    resultColumn(tr, sampling),
    {
      key: 'actions', title: tr(ANNOUNCEMENT_MESSAGES.actionsTitle),
      render: (_: unknown, r) => (
        <Space size={4} wrap>
          {actionCodes(r).map((code) => (
            <Button
              key={code} size="small" type="link" disabled={disabled || isActionDisabled(code) || !isRowSelectable(r)}
              onClick={() => trigger(code, [r.id])}
            >
              {tr(actionLabel(code, sampling))}
            </Button>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <div className="wb-announcement">
      {!disabled && actions.length > 0 && (
        <Space role="toolbar" aria-label="批量操作" wrap style={{ marginBottom: 8 }}>
          {actions.map((code) => (
            <Button key={code} size="small" type={code === 'CONFIRM' ? 'primary' : 'default'} disabled={isActionDisabled(code)} onClick={() => trigger(code, chosen)}>
              {tr(actionLabel(code, sampling))}
            </Button>
          ))}
        </Space>
      )}
      <Table<AnnouncementRow>
        size="small" bordered pagination={false} rowKey="id" columns={all} dataSource={rows as AnnouncementRow[]} scroll={{ x: 'max-content' }}
        rowSelection={disabled ? undefined : {
          selectedRowKeys: chosen,
          onChange: (keys) => setSelected(keys as (string | number)[]),
          getCheckboxProps: (r) => ({ disabled: !isRowSelectable(r), 'aria-label': `选择第${rowNumber(r)}行` }) as object,
        }}
      />
    </div>
  );
}

/** The read-pretty view: the rows and their results, no selection and no actions. */
export function AnnouncementView({ rows, sampling = false, columns }: Pick<AnnouncementTableProps, 'rows' | 'sampling' | 'columns'>) {
  const tr = useTr();
  const all = [...shownColumns(rows, columns), resultColumn(tr, sampling)];
  return <Table<AnnouncementRow> size="small" bordered pagination={false} rowKey="id" columns={all} dataSource={rows as AnnouncementRow[]} />;
}
