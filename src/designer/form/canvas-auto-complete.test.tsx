import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTemplate } from '../../schema/parse-template';
import { card, setup } from './designer-fixture';

/** The demo's 采购过磅记录表单 in small: its 物料 typed with suggestions from the inventory's popup template. */
const weighForm = () => parseTemplate({
  formatName: '车辆', formatCode: 'fd_truck_form', formatType: 'FORM', customTable: 'fd_truck', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  formSubList: [
    { fieldName: 'materialName', fieldExplain: '物料', formSubmitType: 'AUTO_COMPLETE', fieldType: 'CHAR', cgFormatResId: 21, tipsMessage: '输入名称或拼音首字母',
      resourceList: [{ fieldSub1: { fieldName: 'materialName' }, fieldSub2: { fieldName: 'invName' } }], layout: { row: 0, col: 0, span: 12 } },
    { fieldName: 'plateNo', fieldExplain: '车牌号', formSubmitType: 'ONE_TXT', fieldType: 'CHAR', layout: { row: 0, col: 12, span: 12 } },
  ].map((f) => ({ ...f, customTable: 'fd_truck' })),
});

afterEach(cleanup);

describe('an AUTO_COMPLETE field on the canvas', () => {
  it('is drawn as the runtime\'s auto-complete box, not a plain text box, and asks nothing of a data API', async () => {
    const { calls, user } = setup({ draft: weighForm() });
    await waitFor(() => expect(card('materialName')).toBeTruthy());
    const control = card('materialName').querySelector('.wb-fd-control')!;
    // antd's AutoComplete, as the form draws the field: a search box with its 提示文字, no arrow
    expect(control.querySelector('.ant-select.ant-select-auto-complete input[role="combobox"]')).toBeTruthy();
    expect(control.querySelector('.ant-select-selection-placeholder')!.textContent).toBe('输入名称或拼音首字母');
    expect(control.querySelector('.ant-select-arrow')).toBeNull();
    expect(control.querySelector('input.ant-input')).toBeNull();
    // selected, it is still inert: the designer's own calls only (the draft, its history, the data sources)
    await user.click(card('materialName'));
    await waitFor(() => expect(card('materialName').getAttribute('aria-pressed')).toBe('true'));
    expect(calls.map((c) => c.url).filter((url) => !url.startsWith('/optimus_prime/cg-'))).toEqual([]);
  });
});
