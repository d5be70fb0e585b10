import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';
import { TemplateFormDialog, type FormRequest } from './form-dialog';

const notice: Template = {
  id: 40, formatName: '采购通知单表单', formatCode: 'pu_notice_form', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD', customTable: 'pu_notice', validTable: true,
  formSubList: [{ fieldName: 'noticeCode', fieldExplain: '通知单号', formSubmitType: 'ONE_TXT', irequired: true, seq: 10 }],
  childSubLists: [{
    customTable: 'pu_notice_line', label: '采购通知单明细',
    fields: [
      { fieldName: 'invName', fieldExplain: '存货', formSubmitType: 'ONE_TXT', irequired: true, iupdate: true, seq: 10 },
      { fieldName: 'planQty', fieldExplain: '计划量', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', itotal: true, seq: 20 },
    ],
  }],
};

/** A registry: single-child mode, its line picking a purchase notice that brings the vendor and the plan. */
const registry: Template = {
  id: 60, formatName: '采购登记表单', formatCode: 'pu_registry_form', formatType: 'FORM', formatStyle: 'FORMAT_MASTER_CHILD', customTable: 'pu_registry',
  validTable: true, singleChild: true,
  formSubList: [{ fieldName: 'billCode', fieldExplain: '登记单号', formSubmitType: 'ONE_TXT', irequired: true, seq: 10 }],
  childSubLists: [{
    customTable: 'pu_registry_sub', label: '采购登记明细',
    fields: [
      { id: 'pu_registry_sub.noticeCode', fieldName: 'noticeCode', fieldExplain: '通知单号', formSubmitType: 'RESOURCE_CONTROLS', irequired: true, iupdate: true, seq: 10, cgFormatResId: 33,
        resourceList: [
          { fieldSub1: { fieldName: 'noticeCode' }, fieldSub2: { fieldName: 'noticeCode' } },
          { fieldSub1: { fieldName: 'noticeId' }, fieldSub2: { fieldName: 'id' } },
          { fieldSub1: { fieldName: 'vendorName' }, fieldSub2: { fieldName: 'vendorName' } },
          { fieldSub1: { fieldName: 'planQuantity' }, fieldSub2: { fieldName: 'planQty' } },
        ] },
      { fieldName: 'noticeId', fieldExplain: '通知单', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', ihidden: true, seq: 20 },
      { fieldName: 'vendorName', fieldExplain: '供应商', formSubmitType: 'ONE_TXT', iupdate: true, seq: 30 },
      { fieldName: 'planQuantity', fieldExplain: '计划数量(吨)', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', iupdate: true, seq: 40 },
    ],
  }],
};
const noticePopup: Template = {
  id: 33, formatName: '选择采购通知单', formatCode: 'pu_notice_resource', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  resUrl: '/purorder/pu-notice/list', resMethod: 'POST', ps: 10, viewResourceSubName: 'noticeCode', valueResourceSubName: 'id',
  resSubList: [
    { fieldName: 'noticeCode', fieldExplain: '通知单号', fieldType: 'TEXT', seq: 10 },
    { fieldName: 'vendorName', fieldExplain: '供应商', fieldType: 'TEXT', seq: 20 },
  ],
};
const notices = [{ id: 7, noticeCode: 'PN-7', vendorName: '山西恒通矿业有限公司', planQty: '600.000' }];

function setup(ask: FormRequest, detail: Record<string, unknown> = {}, template: Template = notice) {
  const calls: RuntimeRequest[] = [];
  const services = {
    request: vi.fn(async (o: RuntimeRequest) => {
      calls.push(o);
      if (o.url === '/optimus_prime/optimusPrime') return template;
      if (o.url.includes('/detail/')) return detail;
      if (o.url.startsWith('/optimus_prime/optimusPrimePopup/')) return noticePopup;
      if (o.url === '/cg-format-form-sub-param/list/param') return [];
      if (o.url === '/purorder/pu-notice/list') return { list: notices, total: notices.length, tongji: null };
      return { id: 1, version: 2 };
    }),
    download: vi.fn(), hasPermission: () => true, desensitize: false,
  } as unknown as RuntimeServices;
  render(<AntApp><RuntimeProvider value={services}><TemplateFormDialog menuId={3} base="/purorder/pu-notice" request={ask} onClose={() => undefined} onSaved={() => undefined} /></RuntimeProvider></AntApp>);
  return { calls, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}
const cells = (field: string) => [...document.querySelectorAll<HTMLInputElement>(`input[data-cell="${field}"]`)];
/**
 * Types into a line's cell as a person does: the pointer comes over it first (a number, date or
 * choice cell is a stand-in until then, and antd's control takes its place), then the click and keys.
 */
async function typeCell(user: ReturnType<typeof userEvent.setup>, field: string, line: number, text: string) {
  await user.hover(cells(field)[line]);
  await user.type(cells(field)[line], text);
}

afterEach(cleanup);

describe('master-child form', () => {
  it('adds one empty line about 200 ms after a new document opens, checks its cells, and saves the lines with the document', async () => {
    const { calls, user } = setup({ mode: 'create' });
    await waitFor(() => expect(cells('invName')).toHaveLength(1), { timeout: 10_000 });
    await user.type(document.querySelector<HTMLInputElement>('[data-field="noticeCode"]')!, 'PN-1');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    expect(await screen.findByText('采购通知单明细第 1 行：存货不能为空！')).toBeTruthy();
    expect(calls.some((c) => c.url.endsWith('/create'))).toBe(false);

    await user.type(cells('invName')[0], '原煤');
    await typeCell(user, 'planQty', 0, '12.5');
    await user.click(screen.getByRole('button', { name: '新增行' }));
    await user.type(cells('invName')[1], ' 精煤 ');
    await typeCell(user, 'planQty', 1, '0.25');
    expect(document.querySelector('.wb-child-table .ant-table-summary')?.textContent).toContain('12.75');
    await new Promise((r) => setTimeout(r, 650)); // save ignores repeats for 600 ms
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/create'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/create'))!.body).toEqual({
      noticeCode: 'PN-1',
      children: { pu_notice_line: [{ invName: '原煤', planQty: '12.5' }, { invName: '精煤', planQty: '0.25' }] },
    });
  });

  it('a notice\'s 物料 and 计划量 follow its lines as they change, read-only, and are not sent (the server sets them)', async () => {
    const withHeader: Template = { ...notice, formSubList: [
      ...notice.formSubList!,
      { fieldName: 'materialName', fieldExplain: '物料', formSubmitType: 'ONE_TXT', fieldType: 'CHAR', iautoCode: true, iupdate: false, seq: 20 },
      { fieldName: 'planQty', fieldExplain: '计划量(吨)', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', iautoCode: true, iupdate: false, seq: 30 },
    ] };
    const { calls, user } = setup({ mode: 'create' }, {}, withHeader);
    await waitFor(() => expect(cells('invName')).toHaveLength(1), { timeout: 10_000 });
    const header = (field: string) => document.querySelector<HTMLElement>(`[data-field="${field}"]`)!;
    const shown = (field: string) => { const el = header(field); return el instanceof HTMLInputElement ? el.value : el.querySelector('input')?.value ?? el.textContent; };
    expect(header('materialName')).toHaveProperty('disabled', true);
    await user.type(document.querySelector<HTMLInputElement>('[data-field="noticeCode"]')!, 'PN-2');
    await user.type(cells('invName')[0], '原煤');
    await typeCell(user, 'planQty', 0, '12.5');
    await waitFor(() => expect([shown('materialName'), shown('planQty')]).toEqual(['原煤', '12.5']));
    await user.click(screen.getByRole('button', { name: '新增行' }));
    await user.type(cells('invName')[1], '精煤');
    await typeCell(user, 'planQty', 1, '0.25');
    await waitFor(() => expect([shown('materialName'), shown('planQty')]).toEqual(['原煤、精煤', '12.75']));
    await new Promise((r) => setTimeout(r, 650));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/create'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/create'))!.body).toEqual({
      noticeCode: 'PN-2', children: { pu_notice_line: [{ invName: '原煤', planQty: '12.5' }, { invName: '精煤', planQty: '0.25' }] },
    });
  });

  it('copy needs one selected line; an edit keeps the ids of existing lines', async () => {
    const { calls, user } = setup({ mode: 'update', rowId: 5 }, { id: 5, version: 2, noticeCode: 'PN-5', children: { pu_notice_line: [{ id: 51, invName: '原煤', planQty: '3' }] } });
    await waitFor(() => expect(cells('invName')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /复\s*制/ }));
    expect(await screen.findByText('请至少选择一条数据！')).toBeTruthy();
    await user.click(document.querySelector<HTMLElement>('.wb-child-table .ant-table-tbody .ant-checkbox-input')!);
    await user.click(screen.getByRole('button', { name: /复\s*制/ }));
    await waitFor(() => expect(cells('invName')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await user.click(await screen.findByRole('button', { name: '是' }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/update'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/update'))!.body).toMatchObject({
      id: 5, version: 2, children: { pu_notice_line: [{ id: 51, invName: '原煤', planQty: '3' }, { invName: '原煤', planQty: '3' }] },
    });
  });

  it('single-child mode: a second line is refused with 只能有一条子表信息 (新增行, 插入行 and 复制 alike)', async () => {
    const { user } = setup({ mode: 'create' }, {}, { ...notice, singleChild: true });
    await waitFor(() => expect(cells('invName')).toHaveLength(1), { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: '新增行' }));
    expect(await screen.findByText('只能有一条子表信息')).toBeTruthy();
    await user.click(document.querySelector<HTMLElement>('.wb-child-table .ant-table-tbody .ant-checkbox-input')!);
    await user.click(screen.getByRole('button', { name: /复\s*制/ }));
    await user.click(screen.getByRole('button', { name: '插入行' }));
    expect(cells('invName')).toHaveLength(1);
  });

  it('a picking cell: the picked notice fills the line\'s mapped cells, and the line is saved with them', async () => {
    const { calls, user } = setup({ mode: 'create' }, {}, registry);
    await waitFor(() => expect(cells('noticeCode')).toHaveLength(1), { timeout: 10_000 });
    await user.click(cells('noticeCode')[0]);
    await user.dblClick(await screen.findByText('PN-7'));
    await waitFor(() => expect(cells('vendorName')[0].value).toBe('山西恒通矿业有限公司'));
    expect(cells('noticeCode')[0].value).toBe('PN-7');
    expect(document.querySelector('.wb-child-table .ant-tooltip')).toBeNull(); // opening the popup is not a blur that complains
    await user.type(document.querySelector<HTMLInputElement>('[data-field="billCode"]')!, 'DJ-1');
    await user.click(screen.getByRole('button', { name: /提\s*交/ }));
    await waitFor(() => expect(calls.some((c) => c.url.endsWith('/create'))).toBe(true));
    expect(calls.find((c) => c.url.endsWith('/create'))!.body).toEqual({
      billCode: 'DJ-1', children: { pu_registry_sub: [{ noticeCode: 'PN-7', noticeId: 7, vendorName: '山西恒通矿业有限公司', planQuantity: '600.000' }] },
    });
  });

  it('插入行 puts an empty line above the chosen one; without a choice it says 请至少选择一条数据！', async () => {
    const { user } = setup({ mode: 'update', rowId: 5 }, { id: 5, version: 2, noticeCode: 'PN-5', children: { pu_notice_line: [{ id: 51, invName: '原煤' }, { id: 52, invName: '精煤' }] } });
    await waitFor(() => expect(cells('invName')).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: '插入行' }));
    expect(await screen.findByText('请至少选择一条数据！')).toBeTruthy();
    await user.click(cells('invName')[1].closest('tr')!.querySelector<HTMLElement>('.ant-checkbox-input')!); // the 精煤 line
    await user.click(screen.getByRole('button', { name: '插入行' }));
    await waitFor(() => expect(cells('invName').map((c) => c.value)).toEqual(['原煤', '', '精煤']));
  });

  it('序号 numbers the lines by position from 1 and cannot be typed; a new line follows the existing ones, a typed position (0..rows-1) moves a line and the numbers follow', async () => {
    const { user } = setup({ mode: 'update', rowId: 5 }, { id: 5, version: 2, noticeCode: 'PN-5', children: { pu_notice_line: [{ id: 51, invName: '原煤' }, { id: 52, invName: '精煤' }] } });
    await waitFor(() => expect(cells('invName')).toHaveLength(2));
    const numbers = () => [...document.querySelectorAll('.wb-child-table .ant-table-tbody .wb-row-number')].map((n) => n.textContent);
    const numberCell = (line: number) => cells('invName')[line].closest('tr')!.querySelector('.wb-row-number')!.closest('td')!;
    expect(numbers()).toEqual(['1', '2']);
    expect(numberCell(0).querySelector('input')).toBeNull();
    await user.click(screen.getByRole('button', { name: '新增行' }));
    await waitFor(() => expect(numbers()).toEqual(['1', '2', '3']));
    expect(numberCell(2).querySelector('input')).toBeNull();
    const position = screen.getAllByLabelText('行位置');
    expect(position.map((p) => (p as HTMLInputElement).value)).toEqual(['', '', '']);
    await user.type(position[0], '2{Enter}');
    await waitFor(() => expect(cells('invName').map((c) => c.value)).toEqual(['精煤', '', '原煤']));
    expect(numbers()).toEqual(['1', '2', '3']);
  });

  it("an empty line's cells show their field's 提示文字, as the form's boxes do; a cell without one keeps its control's own", async () => {
    const tipped: Template = { ...registry, childSubLists: [{ ...registry.childSubLists![0], fields: registry.childSubLists![0].fields.map((f) =>
      (f.fieldName === 'vendorName' ? { ...f, tipsMessage: '选通知单后带出' } : f.fieldName === 'planQuantity' ? { ...f, tipsMessage: '单位：吨' } : f)) }] };
    setup({ mode: 'create' }, {}, tipped);
    await waitFor(() => expect(cells('vendorName')).toHaveLength(1), { timeout: 10_000 });
    expect(cells('vendorName')[0].placeholder).toBe('选通知单后带出');
    expect(cells('planQuantity')[0].placeholder).toBe('单位：吨');
    expect(cells('noticeCode')[0].placeholder).toBe('请选择');
  });
});
