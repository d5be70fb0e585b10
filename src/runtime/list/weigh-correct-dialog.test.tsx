import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeServices } from '../runtime-context';
import { WeighCorrectDialog } from './weigh-correct-dialog';

afterEach(cleanup);

/** A purchase weigh record as the list hands it (the API's weights are text: 20 t is "20"). */
const row = { id: 7, version: 2, billCode: 'PB20261202-0001', plateNumber: '蒙A12345', gross: '50.000', tare: '20', net: '30.000', settleWeight: '30.000' };

function open() {
  const request = vi.fn(async () => ({}));
  const services: RuntimeServices = { request: request as RuntimeServices['request'], download: vi.fn(), hasPermission: () => true, desensitize: false };
  const onSaved = vi.fn();
  render(<AntApp><RuntimeProvider value={services}><WeighCorrectDialog base="/measure/mm-pu-weigh" row={row} onClose={() => undefined} onSaved={onSaved} /></RuntimeProvider></AntApp>);
  const box = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
  return { request, onSaved, box };
}

describe('称重更正', () => {
  it('shows the stored weights to the kilogram and steps by one', async () => {
    const { box } = open();
    await waitFor(() => expect(box('皮重(吨)').value).toBe('20.000'));
    expect(box('毛重(吨)').value).toBe('50.000');
    await userEvent.click(box('皮重(吨)'));
    await userEvent.keyboard('{ArrowUp}');
    expect(box('皮重(吨)').value).toBe('20.001');
  });

  it('keeps a weight finer than a kilogram as typed, says why it is refused, and sends nothing', async () => {
    const { box, request } = open();
    await waitFor(() => expect(box('皮重(吨)').value).toBe('20.000'));
    await userEvent.clear(box('皮重(吨)'));
    await userEvent.type(box('皮重(吨)'), '20.0004');
    await userEvent.type(box('毛重(吨)'), '{Control>}a{/Control}0.0004');
    await userEvent.type(box('更正原因'), '皮重复核');
    // left: the boxes still hold what was typed (not 20.000 and 0.000), each with the rule's words
    expect(box('皮重(吨)').value).toBe('20.0004');
    expect(box('毛重(吨)').value).toBe('0.0004');
    expect(await screen.findByText('皮重最多 3 位小数（精确到千克）')).toBeTruthy();
    expect(screen.getByText('毛重最多 3 位小数（精确到千克）')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await new Promise((r) => setTimeout(r, 50));
    expect(request).not.toHaveBeenCalled();
    // to the kilogram, it is sent as typed
    await userEvent.clear(box('皮重(吨)'));
    await userEvent.type(box('皮重(吨)'), '20.004');
    await userEvent.clear(box('毛重(吨)'));
    await userEvent.type(box('毛重(吨)'), '50');
    await userEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    expect(request.mock.calls[0]).toEqual([expect.objectContaining({ url: '/measure/mm-pu-weigh/weighCorrect', body: { id: 7, version: 2, reason: '皮重复核', tare: 20.004 } })]);
  });
});
