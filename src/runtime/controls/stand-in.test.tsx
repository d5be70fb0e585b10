import { createForm } from '@formily/core';
import { Field, FormProvider } from '@formily/react';
import { DatePicker as FormilyDatePicker, NumberPicker, Select as FormilySelect } from '@formily/antd-v5';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultControls } from '.';
import { DATE_FORMAT, DATE_TIME_FORMAT } from './shared';

afterEach(cleanup);

const OPTIONS = [{ label: '甲', value: 'A' }, { label: '乙', value: 'B' }];
// the form's own controls (stand-ins in front), and antd's controls as the form would draw them without
const SelectField = defaultControls.Select.Field as ComponentType<Record<string, unknown>>;
const DateTimeField = defaultControls.DateTime.Field as ComponentType<Record<string, unknown>>;
const DateField = defaultControls.Date.Field as ComponentType<Record<string, unknown>>;
const NumberField = defaultControls.NumberInput.Field as ComponentType<Record<string, unknown>>;
const realNumber = { stringMode: true, style: { width: '100%' } };
const realSelect = { allowClear: true };
const realDateTime = { showTime: true, format: DATE_TIME_FORMAT, style: { width: '100%' } };
const realDate = { format: DATE_FORMAT, style: { width: '100%' } };

function renderForm(values: Record<string, unknown>, fields: (real: boolean) => React.ReactNode) {
  const form = createForm({ initialValues: values });
  const view = render(
    <ConfigProvider locale={zhCN}>
      <FormProvider form={form}>
        <div data-testid="stand-in">{fields(false)}</div>
        <div data-testid="real">{fields(true)}</div>
      </FormProvider>
    </ConfigProvider>,
  );
  return { form, view };
}

/** The elements as a person or a test sees them: tags, classes and the attributes that matter (no generated ids). */
function shape(el: Element): string {
  const attrs = [...el.attributes].filter((a) => !/^(id|aria-owns|aria-controls|style|unselectable|autocomplete|aria-activedescendant)$/i.test(a.name))
    .map((a) => `${a.name}=${a.name === 'class' ? a.value.split(/\s+/).sort().join('.') : a.value}`).sort();
  return `<${el.tagName.toLowerCase()} ${attrs.join(' ')}>${[...el.childNodes].map((n) => (n.nodeType === 1 ? shape(n as Element) : (n.textContent ?? '').trim())).join('')}</${el.tagName.toLowerCase()}>`;
}

const fields = (real: boolean) => (
  <>
    <Field name={`s${real ? 'r' : ''}`} dataSource={OPTIONS} required component={real ? [FormilySelect, { ...realSelect, 'data-field': 's', 'aria-label': '物料' }] : [SelectField, { 'data-field': 's', 'aria-label': '物料' }]} />
    <Field name={`v${real ? 'r' : ''}`} dataSource={OPTIONS} component={real ? [FormilySelect, { ...realSelect, 'data-field': 'v', 'aria-label': '类别' }] : [SelectField, { 'data-field': 'v', 'aria-label': '类别' }]} />
    <Field name={`d${real ? 'r' : ''}`} component={real ? [FormilyDatePicker, { ...realDateTime, 'data-field': 'd', 'aria-label': '称重时间' }] : [DateTimeField, { 'data-field': 'd', 'aria-label': '称重时间' }]} />
    <Field name={`e${real ? 'r' : ''}`} component={real ? [FormilyDatePicker, { ...realDate, 'data-field': 'e', 'aria-label': '日期' }] : [DateField, { 'data-field': 'e', 'aria-label': '日期' }]} />
    <Field name={`n${real ? 'r' : ''}`} component={real ? [NumberPicker, { ...realNumber, 'data-field': 'n', 'aria-label': '毛重' }] : [NumberField, { 'data-field': 'n', 'aria-label': '毛重' }]} />
  </>
);

