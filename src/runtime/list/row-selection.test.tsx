import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListResponse } from '../../schema/search';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import type { Row } from './list-columns';
import { TemplateList } from './template-list-page';

afterEach(cleanup);

const template = (ps: number): Template => ({
  id: 3, formatName: '采购磅单', formatCode: 'mm_pu_weigh_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST',
  resUrl: '/measure/mm-pu-weigh/list', resMethod: 'POST', ps,
  buttons: [{ code: 'audit', label: '审核', action: 'audit' }],
  listSubList: [
    { fieldName: 'billCode', fieldExplain: '磅单号', fieldType: 'TEXT', ishow: true, seq: 10, isortField: true },
    { fieldName: 'net', fieldExplain: '净重(吨)', ishow: true, seq: 20 },
  ],
});

/**
 * A server of `total` weigh records answering pages (sorted by 磅单号 descending when asked) and
 * recording the ids each audit was sent.
 */
function server(total: number) {
  const audits: number[][] = [];
  const request = vi.fn(async (options: RuntimeRequest): Promise<unknown> => {
    if (options.url.endsWith('/audit')) { audits.push((options.body as { ids: number[] }).ids); return null; }
    const body = options.body as { limit: { pn: number; ps: number }; sort: { key: string; dir: string }[] };
    const { pn, ps } = body.limit;
    const ids = Array.from({ length: total }, (_, i) => i + 1);
    if (body.sort[0]?.dir === 'desc') ids.reverse();
    const from = (pn - 1) * ps;
    const list = ids.slice(from, from + ps).map((id) => ({ id, billCode: `B${String(id).padStart(6, '0')}`, net: '1.000' }));
    return { list, total, tongji: null } satisfies ListResponse<Row>;
  });
  const services: RuntimeServices = { request: request as RuntimeServices['request'], download: vi.fn(), hasPermission: () => true, desensitize: false };
  return { audits, services };
}

const rowOf = (code: string) => screen.getByText(code).closest('.ant-table-row') as HTMLElement;
const boxOf = (code: string) => rowOf(code).querySelector('input.ant-checkbox-input') as HTMLInputElement;
const selectAll = () => screen.getByRole<HTMLInputElement>('checkbox', { name: '全选' });
const audit = () => userEvent.click(screen.getByRole('button', { name: /审\s*核/ }));

describe('the list’s row boxes', () => {
  it('choose rows for an action: the rows show chosen, the header box partly, the action is sent their ids in the order chosen', async () => {
    const { audits, services } = server(20);
    render(<AntApp><RuntimeProvider value={services}><TemplateList template={template(20)} /></RuntimeProvider></AntApp>);
    await screen.findByText('B000001');
    // nothing chosen: the audit asks for a row and sends nothing
    await audit();
    expect(await screen.findByText('请至少选择一条数据！')).toBeTruthy();
    expect(audits).toEqual([]);
    await userEvent.click(boxOf('B000005'));
    await userEvent.click(boxOf('B000002'));
    expect(boxOf('B000005').checked).toBe(true);
    expect(rowOf('B000005').classList.contains('ant-table-row-selected')).toBe(true);
    expect(rowOf('B000003').classList.contains('ant-table-row-selected')).toBe(false);
    expect(selectAll().closest('.ant-checkbox')!.classList.contains('ant-checkbox-indeterminate')).toBe(true);
    // a click on a box does not open or choose anything else
    await userEvent.click(boxOf('B000005'));
    await userEvent.click(boxOf('B000005'));
    await audit();
    await waitFor(() => expect(audits).toEqual([[2, 5]]));
    // after the action the page reloads with nothing chosen
    await waitFor(() => expect(document.querySelectorAll('.ant-table-row-selected')).toHaveLength(0));
  });

  it('Shift+click chooses the rows from the last box clicked; Shift+click again on a chosen one clears the range', async () => {
    const { audits, services } = server(20);
    render(<AntApp><RuntimeProvider value={services}><TemplateList template={template(20)} /></RuntimeProvider></AntApp>);
    await screen.findByText('B000001');
    const user = userEvent.setup();
    await user.click(boxOf('B000003'));
    await user.keyboard('{Shift>}');
    await user.click(boxOf('B000007'));
    await user.keyboard('{/Shift}');
    expect([...document.querySelectorAll('.ant-table-row-selected')].map((r) => r.getAttribute('data-row-key'))).toEqual(['3', '4', '5', '6', '7']);
    await user.keyboard('{Shift>}');
    await user.click(boxOf('B000005'));
    await user.keyboard('{/Shift}');
    expect([...document.querySelectorAll('.ant-table-row-selected')].map((r) => r.getAttribute('data-row-key'))).toEqual(['3', '4']);
    await audit();
    await waitFor(() => expect(audits).toEqual([[3, 4]]));
  });

  it('the header box chooses every loaded row of a long page (not those of blocks still to come), and clears them', async () => {
    const { audits, services } = server(2000);
    // a page of 1000 rows loads in blocks of 500: the second block's rows are pending
    render(<AntApp><RuntimeProvider value={services}><TemplateList template={template(1000)} /></RuntimeProvider></AntApp>);
    await screen.findByText('B000001');
    expect(selectAll().checked).toBe(false);
    await userEvent.click(selectAll());
    expect(selectAll().checked).toBe(true);
    expect(boxOf('B000002').checked).toBe(true);
    await audit();
    await waitFor(() => expect(audits).toHaveLength(1));
    expect(audits[0]).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    await waitFor(() => expect(selectAll().checked).toBe(false));
    await userEvent.click(selectAll());
    await userEvent.click(selectAll());
    expect(document.querySelectorAll('.ant-table-row-selected')).toHaveLength(0);
  });

  it('a page that changes (a sort) keeps chosen only its rows still on it', async () => {
    const { audits, services } = server(30);
    render(<AntApp><RuntimeProvider value={services}><TemplateList template={template(20)} /></RuntimeProvider></AntApp>);
    await screen.findByText('B000001');
    await userEvent.click(boxOf('B000001'));
    await userEvent.click(boxOf('B000015'));
    // sorted by 磅单号 twice (ascending, then descending): the page holds rows 30…11
    const header = document.querySelector('.ant-table-thead th.ant-table-column-has-sorters') as HTMLElement;
    await userEvent.click(header);
    await userEvent.click(header);
    await screen.findByText('B000030');
    expect(screen.queryByText('B000001')).toBeNull();
    expect(boxOf('B000015').checked).toBe(true);
    await audit();
    await waitFor(() => expect(audits).toEqual([[15]]));
  });
});
