import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import { ResourcePopup } from './resource-popup';

const popup: Template = {
  id: 31, formatName: '选择供应商', formatCode: 'as_vendor_resource', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  resUrl: '/material/as-vendor/list', resMethod: 'POST', ps: 2, viewResourceSubName: 'vendorName', valueResourceSubName: 'id',
  resSubList: [
    { fieldName: 'vendorCode', fieldExplain: '供应商编码', fieldType: 'TEXT', iallowQuery: true, seq: 10 },
    { fieldName: 'vendorName', fieldExplain: '供应商名称', fieldType: 'TEXT', iallowQuery: true, seq: 20 },
  ],
};
const vendors = [1, 2, 3, 4].map((id) => ({ id, vendorCode: `V${id}`, vendorName: `供应商${id}` }));

function setup(props: { multiple: boolean; failTemplate?: boolean; refuse?: boolean }) {
  const calls: RuntimeRequest[] = [];
  const services: RuntimeServices = {
    request: vi.fn(async (options: RuntimeRequest) => {
      calls.push(options);
      if (options.url.startsWith('/optimus_prime/optimusPrimePopup/')) {
        if (props.failTemplate) throw new Error('模板不存在或未发布');
        return popup;
      }
      if (props.refuse) throw Object.assign(new Error('当前操作没有权限'), { status: 403 });
      const { limit } = options.body as { limit: { pn: number; ps: number } };
      return { list: vendors.slice((limit.pn - 1) * limit.ps, limit.pn * limit.ps), total: vendors.length, tongji: null };
    }) as RuntimeServices['request'],
    download: vi.fn(),
    hasPermission: () => true,
    desensitize: false,
  };
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(<AntApp><RuntimeProvider value={services}><ResourcePopup cgFormatResId={31} multiple={props.multiple} onConfirm={onConfirm} onClose={onClose} /></RuntimeProvider></AntApp>);
  return { calls, onConfirm, onClose, user: userEvent.setup() };
}

afterEach(cleanup);

describe('ResourcePopup', () => {
  it('says a refused read (403) is why nothing can be picked, never shows an empty list', async () => {
    setup({ multiple: false, refuse: true });
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toBe('没有读取这些资料的权限，无法选择（当前操作没有权限），请联系管理员授权');
    expect(screen.queryByText('暂无数据')).toBeNull();
  });

  it('keeps the picks of each page and confirms them together (several allowed)', async () => {
    const { calls, onConfirm, user } = setup({ multiple: true });
    await screen.findByText('供应商1');
    expect(calls[1]).toMatchObject({ url: '/material/as-vendor/list', method: 'POST', list: true, body: { limit: { pn: 1, ps: 2 }, tplId: 31 } });
    await user.click(screen.getByText('供应商1'));
    await user.click(screen.getByTitle('2'));
    await user.click(await screen.findByText('供应商4'));
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(onConfirm.mock.calls[0][0].map((r: { id: number }) => r.id)).toEqual([1, 4]);
  });

  it('asks for a pick before confirming, and a double-click confirms one row', async () => {
    const { onConfirm, user } = setup({ multiple: false });
    await screen.findByText('供应商2');
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('最少要选择一条数据！')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await user.dblClick(screen.getByText('供应商2'));
    expect(onConfirm.mock.calls[0][0]).toEqual([vendors[1]]);
  });

  it('searches the quick-search fields with one or-condition', async () => {
    const { calls, user } = setup({ multiple: false });
    await screen.findByText('供应商1');
    await user.type(screen.getByLabelText('弹窗查询'), 'V3{Enter}');
    await waitFor(() => expect(calls.at(-1)!.body).toMatchObject({ limit: { pn: 1 }, search: [{ conj: 'or' }] }));
  });

  it('closes silently when its template cannot be loaded', async () => {
    const { onClose } = setup({ multiple: false, failTemplate: true });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