describe('stand-ins for closed dropdowns, date pickers and empty number boxes', () => {
  it('draw the same elements as antd does for the closed control, empty and with a value', () => {
    const { view } = renderForm({ v: 'B', vr: 'B', d: '2026-11-28 08:30:00', dr: '2026-11-28 08:30:00', e: '2026-11-28', er: '2026-11-28' }, fields);
    const standIn = view.getByTestId('stand-in');
    const real = view.getByTestId('real');
    expect(standIn.querySelectorAll('.ant-select, .ant-picker, .ant-input-number')).toHaveLength(5);
    expect([...standIn.children].map(shape)).toEqual([...real.children].map(shape));
    // what the person reads: the chosen option's label, the date, the placeholders
    expect(standIn.querySelector('[data-field="v"] .ant-select-selection-item')?.textContent).toBe('乙');
    expect(standIn.querySelector<HTMLInputElement>('input[data-field="e"]')?.value).toBe('2026-11-28');
    expect(standIn.querySelector<HTMLInputElement>('input[data-field="d"]')?.value).toBe('2026-11-28 08:30:00');
    expect(standIn.querySelector('[data-field="s"] .ant-select-selection-placeholder')).not.toBeNull();
  });

  it('give way to antd\'s control when the pointer comes over one, which then chooses as usual', async () => {
    const { form, view } = renderForm({}, fields);
    const standIn = view.getByTestId('stand-in');
    // antd's input names the list it controls; the stand-in's has none to name
    const combobox = () => standIn.querySelector('[data-field="s"] input[role="combobox"]')!;
    expect(combobox().hasAttribute('aria-controls')).toBe(false);
    // the pointer's arrival swaps the controls before its event returns: the press that follows lands on antd's
    const from = document.body;
    const over = standIn.querySelector('[data-field="s"] .ant-select-selector')!;
    over.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, relatedTarget: from }));
    expect(combobox().hasAttribute('aria-controls')).toBe(true);
    await userEvent.click(standIn.querySelector('[data-field="s"] .ant-select-selector')!);
    await userEvent.click(await screen.findByTitle('甲'));
    expect(form.values.s).toBe('A');
    expect(standIn.querySelector('[data-field="s"] .ant-select-selection-item')?.textContent).toBe('甲');
  });

  it('give way on focus (a tab, a label) and hand the focus to antd\'s input, which takes what is typed', async () => {
    const { form, view } = renderForm({}, fields);
    const standIn = view.getByTestId('stand-in');
    act(() => standIn.querySelector<HTMLInputElement>('input[data-field="e"]')!.focus());
    await waitFor(() => expect(document.activeElement?.getAttribute('data-field')).toBe('e'));
    const input = document.activeElement as HTMLInputElement;
    expect(input.readOnly).toBe(false);
    await userEvent.type(input, '2026-01-05{Enter}');
    await waitFor(() => expect(form.values.e).toBe('2026-01-05'));

    act(() => standIn.querySelector<HTMLInputElement>('input[data-field="n"]')!.focus());
    await waitFor(() => expect(document.activeElement?.getAttribute('data-field')).toBe('n'));
    await userEvent.type(document.activeElement as HTMLInputElement, '12.5');
    expect(form.values.n).toBe('12.5');
  });

  it('stay through a check of the form, show a value set by the form (a default, a calculation), and give way when disabled', async () => {
    const { form, view } = renderForm({}, fields);
    const standIn = view.getByTestId('stand-in');
    expect(standIn.querySelector<HTMLInputElement>('input[data-field="d"]')?.placeholder).toBe('请选择日期');
    // checking the form (a submit) leaves the stand-ins standing: antd's controls do not mount under every field
    await act(async () => { await form.validate().catch(() => undefined); });
    expect(standIn.querySelector('[data-field="s"] input[role="combobox"]')?.hasAttribute('aria-controls')).toBe(false);
    act(() => { form.setValuesIn('v', 'A'); form.setValuesIn('d', '2026-02-03 04:05:06'); });
    expect(standIn.querySelector('[data-field="v"] .ant-select-selection-item')?.textContent).toBe('甲');
    expect(standIn.querySelector<HTMLInputElement>('input[data-field="d"]')?.value).toBe('2026-02-03 04:05:06');
    // a number is shown by antd's own control (which normalises it)
    act(() => form.setValuesIn('n', '12.50'));
    expect(standIn.querySelector<HTMLInputElement>('input[data-field="n"]')?.value).toBe('12.5');
    act(() => form.setFieldState('v', (s) => { s.pattern = 'disabled'; }));
    expect(standIn.querySelector('[data-field="v"]')?.className).toContain('ant-select-disabled');
  });
});

