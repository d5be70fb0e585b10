import { describe, expect, it } from 'vitest';
import { clearedValues, linkConditions, filterTree, isMultiplePicker, mergePageSelections, pickedValues, popupWidth, treeNodes } from './picker';

const vendorField = {
  fieldName: 'vendorName',
  resourceList: [
    { fieldSub1: { fieldName: 'vendorId' }, fieldSub2: { fieldName: 'id' } },
    { fieldSub1: { fieldName: 'vendorCode' }, fieldSub2: { fieldName: 'vendorCode' } },
  ],
};
const template = { viewResourceSubName: 'vendorName,vendorCode', valueResourceSubName: 'id' };

describe('picker rules', () => {
  it('maps a picked row into the form through resourceList, the picking field getting the shown name', () => {
    expect(pickedValues([{ id: 3, vendorCode: 'V3', vendorName: '山西恒通' }], vendorField, template))
      .toEqual({ vendorId: 3, vendorCode: 'V3', vendorName: '山西恒通' });
  });
  it('joins several picked rows with commas, once each', () => {
    const rows = [{ id: 1, vendorCode: 'V1', vendorName: '甲' }, { id: 2, vendorCode: 'V2', vendorName: '乙' }, { id: 2, vendorCode: 'V2', vendorName: '乙' }];
    expect(pickedValues(rows, vendorField, template)).toEqual({ vendorId: '1,2', vendorCode: 'V1,V2', vendorName: '甲,乙' });
  });
  it('清空 empties the field and everything it maps', () => {
    expect(clearedValues(vendorField)).toEqual({ vendorName: null, vendorId: null, vendorCode: null });
  });
  it('keeps selections per page and merges them in page order without duplicates', () => {
    const pages = new Map([[2, [{ id: 5 }, { id: 6 }]], [1, [{ id: 1 }, { id: 5 }]]]);
    expect(mergePageSelections(pages).map((r) => r.id)).toEqual([1, 5, 6]);
  });
  it('sizes and kinds', () => {
    expect(popupWidth('FORMAT_RESOURCE_TREE')).toBe('35%');
    expect(popupWidth('FORMAT_RESOURCE_TREE_QUERY_DATALIST')).toBe('75%');
    expect(isMultiplePicker('RESOURCE_CONTROLS_MORE')).toBe(true);
    expect(isMultiplePicker('RESOURCE_CONTROLS')).toBe(false);
  });
  it('reads nested and flat tree answers and filters them keeping ancestors', () => {
    const nested = treeNodes({ success: true, data: [{ jsonObject: { id: 1, name: '煤炭' }, children: [{ jsonObject: { id: 2, name: '原煤' }, children: [] }] }] }, 'name');
    expect(nested[0]).toMatchObject({ key: '1', title: '煤炭', children: [{ key: '2', title: '原煤' }] });
    const flat = treeNodes([{ id: 1, name: '矿石' }, { id: 2, name: '铁矿石', parentId: 1 }, { id: 3, name: '石灰石', parentId: 1 }], 'name');
    expect(flat).toHaveLength(1);
    expect(filterTree(flat, '铁')[0]).toMatchObject({ title: '矿石', children: [{ title: '铁矿石' }] });
    expect(filterTree(flat, '铁')[0].children).toHaveLength(1);
  });
});

describe('tree labels', () => {
  it('uses the server node’s text when no label names are given', () => {
    expect(treeNodes([{ id: 1, text: '煤炭', jsonObject: { id: 1, invclName: '煤炭' }, children: [] }], null)[0].title).toBe('煤炭');
  });
});

describe('parameter links', () => {
  const links = [
    { fieldSub1: { fieldName: 'vendorName', masterTable: 'fd_pu_settlement_main' }, fieldSub2: { fieldName: 'vendorName' } },
    { fieldSub1: { fieldName: 'materials' }, fieldSub2: { fieldName: 'invName' } },
    { fieldSub1: { fieldName: 'orgId' }, fieldSub2: { fieldName: 'orgId' } },
  ];
  it('pre-filter the popup by the form values that are set (eq, or in for a multi-value field)', () => {
    expect(linkConditions(links, { vendorName: ' 山西恒通 ', materials: ['原煤', '精煤'], orgId: 0 })).toEqual([
      { key: 'vendorName', op: 'eq', val: '山西恒通' }, { key: 'invName', op: 'in', val: '原煤,精煤' }, { key: 'orgId', op: 'eq', val: 0 },
    ]);
  });
  it('filter nothing for empty values', () => {
    expect(linkConditions(links, { vendorName: '', materials: [], orgId: null })).toEqual([]);
  });
});
