import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultControls, paletteOf } from '../../runtime';
import { parseTemplate } from '../../schema/parse-template';
import { card, setup } from '../../designer/form/designer-fixture';
import { DESIGNER_EN_US } from './designer-en-US';
import { RUNTIME_EN_US } from './runtime-en-US';

/** The host's translation in English mode (runtime-host.tsx): the runtime's words, then the designer's. */
const english = (text: string) => RUNTIME_EN_US[text] ?? DESIGNER_EN_US[text];
const CJK = /[\u4e00-\u9fff]/;

afterEach(cleanup);

describe('the form designer\'s control kinds in English mode', () => {
  it('the palette names every control kind in English', async () => {
    setup({ translate: english });
    const palette = await screen.findByRole('complementary', { name: 'Palette' });
    await waitFor(() => expect(palette.querySelectorAll('[data-palette^="kind:"]').length).toBeGreaterThan(20));
    const kinds = [...palette.querySelectorAll('[data-palette^="kind:"]')].map((el) => el.textContent);
    expect(kinds.filter((k) => !k || CJK.test(k))).toEqual([]);
    expect(within(palette).getByText('Text / Number')).toBeTruthy();
    expect(within(palette).getByText('Datetime')).toBeTruthy();
    expect(within(palette).getByText('Popup pick')).toBeTruthy();
  });

  it('every palette entry and every short word of a narrow box has an English entry', () => {
    const words = [...paletteOf(defaultControls).map((p) => p.label), ...Object.values(defaultControls).map((d) => d.shortPlaceholder)];
    const missing = words.filter((w): w is string => !!w && !english(w));
    expect(missing).toEqual([]);
    // the short words fit a box of about 50 px at 12 px (the canvas's one column of eight at 1280)
    const long = Object.values(defaultControls).map((d) => d.shortPlaceholder).filter((w): w is string => !!w && english(w).length > 8);
    expect(long).toEqual([]);
  });

  it('a narrow picker, date or date-time box of the canvas shows the short word in English', async () => {
    const draft = parseTemplate({
      formatName: '车辆', formatCode: 'fd_truck_form', formatType: 'FORM', customTable: 'fd_truck', formatStyle: 'FORMAT_EIGHT_COLUMN_FROM',
      formSubList: [
        { fieldName: 'vendorName', fieldExplain: '供应商', formSubmitType: 'RESOURCE_CONTROLS', fieldType: 'CHAR', layout: { row: 0, col: 0, span: 6 } },
        { fieldName: 'grossTime', fieldExplain: '毛重时间', formSubmitType: 'DATA_BOX_TIM', fieldType: 'DATE', layout: { row: 0, col: 6, span: 6 } },
        { fieldName: 'inDate', fieldExplain: '进厂日期', formSubmitType: 'DATA_BOX', fieldType: 'DATE', layout: { row: 0, col: 12, span: 6 } },
      ].map((f) => ({ ...f, customTable: 'fd_truck' })),
    });
    setup({ draft, translate: english });
    await waitFor(() => expect(card('inDate')).toBeTruthy());
    const shown = (name: string) => card(name).querySelector('.wb-fd-control input')!.getAttribute('placeholder');
    expect([shown('vendorName'), shown('grossTime'), shown('inDate')]).toEqual(['Select', 'Datetime', 'Date']);
  });
});
