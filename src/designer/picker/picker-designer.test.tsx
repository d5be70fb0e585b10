import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../../runtime';
import type { Template } from '../../schema/template';
import { PickerDesignerPage } from './picker-designer-page';

const PICKER: Template = {
  formatName: '选择供应商', formatCode: 'as_vendor_resource', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST', customTable: 'as_vendor',
  resUrl: '/material/as-vendor/list', resMethod: 'POST', ps: 10, valueResourceSubName: 'id', viewResourceSubName: 'vendorName',
  resSubList: [
    { fieldName: 'vendorCode', fieldExplain: '供应商编码', fieldType: 'CHAR', customTable: 'as_vendor', seq: 0, iallowQuery: true },
    { fieldName: 'vendorName', fieldExplain: '供应商名称', fieldType: 'CHAR', customTable: 'as_vendor', seq: 1, iallowQuery: true },
  ],
};
const FORM: Template = {
  formatName: '采购过磅记录表单', formatCode: 'mm_pu_weigh_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', customTable: 'mm_pu_weigh',
  formSubList: [
    { id: 'mm_pu_weigh.billCode', fieldName: 'billCode', fieldExplain: '磅单号', fieldType: 'CHAR', customTable: 'mm_pu_weigh', formSubmitType: 'ONE_TXT' },
    {
      id: 'mm_pu_weigh.vendorName', fieldName: 'vendorName', fieldExplain: '供应商', fieldType: 'CHAR', customTable: 'mm_pu_weigh', formSubmitType: 'RESOURCE_CONTROLS', cgFormatResId: 3,
      resourceList: [{ fieldSub1: { fieldName: 'vendorName' }, fieldSub2: { fieldName: 'vendorName' } }],
    },
    { id: 'mm_pu_weigh.vendorId', fieldName: 'vendorId', fieldExplain: '供应商ID', fieldType: 'NUMBER', customTable: 'mm_pu_weigh', formSubmitType: 'ONE_TXT' },
  ],
};

function setup() {
  const calls: RuntimeRequest[] = [];
  const stored: Record<number, { draft: Template; version: number }> = { 3: { draft: PICKER, version: 2 }, 9: { draft: FORM, version: 6 } };
  const request = vi.fn(async (options: RuntimeRequest) => {
    calls.push(options);
    const draftId = /^\/optimus_prime\/cg-format\/(draft|history)\/(\d+)$/.exec(options.url);
    if (draftId) {
      const s = stored[Number(draftId[2])];
      if (draftId[1] === 'history') return { version: s.version, entries: [] };
      if (options.method === 'PUT') {
        const body = options.body as { version: number; draft: Template };
        if (body.version !== s.version) throw Object.assign(new Error('stale'), { status: 409 });
        s.draft = body.draft;
        s.version += 1;
        return { version: s.version, changed: true };
      }
      return { id: Number(draftId[2]), formatCode: s.draft.formatCode, formatName: s.draft.formatName, formatType: s.draft.formatType, customTable: s.draft.customTable, tableExplain: null, draft: s.draft, version: s.version, changed: false, publishedAt: null, publishedBy: null };
    }
    if (options.url === '/optimus_prime/cg-format/list') return { list: [{ id: 9, formatCode: FORM.formatCode, formatName: FORM.formatName, formatType: 'FORM' }], total: 1 };
    if (options.url === '/cg-format-form-sub-param/list/param') return [{ fieldSub1: { fieldName: 'billCode' }, fieldSub2: { fieldName: 'vendorCode' } }];
    throw new Error(`unexpected ${options.method ?? 'GET'} ${options.url}`);
  }) as unknown as RuntimeServices['request'];
  const services: RuntimeServices = { request, download: vi.fn(), hasPermission: () => true, desensitize: false };
  render(<AntApp><RuntimeProvider value={services}><PickerDesignerPage id={3} /></RuntimeProvider></AntApp>);
  return { calls, stored, user: userEvent.setup() };
}

afterEach(cleanup);

