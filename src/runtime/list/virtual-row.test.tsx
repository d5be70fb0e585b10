import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldDefinition } from '../../schema/field-definition';
import { listColumns, type Row } from './list-columns';
import { VIRTUAL_ROW_COMPONENTS } from './virtual-row';

afterEach(cleanup);

const fields: FieldDefinition[] = [
  { fieldName: 'billCode', fieldExplain: '磅单号', fieldType: 'LINK', ifixed: true, isortField: true },
  { fieldName: 'net', fieldExplain: '净重(吨)', itotal: true, cgValFormat: { valFormatFun: 'fixed3' } },
  { fieldName: 'status', fieldExplain: '单据状态', fieldType: 'ENUM', options: [{ value: 'FREE', label: '自由', color: 'blue' }, { value: 'AUDITED', label: '已审核', color: '#52c41a' }] },
  { fieldName: 'note', fieldExplain: '备注' },
];
const rows: Row[] = Array.from({ length: 300 }, (_, i) => ({ id: i + 1, billCode: `B${i + 1}`, net: String(i / 7), status: i % 2 ? 'FREE' : 'AUDITED', note: i % 3 ? `备注${i}` : null }));

function List({ plain, spans = false, onOpen = () => undefined, onSelect = () => undefined }: { plain: boolean; spans?: boolean; onOpen?(row: Row): void; onSelect?(ids: React.Key[]): void }) {
  const columns = listColumns(fields, false, { onOpen });
  // a column whose first cell spans two rows
  if (spans) columns.push({ key: 'span', title: '合并', width: 80, render: () => 'x', onCell: (_: Row, i?: number) => ({ rowSpan: i === 0 ? 2 : i === 1 ? 0 : 1 }) });
  return (
    <Table<Row>
      rowKey="id" size="small" bordered virtual components={plain ? VIRTUAL_ROW_COMPONENTS : undefined}
      columns={columns} dataSource={rows} scroll={{ x: 800, y: 400 }} pagination={false}
      rowSelection={{ onChange: (keys) => onSelect(keys) }}
    />
  );
}

/** Each shown row's cells as the DOM has them: classes, title, inline style and content. */
function shownCells() {
  return [...document.querySelectorAll('.ant-table-tbody-virtual .ant-table-row')].map((row) => ({
    key: row.getAttribute('data-row-key'),
    className: row.className,
    cells: [...row.children].map((cell) => ({
      className: cell.className,
      title: cell.getAttribute('title'),
      style: (cell as HTMLElement).style.cssText.split(';').map((d) => d.trim()).filter(Boolean).sort(),
      html: cell.innerHTML.replace(/ aria-describedby="[^"]*"/g, ''),
    })),
  }));
}

describe('virtual rows with plain cells', () => {
  it('draw the same cells as rc-table: classes, sticky offsets, widths, titles and content', () => {
    render(<List plain={false} />);
    const table = shownCells();
    cleanup();
    render(<List plain />);
    const plain = shownCells();
    expect(table.length).toBeGreaterThan(3);
    expect(plain).toEqual(table);
    expect(plain[0].cells[1].className).toContain('ant-table-cell-fix-left');
  });

  it('leave rows with cells spanning rows to rc-table', () => {
    render(<List plain={false} spans />);
    const table = shownCells();
    cleanup();
    render(<List plain spans />);
    expect(shownCells()).toEqual(table);
  });

  it('keep the cells working: a LINK opens the row, the box selects it, hovering marks the row', async () => {
    const onOpen = vi.fn();
    const onSelect = vi.fn();
    render(<List plain onOpen={onOpen} onSelect={onSelect} />);
    await userEvent.click(document.querySelector('.ant-table-tbody-virtual .wb-cell-link')!);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }), expect.objectContaining({ fieldName: 'billCode' }));
    await userEvent.click(document.querySelector('.ant-table-tbody-virtual .ant-checkbox')!);
    expect(onSelect).toHaveBeenLastCalledWith([1]);
    expect(document.querySelector('.ant-table-tbody-virtual .ant-table-row-selected')?.getAttribute('data-row-key')).toBe('1');
    expect(document.querySelectorAll('.ant-table-tbody-virtual .ant-checkbox-checked')).toHaveLength(1);
    const row = document.querySelector('.ant-table-tbody-virtual .ant-table-row')!;
    await userEvent.hover(row.children[2]);
    expect([...row.children].every((c) => c.classList.contains('ant-table-cell-row-hover'))).toBe(true);
    await userEvent.unhover(row.children[2]);
    expect(row.querySelector('.ant-table-cell-row-hover')).toBeNull();
  });
});
