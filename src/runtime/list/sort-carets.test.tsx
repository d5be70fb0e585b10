import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import { TemplateList } from './template-list-page';

const template: Template = {
  id: 3, formatName: '采购磅单', formatCode: 'mm_pu_weigh_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST',
  resUrl: '/measure/mm-pu-weigh/list', resMethod: 'POST', ps: 10,
  listSubList: [
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldType: 'TEXT', ishow: true, seq: 10 },
    { fieldName: 'net', fieldExplain: '净重(吨)', fieldType: 'TEXT', isortField: true, ishow: true, seq: 20 },
  ],
};

function setup() {
  const calls: RuntimeRequest[] = [];
  const services: RuntimeServices = {
    request: vi.fn(async (options: RuntimeRequest) => {
      calls.push(options);
      return { list: [{ id: 1, plateNumber: '京A12345', net: '30.5' }, { id: 2, plateNumber: '京B67890', net: '12.1' }], total: 2, tongji: null };
    }) as RuntimeServices['request'],
    download: vi.fn(), hasPermission: () => true, desensitize: false,
  };
  render(<ConfigProvider locale={zhCN}><AntApp><RuntimeProvider value={services}><TemplateList template={template} /></RuntimeProvider></AntApp></ConfigProvider>);
  return { calls, user: userEvent.setup() };
}
/** The rows asked for have been drawn: the table is no longer dimmed (while it loads, antd's Spin lets no pointer through, as for a person). */
const drawn = (calls: RuntimeRequest[], n: number) => waitFor(() => {
  expect(calls).toHaveLength(n);
  expect(document.querySelector('.ant-spin-blur')).toBeNull();
});
const sortOf = (call: RuntimeRequest) => (call.body as { sort: unknown[] }).sort;
const header = () => screen.getByRole('columnheader', { name: '净重(吨)' });
const carets = () => header().querySelector<HTMLElement>('.ant-table-column-sorter')!;

afterEach(cleanup);

describe('a sortable list column', () => {
  it('shows antd’s two carets, the sorted one active, and the next step as their title; a click sorts ascending, then descending, then not', async () => {
    const { calls, user } = setup();
    await drawn(calls, 1);
    // only the sortable column has carets
    expect(screen.getByRole('columnheader', { name: '车牌号' }).querySelector('.ant-table-column-sorter')).toBeNull();
    expect(carets().querySelectorAll('.anticon-caret-up.ant-table-column-sorter-up, .anticon-caret-down.ant-table-column-sorter-down')).toHaveLength(2);
    expect(carets().querySelector('.active')).toBeNull();
    expect(carets().title).toBe('点击升序');

    await user.click(header());
    await drawn(calls, 2);
    expect(sortOf(calls[1])).toEqual([expect.objectContaining({ key: 'net' })]);
    expect(carets().querySelector('.active')?.classList.contains('ant-table-column-sorter-up')).toBe(true);
    expect(carets().title).toBe('点击降序');
    expect(header().getAttribute('aria-sort')).toBe('ascending');

    await user.click(header());
    await drawn(calls, 3);
    expect(carets().querySelector('.active')?.classList.contains('ant-table-column-sorter-down')).toBe(true);
    expect(carets().title).toBe('取消排序');

    await user.click(header());
    await drawn(calls, 4);
    expect(sortOf(calls[3])).toEqual([]);
    expect(carets().querySelector('.active')).toBeNull();
  });

  it('opens no tooltip over its header (the title says the next step)', async () => {
    const { calls } = setup();
    await waitFor(() => expect(calls).toHaveLength(1));
    fireEvent.mouseEnter(header().querySelector('.ant-table-column-sorters')!);
    fireEvent.mouseEnter(carets());
    await new Promise((r) => setTimeout(r, 200));
    expect(document.querySelector('.ant-tooltip')).toBeNull();
  });
});