describe('弹窗设计', () => {
  it('draws the result mapping and the parameter links between the form field\'s list and the popup\'s fields, and adds a mapping by choosing both ends', async () => {
    const { stored, user, calls } = setup();
    const left = await screen.findByRole('list', { name: '表单字段' }, { timeout: 10000 });
    const right = screen.getByRole('list', { name: '弹窗字段' });
    expect(within(left).getAllByRole('listitem').map((b) => b.dataset.name)).toEqual(['billCode', 'vendorName', 'vendorId']);
    expect(within(right).getAllByRole('listitem').map((b) => b.dataset.name)).toEqual(['vendorCode', 'vendorName', 'id']);
    await waitFor(() => expect(document.querySelectorAll('.wb-pd-line-link')).toHaveLength(1));
    expect(calls.find((c) => c.url === '/cg-format-form-sub-param/list/param')!.query).toEqual({ resFormatSubId: 'mm_pu_weigh.vendorName' });
    expect(document.querySelectorAll('.wb-pd-line-mapping')).toHaveLength(1);

    // the popup's value field needs a form field chosen first
    expect((within(right).getByText('ID').closest('button') as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(left).getByText('供应商ID'));
    await user.click(within(right).getByText('ID'));
    expect(document.querySelectorAll('.wb-pd-line-mapping')).toHaveLength(2);
    // saved in the FORM's draft, with its revision and the step
    await waitFor(() => expect(stored[9].version).toBe(7), { timeout: 6000 });
    const field = stored[9].draft.formSubList!.find((f) => f.fieldName === 'vendorName')!;
    const pairs = (list: Template['formSubList'] extends (infer F)[] | undefined ? F : never) => (list.resourceList ?? []).map((m) => `${m.fieldSub1.fieldName}←${m.fieldSub2.fieldName}`);
    expect(pairs(field)).toEqual(['vendorName←vendorName', 'vendorId←id']);
    const put = calls.filter((c) => c.method === 'PUT' && c.url.endsWith('/draft/9'))[0].body as { version: number; history: unknown[] };
    expect(put.version).toBe(6);
    expect(put.history).toHaveLength(1);

    // clicking a mapping's line removes it
    await user.click(document.querySelectorAll<SVGPathElement>('.wb-pd-line-mapping .wb-pd-hit')[0]);
    expect(document.querySelectorAll('.wb-pd-line-mapping')).toHaveLength(1);
    await waitFor(() => expect(pairs(stored[9].draft.formSubList!.find((f) => f.fieldName === 'vendorName')!)).toEqual(['vendorId←id']), { timeout: 6000 });
    // the popup's own draft was not touched
    expect(stored[3].version).toBe(2);
  });

  it('adds a parameter link when 参数关联 is chosen, removes one by clicking its dashed line, and undoes and redoes both in the form\'s draft', async () => {
    const { stored, user } = setup();
    const left = await screen.findByRole('list', { name: '表单字段' }, { timeout: 10000 });
    const right = screen.getByRole('list', { name: '弹窗字段' });
    await waitFor(() => expect(document.querySelectorAll('.wb-pd-line-link')).toHaveLength(1));
    const linksOf = () => stored[9].draft.formSubList!.find((f) => f.fieldName === 'vendorName')!.paramLinks?.map((l) => `${l.fieldSub1.fieldName}→${l.fieldSub2.fieldName}`);
    expect(linksOf()).toBeUndefined();

    await user.click(screen.getByText('参数关联（虚线）'));
    await user.click(within(left).getByText('供应商ID'));
    await user.click(within(right).getByText('供应商名称'));
    // a dashed line more, no new mapping; the stored link is kept beside the new one, in the form's draft
    expect(document.querySelectorAll('.wb-pd-line-link')).toHaveLength(2);
    expect(document.querySelectorAll('.wb-pd-line-mapping')).toHaveLength(1);
    await waitFor(() => expect(linksOf()).toEqual(['billCode→vendorCode', 'vendorId→vendorName']), { timeout: 6000 });
    expect(stored[9].draft.formSubList!.find((f) => f.fieldName === 'vendorId')!.paramLinks).toBeUndefined();
    expect(stored[9].draft.formSubList!.find((f) => f.fieldName === 'vendorName')!.paramLinks![1].fieldSub1.masterTable).toBe('mm_pu_weigh');

    // connecting the same popup field again moves its link to the other form field
    await user.click(within(left).getByText('磅单号'));
    await user.click(within(right).getByText('供应商名称'));
    await waitFor(() => expect(linksOf()).toEqual(['billCode→vendorCode', 'billCode→vendorName']), { timeout: 6000 });

    // clicking the first dashed line removes that link
    await user.click(screen.getByRole('button', { name: '删除参数关联：billCode 过滤 vendorCode' }));
    expect(document.querySelectorAll('.wb-pd-line-link')).toHaveLength(1);
    await waitFor(() => expect(linksOf()).toEqual(['billCode→vendorName']), { timeout: 6000 });

    // undo three times: back to the stored links (the draft no longer carries any of its own)
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole('button', { name: '撤销连线' }));
    await waitFor(() => expect(linksOf()).toBeUndefined(), { timeout: 6000 });
    expect(document.querySelectorAll('.wb-pd-line-link')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: '重做连线' }));
    expect(document.querySelectorAll('.wb-pd-line-link')).toHaveLength(2);
    await waitFor(() => expect(linksOf()).toEqual(['billCode→vendorCode', 'vendorId→vendorName']), { timeout: 6000 });
    // the mapping was not touched
    expect(stored[9].draft.formSubList!.find((f) => f.fieldName === 'vendorName')!.resourceList).toHaveLength(1);
  });

  it('switches the style to 树 + 表格, which asks for the tree source, and saves the popup\'s draft', async () => {
    const { stored, user } = setup();
    await screen.findByText('选择供应商');
    expect(screen.queryByLabelText('树数据地址')).toBeNull();
    await user.click(screen.getByText('树 + 表格'));
    await user.type(screen.getByLabelText('树数据地址'), '/material/as-vendor/tree');
    await waitFor(() => expect(stored[3].draft).toMatchObject({ formatStyle: 'FORMAT_RESOURCE_TREE_QUERY_DATALIST', treeResUrl: '/material/as-vendor/tree' }), { timeout: 6000 });
  });
});

