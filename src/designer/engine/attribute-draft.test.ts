import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../schema/parse-template';
import { applyAttribute, isDirty, published, rebase, saved, setFieldAttribute, startEditing, unsavedFields, type DraftRecord } from './attribute-draft';

const template = parseTemplate({
  formatName: '结算单表单', formatCode: 'settle_form', formatType: 'FORM', customTable: 'settle_main',
  formSubList: [
    { fieldName: 'settleDate', fieldExplain: '结算日期', fieldType: 'DATE', formSubmitType: 'DATA_BOX_TIM' },
    { fieldName: 'remark', fieldExplain: '备注', formSubmitType: 'TEXTAREA' },
  ],
  childSubLists: [{ customTable: 'settle_line', label: '明细', fields: [
    { fieldName: 'net', fieldExplain: '净重', fieldType: 'NUMBER' }, { fieldName: 'price', fieldExplain: '单价', fieldType: 'NUMBER' },
    { fieldName: 'amount', fieldExplain: '金额', fieldType: 'NUMBER', formSubmitType: 'CALCULATE', calculate: [{ fieldName: 'net' }, '*', { fieldName: 'price' }] },
  ] }],
});
const record = (version = 3): DraftRecord => ({
  id: 7, formatCode: 'settle_form', formatName: '结算单表单', formatType: 'FORM', customTable: 'settle_main', tableExplain: '结算单',
  draft: template, version, changed: false, publishedAt: null, publishedBy: null,
});
const tomorrow = { type: 'date' as const, day: { mark: '+' as const, value: 1 } };

describe('the attribute draft (the template being configured)', () => {
  it('changes one field of one list, leaving the rest and the saved draft as they were', () => {
    const next = setFieldAttribute(template, 'childSubLists[0].fields', 'amount', { calculate: [{ fieldName: 'price' }] });
    expect(next.childSubLists![0].fields[2].calculate).toEqual([{ fieldName: 'price' }]);
    expect(template.childSubLists![0].fields[2].calculate).toHaveLength(3);
    expect(next.formSubList).toBe(template.formSubList);
    expect(() => setFieldAttribute(template, 'formSubList', 'ghost', {})).toThrow('formSubList 没有字段 ghost');
    expect(() => setFieldAttribute(template, 'childSubLists[3].fields', 'amount', {})).toThrow();
  });

  it('applies an edit only when the template keeps the rules, and knows what is unsaved', () => {
    const start = startEditing(record());
    expect(isDirty(start)).toBe(false);
    const refused = applyAttribute(start, 'formSubList', 'remark', { defaultValue: tomorrow });
    expect(refused.problem).toMatch(/备注\(remark\)不是日期字段/);
    expect(refused.state).toBe(start);
    const { state, problem } = applyAttribute(start, 'formSubList', 'settleDate', { defaultValue: tomorrow });
    expect(problem).toBeNull();
    expect([...unsavedFields(state)]).toEqual(['formSubList:settleDate']);

    const after = saved(state, state.draft, { version: 4, changed: true });
    expect(isDirty(after)).toBe(false);
    expect(after.record).toMatchObject({ version: 4, changed: true });
    expect(published(after, { version: 5, publishedAt: '2026-11-22T08:00:00Z', publishedBy: 'admin' }).record).toMatchObject({ version: 5, changed: false, publishedBy: 'admin' });
  });

  it('after a 409, applies the unsaved edits again over the latest draft', () => {
    const { state } = applyAttribute(startEditing(record()), 'formSubList', 'settleDate', { defaultValue: tomorrow });
    const latest = { ...record(9), draft: setFieldAttribute(template, 'childSubLists[0].fields', 'amount', { calculate: [{ fieldName: 'net' }] }) };
    const again = rebase(state, latest);
    expect(again.record.version).toBe(9);
    expect(again.draft.formSubList![0].defaultValue).toEqual(tomorrow);
    expect(again.draft.childSubLists![0].fields[2].calculate).toEqual([{ fieldName: 'net' }]);
    expect([...unsavedFields(again)]).toEqual(['formSubList:settleDate']);
  });
});
