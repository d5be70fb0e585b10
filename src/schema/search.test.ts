import { describe, expect, it } from 'vitest';
import { buildSearchConditions, quickSearchCondition, sortEntries, type SearchField } from './search';

const fields: SearchField[] = [
  { fieldName: 'plateNumber', detailsUrl: 'TEXT', id: 1, customTable: 'mm_pu_weigh' },
  { fieldName: 'grossTime', detailsUrl: 'TIME_RANGE_BOX', id: 2 },
  { fieldName: 'weighDate', detailsUrl: 'DATA_BOX_TIM', id: 3 },
  { fieldName: 'net', detailsUrl: 'NUMBER', id: 4 },
  { fieldName: 'status', detailsUrl: 'SELECT', id: 5 },
  { fieldName: 'vendorId', detailsUrl: 'SELECT_MORE', id: 6 },
  { fieldName: 'enabled', detailsUrl: 'BOOLEAN', id: 7 },
];

describe('buildSearchConditions', () => {
  it('maps each input kind to its operator', () => {
    const conditions = buildSearchConditions(fields, {
      plateNumber: ' 蒙A ', grossTime: ['2026-11-22 00:00:00', '2026-11-22 23:59:59'], weighDate: '2026-11-22',
      net: 30, status: 'AUDITED', vendorId: ['11', '12'], enabled: false,
    });
    expect(conditions.map((c) => [c.key, c.op, c.val])).toEqual([
      ['plateNumber', 'like', '蒙A'],
      ['grossTime', 'ge', '2026-11-22 00:00:00'],
      ['grossTime', 'le', '2026-11-22 23:59:59'],
      ['weighDate', 'eq', '2026-11-22'],
      ['net', 'le', 30],
      ['status', 'eq', 'AUDITED'],
      ['vendorId', 'in', '11,12'],
      ['enabled', 'eq', false],
    ]);
    expect(conditions[0]).toMatchObject({ keyId: 1, customTable: 'mm_pu_weigh' });
  });

  it('uses the chosen number operator', () => {
    expect(buildSearchConditions(fields, { net: 5 }, { net: 'gt' })).toEqual([{ key: 'net', op: 'gt', val: 5, keyId: 4, customTable: null }]);
  });

  it('sends a range only when both ends are set', () => {
    expect(buildSearchConditions(fields, { grossTime: ['2026-11-22 00:00:00', null] })).toEqual([]);
  });

  it('skips empty values but keeps 0 and false', () => {
    expect(buildSearchConditions(fields, { plateNumber: '', status: null, vendorId: [], net: 0, enabled: false }).map((c) => c.val)).toEqual([0, false]);
  });
});

describe('quickSearchCondition', () => {
  it('ORs a like condition over every quick-search field', () => {
    expect(quickSearchCondition(fields.slice(0, 1).concat({ fieldName: 'driverName', id: 9 }), '张')).toEqual({
      conj: 'or',
      list: [
        { key: 'plateNumber', op: 'like', val: '张', keyId: 1, customTable: 'mm_pu_weigh' },
        { key: 'driverName', op: 'like', val: '张', keyId: 9, customTable: null },
      ],
    });
    expect(quickSearchCondition(fields, '  ')).toBeNull();
  });
});

describe('sortEntries', () => {
  it('maps table sorters to sort entries with their field ids', () => {
    expect(sortEntries([{ field: 'net', order: 'ascend' }, { field: 'plateNumber', order: null }, { field: 'grossTime', order: 'descend' }], fields))
      .toEqual([{ key: 'net', dir: 'asc', keyId: 4 }, { key: 'grossTime', dir: 'desc', keyId: 2 }]);
  });
});
