import { cleanup, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { parseTemplate } from '../../schema/parse-template';
import { card, setup } from './designer-fixture';

/**
 * An 8-column form (one column: 6 of the 48 units): a picker, a date and a date-time one column wide,
 * and a picker and a date two columns wide.
 */
const eightColumns = () => parseTemplate({
  formatName: '车辆', formatCode: 'fd_truck_form', formatType: 'FORM', customTable: 'fd_truck', formatStyle: 'FORMAT_EIGHT_COLUMN_FROM',
  formSubList: [
    { fieldName: 'vendorName', fieldExplain: '供应商', formSubmitType: 'RESOURCE_CONTROLS', fieldType: 'CHAR', layout: { row: 0, col: 0, span: 6 } },
    { fieldName: 'grossTime', fieldExplain: '毛重时间', formSubmitType: 'DATA_BOX_TIM', fieldType: 'DATE', layout: { row: 0, col: 6, span: 6 } },
    { fieldName: 'inDate', fieldExplain: '进厂日期', formSubmitType: 'DATA_BOX', fieldType: 'DATE', layout: { row: 0, col: 12, span: 6 } },
    { fieldName: 'customerName', fieldExplain: '客户', formSubmitType: 'RESOURCE_CONTROLS', fieldType: 'CHAR', layout: { row: 1, col: 0, span: 12 } },
    { fieldName: 'outDate', fieldExplain: '出厂日期', formSubmitType: 'DATA_BOX', fieldType: 'DATE', layout: { row: 1, col: 12, span: 12 } },
  ].map((f) => ({ ...f, customTable: 'fd_truck' })),
});

/** What the field's empty box shows: its input's placeholder. */
const shown = (fieldName: string) => card(fieldName).querySelector('.wb-fd-control input')!.getAttribute('placeholder');

afterEach(cleanup);

describe('the canvas\'s boxes one column of eight wide', () => {
  it('a narrow picker, date or date-time box shows its kind\'s short word; two columns wide, the full placeholder', async () => {
    setup({ draft: eightColumns() });
    await waitFor(() => expect(card('outDate')).toBeTruthy());
    // 请选择 in a box of about 60 px showed as 请.
    expect(shown('vendorName')).toBe('选择');
    expect(shown('grossTime')).toBe('日期时间');
    expect(shown('inDate')).toBe('日期');
    expect(shown('customerName')).toBe('请选择');
    // the date picker's own placeholder (antd's English one: the fixture has no antd locale; 请选择日期 in the app)
    expect(shown('outDate')).toBe('Select date');
  });
});