describe('stand-ins in table cells (a child table\'s lines, the designer\'s canvas)', () => {
  const field = (fieldName: string, extra: Record<string, unknown> = {}) => ({ fieldName, fieldExplain: fieldName, formSubmitType: 'INPUT_BOX', fieldType: 'CHAR', ...extra }) as never;
  const row = { rowKey: 'r1' } as never;
  const noop = () => undefined;
  const common = (name: string, status?: 'error') => ({ status, onBlur: noop, 'data-cell': name, style: { width: '100%' } });
  const Cells = ({ values, set = noop }: { values: Record<string, unknown>; set?(name: string, v: unknown): void }) => {
    const cell = (kind: keyof typeof defaultControls, name: string, extra: Record<string, unknown> = {}, status?: 'error') => {
      const Cell = defaultControls[kind].Cell;
      return <Cell key={name} field={field(name, extra)} value={values[name] ?? null} row={row} set={(v) => set(name, v)} check={noop} common={common(name, status)} tr={(t) => t} />;
    };
    return (
      <>
        {cell('Select', 'material', { options: OPTIONS })}
        {cell('Select', 'kind', { options: OPTIONS })}
        {cell('Date', 'day')}
        {cell('DateTime', 'at')}
        {cell('NumberInput', 'net')}
        {cell('YesNo', 'ok')}
        {cell('Select', 'wrong', { options: OPTIONS }, 'error')}
      </>
    );
  };
  const values = { kind: 'B', day: '2026-11-28', at: '2026-11-28 08:30:00', ok: true };

  it('draw what antd draws for the same cell, without antd\'s controls behind them until one is pointed at', async () => {
    const view = render(<ConfigProvider locale={zhCN}><div data-testid="cells"><Cells values={values} /></div></ConfigProvider>);
    const cells = view.getByTestId('cells');
    const before = [...cells.children].map(shape);
    // antd's own controls, woken one by one by the pointer: the same elements
    for (const el of [...cells.querySelectorAll('.ant-select, .ant-picker, .ant-input-number')]) {
      el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, relatedTarget: document.body }));
    }
    expect(cells.querySelectorAll('[data-cell="material"] input[aria-controls]')).toHaveLength(1);
    expect([...cells.children].map(shape)).toEqual(before);
    expect(before.join('')).toContain('data-cell=day');
  });

  it('are stand-ins at rest (the value, the date as text, 是), and a cell with a message is antd\'s control from the start', () => {
    const view = render(<ConfigProvider locale={zhCN}><div data-testid="cells"><Cells values={values} /></div></ConfigProvider>);
    const cells = view.getByTestId('cells');
    expect(cells.querySelector('[data-cell="material"] input[role="combobox"]')?.hasAttribute('aria-controls')).toBe(false);
    expect(cells.querySelector('[data-cell="kind"] .ant-select-selection-item')?.textContent).toBe('乙');
    expect(cells.querySelector<HTMLInputElement>('input[data-cell="day"]')?.value).toBe('2026-11-28');
    expect(cells.querySelector<HTMLInputElement>('input[data-cell="at"]')?.value).toBe('2026-11-28 08:30:00');
    expect(cells.querySelector('[data-cell="ok"] .ant-select-selection-item')?.textContent).toBe('是');
    expect(cells.querySelector('[data-cell="wrong"]')?.className).toContain('ant-select-status-error');
    expect(cells.querySelector('[data-cell="wrong"] input[role="combobox"]')?.hasAttribute('aria-controls')).toBe(true);
  });

  it('take a choice once woken, as the child table\'s cell did', async () => {
    const chosen: unknown[] = [];
    const view = render(<ConfigProvider locale={zhCN}><div data-testid="cells"><Cells values={{}} set={(name, v) => chosen.push([name, v])} /></div></ConfigProvider>);
    const cells = view.getByTestId('cells');
    // the pointer comes over the cell (as it does before any press), then the press opens antd's list
    const over = cells.querySelector('[data-cell="material"] .ant-select-selector')!;
    over.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, relatedTarget: document.body }));
    await userEvent.click(cells.querySelector('[data-cell="material"] .ant-select-selector')!);
    await userEvent.click(await screen.findByTitle('甲'));
    expect(chosen).toEqual([['material', 'A']]);
  });
});
