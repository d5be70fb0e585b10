import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTemplate } from '../../schema/parse-template';
import { card, setup } from './designer-fixture';

/**
 * An 8-column form: a picker, a date and a number with a 提示文字, a picker one column wide with one,
 * and a picker and a date without (the fixture's text cell is its own, so no ONE_TXT field here).
 */
const withTips = () => parseTemplate({
  formatName: '车辆', formatCode: 'fd_truck_form', formatType: 'FORM', customTable: 'fd_truck', formatStyle: 'FORMAT_EIGHT_COLUMN_FROM',
  formSubList: [
    { fieldName: 'vendorName', fieldExplain: '供应商', formSubmitType: 'RESOURCE_CONTROLS', fieldType: 'CHAR', tipsMessage: '请选择供货单位', layout: { row: 0, col: 0, span: 12 } },
    { fieldName: 'inDate', fieldExplain: '进厂日期', formSubmitType: 'DATA_BOX', fieldType: 'DATE', tipsMessage: '按进厂登记填写', layout: { row: 0, col: 12, span: 12 } },
    { fieldName: 'tare', fieldExplain: '皮重', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', tipsMessage: '单位：吨', layout: { row: 0, col: 24, span: 12 } },
    { fieldName: 'siloName', fieldExplain: '筒仓', formSubmitType: 'RESOURCE_CONTROLS', fieldType: 'CHAR', tipsMessage: '请选筒仓', layout: { row: 1, col: 0, span: 6 } },
    { fieldName: 'customerName', fieldExplain: '客户', formSubmitType: 'RESOURCE_CONTROLS', fieldType: 'CHAR', layout: { row: 1, col: 6, span: 12 } },
    { fieldName: 'outDate', fieldExplain: '出厂日期', formSubmitType: 'DATA_BOX', fieldType: 'DATE', layout: { row: 1, col: 18, span: 12 } },
  ].map((f) => ({ ...f, customTable: 'fd_truck' })),
});

/** What the field's empty box shows: its input's placeholder. */
const shown = (fieldName: string) => card(fieldName).querySelector('.wb-fd-control input')!.getAttribute('placeholder');

afterEach(cleanup);

describe('the canvas\'s boxes and the field\'s 提示文字', () => {
  it('an empty box shows the field\'s 提示文字, as the runtime form\'s does; a field without one shows its control\'s own words', async () => {
    setup({ draft: withTips() });
    await waitFor(() => expect(card('outDate')).toBeTruthy());
    expect(shown('vendorName')).toBe('请选择供货单位');
    expect(shown('inDate')).toBe('按进厂登记填写');
    expect(shown('tare')).toBe('单位：吨');
    // one column of eight: the designer's own words, not the kind's short word (选择)
    expect(shown('siloName')).toBe('请选筒仓');
    expect(shown('customerName')).toBe('请选择');
    expect(shown('outDate')).toBe('Select date');
  });

  it('a card says its whole 提示文字 on hover (a narrow box cuts it); a card without one says nothing there', async () => {
    setup({ draft: withTips() });
    await waitFor(() => expect(card('outDate')).toBeTruthy());
    const hover = (fieldName: string) => card(fieldName).querySelector('.wb-fd-field-box')!.getAttribute('title');
    expect(hover('siloName')).toBe('请选筒仓');
    expect(hover('vendorName')).toBe('请选择供货单位');
    expect(hover('customerName')).toBeNull();
  });

  it('a 提示文字 typed in the property panel shows in the card\'s box', async () => {
    const { user } = setup({ draft: withTips() });
    await waitFor(() => expect(card('customerName')).toBeTruthy());
    await user.click(card('customerName'));
    const panel = screen.getByRole('complementary', { name: '属性面板' });
    await within(panel).findByText('客户（customerName）');
    const tips = within(panel).getByText('提示文字').closest('.ant-formily-item')!.querySelector('input') as HTMLInputElement;
    await user.type(tips, '请选择购货单位');
    await waitFor(() => expect(shown('customerName')).toBe('请选择购货单位'));
  });
});
