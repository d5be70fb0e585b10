import { act, cleanup, render, waitFor } from '@testing-library/react';
import { isField } from '@formily/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { DynamicForm, useTemplateForm, type DynamicFormHandle } from './dynamic-form';

afterEach(() => { cleanup(); vi.restoreAllMocks(); });

const template: Pick<Template, 'formatStyle' | 'formSubList'> = {
  formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  formSubList: Array.from({ length: 12 }, (_, i) => ({ fieldName: `f${i}`, fieldExplain: `字段${i}`, formSubmitType: 'ONE_TXT', seq: i })),
};

function Form() {
  const handle = useTemplateForm(template, 'create', { user: 1, currentOrg: 1, currentOrgName: '东方能源有限公司', now: new Date() });
  return <DynamicForm handle={handle} buttons={false} />;
}

describe('DynamicForm', () => {
  it('lets every field measure its label in its first frame before off-screen fields stop being laid out', async () => {
    // each measurement inside the form, and whether off-screen skipping was already on when it ran
    const seen: boolean[] = [];
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const form = this.closest('.wb-dynamic-form');
      if (form && this.closest('.ant-formily-item')) seen.push(form.classList.contains('is-drawn'));
      return original.call(this);
    });
    render(<Form />);
    const form = document.querySelector('.wb-dynamic-form')!;
    expect(form.classList.contains('is-drawn')).toBe(false);
    await waitFor(() => expect(form.classList.contains('is-drawn')).toBe(true));
    expect(seen.length).toBeGreaterThanOrEqual(12); // every FormItem measured its label
    expect(seen.every((drawn) => !drawn)).toBe(true);
  });

  it('lays a form out in its columns while a transform shrinks it on screen, as a dialog opening with its zoom does', async () => {
    // the dialog at the start of its zoom: on screen a fifth of its 900 px, laid out at 900
    const original = Element.prototype.getBoundingClientRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      return this.closest('.wb-dynamic-form') ? new DOMRect(0, 0, 180, 120) : original.call(this);
    });
    vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockImplementation(function (this: HTMLElement) {
      return this.closest('.wb-dynamic-form') ? 900 : 0;
    });
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.closest('.wb-dynamic-form') ? 600 : 0;
    });
    render(<Form />);
    const grid = document.querySelector<HTMLElement>('.ant-formily-grid-layout')!;
    // precondition: the grid's on-screen box is 180 px wide, room for one column only
    expect(Element.prototype.getBoundingClientRect.call(grid).width).toBe(180);
    await waitFor(() => expect(grid.style.gridTemplateColumns).toMatch(/^repeat\(4,/));
  });

  it('a text box with a 提示文字 shows it in the empty box and says it whole on hover, also when disabled', async () => {
    const tipped: Pick<Template, 'formatStyle' | 'formSubList'> = {
      formatStyle: 'FORMAT_EIGHT_COLUMN_FROM',
      formSubList: [{ fieldName: 'weighNo', fieldExplain: '磅单号', formSubmitType: 'ONE_TXT', tipsMessage: '保存时自动生成', iupdate: false, seq: 1 }],
    };
    function TippedForm() {
      return <DynamicForm handle={useTemplateForm(tipped, 'update', { now: new Date() }, { id: 1 })} buttons={false} />;
    }
    render(<TippedForm />);
    await waitFor(() => expect(document.querySelector('input[data-field="weighNo"]')).toBeTruthy());
    const box = document.querySelector<HTMLInputElement>('input[data-field="weighNo"]')!;
    expect([box.disabled, box.placeholder, box.title]).toEqual([true, '保存时自动生成', '保存时自动生成']);
  });

  it('checks a period and a preset tare as the server does: 结束日期 before 开始日期 and a negative 预置皮重 are refused on their fields, and a later 开始日期 checks 结束日期 again', async () => {
    const period: Pick<Template, 'formatStyle' | 'formSubList' | 'customTable'> = {
      // a vehicle's 预置皮重 may not be negative (record-rules.ts, by table)
      formatStyle: 'FORMAT_FOUR_COLUMN_FROM', customTable: 'as_vehicle',
      formSubList: [
        { fieldName: 'beginDate', fieldExplain: '开始日期', formSubmitType: 'DATA_BOX', fieldType: 'DATE', seq: 1 },
        { fieldName: 'endDate', fieldExplain: '结束日期', formSubmitType: 'DATA_BOX', fieldType: 'DATE', seq: 2 },
        { fieldName: 'tareWeight', fieldExplain: '预置皮重(吨)', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', seq: 3 },
      ],
    };
    let handle: DynamicFormHandle | null = null;
    function PeriodForm() {
      const h = useTemplateForm(period, 'update', { now: new Date() }, { beginDate: '2026-12-05', endDate: '2026-12-05', tareWeight: '0' });
      handle = h;
      return <DynamicForm handle={h} buttons={false} />;
    }
    render(<PeriodForm />);
    await waitFor(() => expect(document.querySelector('[data-field="tareWeight"]')).toBeTruthy());
    const form = handle!.form;
    const errors = (name: string) => { const f = form.query(name).take(); return isField(f) ? f.selfErrors : null; };
    // the same day and a tare of 0 pass
    await act(() => form.validate().catch(() => undefined));
    expect([errors('endDate'), errors('tareWeight')]).toEqual([[], []]);
    await act(async () => { form.setValuesIn('endDate', '2026-12-04'); form.setValuesIn('tareWeight', '-5'); await form.validate().catch(() => undefined); });
    expect(errors('endDate')).toEqual(['结束日期不能早于开始日期']);
    expect(errors('tareWeight')).toEqual(['预置皮重不能小于0']);
    await act(async () => { form.setValuesIn('endDate', '2026-12-06'); await form.validate().catch(() => undefined); });
    expect(errors('endDate')).toEqual([]);
    // moving the start past the end marks the end, without touching it
    await act(async () => { form.setValuesIn('beginDate', '2026-12-08'); });
    await waitFor(() => expect(errors('endDate')).toEqual(['结束日期不能早于开始日期']));
  });
});
