import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
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
function Host({ mode }: { mode: FormMode }) {
  handle = useTemplateForm(template, mode, { now: new Date(2026, 10, 23) }, { confirmations });
  return <DynamicForm handle={handle} buttons={false} />;
}
afterEach(cleanup);

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

  it('read-pretty (view mode) shows the rows and results without selection or actions', async () => {
    render(<AntApp><Host mode="view" /></AntApp>);
    expect(await screen.findByText('蒙B22222')).toBeTruthy();
    expect(screen.getByText('确认', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.queryByRole('toolbar')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
