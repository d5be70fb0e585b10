import { cleanup, render, screen, within } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import { DetailPopup } from './detail-popup';

const detail: Template = {
  id: 7, formatName: '采购磅单', formatCode: 'mm_pu_weigh_detail', formatType: 'DETAIL', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  resUrl: '/measure/mm-pu-weigh/list', resMethod: 'POST',
  formSubList: [
    { fieldName: 'billCode', fieldExplain: '磅单号', fieldType: 'CHAR', formSubmitType: 'ONE_TXT', seq: 10 },
    {
      fieldName: 'siteChecks', fieldExplain: '现场确认', fieldType: 'JSON', formSubmitType: 'Announcement', seq: 20,
      options: [{ value: 'checkItem', label: '确认项目' }, { value: 'checkNote', label: '说明' }],
    },
  ],
};
const record = {
  id: 5, billCode: 'CB20261126-0001',
  siteChecks: [
    { id: 1, checkItem: '车厢清洁', checkNote: '无杂物', result: 'CONFIRM', ihandle: true, actions: ['CONFIRM', 'CONFIRM_CANCEL'] },
    { id: 2, checkItem: '货物外观', checkNote: null, result: null, ihandle: true, actions: ['CONFIRM', 'CONFIRM_CANCEL'] },
  ],
};

afterEach(cleanup);

describe('DetailPopup', () => {
  it('shows the on-site confirmation as a read-only table of its rows, never as [object Object]', async () => {
    const services: RuntimeServices = {
      request: vi.fn(async (options: RuntimeRequest) => (options.url.startsWith('/optimus_prime/') ? detail : record)) as RuntimeServices['request'],
      download: vi.fn(), hasPermission: () => true, desensitize: false,
    };
    render(<AntApp><RuntimeProvider value={services}><DetailPopup detailId={7} rowId={5} onClose={() => undefined} /></RuntimeProvider></AntApp>);
    const dialog = await screen.findByRole('dialog');
    const cell = await within(dialog).findByText('车厢清洁');
    expect(dialog.textContent).not.toContain('[object Object]');
    const table = cell.closest('table')!;
    expect(within(table).getByText('确认项目')).toBeTruthy();
    expect(within(table).getByText('无杂物')).toBeTruthy();
    expect(within(table).getByText('货物外观')).toBeTruthy();
    expect(within(table).getByText('确认')).toBeTruthy();
    // read-only: no action buttons and no selection boxes
    expect(within(dialog).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(table).queryAllByRole('button')).toHaveLength(0);
  });
});
