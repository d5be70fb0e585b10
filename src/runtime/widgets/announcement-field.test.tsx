import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FormMode } from '../../schema/form-schema';
import type { Template } from '../../schema/template';
import { DynamicForm, useTemplateForm, type DynamicFormHandle } from '../form/dynamic-form';

const template: Pick<Template, 'formatStyle' | 'formSubList'> = {
  formSubList: [{ fieldName: 'confirmations', fieldExplain: '现场确认', formSubmitType: 'Announcement', seq: 10 }],
};
const confirmations = [
  { id: 1, plateNumber: '蒙A12345', ihandle: true, confirmSubButs: ['CONFIRM', 'CONFIRM_NOT'] },
  { id: 2, plateNumber: '蒙B22222', ihandle: true, confirmSubButs: ['CONFIRM'], result: 'CONFIRM' },
];

let handle: DynamicFormHandle;
function Host({ mode, rows = confirmations }: { mode: FormMode; rows?: readonly object[] }) {
  handle = useTemplateForm(template, mode, { now: new Date(2026, 10, 23) }, { confirmations: rows });
  return <DynamicForm handle={handle} buttons={false} />;
}
afterEach(() => { cleanup(); vi.useRealTimers(); });

describe('control kind Announcement in the form engine', () => {
  it('is the confirmation table; an action writes the chosen rows’ result into the field value', async () => {
    const user = userEvent.setup();
    render(<AntApp><Host mode="update" /></AntApp>);
    await user.click(await screen.findByRole('checkbox', { name: '选择第1行' }));
    await user.click(within(screen.getByRole('toolbar', { name: '批量操作' })).getByRole('button', { name: '取消确认' }));
    const value = handle.form.values.confirmations as { id: number; result?: string }[];
    expect(value.map((r) => [r.id, r.result])).toEqual([[1, 'CONFIRM_NOT'], [2, 'CONFIRM']]);
    expect(within(screen.getByText('蒙A12345').closest('tr')!).getByText('取消确认', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('takes actions clicked on different rows 0.6 s apart: every row gets its result', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 23, 9), toFake: ['Date'] });
    const site = [
      { id: 1, checkItem: '车辆信息核对', ihandle: true, confirmSubButs: ['CONFIRM', 'CONFIRM_NOT'] },
      { id: 2, checkItem: '取样检验', ihandle: true, confirmSubButs: ['CONFIRM', 'CONFIRM_NOT'] },
      { id: 3, checkItem: '出厂方式', ihandle: true, confirmSubButs: ['SINGLE_WEIGH', 'SINGLE_EMPTY'] },
    ];
    render(<AntApp><Host mode="update" rows={site} /></AntApp>);
    const row = (item: string) => screen.getByText(item).closest('tr')!;
    const click = (item: string, action: RegExp) => {
      act(() => { fireEvent.click(within(row(item)).getByRole('button', { name: action })); });
      act(() => { vi.advanceTimersByTime(600); });
    };
    click('车辆信息核对', /^确\s*认$/);
    click('取样检验', /^确\s*认$/);
    click('出厂方式', /^称重后离厂$/);
    const value = handle.form.values.confirmations as { id: number; result?: string }[];
    expect(value.map((r) => [r.id, r.result])).toEqual([[1, 'CONFIRM'], [2, 'CONFIRM'], [3, 'SINGLE_WEIGH']]);
    expect(within(row('车辆信息核对')).getByText('确认', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(row('取样检验')).getByText('确认', { selector: '.ant-tag' })).toBeTruthy();
    expect(within(row('出厂方式')).getByText('称重后离厂', { selector: '.ant-tag' })).toBeTruthy();
  });

  it('read-pretty (view mode) shows the rows and results without selection or actions', async () => {
    render(<AntApp><Host mode="view" /></AntApp>);
    expect(await screen.findByText('蒙B22222')).toBeTruthy();
    expect(screen.getByText('确认', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
