import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldDefinition } from '../../schema/field-definition';
import type { Template } from '../../schema/template';
import { ChildTable, createChildStore } from '../form/child-table';
import { PopupTemplatesScope } from '../picker/auto-complete-input';
import { RuntimeProvider, type RuntimeRequest, type RuntimeServices } from '../runtime-context';

afterEach(cleanup);

/** The inventory's popup template, as the demo's 物料 (AUTO_COMPLETE) fields complete from it. */
const inventoryPopup: Template = {
  id: 21, formatName: '选择存货', formatCode: 'as_inventory_resource', formatType: 'RESOURCE', formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST',
  resUrl: '/material/as-inventory/list', resMethod: 'POST', ps: 10, viewResourceSubName: 'invName', valueResourceSubName: 'id',
  resSubList: [
    { fieldName: 'invCode', fieldExplain: '存货编码', fieldType: 'TEXT', iallowQuery: true, seq: 10 },
    { fieldName: 'invName', fieldExplain: '存货名称', fieldType: 'TEXT', iallowQuery: true, seq: 20 },
  ],
};

/** A line's 物料 typed with suggestions; the hit chosen fills its 存货编码 too. */
const fields: FieldDefinition[] = [
  { fieldName: 'materialName', fieldExplain: '物料', formSubmitType: 'AUTO_COMPLETE', cgFormatResId: 21, iupdate: true, seq: 10, resourceList: [
    { fieldSub1: { fieldName: 'materialName' }, fieldSub2: { fieldName: 'invName' } },
    { fieldSub1: { fieldName: 'materialCode' }, fieldSub2: { fieldName: 'invCode' } },
  ] },
  { fieldName: 'materialCode', fieldExplain: '存货编码', formSubmitType: 'ONE_TXT', iupdate: true, seq: 20 },
];

describe('an AUTO_COMPLETE cell of a child table', () => {
  it('completes the typed text from the field\'s popup template, as the form\'s field does; the hit chosen fills the row\'s mapped cells', async () => {
    const calls: RuntimeRequest[] = [];
    const services: RuntimeServices = {
      request: vi.fn(async (o: RuntimeRequest) => {
        calls.push(o);
        if (o.url === '/optimus_prime/optimusPrimePopup/21') return inventoryPopup;
        if (o.url === '/material/as-inventory/list') return { list: [{ id: 3, invCode: 'YM-01', invName: '原煤' }], total: 1 };
        throw new Error(`unexpected call ${o.url}`);
      }) as unknown as RuntimeServices['request'],
      download: vi.fn(), hasPermission: () => true, desensitize: false,
    };
    const store = createChildStore([{ rowKey: 'r1', materialName: null, materialCode: null }]);
    render(<AntApp><RuntimeProvider value={services}><ChildTable store={store} fields={fields} table={null} label="明细" editable /></RuntimeProvider></AntApp>);
    // no call before the box is used
    expect(calls).toEqual([]);
    const user = userEvent.setup();
    await user.type(screen.getByRole('combobox'), '原');
    const hit = await screen.findByText('YM-01', {}, { timeout: 3000 });
    expect(calls.map((c) => c.url)).toEqual(['/optimus_prime/optimusPrimePopup/21', '/material/as-inventory/list']);
    await user.click(hit);
    await waitFor(() => expect({ ...store.rows[0] }).toMatchObject({ materialName: '原煤', materialCode: 'YM-01' }));
  });

  it('the lines of one opened document read the popup template once; a document opened again reads it again and shows what was published since', async () => {
    let popup = inventoryPopup;
    const calls: RuntimeRequest[] = [];
    const services: RuntimeServices = {
      request: vi.fn(async (o: RuntimeRequest) => {
        calls.push(o);
        if (o.url === '/optimus_prime/optimusPrimePopup/21') return popup;
        if (o.url === '/material/as-inventory/list') return { list: [{ id: 3, invCode: 'YM-01', invName: '原煤', invSpec: '块煤' }], total: 1 };
        throw new Error(`unexpected call ${o.url}`);
      }) as unknown as RuntimeServices['request'],
      download: vi.fn(), hasPermission: () => true, desensitize: false,
    };
    const open = () => render(<AntApp><RuntimeProvider value={services}><PopupTemplatesScope>
      <ChildTable store={createChildStore([{ rowKey: 'r1', materialName: null }, { rowKey: 'r2', materialName: null }])} fields={fields} table={null} label="明细" editable />
    </PopupTemplatesScope></RuntimeProvider></AntApp>);
    const popupReads = () => calls.filter((c) => c.url.startsWith('/optimus_prime/optimusPrimePopup/')).length;
    const user = userEvent.setup();

    const first = open();
    for (const box of screen.getAllByRole('combobox')) await user.type(box, '原');
    await waitFor(() => expect(calls.filter((c) => c.url === '/material/as-inventory/list')).toHaveLength(2), { timeout: 3000 });
    expect(popupReads()).toBe(1);
    expect(await screen.findAllByText('YM-01')).not.toHaveLength(0);
    first.unmount();

    // the popup template published again, now showing 规格 first: the next document asks for it again
    popup = { ...inventoryPopup, resSubList: [{ fieldName: 'invSpec', fieldExplain: '规格', fieldType: 'TEXT', seq: 5 }, ...inventoryPopup.resSubList!] };
    open();
    await user.type(screen.getAllByRole('combobox')[0], '原');
    expect(await screen.findByText('块煤', {}, { timeout: 3000 })).toBeTruthy();
    expect(popupReads()).toBe(2);
  });
});
