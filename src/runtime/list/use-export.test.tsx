import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeDownload, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import { TemplateList } from './template-list-page';
import { estimatePercent } from './use-export';

const template: Template = {
  id: 7, formatName: '采购过磅记录', formatCode: 'mm_pu_weigh_list', formatType: 'LIST', resUrl: '/measure/mm-pu-weigh/list', resMethod: 'POST', ps: 10,
  customTable: 'mm_pu_weigh',
  buttons: [{ code: 'add', label: '新增', action: 'add', seq: 0 }, { code: 'export', label: '导出', action: 'export', seq: 1 }],
  listSubList: [
    { fieldName: 'billCode', fieldExplain: '磅单号', fieldType: 'TEXT', iallowQuery: true, seq: 10 },
    { fieldName: 'net', fieldExplain: '净重(吨)', fieldType: 'TEXT', isortField: true, seq: 20 },
  ],
};

type Progress = (received: number, total: number | null) => void;

function setup() {
  const listBodies: Record<string, unknown>[] = [];
  const downloads: { options: RuntimeRequest; progress: Progress; finish(file: RuntimeDownload): void; fail(error: Error): void }[] = [];
  const services: RuntimeServices = {
    request: vi.fn(async (options: RuntimeRequest) => {
      listBodies.push(options.body as Record<string, unknown>);
      return { list: [{ id: 1, billCode: 'DFNYPU2026000001', net: '30.000' }], total: 60, tongji: null };
    }) as RuntimeServices['request'],
    download: vi.fn((options: RuntimeRequest & { onProgress?: Progress }) => new Promise<RuntimeDownload>((finish, fail) => {
      downloads.push({ options, progress: options.onProgress!, finish, fail });
    })),
    hasPermission: () => true,
    desensitize: false,
  };
  render(<AntApp><RuntimeProvider value={services}><TemplateList template={template} /></RuntimeProvider></AntApp>);
  return { services, listBodies, downloads, user: userEvent.setup() };
}

const indicator = () => document.querySelector('.wb-export-progress');
const exportButton = () => screen.getByRole('button', { name: /导\s*出/ });

describe('the list’s 导出 action', () => {
  let saved: { href: string; download: string }[];
  beforeEach(() => {
    saved = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) { saved.push({ href: this.href, download: this.download }); });
    URL.createObjectURL = vi.fn(() => 'blob:export-file');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => { cleanup(); vi.restoreAllMocks(); });

  it('posts the current filter, sort and tplId, shows the progress, and saves under the server’s file name', async () => {
    const { listBodies, downloads, services, user } = setup();
    await screen.findByText('DFNYPU2026000001');
    await user.type(screen.getByLabelText('快速查询'), 'DFNY{Enter}');
    await waitFor(() => expect(listBodies.at(-1)?.search).toHaveLength(1));
    // the searched rows drawn (while the list loads it is dimmed and takes no pointer, as for a person)
    await waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());
    await user.click(screen.getAllByText('净重(吨)')[0]);
    await waitFor(() => expect(listBodies.at(-1)?.sort).toHaveLength(1));
    const listed = listBodies.at(-1)!;

    await user.click(exportButton());
    expect(services.download).toHaveBeenCalledTimes(1);
    expect(downloads[0].options).toMatchObject({ method: 'POST', url: '/measure/mm-pu-weigh/export' });
    expect(downloads[0].options.body).toEqual({ search: listed.search, sort: listed.sort, tplId: 7 });
    expect(indicator()?.textContent).toContain('正在导出…');

    act(() => downloads[0].progress(2048, 60));
    expect(indicator()?.textContent).toContain('2.0 KB');
    expect(indicator()?.textContent).toContain('共 60 条');

    await user.click(exportButton());
    expect(services.download).toHaveBeenCalledTimes(1);

    const blob = new Blob(['xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    await act(async () => downloads[0].finish({ blob, fileName: '采购过磅记录20261122080000.xlsx', total: 60 }));
    expect(URL.createObjectURL).toHaveBeenCalledWith(blob);
    expect(saved).toEqual([{ href: 'blob:export-file', download: '采购过磅记录20261122080000.xlsx' }]);
    expect(await screen.findByText('导出成功')).toBeTruthy();
    expect(indicator()).toBeNull();

    await user.click(exportButton());
    expect(services.download).toHaveBeenCalledTimes(2);
  });

  it('exports only the selected rows when some are, and says how many', async () => {
    const { downloads, user } = setup();
    await screen.findByText('DFNYPU2026000001');
    const box = screen.getByText('DFNYPU2026000001').closest('.ant-table-row')!.querySelector('input.ant-checkbox-input') as HTMLInputElement;
    await user.click(box);
    await user.click(exportButton());
    expect(downloads[0].options.body).toEqual({ search: [{ key: 'id', op: 'in', val: [1] }], sort: [], tplId: 7 });
    const blob = new Blob(['xlsx']);
    await act(async () => downloads[0].finish({ blob, fileName: '采购过磅记录.xlsx', total: 1 }));
    expect(await screen.findByText('已导出所选的 1 条')).toBeTruthy();
  });

  it('clears the progress after a failure, which the host has shown, and saves nothing', async () => {
    const { downloads, user } = setup();
    await screen.findByText('DFNYPU2026000001');
    await user.click(exportButton());
    expect(indicator()).not.toBeNull();
    await act(async () => downloads[0].fail(new Error('不支持的查询字段 x')));
    await waitFor(() => expect(indicator()).toBeNull());
    expect(saved).toEqual([]);
    expect(screen.queryByText('导出成功')).toBeNull();
  });

  it('estimates the percentage from the bytes, the rows and the columns, short of 100 until the end', () => {
    expect(estimatePercent(1000, null, 10)).toBe(0);
    expect(estimatePercent(0, 100, 10)).toBe(0);
    expect(estimatePercent(5548, 100, 10)).toBe(50);
    expect(estimatePercent(10_000_000, 100, 10)).toBe(99);
  });
});
