import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime';
import { parseTemplate } from '../schema/parse-template';
import type { DraftRecord } from './engine/attribute-draft';
import { FormatFieldsPage } from './format-fields-page';

const record: DraftRecord = {
  id: 7, formatCode: 'settle_list', formatName: '结算单', formatType: 'LIST', customTable: 'settle_main', tableExplain: '结算单',
  version: 3, changed: false, publishedAt: '2026-11-22T08:00:00Z', publishedBy: 'seed',
  draft: parseTemplate({
    formatName: '结算单', formatCode: 'settle_list', formatType: 'LIST', customTable: 'settle_main',
    listSubList: [
      { fieldName: 'settleCode', fieldExplain: '结算单号', fieldType: 'TEXT' },
      { fieldName: 'createdAt', fieldExplain: '创建时间', fieldType: 'DATE', detailsUrl: 'TIME_RANGE_BOX', iallowAdvanceQuery: true },
    ],
  }),
};

function setup(permissions: string[]) {
  const calls: RuntimeRequest[] = [];
  const request = vi.fn(async (options: RuntimeRequest) => {
    calls.push(options);
    if (options.method === 'PUT') return { version: 4, changed: true };
    return structuredClone(record);
  }) as unknown as RuntimeServices['request'];
  const services: RuntimeServices = { request, download: vi.fn(), hasPermission: (key) => !key || permissions.includes(key), desensitize: false };
  render(<AntApp><RuntimeProvider value={services}><FormatFieldsPage id={7} /></RuntimeProvider></AntApp>);
  return { calls, user: userEvent.setup() };
}

afterEach(cleanup);

describe('模板属性配置', () => {
  it('shows the template and its range field; 选择时间范围 edits the draft and 保存 sends it with the version', async () => {
    const { calls, user } = setup(['custom_format_edit']);
    await screen.findByText('settle_list');
    expect(screen.queryByRole('button', { name: /发\s*布/ })).toBeNull();
    const row = screen.getByText('创建时间').closest('tr')!;
    expect(within(row).getByText('未设置（00:00:00 至 23:59:59）')).toBeTruthy();
    await user.click(within(row).getByRole('button', { name: '创建时间 选择时间范围' }));
    const start = screen.getByLabelText('开始时间');
    await user.click(start);
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await user.type(start, '08:00:00{Enter}');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await within(row).findByText('08:00:00 至 23:59:59')).toBeTruthy();
    expect(within(row).getByText('未保存')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    await screen.findByText('保存成功');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toBe('/optimus_prime/cg-format/draft/7');
    const body = put.body as { version: number; draft: typeof record.draft };
    expect(body.version).toBe(3);
    expect(body.draft.listSubList![1].defaultValue).toEqual({ type: 'timeRange', start: '08:00:00', end: '23:59:59' });
  });

  it('without custom_format_edit there is no 保存 and the dialogs do not open', async () => {
    setup([]);
    await screen.findByText('settle_list');
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    expect((screen.getByRole('button', { name: '创建时间 选择时间范围' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
