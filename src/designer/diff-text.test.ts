import { describe, expect, it } from 'vitest';
import { untranslated } from '../runtime/runtime-context';
import type { DiffEntry } from '../schema/template-diff';
import { placeText, propertyText } from './diff-text';

const change = (area: DiffEntry['area'], property: string): Extract<DiffEntry, { kind: 'property' }> => ({ kind: 'property', area, key: 'k', label: 'x', property, before: null, after: null });

describe('propertyText', () => {
  it('names a field\'s changed property by the property panel\'s label, in every field list', () => {
    expect(propertyText(change('formSubList', 'fieldExplain'), untranslated)).toBe('标题');
    expect(propertyText(change('listSubList', 'columnWidth'), untranslated)).toBe('列宽');
    expect(propertyText(change('resSubList', 'ihidden'), untranslated)).toBe('隐藏');
    expect(propertyText(change('child:mm_pu_weigh_item', 'irequired'), untranslated)).toBe('必填');
    // a list column's switches, as the list designer names them
    expect(propertyText(change('listSubList', 'iallowQuery'), untranslated)).toBe('快捷查询');
    expect(propertyText(change('listSubList', 'ifixed'), untranslated)).toBe('固定在左侧');
  });

  it('keeps the raw name of a property the panel does not label, and of a template\'s or a button\'s', () => {
    expect(propertyText(change('formSubList', 'imerge'), untranslated)).toBe('imerge');
    expect(propertyText(change('template', 'formatName'), untranslated)).toBe('formatName');
    expect(propertyText(change('buttons', 'label'), untranslated)).toBe('label');
  });

  it('translates the label', () => {
    expect(propertyText(change('formSubList', 'fieldExplain'), (t) => (t === '标题' ? 'Title' : t))).toBe('Title');
  });
});

describe('placeText', () => {
  it('names a place in a tab group by the group\'s label, by its key when a stored diff has no label', () => {
    expect(placeText({ row: 1, col: 24, group: 'group1', groupLabel: '分组1', unit: 12 }, untranslated)).toBe('第2行第3列 · 分组1');
    expect(placeText({ row: 1, col: 24, group: 'group1', unit: 12 }, untranslated)).toBe('第2行第3列 · group1');
  });
});
