import { act, cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Table } from 'antd';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { FieldDefinition } from '../../schema/field-definition';
import { listColumns, type Row } from './list-columns';
import { HorizontalWindow, SCROLL_SETTLE_MS, VIRTUAL_ROW_COMPONENTS, drawnCells } from './virtual-row';

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

  it('mark the row under a still pointer once the rows stop scrolling under it, not each row that passes', async () => {
    render(<List plain />);
    // the rows' stillness is measured on the page's clock: here a clock of the test's own, which moves only
    // when the test says the rows were still, so that on a slow machine, whose pointer moves take longer
    // than SCROLL_SETTLE_MS, the rows do not count as still between two moves (it starts a second after
    // the page's: a scroll of an earlier test in this worker is long over)
    let clock = performance.now() + 1000;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => clock);
    onTestFinished(() => { now.mockRestore(); });
    const user = userEvent.setup();
    const holder = document.querySelector('.ant-table-tbody-virtual-holder')!;
    const rowsShown = () => [...document.querySelectorAll('.ant-table-tbody-virtual .ant-table-row')];
    const marked = () => rowsShown().filter((r) => r.querySelector('.ant-table-cell-row-hover')).map((r) => r.getAttribute('data-row-key'));
    const still = async () => { clock += SCROLL_SETTLE_MS + 50; await new Promise((r) => setTimeout(r, SCROLL_SETTLE_MS + 50)); };
    const [a, b, c] = rowsShown();
    // precondition: with the rows still, the row the pointer comes onto is marked at once
    await user.hover(a.children[2]);
    expect(marked()).toEqual(['1']);

    // the rows scroll under the pointer: the marked row is left, the rows it passes are not marked
    holder.dispatchEvent(new Event('scroll'));
    await user.hover(b.children[2]);
    expect(marked()).toEqual([]);
    holder.dispatchEvent(new WheelEvent('wheel', { deltaY: 0, bubbles: true }));
    await user.hover(c.children[2]);
    expect(marked()).toEqual([]);
    // once they are still, the row the pointer is on is marked, every cell of it
    await act(still);
    expect(marked()).toEqual(['3']);
    expect([...c.children].every((cell) => cell.classList.contains('ant-table-cell-row-hover'))).toBe(true);

    // a row the pointer leaves before the rows are still is not marked
    holder.dispatchEvent(new Event('scroll'));
    await user.hover(b.children[2]);
    await user.unhover(b.children[2]);
    await act(still);
    expect(marked()).toEqual([]);

    // after a scroll, the pointer moving onto a row marks it at once (the browser sends the move after the entry)
    holder.dispatchEvent(new Event('scroll'));
    await user.hover(a.children[2]);
    expect(marked()).toEqual([]);
    b.children[2].dispatchEvent(new MouseEvent('mousemove', { bubbles: true, movementX: 3 }));
    expect(marked()).toEqual(['1']);
  });

  it('draw only the cells of the columns in view (the fixed ones always), each run of the others one empty box as wide', () => {
    expect(drawnCells([100, 100, 100, 100, 100, 100, 100, 100], [true, false, false, false, false, false, false, true], { from: 250, to: 520 }))
      .toEqual([true, false, true, true, true, true, false, true]);
  });

  it('in a HorizontalWindow: a wide table draws the columns on screen, and those scrolled to sideways', () => {
    // 40 columns (their widths as the list gives them), of which about a screen is shown
    const wide: FieldDefinition[] = Array.from({ length: 40 }, (_, i) => ({ fieldName: `c${i}`, fieldExplain: `列${i}` }));
    const data: Row[] = Array.from({ length: 300 }, (_, r) => ({ id: r + 1, ...Object.fromEntries(wide.map((f, i) => [f.fieldName, `r${r}c${i}`])) }));
    const columns = listColumns(wide, false, {});
    const widths = columns.map((c) => Number(c.width));
    const total = widths.reduce((a, w) => a + w, 0);
    const sum = (from: number, to: number) => widths.slice(from, to).reduce((a, w) => a + w, 0);
    render(
      <HorizontalWindow>
        <Table<Row> rowKey="id" size="small" bordered virtual components={VIRTUAL_ROW_COMPONENTS} columns={columns} dataSource={data} scroll={{ x: total, y: 400 }} pagination={false} />
      </HorizontalWindow>,
    );
    const firstRow = () => document.querySelector('.ant-table-tbody-virtual .ant-table-row')!;
    const texts = () => [...firstRow().children].filter((c) => !c.classList.contains('wb-cell-gap')).map((c) => c.textContent);
    const gaps = () => [...firstRow().querySelectorAll<HTMLElement>('.wb-cell-gap')].map((g) => g.style.flex);
    // precondition: the table is much wider than the screen (happy-dom's window is 1024 px wide)
    expect(widths.every((w) => w > 0)).toBe(true);
    expect(window.innerWidth).toBeLessThan(total / 2);
    const shown = texts();
    expect(shown[0]).toBe('r0c0');
    expect(shown.length).toBeGreaterThan(8);
    expect(shown.length).toBeLessThan(20);
    expect(shown).toEqual(Array.from({ length: shown.length }, (_, i) => `r0c${i}`));
    expect(gaps()).toEqual([`0 0 ${sum(shown.length, 40)}px`]);

    // the row under the pointer stays marked as the cells scrolled in sideways are drawn
    act(() => { firstRow().dispatchEvent(new MouseEvent('mouseover', { bubbles: true, relatedTarget: document.body })); });
    // scrolled sideways (the table moves its header with its rows)
    const header = document.querySelector<HTMLElement>('.ant-table-header')!;
    const left = sum(0, 20);
    Object.defineProperty(header, 'scrollLeft', { configurable: true, get: () => left });
    act(() => { header.dispatchEvent(new Event('scroll')); });
    const later = texts();
    expect(later).toContain('r0c20');
    expect(later).not.toContain('r0c0');
    expect(later).not.toContain('r0c39');
    const first = Number(later[0]!.slice(3));
    expect(later).toEqual(Array.from({ length: later.length }, (_, i) => `r0c${first + i}`));
    expect(gaps()).toEqual([`0 0 ${sum(0, first)}px`, `0 0 ${sum(first + later.length, 40)}px`]);
    const cells = [...firstRow().children].filter((c) => !c.classList.contains('wb-cell-gap'));
    expect(cells.every((c) => c.classList.contains('ant-table-cell-row-hover'))).toBe(true);
  });

  it('in a HorizontalWindow: a window that changes without changing the cells drawn (the width measured at mount) leaves the rows as drawn', () => {
    const wide: FieldDefinition[] = Array.from({ length: 40 }, (_, i) => ({ fieldName: `c${i}`, fieldExplain: `列${i}` }));
    const data: Row[] = Array.from({ length: 300 }, (_, r) => ({ id: r + 1, ...Object.fromEntries(wide.map((f, i) => [f.fieldName, `r${r}c${i}`])) }));
    const drawn: number[] = [];
    const columns = listColumns(wide, false, {}).map((c, i) => (i === 1 ? { ...c, render: (v: unknown, row: Row) => { drawn.push(row.id); return String(v); } } : c));
    const total = columns.reduce((a, c) => a + Number(c.width), 0);
    render(
      <HorizontalWindow>
        <Table<Row> rowKey="id" size="small" bordered virtual components={VIRTUAL_ROW_COMPONENTS} columns={columns} dataSource={data} scroll={{ x: total, y: 400 }} pagination={false} />
      </HorizontalWindow>,
    );
    const cellsOfFirstRow = () => [...document.querySelector('.ant-table-tbody-virtual .ant-table-row')!.children].map((c) => c.textContent);
    const before = cellsOfFirstRow();
    const header = document.querySelector<HTMLElement>('.ant-table-header')!;
    // the header measured 2 px narrower than the window: the window's key changes, its cells do not
    Object.defineProperty(header, 'clientWidth', { configurable: true, get: () => window.innerWidth - 2 });
    drawn.length = 0;
    act(() => { window.dispatchEvent(new Event('resize')); });
    expect(cellsOfFirstRow()).toEqual(before);
    expect(drawn).toEqual([]);
    // precondition of the above: a window that does change the cells draws the rows again
    Object.defineProperty(header, 'clientWidth', { configurable: true, get: () => window.innerWidth + 600 });
    act(() => { window.dispatchEvent(new Event('resize')); });
    expect(cellsOfFirstRow().length).toBeGreaterThan(before.length);
    expect(drawn.length).toBeGreaterThan(0);
  });

  it('a row drawn before is not drawn again as the list scrolls, until its record changes; its handlers are the latest', async () => {
    const drawn: number[] = [];
    const opened: string[] = [];
    const columns = [
      { key: 'billCode', dataIndex: 'billCode', title: '磅单号', width: 120, render: (v: unknown, row: Row) => { drawn.push(row.id as number); return String(v); } },
      { key: 'note', dataIndex: 'note', title: '备注', width: 120 },
    ];
    function Host({ data, version, plain }: { data: Row[]; version: string; plain: boolean }) {
      return (
        <Table<Row>
          rowKey="id" size="small" virtual components={plain ? VIRTUAL_ROW_COMPONENTS : undefined} columns={columns} dataSource={data}
          scroll={{ x: 240, y: 400 }} pagination={false} onRow={() => ({ onDoubleClick: () => opened.push(version) })}
        />
      );
    }
    const shownIds = () => [...document.querySelectorAll('.ant-table-tbody-virtual .ant-table-row')].map((r) => Number(r.getAttribute('data-row-key')));
    /** Scrolls the virtual body down by `px` (the list re-renders its rows; the table around it does not). */
    const scrollBy = (px: number) => {
      const holder = document.querySelector<HTMLElement>('.ant-table-tbody-virtual-holder')!;
      const top = holder.scrollTop + px;
      Object.defineProperty(holder, 'scrollTop', { configurable: true, get: () => top, set: () => undefined });
      act(() => { holder.dispatchEvent(new Event('scroll')); });
    };
    // rc-table's own cells (which keep each cell's content while its record and column stay) draw the rows scrolled into view
    render(<Host data={rows} version="a" plain={false} />);
    const before = shownIds();
    expect(before.length).toBeGreaterThan(3);
    drawn.length = 0;
    scrollBy(100);
    const after = shownIds();
    expect(after[0]).toBeGreaterThan(before[0]);
    const scrolledIn = after.filter((id) => !before.includes(id));
    expect(scrolledIn.length).toBeGreaterThan(0);
    expect(drawn.sort((a, b) => a - b)).toEqual(scrolledIn);
    cleanup();

    const view = render(<Host data={rows} version="a" plain />);
    expect(shownIds()).toEqual(before);
    drawn.length = 0;
    scrollBy(100);
    expect(shownIds()).toEqual(after);
    // the plain rows too: only the rows that came into view are drawn
    expect(drawn.sort((a, b) => a - b)).toEqual(scrolledIn);
    // the handler of the latest render is the one called
    view.rerender(<Host data={rows} version="b" plain />);
    await userEvent.dblClick(document.querySelector('.ant-table-tbody-virtual .ant-table-row')!.children[1]);
    expect(opened).toEqual(['b']);
    // a record changed: its row is drawn again, with its new values
    const id = after[1];
    const changed = rows.map((r) => r.id === id ? { ...r, billCode: 'B-改' } : r);
    drawn.length = 0;
    view.rerender(<Host data={changed} version="c" plain />);
    expect(drawn).toContain(id);
    expect(document.querySelector(`.ant-table-tbody-virtual [data-row-key="${id}"]`)!.textContent).toContain('B-改');
  });

  it('copies of the same columns (as rc-table hands them once it has measured the table) leave the rows as drawn; a changed column draws them again', () => {
    const drawn: number[] = [];
    const render0 = (v: unknown, row: Row) => { drawn.push(row.id as number); return String(v); };
    const columns = [
      { key: 'billCode', dataIndex: 'billCode', title: '磅单号', width: 120, render: render0 },
      { key: 'note', dataIndex: 'note', title: '备注', width: 120 },
    ];
    const Host = ({ cols }: { cols: typeof columns }) => (
      <Table<Row> rowKey="id" size="small" virtual components={VIRTUAL_ROW_COMPONENTS} columns={cols} dataSource={rows} scroll={{ x: 240, y: 400 }} pagination={false} />
    );
    const view = render(<Host cols={columns} />);
    expect(drawn.length).toBeGreaterThan(3);
    drawn.length = 0;
    view.rerender(<Host cols={columns.map((c) => ({ ...c }))} />);
    expect(drawn).toEqual([]);
    view.rerender(<Host cols={columns.map((c) => (c.key === 'billCode' ? { ...c, width: 160 } : { ...c }))} />);
    expect(drawn.length).toBeGreaterThan(3);
  });
});
