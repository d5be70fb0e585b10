import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { toTimeRangeDefault } from '../../schema/time-dialogs';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import { TEMPLATE_URL } from '../template-request';
import { TemplateList, TemplateListPage } from './template-list-page';

const list = (configured: boolean): Template => ({
  id: 3, formatName: '采购磅单', formatCode: 'mm_pu_weigh_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST',
  resUrl: '/measure/mm-pu-weigh/list', resMethod: 'POST', ps: 10,
  listSubList: [
    { fieldName: 'plateNumber', fieldExplain: '车牌号', fieldType: 'TEXT', ishow: true, seq: 10 },
    {
      fieldName: 'grossTime', fieldExplain: '毛重时间', fieldType: 'DATE', detailsUrl: 'TIME_RANGE_BOX', iallowAdvanceQuery: true, ishow: true, seq: 20,
      defaultValue: configured ? toTimeRangeDefault(['08:00:00', '18:00:00']) : null,
    },
    { fieldName: 'createdAt', fieldExplain: '创建时间', fieldType: 'DATE', detailsUrl: 'TIME_RANGE_BOX', iallowAdvanceQuery: true, ishow: true, seq: 30 },
    {
      fieldName: 'status', fieldExplain: '单据状态', fieldType: 'ENUM', detailsUrl: 'SELECT', iallowAdvanceQuery: true, ishow: true, seq: 40,
      options: [{ value: 'FREE', label: '自由' }, { value: 'AUDITED', label: '已审核' }],
    },
  ],
});

function setup(template: Template, preset?: Record<string, string>) {
  const calls: RuntimeRequest[] = [];
  const services: RuntimeServices = {
    request: vi.fn(async (options: RuntimeRequest) => { calls.push(options); return { list: [], total: 0, tongji: null }; }) as RuntimeServices['request'],
    download: vi.fn(), hasPermission: () => true, desensitize: false,
  };
  render(<AntApp><RuntimeProvider value={services}><TemplateList template={template} preset={preset} /></RuntimeProvider></AntApp>);
  return { calls, user: userEvent.setup() };
}
const searchOf = (call: RuntimeRequest) => (call.body as { search: { key: string; op: string; val: unknown }[] }).search;

afterEach(cleanup);

describe('TemplateList advanced query start', () => {
  it('starts the list filtered by the range the panel shows (选择时间范围 today 08:00–18:00), and 重置 goes back to it', async () => {
    const { calls, user } = setup(list(true));
    await waitFor(() => expect(calls).toHaveLength(1));
    const day = dayjs().format('YYYY-MM-DD');
    const expected = [{ key: 'grossTime', op: 'ge', val: `${day} 08:00:00` }, { key: 'grossTime', op: 'le', val: `${day} 18:00:00` }];
    expect(searchOf(calls[0])).toMatchObject(expected);
    await user.click(screen.getByText('高级查询'));
    const start = await screen.findByDisplayValue(`${day} 08:00:00`);
    expect(start).toBeTruthy();
    expect(screen.getByDisplayValue(`${day} 18:00:00`)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(calls.length).toBeGreaterThan(1));
    expect(searchOf(calls[calls.length - 1])).toMatchObject(expected);
  });

  it('a list without a configured range starts unfiltered with an empty panel', async () => {
    const { calls, user } = setup(list(false));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(searchOf(calls[0])).toEqual([]);
    await user.click(screen.getByText('高级查询'));
    await screen.findByRole('button', { name: /重\s*置/ });
    expect(screen.queryByDisplayValue(/\d{4}-\d{2}-\d{2}/)).toBeNull();
  });

  it('a preset (a 待办 link’s ?status=FREE) starts the list filtered to pending documents and the panel shows it', async () => {
    const { calls, user } = setup(list(false), { status: 'FREE' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(searchOf(calls[0])).toMatchObject([{ key: 'status', op: 'eq', val: 'FREE' }]);
    await user.click(screen.getByText('高级查询'));
    expect((await screen.findAllByTitle('自由')).length).toBeGreaterThan(0);
  });
});

describe('a list opened with the answers the shell asked for early', () => {
  const rows = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: from + i, plateNumber: `京A${String(from + i).padStart(5, '0')}`, status: 'FREE' }));
  /**
   * `thrownAway`: the page's first render is thrown away (a part beside it in the same Suspense
   * boundary is still loading its code) and made again once `release` is called.
   */
  function open(held: boolean, { thrownAway = false } = {}) {
    const calls: RuntimeRequest[] = [];
    const taken: string[] = [];
    const template = { ...list(false), ps: 1000 };
    const services: RuntimeServices = {
      request: vi.fn(async (options: RuntimeRequest) => {
        calls.push(options);
        if (options.url === TEMPLATE_URL) return template;
        const { pn, ps } = (options.body as { limit: { pn: number; ps: number } }).limit;
        return { list: rows((pn - 1) * ps + 1, ps), total: 1000, tongji: null };
      }) as RuntimeServices['request'],
      // the shell's early answers: the template, and the first block of the page (500 of its 1000 rows)
      answered: held ? (<T,>(options: RuntimeRequest) => {
        const hold = (key: string, value: unknown) => (taken.includes(key) ? undefined : { value: value as T, take: () => { taken.push(key); } });
        if (options.url === TEMPLATE_URL) return hold('template', template);
        const { pn, ps } = (options.body as { limit: { pn: number; ps: number } }).limit;
        return pn === 1 && ps === 500 ? hold('rows', { list: rows(1, 500), total: 1000, tongji: null }) : undefined;
      }) : undefined,
      download: vi.fn(), hasPermission: () => true, desensitize: false,
    };
    let release: () => void = () => undefined;
    const Later = lazy(() => new Promise<{ default: () => null }>((resolve) => { release = () => resolve({ default: () => null }); }));
    const page = (refresh?: number) => (
      <AntApp><RuntimeProvider value={services}>
        <Suspense fallback={<span>页面加载中</span>}><TemplateListPage menuId={181} refresh={refresh} />{thrownAway && <Later />}</Suspense>
      </RuntimeProvider></AntApp>
    );
    const view = render(page());
    return { calls, taken, release: () => release(), rerender: (refresh: number) => view.rerender(page(refresh)) };
  }

  it('draws its rows in its first render and asks the server for neither the template nor those rows; a reload asks', async () => {
    // the precondition: without the held answers the page first shows a skeleton and asks for both
    const before = open(false);
    expect(screen.queryByText('京A00001')).toBeNull();
    await screen.findByText('京A00001');
    expect(before.calls.map((c) => c.url)).toEqual([TEMPLATE_URL, '/measure/mm-pu-weigh/list']);
    cleanup();

    const { calls, rerender } = open(true);
    expect(screen.getByText('京A00001')).toBeTruthy(); // no waiting: the first render has the rows
    expect(screen.getByText('共 1000 条')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    rerender(1);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0].body as { limit: unknown }).limit).toEqual({ pn: 1, ps: 500 });
  });

  it('a first render thrown away does not use the answers up: the render made again draws with them, and only that one takes them', async () => {
    const { calls, taken, release } = open(true, { thrownAway: true });
    // the render with the held answers was thrown away: nothing on screen, nothing taken
    expect(screen.getByText('页面加载中')).toBeTruthy();
    expect(screen.queryByText('京A00001')).toBeNull();
    expect(taken).toEqual([]);
    release();
    await screen.findByText('京A00001');
    expect(screen.getByText('共 1000 条')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toEqual([]);
    expect(taken.sort()).toEqual(['rows', 'template']);
  });
});
