import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListResponse } from '../../schema/search';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import type { Row } from './list-columns';
import { TemplateList } from './template-list-page';
import { BLOCK_ROWS, blockRows, openingListCall } from './opening-call';
import { isPendingRow, useListData } from './use-list-data';

afterEach(cleanup);

const template = (ps: number): Template => ({
  id: 3, formatName: '采购磅单', formatCode: 'mm_pu_weigh_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST',
  resUrl: '/measure/mm-pu-weigh/list', resMethod: 'POST', ps,
  listSubList: [
    { fieldName: 'billCode', fieldExplain: '磅单号', fieldType: 'TEXT', ishow: true, seq: 10 },
    { fieldName: 'net', fieldExplain: '净重(吨)', ishow: true, seq: 20, itotal: true },
  ],
});

/** A server of `total` weigh records that answers pages as the list endpoint does (and refuses more than 1000 a page). */
function server(total: number, hold?: (call: RuntimeRequest) => Promise<void>) {
  const calls: { pn: number; ps: number }[] = [];
  const request = vi.fn(async (options: RuntimeRequest): Promise<ListResponse<Row>> => {
    const { pn, ps } = (options.body as { limit: { pn: number; ps: number } }).limit;
    if (ps > 1000) throw new Error('每页条数须在1到1000之间');
    calls.push({ pn, ps });
    await hold?.(options);
    const from = (pn - 1) * ps;
    const list = Array.from({ length: Math.max(0, Math.min(ps, total - from)) }, (_, i) => ({ id: from + i + 1, billCode: `B${String(from + i + 1).padStart(6, '0')}`, net: '1.000' }));
    return { list, total, tongji: { net: String(total) } };
  });
  const services: RuntimeServices = { request: request as RuntimeServices['request'], download: vi.fn(), hasPermission: () => true, desensitize: false };
  return { calls, services };
}

describe('blockRows: the block a long page loads in', () => {
  it('a page up to BLOCK_ROWS rows loads in one request; a longer one in blocks that divide it', () => {
    expect(blockRows(100)).toBeNull();
    expect(blockRows(BLOCK_ROWS)).toBeNull();
    expect(blockRows(50_000)).toBe(500);
    expect(blockRows(1200)).toBe(400);
    expect(blockRows(2000)).toBe(500);
    // no divisor from 100 to 500 (a prime page size): one request
    expect(blockRows(1009)).toBeNull();
  });
});

