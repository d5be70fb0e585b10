import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DynamicForm, RuntimeProvider, useTemplateForm, type RuntimeServices } from '../../runtime';
import { parseTemplate } from '../../schema/parse-template';
import type { Template } from '../../schema/template';
import { toTemplate } from '../../schema/design-nodes';
import { execute, openDesigner } from '../engine/designer';

function Form({ template }: { template: Template }) {
  const handle = useTemplateForm(template, 'create', { now: new Date('2026-11-26T08:00:00Z') });
  return <DynamicForm handle={handle} buttons={false} />;
}

afterEach(cleanup);

describe('the operator\'s form and the canvas agree', () => {
  it('a field moved and widened in the designer sits at that place on the runtime form', () => {
    const start = parseTemplate({
      formatName: '车辆', formatCode: 'truck_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
      formSubList: [
        { fieldName: 'plateNo', fieldExplain: '车牌号', formSubmitType: 'ONE_TXT' },
        { fieldName: 'driver', fieldExplain: '司机', formSubmitType: 'ONE_TXT' },
        { fieldName: 'tare', fieldExplain: '皮重', formSubmitType: 'ONE_TXT' },
      ],
    });
    let state = openDesigner(start);
    for (const command of [
      { type: 'move', id: 'f:driver', to: { row: 1, col: 12 } },
      { type: 'resize', id: 'f:driver', span: 36 },
    ] as const) {
      const outcome = execute(state, command);
      if (!outcome.ok) throw new Error(outcome.refusal.message);
      state = outcome.state;
    }
    const services: RuntimeServices = { request: vi.fn(), download: vi.fn(), hasPermission: () => true, desensitize: false };
    const { container } = render(<RuntimeProvider value={services}><Form template={toTemplate(state.draft)} /></RuntimeProvider>);
    const grid = container.querySelector('.ant-formily-grid-layout')!;
    const items = [...grid.children].map((el) => `${el.querySelector('[data-field]')?.getAttribute('data-field') ?? '_'}:${el.getAttribute('data-grid-span')}`);
    // row 1: 车牌号, an empty column, 皮重, the row's end; row 2: an empty first column, then 司机 over three columns
    expect(items).toEqual(['plateNo:1', '_:1', 'tare:1', '_:1', '_:1', 'driver:3']);
    expect(services.request).not.toHaveBeenCalled();
  });
});
