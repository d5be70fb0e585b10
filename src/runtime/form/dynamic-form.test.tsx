import { cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Template } from '../../schema/template';
import { DynamicForm, useTemplateForm } from './dynamic-form';

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
});
