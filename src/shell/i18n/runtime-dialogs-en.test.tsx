import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeServices } from '../../runtime/runtime-context';
import { AnnouncementTable } from '../../runtime/widgets/announcement-table';
import { CalculationDialog } from '../../runtime/widgets/calculation-dialog';
import { TimeRangeDialog } from '../../runtime/widgets/time-range-dialog';
import { RUNTIME_EN_US } from './runtime-en-US';

/** The runtime's services in English mode, translating like the host (runtime-host.tsx). */
const english: RuntimeServices = {
  request: vi.fn() as RuntimeServices['request'],
  download: vi.fn() as RuntimeServices['download'],
  hasPermission: () => true,
  desensitize: false,
  translate: (text) => RUNTIME_EN_US[text],
};
const inEnglish = (node: ReactNode) => render(<AntApp><RuntimeProvider value={english}>{node}</RuntimeProvider></AntApp>);
const button = (name: string) => screen.getByRole('button', { name });
const CJK = /[\u4e00-\u9fff]/;

afterEach(cleanup);

describe('the runtime dialogs in English mode', () => {
  const fields = [{ fieldName: 'gross', fieldExplain: 'Gross' }, { fieldName: 'tare', fieldExplain: 'Tare' }];

  it('计算方式 reads in English: title, buttons, columns, formula and messages', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    inEnglish(<CalculationDialog open value={[{ fieldName: 'gross' }, '-', { fieldName: 'tare' }]} fields={fields} onOk={onOk} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Calculation')).toBeTruthy();
    for (const name of ['Submit', 'Add', 'Delete', 'Clear', 'Cancel']) expect(button(name)).toBeTruthy();
    const headers = [...dialog.querySelectorAll('th')].map((th) => th.textContent).filter(Boolean);
    expect(headers).toEqual(['No.', 'Operator', 'Open bracket', 'Field', 'Total', 'Sum table', 'Close bracket']);
    expect(screen.getByRole('status', { name: '计算公式' }).textContent).toBe('Formula: Gross - Tare');

    await user.click(button('Delete'));
    expect(await screen.findByText('Please select at least one record!')).toBeTruthy();
    await user.click(button('Add'));
    expect(screen.getByRole('status', { name: '计算公式' }).textContent).toBe('Formula: Row 3: select a field');
    await user.click(button('Submit'));
    expect(await screen.findByText('Row 3: select a field')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();

    await user.click(button('Clear'));
    const ask = await screen.findByText('This removes all rows. Continue?');
    const box = ask.closest('.ant-modal-confirm') as HTMLElement;
    expect(box.querySelector('.ant-modal-confirm-title')!.textContent).toBe('Notice');
    await user.click(within(box).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Removed!')).toBeTruthy();
    expect(screen.getByRole('status', { name: '计算公式' }).textContent).toBe('Formula: None');
    expect(CJK.test(dialog.textContent ?? '')).toBe(false);
  });

  it('选择时间范围 reads in English and says what is wrong in English', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    inEnglish(<TimeRangeDialog open value={['11:00:00', '10:00:00']} onOk={onOk} onCancel={() => undefined} />);
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Time range')).toBeTruthy();
    expect(button('OK')).toBeTruthy();
    expect(button('Cancel')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The start time cannot be after the end time');
    expect((screen.getByLabelText('开始时间') as HTMLInputElement).placeholder).toBe('Start time');
    await user.click(button('OK'));
    expect(onOk).not.toHaveBeenCalled();
    expect(CJK.test(dialog.textContent ?? '')).toBe(false);
  });

  it('the confirmation table reads its headers, actions and checks in English', async () => {
    const user = userEvent.setup();
    const rows = [
      { id: 1, ihandle: true, confirmSubButs: 'CONFIRM,CONFIRM_NOT', result: 'CONFIRM', item: 'A' },
      { id: 2, ihandle: true, confirmSubButs: 'SINGLE_WEIGH,SINGLE_EMPTY', item: 'B' },
    ];
    inEnglish(<AnnouncementTable rows={rows} columns={[{ dataIndex: 'item', title: 'Item' }]} onAction={() => undefined} />);
    // (the table may draw its header twice, scrolling sideways)
    const headers = new Set([...document.querySelectorAll('th')].map((th) => th.textContent).filter(Boolean));
    expect([...headers]).toEqual(['No.', 'Item', 'Result', 'Actions']);
    const toolbar = screen.getByRole('toolbar');
    expect([...toolbar.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Confirm', 'Unconfirm', 'Leave after weighing', 'Leave empty']);
    await user.click(within(toolbar).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please select at least one record!')).toBeTruthy();
    expect(CJK.test(document.querySelector('.wb-announcement')?.textContent ?? '')).toBe(false);
  });
});
