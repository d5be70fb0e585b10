import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../../runtime';
import type { HistoryEntry } from '../../schema/design-history';
import type { Template } from '../../schema/template';
import { ListDesignerPage, movedOrder } from './list-designer-page';

const TEMPLATE: Template = {
  formatName: '仓库', formatCode: 'as_warehouse_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', customTable: 'as_warehouse',
  resUrl: '/material/as-warehouse/list', resMethod: 'POST',
  listSubList: [
    { fieldName: 'warehouseCode', fieldExplain: '仓库编码', fieldType: 'CHAR', customTable: 'as_warehouse', seq: 0, iallowQuery: true },
    { fieldName: 'warehouseName', fieldExplain: '仓库名称', fieldType: 'CHAR', customTable: 'as_warehouse', seq: 1 },
    { fieldName: 'capacity', fieldExplain: '库容', fieldType: 'NUMBER', customTable: 'as_warehouse', seq: 2, columnWidth: 120 },
  ],
  buttons: [
    { code: 'add', label: '新增', action: 'add', permission: 'as_warehouse_add', seq: 0 },
    { code: 'edit', label: '修改', action: 'edit', permission: 'as_warehouse_edit', seq: 1 },
    { code: 'del', label: '删除', action: 'del', permission: 'as_warehouse_del', seq: 2 },
    { code: 'enable', label: '启用', action: 'enable', seq: 3 },
    { code: 'disable', label: '停用', action: 'disable', seq: 4 },
    { code: 'export', label: '导出', action: 'export', seq: 5 },
    { code: 'print', label: '打印', action: 'print', seq: 6 },
    { code: 'app', label: '手机扫码', action: 'scan', isApp: true, seq: 7 },
  ],
};

/** The types the data source declares for its columns (the server sends them with the draft). */
const COLUMN_TYPES = { as_warehouse: { warehouseCode: 'CHAR', warehouseName: 'CHAR', capacity: 'NUMBER' } };

interface Put { version: number; draft: Template; history?: HistoryEntry[] }

function setup({ conflictOn, refuse, draft = TEMPLATE }: { conflictOn?: number; refuse?: () => boolean; draft?: Template } = {}) {
  const calls: RuntimeRequest[] = [];
  const puts: Put[] = [];
  let version = 4;
  let stored: Template = draft;
  const request = vi.fn(async (options: RuntimeRequest) => {
    calls.push(options);
    if (options.url === '/optimus_prime/cg-format/draft/7' && options.method === 'PUT') {
      const body = options.body as Put;
      puts.push(body);
      if (refuse?.()) {
        throw Object.assign(new Error('模板校验未通过：listSubList[2].columnWidth: 不能超过 125'), { status: 400, data: { field: 'listSubList[2].columnWidth', problem: '不能超过 125' } });
      }
      if (puts.length === conflictOn) {
        version += 1; // another tab saved first
        stored = { ...stored, formatName: '仓库（他人修改）' };
        throw Object.assign(new Error('模板已被他人修改，请载入最新草稿后重试'), { status: 409 });
      }
      if (body.version !== version) throw Object.assign(new Error('stale'), { status: 409 });
      version += 1;
      stored = body.draft;
      return { version, changed: true };
    }
    if (options.url === '/optimus_prime/cg-format/draft/7') {
      return { id: 7, formatCode: stored.formatCode, formatName: stored.formatName, formatType: 'LIST', customTable: 'as_warehouse', tableExplain: '仓库', draft: stored, version, changed: false, publishedAt: null, publishedBy: null, columnTypes: COLUMN_TYPES };
    }
    if (options.url === '/optimus_prime/cg-format/history/7') return { version, entries: [] };
    throw new Error(`unexpected ${options.method ?? 'GET'} ${options.url}`);
  }) as unknown as RuntimeServices['request'];
  const services: RuntimeServices = { request, download: vi.fn(), hasPermission: () => true, desensitize: false };
  render(<AntApp><RuntimeProvider value={services}><ListDesignerPage id={7} /></RuntimeProvider></AntApp>);
  return { calls, puts, user: userEvent.setup() };
}

const headers = () => [...document.querySelectorAll('.wb-ld-table thead th.wb-ld-head')].map((th) => th.getAttribute('aria-label'));
const separator = (label: string) => screen.getByRole('separator', { name: `调整列宽：${label}` });

