import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import { TemplateFormDialog, type FormRequest } from './form-dialog';
import { SUBMIT_DEBOUNCE_MS } from './dynamic-form';

const form: Template = {
  id: 9, formatName: '司机表单', formatCode: 'as_driver_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', customTable: 'as_driver',
  formSubList: [
    { fieldName: 'driverName', fieldExplain: '姓名', formSubmitType: 'ONE_TXT', irequired: true, seq: 10 },
    { fieldName: 'idNumber', fieldExplain: '身份证号', formSubmitType: 'ONE_TXT', seq: 20 },
    { fieldName: 'orgName', fieldExplain: '公司', formSubmitType: 'ONE_TXT', defaultValue: '$currentOrgName', seq: 30 },
    { fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'TEXTAREA', seq: 40 },
  ],
};

function setup(ask: FormRequest, answer: (options: RuntimeRequest) => unknown = () => ({ id: 1, version: 1 }), template: Template = form) {
  const calls: RuntimeRequest[] = [];
  const services: RuntimeServices = {
    request: vi.fn(async (options: RuntimeRequest) => {
      calls.push(options);
      if (options.url === '/optimus_prime/optimusPrime') return template;
      return answer(options);
    }) as RuntimeServices['request'],
    download: vi.fn(),
    hasPermission: () => true,
    desensitize: false,
    user: { user: 7, username: '张司磅', currentOrg: 1, currentOrgName: '东方能源有限公司', currentGroup: 9, currentGroupName: '演示集团' },
  };
  const onSaved = vi.fn();
  render(<AntApp><RuntimeProvider value={services}><TemplateFormDialog menuId={5} base="/material/as-driver" request={ask} onClose={() => undefined} onSaved={onSaved} /></RuntimeProvider></AntApp>);
  return { calls, onSaved, user: userEvent.setup() };
}

const field = (name: string) => document.querySelector<HTMLInputElement>(`[data-field="${name}"]`)!;

afterEach(cleanup);

describe('TemplateFormDialog', () => {
  it('shows a designed tab group as a tab: its required field is checked while hidden, the tab counts the error, and its value is sent', async () => {
    const tabbed: Template = {
      ...form, groups: [{ key: 'more', label: '更多信息' }],
      formSubList: [
        { fieldName: 'driverName', fieldExplain: '姓名', formSubmitType: 'ONE_TXT', seq: 10, layout: { row: 0, col: 0, span: 12 } },
        { fieldName: 'idNumber', fieldExplain: '身份证号', formSubmitType: 'ONE_TXT', irequired: true, seq: 20, layout: { row: 0, col: 0, span: 12, group: 'more' } },
        { fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'TEXTAREA', seq: 40, layout: { row: 0, col: 0, span: 48 } },
      ],
    };
    const { calls, onSaved, user } = setup({ mode: 'create' }, undefined, tabbed);
    const tab = await screen.findByRole('tab', { name: '更多信息' });
    expect(tab.getAttribute('aria-selected')).toBe('true'); // the only tab is open
    expect(field('idNumber')).toBeTruthy();
    await user.type(field('driverName'), '王强');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(document.querySelector('.ant-tabs-tab .errors-badge')?.textContent).toContain('1'));
    expect(calls.some((c) => c.url.endsWith('/create'))).toBe(false);
    await user.type(field('idNumber'), '11010519491231002X');
    await new Promise((r) => setTimeout(r, SUBMIT_DEBOUNCE_MS + 50));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.url === '/material/as-driver/create')).toMatchObject({ body: { driverName: '王强', idNumber: '11010519491231002X' } });
  });

  it('fetches the menu’s FORM template, fills the defaults, and posts trimmed values with nulls for blanks', async () => {
    const { calls, onSaved, user } = setup({ mode: 'create' });
    await waitFor(() => expect(field('orgName')).toBeTruthy());
    expect(calls[0]).toMatchObject({ url: '/optimus_prime/optimusPrime', query: { formatType: 'FORM', menuId: '5' } });
    expect(field('orgName').value).toBe('东方能源有限公司');
    await user.type(field('driverName'), '  王强 ');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const create = calls.find((c) => c.url === '/material/as-driver/create')!;
    expect(create).toMatchObject({ method: 'POST', body: { driverName: '王强', idNumber: null, orgName: '东方能源有限公司', remark: null } });
    expect(create.headers?.['Idempotency-Key']).toMatch(/.{8,}/);
  });

  it('does not send a form with a wrong identity number; the field says why', async () => {
    const { calls, user } = setup({ mode: 'create' });
    await waitFor(() => expect(field('idNumber')).toBeTruthy());
    await user.type(field('driverName'), '王强');
    await user.type(field('idNumber'), '110105194912310021');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('身份证号校验位错误!')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/create'))).toBe(false);
  });

  it('puts the server’s refusal on the field it names', async () => {
    const refusal = Object.assign(new Error('身份证号 11010519491231002X 已存在'), { status: 400, data: { field: 'idNumber' } });
    const { user } = setup({ mode: 'create' }, (o) => { if (o.url.endsWith('/create')) throw refusal; return null; });
    await waitFor(() => expect(field('idNumber')).toBeTruthy());
    await user.type(field('driverName'), '王强');
    await user.type(field('idNumber'), '11010519491231002X');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(document.querySelector('.ant-formily-item-error-help')?.textContent).toContain('已存在'));
  });

  it('after a refusal the corrected form is sent with a new Idempotency-Key (the refused one would be a 422)', async () => {
    const refusal = Object.assign(new Error('该司机已在黑名单中'), { status: 400, data: null });
    let refuse = true;
    const { calls, onSaved, user } = setup({ mode: 'create' }, (o) => { if (o.url.endsWith('/create') && refuse) { refuse = false; throw refusal; } return { id: 1, version: 1 }; });
    await waitFor(() => expect(field('idNumber')).toBeTruthy());
    await user.type(field('driverName'), '王强');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/create'))).toHaveLength(1));
    await user.type(field('remark'), '改过');
    await new Promise((resolve) => setTimeout(resolve, SUBMIT_DEBOUNCE_MS + 50)); // a second click within the debounce is the same submit
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [first, second] = calls.filter((c) => c.url.endsWith('/create')).map((c) => c.headers?.['Idempotency-Key']);
    expect(first).toMatch(/.{8,}/);
    expect(second).toMatch(/.{8,}/);
    expect(second).not.toBe(first);
  });
});
