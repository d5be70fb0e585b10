import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import { TEMPLATE_URL } from '../template-request';
import { TemplateEditPage, type FormPageRequest } from './edit-page';

const form: Template = {
  id: 9, formatName: '司机表单', formatCode: 'as_driver_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', customTable: 'as_driver',
  resUrl: '/material/as-driver/list',
  formSubList: [
    { fieldName: 'driverName', fieldExplain: '姓名', formSubmitType: 'ONE_TXT', irequired: true, seq: 10 },
    { fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'TEXTAREA', seq: 20 },
  ],
};

/** The edit page of menu 5, with (or without) the template the shell asked for early already come. */
function open(ask: FormPageRequest, held: boolean, status = 'FREE') {
  const calls: RuntimeRequest[] = [];
  const services: RuntimeServices = {
    request: vi.fn(async (options: RuntimeRequest) => {
      calls.push(options);
      return options.url === TEMPLATE_URL ? form : { id: 3, version: 1, driverName: '王强', status };
    }) as RuntimeServices['request'],
    answered: held ? (<T,>(options: RuntimeRequest) => (options.url === TEMPLATE_URL ? { value: form as T, take: () => undefined } : undefined)) : undefined,
    download: vi.fn(), hasPermission: () => true, desensitize: false,
  };
  render(<AntApp><RuntimeProvider value={services}><TemplateEditPage menuId={5} request={ask} onDone={() => undefined} /></RuntimeProvider></AntApp>);
  return calls;
}
const field = (name: string) => document.querySelector<HTMLInputElement>(`[data-field="${name}"]`);

afterEach(cleanup);

describe('an edit page opened with the template the shell asked for early', () => {
  it('a new record’s form is drawn in the first render, without asking for the template again', async () => {
    // the precondition: without it, the page shows a skeleton first and asks for the template
    const before = open({ mode: 'create', rowId: null }, false);
    expect(field('driverName')).toBeNull();
    await screen.findByText('司机 — 新增');
    expect(before.map((c) => c.url)).toContain(TEMPLATE_URL);
    cleanup();

    const calls = open({ mode: 'create', rowId: null }, true);
    expect(screen.getByText('司机 — 新增')).toBeTruthy();
    expect(field('driverName')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(calls.map((c) => c.url)).not.toContain(TEMPLATE_URL);
  });

  it('a stored record’s page still reads the record (the template is held, the row is not)', async () => {
    const calls = open({ mode: 'update', rowId: 3 }, true);
    expect(await screen.findByDisplayValue('王强')).toBeTruthy();
    expect(calls.map((c) => c.url)).toEqual([TEMPLATE_URL, '/material/as-driver/detail/3']);
  });
});

describe('修改 by the address of a document that may not be changed', () => {
  it('says why at once and shows the document read-only', async () => {
    // the precondition: a free document's 修改 page is editable
    open({ mode: 'update', rowId: 3 }, true);
    expect(await screen.findByDisplayValue('王强')).toBeTruthy();
    expect(field('driverName')?.disabled || field('driverName')?.readOnly).toBe(false);
    expect(screen.queryByTestId('edit-refusal')).toBeNull();
    cleanup();

    open({ mode: 'update', rowId: 3 }, true, 'AUDITED');
    expect((await screen.findByTestId('edit-refusal')).textContent).toBe('已审核的单据不能修改');
    expect(screen.getByText('司机 — 查看')).toBeTruthy();
    expect(screen.queryByDisplayValue('王强')).toBeNull();
    expect(screen.getByText('王强')).toBeTruthy();
  });
});
