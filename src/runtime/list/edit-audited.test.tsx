import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeServices } from '../runtime-context';
import { TemplateList } from './template-list-page';

afterEach(cleanup);

const template: Template = {
  id: 5, formatName: '采购通知单', formatCode: 'pu_notice_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST',
  resUrl: '/purorder/pu-notice/list', resMethod: 'POST', ps: 10,
  buttons: [{ code: 'edit', label: '修改', action: 'edit' }],
  listSubList: [{ fieldName: 'noticeCode', fieldExplain: '通知单号', fieldType: 'TEXT', ishow: true, seq: 10 }],
};
const rows = [{ id: 1, noticeCode: 'PN0001', status: 'AUDITED' }, { id: 2, noticeCode: 'PN0002', status: 'FREE' }];
const services: RuntimeServices = {
  request: vi.fn(async () => ({ list: rows, total: rows.length, tongji: null })) as RuntimeServices['request'],
  download: vi.fn(), hasPermission: () => true, desensitize: false,
};
const boxOf = (code: string) => screen.getByText(code).closest('.ant-table-row')!.querySelector('input.ant-checkbox-input') as HTMLInputElement;
const edit = () => userEvent.click(screen.getByRole('button', { name: /修\s*改/ }));

describe('修改 on the list', () => {
  it('refuses an audited document up front with the server\'s words; a free one opens', async () => {
    const onOpen = vi.fn();
    render(<AntApp><RuntimeProvider value={services}><TemplateList template={template} onOpen={onOpen} /></RuntimeProvider></AntApp>);
    await screen.findByText('PN0001');
    await userEvent.click(boxOf('PN0001'));
    await edit();
    expect(await screen.findByText('已审核的单据不能修改')).toBeTruthy();
    expect(onOpen).not.toHaveBeenCalled();
    await userEvent.click(boxOf('PN0001'));
    await userEvent.click(boxOf('PN0002'));
    await edit();
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onOpen.mock.calls[0][1]).toMatchObject([{ id: 2, status: 'FREE' }]);
  });
});