describe('a list page of more rows than one request carries', () => {
  it('asks for its first block only and shows the page’s total and the query’s totals', async () => {
    const { calls, services } = server(50_000);
    render(<AntApp><RuntimeProvider value={services}><TemplateList template={template(50_000)} /></RuntimeProvider></AntApp>);
    await screen.findByText('B000001');
    // without blocks, the page of 50,000 would be one request the server refuses (at most 1000 a page)
    expect(calls[0]).toEqual({ pn: 1, ps: 500 });
    expect(screen.getByText('共 50000 条')).toBeTruthy();
    // the totals come with the first block: they are the whole query's
    expect(document.querySelector('.ant-table-summary')?.textContent).toContain('50000');
    // the virtual table draws only the rows in view: no block beyond the first was asked for
    expect(calls.every((c) => c.pn === 1)).toBe(true);
  });

  it('a pending row drawn asks for its block once; its rows replace the pending ones', async () => {
    const { calls, services } = server(1200);
    // a page whose first block is short of the rows in view: the second block's rows are drawn pending
    render(<AntApp><RuntimeProvider value={services}><TemplateList template={{ ...template(1200), ps: 600 }} /></RuntimeProvider></AntApp>);
    await screen.findByText('B000001');
    expect(calls[0]).toEqual({ pn: 1, ps: 300 });
    expect(document.querySelector('.wb-row-pending')).toBeNull();
    // scrolled past the first block (rows are about 39 px high): the rows drawn there are pending and ask for block 2
    const holder = document.querySelector('.ant-table-tbody-virtual-holder') as HTMLElement;
    act(() => { holder.scrollTop = 350 * 39; holder.dispatchEvent(new Event('scroll')); });
    await screen.findByText('B000352');
    expect(calls.filter((c) => c.pn === 2)).toEqual([{ pn: 2, ps: 300 }]);
    expect(document.querySelector('.wb-row-pending')).toBeNull();
    expect(calls).toHaveLength(2);
  });

  it('a block that comes after the query changed is dropped: the rows shown are the new query’s', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => { release = r; });
    const { calls, services } = server(5000, async (call) => {
      if ((call.body as { limit: { pn: number } }).limit.pn === 2) await gate;
    });
    const wrapper = ({ children }: { children: React.ReactNode }) => <RuntimeProvider value={services}>{children}</RuntimeProvider>;
    const long = template(1000);
    const { result } = renderHook(() => useListData(long), { wrapper });
    await waitFor(() => expect(result.current.data.total).toBe(5000));
    expect(result.current.data.list).toHaveLength(1000);
    expect(isPendingRow(result.current.data.list[600])).toBe(true);
    act(() => result.current.need(600));
    act(() => result.current.need(700));
    // one request for the block however many of its rows are drawn
    expect(calls.filter((c) => c.pn === 2)).toEqual([{ pn: 2, ps: 500 }]);
    // the sort changes while block 2 is on its way; the list reloads
    act(() => result.current.setQuery((q) => ({ ...q, sort: [{ key: 'net', dir: 'desc' }] as never })));
    await waitFor(() => expect(calls).toHaveLength(3));
    await act(async () => { release(); await gate; });
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(isPendingRow(result.current.data.list[600])).toBe(true);
    expect(result.current.data.list[0]).toMatchObject({ id: 1 });
  });

  it('opens loading until its first rows come (no "no data" first), drawing once more with them; with the host’s answer, neither', async () => {
    let release!: () => void;
    const { services } = server(50, () => new Promise<void>((r) => { release = r; }));
    const wrapper = ({ children }: { children: React.ReactNode }) => <RuntimeProvider value={services}>{children}</RuntimeProvider>;
    let renders = 0;
    const ten = template(10);
    const { result } = renderHook(() => { renders += 1; return useListData(ten); }, { wrapper });
    // the first render already says loading, and the load's own start draws nothing more
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(release).toBeTypeOf('function'));
    expect(renders).toBe(1);
    act(() => release());
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.data.list).toHaveLength(10);
    expect(renders).toBe(2);

    // the host holds the opening rows: no loading at all, no call
    const { calls, services: held } = server(50);
    const page = { list: [{ id: 7, billCode: 'B000007', net: '1.000' }], total: 1, tongji: null };
    held.answered = (<T,>(o: RuntimeRequest) => (JSON.stringify(o) === JSON.stringify(openingListCall(ten, new Date())) ? { value: page as T, take: () => undefined } : undefined)) as RuntimeServices['answered'];
    const withHeld = ({ children }: { children: React.ReactNode }) => <RuntimeProvider value={held}>{children}</RuntimeProvider>;
    const opened = renderHook(() => useListData(ten), { wrapper: withHeld });
    expect(opened.result.current.loading).toBe(false);
    expect(opened.result.current.data.list).toEqual(page.list);
    expect(calls).toHaveLength(0);
  });

  it('the call the shell makes early for the address is the page’s first call, so the page takes its answer', async () => {
    const asked: RuntimeRequest[] = [];
    const { services } = server(50_000);
    const request = services.request;
    services.request = ((o: RuntimeRequest) => { asked.push(o); return request(o); }) as RuntimeServices['request'];
    const long = template(50_000);
    render(<AntApp><RuntimeProvider value={services}><TemplateList template={long} /></RuntimeProvider></AntApp>);
    await screen.findByText('B000001');
    expect(asked[0]).toEqual(openingListCall(long, new Date()));
    expect(openingListCall({ ...long, ps: 20 }, new Date())?.body).toMatchObject({ limit: { pn: 1, ps: 20 } });
    expect(openingListCall({ ...long, resUrl: undefined }, new Date())).toBeNull();
  });
});