describe('弹窗设计 · 查询参数', () => {
  it('makes each focus of a 默认值 box its own undo step: typing after clicking back in is undone alone', async () => {
    const { user } = setup();
    const box = await screen.findByLabelText('默认值：供应商编码', {}, { timeout: 10000 }) as HTMLInputElement;
    await user.click(box);
    await user.type(box, 'A');
    await user.click(screen.getByLabelText('默认值：供应商名称'));
    await user.click(box);
    await user.type(box, 'BC');
    expect(box.value).toBe('ABC');
    // the second focus's keystrokes are one step, undone together; the first focus's A stays
    await user.click(screen.getByRole('button', { name: '撤销查询参数' }));
    expect(box.value).toBe('A');
    await user.click(screen.getByRole('button', { name: '撤销查询参数' }));
    expect(box.value).toBe('');
  });
});

describe('弹窗设计 · 运算', () => {
  it('offers the operators by their Chinese labels and stores the code of the one chosen', async () => {
    const { stored, user } = setup();
    const select = await screen.findByRole('combobox', { name: '运算：供应商编码' }, { timeout: 10000 });
    await user.click(select);
    const shown = await waitFor(() => {
      const texts = [...document.querySelectorAll('.ant-select-item-option-content')].map((o) => o.textContent);
      expect(texts).toHaveLength(9);
      return texts;
    });
    expect(shown).toEqual(['等于', '不等于', '大于', '大于等于', '小于', '小于等于', '包含', '属于（逗号分隔）', '包含（同 like）']);
    await user.click(screen.getByTitle('大于等于'));
    await waitFor(() => expect(stored[3].draft.resSubList![0].op).toBe('ge'), { timeout: 6000 });
  });
});