afterEach(cleanup);

describe('列表设计', () => {
  it('shows the columns as the runtime header with sample cells and calls no data API until 实时数据 is switched on', async () => {
    const { calls } = setup();
    await screen.findByText('仓库编码1');
    expect(headers()).toEqual(['仓库编码', '仓库名称', '库容']);
    expect(screen.getByText('示例数据')).toBeTruthy();
    expect(calls.some((c) => c.url === TEMPLATE.resUrl)).toBe(false);
    // the button group as the runtime shows it: app button left out, five before 更多
    const preview = screen.getByLabelText('按钮组预览');
    expect(within(preview).getAllByRole('button').map((b) => b.textContent?.replace(/\s/g, ''))).toEqual(['新增', '修改', '删除', '启用', '停用', '更多']);
  });

  it('resizes a column from its header edge by keyboard, autosaves with the revision and history, and Ctrl+Z undoes it', async () => {
    const { puts } = setup();
    await screen.findByText('仓库编码1');
    expect(separator('库容').getAttribute('aria-valuenow')).toBe('120');
    fireEvent.keyDown(separator('库容'), { key: 'ArrowRight' });
    expect(separator('库容').getAttribute('aria-valuenow')).toBe('130');
    expect(document.querySelector('[data-save-state]')!.getAttribute('data-save-state')).toBe('pending');
    await waitFor(() => expect(puts).toHaveLength(1), { timeout: 6000 });
    expect(puts[0].version).toBe(4);
    expect(puts[0].draft.listSubList![2].columnWidth).toBe(130);
    expect(puts[0].history).toHaveLength(1);
    expect(puts[0].history![0]).toMatchObject({ action: 'do', step: { scope: 'canvas', label: '修改 columnWidth' } });
    await waitFor(() => expect(document.querySelector('[data-save-state]')!.getAttribute('data-save-state')).toBe('saved'));

    const th = document.querySelector<HTMLElement>('th[data-node]')!;
    fireEvent.keyDown(th, { key: 'z', ctrlKey: true });
    expect(separator('库容').getAttribute('aria-valuenow')).toBe('120');
    await waitFor(() => expect(puts).toHaveLength(2), { timeout: 6000 });
    expect(puts[1].version).toBe(5);
    expect(puts[1].history![0].action).toBe('undo');
    expect(puts[1].draft.listSubList![2].columnWidth).toBe(120);
  });

  it('toggles 合计 and a value format in the property panel, with a sample of the format and a total row', async () => {
    const { user, puts } = setup();
    await screen.findByText('仓库编码1');
    await user.click(document.querySelector<HTMLElement>('th[data-node$="capacity"]')!);
    const panel = screen.getByLabelText('列属性');
    await user.click(within(panel).getByRole('switch', { name: '合计' }));
    expect(within(document.querySelector<HTMLElement>('th[data-node$="capacity"]')!).getByText('合计')).toBeTruthy();
    // sample values 1234.5 + 36.42 + 880
    expect(document.querySelector('.ant-table-summary')!.textContent).toContain('2150.92');
    await user.click(within(panel).getByRole('combobox', { name: '值格式' }));
    await user.click(await screen.findByTitle('千分位（thousands）'));
    expect(within(panel).getByText('1,234,567.89')).toBeTruthy();
    await waitFor(() => expect(puts.length).toBeGreaterThan(0), { timeout: 6000 });
    await waitFor(() => expect(puts.at(-1)!.draft.listSubList![2]).toMatchObject({ itotal: true, cgValFormat: { valFormatFun: 'thousands' } }), { timeout: 6000 });
  });

  it('offers 合计 only on a number column (by its data source\'s type); a stored 合计 on a text column is shown on that column until switched off', async () => {
    // 库容 shown as 文本（列表）: still a number column of its data source
    const shownAsText: Template = { ...TEMPLATE, listSubList: TEMPLATE.listSubList!.map((f) => (f.fieldName === 'capacity' ? { ...f, fieldType: 'TEXT' } : f)) };
    const { user } = setup({ draft: shownAsText });
    await screen.findByText('仓库编码1');
    // the 图表 finds it too
    expect(screen.queryByText('列表没有数值列，不能绘制图表')).toBeNull();
    await user.click(document.querySelector<HTMLElement>('th[data-node$="warehouseName"]')!);
    expect(within(screen.getByLabelText('列属性')).queryByRole('switch', { name: '合计' })).toBeNull();
    await user.click(document.querySelector<HTMLElement>('th[data-node$="capacity"]')!);
    expect(within(screen.getByLabelText('列属性')).getByRole('switch', { name: '合计' })).toBeTruthy();
    cleanup();

    const stored: Template = { ...TEMPLATE, listSubList: TEMPLATE.listSubList!.map((f) => (f.fieldName === 'warehouseName' ? { ...f, itotal: true } : f)) };
    const again = setup({ draft: stored });
    await screen.findByText('仓库编码1');
    const head = () => document.querySelector<HTMLElement>('th[data-node$="warehouseName"]')!;
    expect(head().getAttribute('aria-invalid')).toBe('true');
    expect(head().getAttribute('title')).toBe('字段仓库名称(warehouseName)不是数值列，不能合计');
    await again.user.click(head());
    const panel = screen.getByLabelText('列属性');
    expect(within(panel).getByText('字段仓库名称(warehouseName)不是数值列，不能合计')).toBeTruthy();
    await again.user.click(within(panel).getByRole('switch', { name: '合计' }));
    await waitFor(() => expect(head().getAttribute('aria-invalid')).toBeNull());
    expect(within(screen.getByLabelText('列属性')).queryByRole('switch', { name: '合计' })).toBeNull();
  });

  it('a stale save offers 重新加载 and 覆盖 with the differences; 覆盖 saves over their revision', async () => {
    const { puts, user } = setup({ conflictOn: 1 });
    await screen.findByText('仓库编码1');
    fireEvent.keyDown(separator('库容'), { key: 'ArrowLeft' });
    const dialog = await screen.findByRole('dialog', {}, { timeout: 6000 });
    expect(within(dialog).getByText('模板已被他人修改')).toBeTruthy();
    expect(within(dialog).getByText('formatName: 仓库（他人修改） → 仓库')).toBeTruthy();
    // a column's property by the panel's label; the template's by its name
    expect(within(dialog).getByText('列宽: 120 → 110')).toBeTruthy();
    // our edit is still on screen
    expect(separator('库容').getAttribute('aria-valuenow')).toBe('110');
    await user.click(within(dialog).getByRole('button', { name: /覆\s*盖/ }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toMatchObject({ version: 5 });
    expect(puts[1].draft.listSubList![2].columnWidth).toBe(110);
    expect(puts[1].history).toBeUndefined();
    await waitFor(() => expect(document.querySelector('[data-save-state]')!.getAttribute('data-save-state')).toBe('saved'));
    // ours won: the reloaded draft is the one we saved over theirs
    expect(document.querySelector('.wb-ld-head-bar strong')!.textContent).toBe('仓库');
    expect(separator('库容').getAttribute('aria-valuenow')).toBe('110');
  });

  it('a draft the server refuses (400) says why by the column, is not sent again by itself, and the next edit saves', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let refusing = true;
      const { puts } = setup({ refuse: () => refusing });
      await screen.findByText('仓库编码1');
      fireEvent.keyDown(separator('库容'), { key: 'ArrowRight' });
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(puts).toHaveLength(1));
      expect(await screen.findByText('模板校验未通过：字段 capacity（库容）的「列宽」不能超过 125')).toBeTruthy();
      expect(document.body.textContent).not.toMatch(/listSubList\[/);
      expect(document.querySelector('[data-save-state]')!.getAttribute('data-save-state')).toBe('failed');
      await act(() => vi.advanceTimersByTimeAsync(30_000));
      expect(puts).toHaveLength(1);
      // the edit stays on screen; the person's next edit goes out with it
      expect(separator('库容').getAttribute('aria-valuenow')).toBe('130');
      refusing = false;
      fireEvent.keyDown(separator('库容'), { key: 'ArrowLeft' });
      await act(() => vi.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(puts).toHaveLength(2));
      expect(puts[1].history).toHaveLength(2);
      await waitFor(() => expect(document.querySelector('[data-save-state]')!.getAttribute('data-save-state')).toBe('saved'));
      expect(screen.queryByText(/模板校验未通过/)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a dropped column takes the place of the one it is dropped on (hidden ones keep theirs)', () => {
    expect(movedOrder(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(movedOrder(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
  });
});

