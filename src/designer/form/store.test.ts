import { describe, expect, it, vi } from 'vitest';
import { parseTemplate } from '../../schema/parse-template';
import { execute, openDesigner, select, type DesignerState } from '../engine/designer';
import { createMarks } from './canvas';
import { createDesignerStore } from './store';

const start = (): DesignerState => openDesigner(parseTemplate({
  formatName: '车辆', formatCode: 'truck_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', customTable: 'fd_truck',
  formSubList: [
    { fieldName: 'plateNo', fieldExplain: '车牌号' }, { fieldName: 'driver', fieldExplain: '司机' },
    { fieldName: 'price', fieldExplain: '单价', fieldType: 'NUMBER' }, { fieldName: 'amount', fieldExplain: '金额', fieldType: 'NUMBER' },
  ],
}), [], 's');

const applied = (s: DesignerState, command: Parameters<typeof execute>[1]): DesignerState => {
  const outcome = execute(s, command);
  if (!outcome.ok) throw new Error(outcome.refusal.message);
  return outcome.state;
};

describe('the designer store', () => {
  it("tells a node's listener of its own node, selection and problem only, and the whole state's listeners of everything", () => {
    const store = createDesignerStore(start());
    const heard = { plateNo: vi.fn(), driver: vi.fn(), amount: vi.fn(), whole: vi.fn() };
    store.subscribeNode('f:plateNo', heard.plateNo);
    const stop = store.subscribeNode('f:driver', heard.driver);
    store.subscribeNode('f:amount', heard.amount);
    store.subscribe(heard.whole);

    // 司机 moved to the next row: its listener, not the others'
    store.set(applied(store.get(), { type: 'move', id: 'f:driver', to: { row: 1, col: 0 } }));
    expect([heard.plateNo.mock.calls.length, heard.driver.mock.calls.length, heard.amount.mock.calls.length, heard.whole.mock.calls.length]).toEqual([0, 1, 0, 1]);

    // selecting 车牌号, then 司机 too: each hears when its own selection changes
    store.set(select(store.get(), ['f:plateNo']));
    store.set(select(store.get(), ['f:driver'], 'add'));
    expect([heard.plateNo.mock.calls.length, heard.driver.mock.calls.length, heard.amount.mock.calls.length]).toEqual([1, 2, 0]);

    // 金额 calculated from 单价: its own node changed, it hears
    store.set(applied(store.get(), { type: 'set-property', id: 'f:amount', key: 'calculate', value: [{ fieldName: 'price', customTable: null }, '*', { fieldName: 'price', customTable: null }] }));
    expect(heard.amount).toHaveBeenCalledTimes(1);
    // 单价 removed: the calculation names a missing field, a problem shown on 金额, which hears of it though its node is as it was
    store.set(applied(store.get(), { type: 'remove', ids: ['f:price'] }));
    expect(store.get().problems.map((p) => p.nodeId)).toEqual(['f:amount']);
    expect(heard.amount).toHaveBeenCalledTimes(2);

    // unsubscribed: no longer told
    stop();
    store.set(applied(store.get(), { type: 'resize', id: 'f:driver', span: 24 }));
    expect(store.get().draft.nodes['f:driver']).toMatchObject({ layout: { row: 1, col: 0, span: 24 } });
    expect(heard.driver).toHaveBeenCalledTimes(2);
    expect(heard.whole).toHaveBeenCalledTimes(6);
  });

  it("tells a card of its own drag marks only: picked up, put down, a control kind over it", () => {
    const marks = createMarks();
    const a = vi.fn();
    const b = vi.fn();
    marks.subscribeNode('f:a', a);
    marks.subscribeNode('f:b', b);
    marks.set({ dragging: 'f:a', over: null });
    marks.set({ dragging: null, over: null });
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([2, 0]);
    marks.set({ dragging: null, over: 'f:b' });
    marks.set({ dragging: null, over: 'f:a' });
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([3, 2]);
  });
});
