import { describe, expect, it } from 'vitest';
import { headerFromLines, noticeHeader } from './document-header';

describe('a notice\'s header from its lines', () => {
  it('物料 names each material once in line order, joined by 、; 计划量 adds the lines up with 3 decimals', () => {
    expect(noticeHeader([{ invName: '原煤', planQty: '120.5' }, { invName: ' 精煤 ', planQty: 30 }, { invName: '原煤', planQty: '0.001' }]))
      .toEqual({ materialName: '原煤、精煤', planQty: '150.501' });
    // decimal arithmetic: 0.1 + 0.2 is 0.300
    expect(noticeHeader([{ invName: 'a', planQty: '0.1' }, { invName: 'b', planQty: '0.2' }]).planQty).toBe('0.300');
  });

  it('is empty (null) without lines, names or quantities; a quantity that is no number is left out', () => {
    expect(noticeHeader([])).toEqual({ materialName: null, planQty: null });
    expect(noticeHeader([{ invName: '', planQty: null }, { invName: null }])).toEqual({ materialName: null, planQty: null });
    expect(noticeHeader([{ invName: '原煤', planQty: 'abc' }, { invName: '精煤', planQty: '2' }])).toEqual({ materialName: '原煤、精煤', planQty: '2.000' });
  });

  it('cuts 物料 at the column\'s 100 characters', () => {
    const lines = Array.from({ length: 30 }, (_, i) => ({ invName: `物料${String(i).padStart(3, '0')}` }));
    expect(noticeHeader(lines).materialName).toHaveLength(100);
    expect(noticeHeader(lines).materialName!.startsWith('物料000、物料001、')).toBe(true);
  });

  it('answers for the notices only, and only when their lines are among the children', () => {
    const children = { pu_notice_line: [{ invName: '原煤', planQty: '1' }] };
    expect(headerFromLines('pu_notice', children)).toEqual({ materialName: '原煤', planQty: '1.000' });
    expect(headerFromLines('sa_notice', { sa_notice_line: [{ invName: '焦炭', planQty: '2' }, null, 'x'] })).toEqual({ materialName: '焦炭', planQty: '2.000' });
    expect(headerFromLines('sa_notice', children)).toBeNull();
    expect(headerFromLines('pu_notice', undefined)).toBeNull();
    expect(headerFromLines('fd_pu_settlement_main', { fd_pu_settlement: [] })).toBeNull();
  });
});
