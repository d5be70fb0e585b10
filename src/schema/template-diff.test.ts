import { describe, expect, it } from 'vitest';
import { canonicalJson, contentHash } from './canonical';
import { parseTemplate } from './parse-template';
import type { Template } from './template';
import { diffTemplates } from './template-diff';

const base = (): Template => parseTemplate({
  formatName: '车辆', formatCode: 'car_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
  formSubList: [
    { fieldName: 'plate', fieldExplain: '车牌', layout: { row: 0, col: 0, span: 12 } },
    { fieldName: 'driver', fieldExplain: '司机', layout: { row: 0, col: 12, span: 12 } },
    { fieldName: 'phone', fieldExplain: '电话', layout: { row: 0, col: 24, span: 12 } },
  ],
  listSubList: ['a', 'b', 'c', 'd', 'e'].map((n) => ({ fieldName: n, fieldExplain: n.toUpperCase() })),
  buttons: [{ code: 'add', label: '新增', action: 'add' }],
});

describe('template diff', () => {
  it('finds nothing between equal templates', () => {
    expect(diffTemplates(base(), base())).toEqual([]);
  });

  it('makes moving one field one entry, on the grid and in a list', () => {
    const a = base();
    const b = structuredClone(a);
    b.formSubList![0].layout = { row: 1, col: 0, span: 12, group: null };
    const cols = b.listSubList!;
    cols.splice(3, 0, cols.splice(0, 1)[0]); // a moves from first to fourth: b, c, d shift but did not move
    expect(diffTemplates(a, b)).toEqual([
      { kind: 'moved', area: 'formSubList', key: 'plate', label: '车牌', from: { row: 0, col: 0, group: null, unit: 12 }, to: { row: 1, col: 0, group: null, unit: 12 } },
      { kind: 'moved', area: 'listSubList', key: 'a', label: 'A', from: { index: 1 }, to: { index: 4 } },
    ]);
  });

  it('names the tab group a field moved into by its label', () => {
    const a = { ...base(), groups: [{ key: 'group1', label: '分组1' }] } as Template;
    const b = structuredClone(a);
    b.formSubList![1].layout = { row: 0, col: 0, span: 12, group: 'group1' };
    expect(diffTemplates(a, b)).toEqual([
      { kind: 'moved', area: 'formSubList', key: 'driver', label: '司机', from: { row: 0, col: 12, group: null, unit: 12 }, to: { row: 0, col: 0, group: 'group1', groupLabel: '分组1', unit: 12 } },
    ]);
  });

  it('names added, removed, span and property changes', () => {
    const a = base();
    const b = structuredClone(a);
    b.formSubList![1].layout = { row: 0, col: 12, span: 24, group: null };
    b.formSubList![2].irequired = true;
    b.formSubList!.splice(2, 1, { ...b.formSubList![2] }, { ...b.formSubList![0], fieldName: 'memo', fieldExplain: '备注', layout: { row: 2, col: 0, span: 48, group: null } });
    b.listSubList!.splice(1, 1);
    b.formatName = '车辆档案';
    b.buttons = [];
    expect(diffTemplates(a, b)).toEqual([
      { kind: 'property', area: 'template', key: '', label: '车辆', property: 'formatName', before: '车辆', after: '车辆档案' },
      { kind: 'span', area: 'formSubList', key: 'driver', label: '司机', from: 12, to: 24, units: { from: 12, to: 12 } },
      { kind: 'property', area: 'formSubList', key: 'phone', label: '电话', property: 'irequired', before: false, after: true },
      { kind: 'added', area: 'formSubList', key: 'memo', label: '备注' },
      { kind: 'removed', area: 'listSubList', key: 'b', label: 'B' },
      { kind: 'removed', area: 'buttons', key: 'add', label: '新增' },
    ]);
  });

  it('treats a template nobody placed as flowed, so placing it where it was is no change', () => {
    const flowed = parseTemplate({ ...base(), formSubList: base().formSubList!.map((f) => ({ ...f, layout: null })) });
    expect(diffTemplates(flowed, base())).toEqual([]);
  });

  it('writes canonical JSON with sorted keys, so equal content hashes equal', async () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: undefined, x: null }], c: 'x' } })).toBe('{\n  "a": {\n    "c": "x",\n    "d": [\n      2,\n      {\n        "x": null,\n        "z": 1\n      }\n    ]\n  },\n  "b": 1\n}');
    const reordered = JSON.parse(JSON.stringify(base(), Object.keys(base()).reverse().concat(Object.keys(base().formSubList![0]))));
    expect(await contentHash(base())).toMatch(/^[0-9a-f]{64}$/);
    expect(await contentHash({ ...reordered, ...base() })).toBe(await contentHash(base()));
    expect(await contentHash({ ...base(), formatName: 'x' })).not.toBe(await contentHash(base()));
  });

  it('refuses overlapping places and unknown groups when parsing', () => {
    const tpl = (layout: object) => ({ formatName: 'x', formatCode: 'x', formatType: 'FORM', formSubList: [{ fieldName: 'a', fieldExplain: 'A', layout: { row: 0, col: 0, span: 24 } }, { fieldName: 'b', fieldExplain: 'B', layout }] });
    expect(() => parseTemplate(tpl({ row: 0, col: 12, span: 12 }))).toThrow('formSubList[1].layout: 与字段 a 位置重叠');
    expect(() => parseTemplate(tpl({ row: 0, col: 40, span: 12 }))).toThrow('formSubList[1].layout.span: 超出栅格');
    expect(() => parseTemplate(tpl({ row: 0, col: 24, span: 12, group: 'g1' }))).toThrow('formSubList[1].layout.group: 分组 g1 不存在');
    expect(() => parseTemplate(tpl({ row: 0, col: 24, span: 12 }))).not.toThrow();
  });
});
