import { describe, expect, it } from 'vitest';
import { columnMinWidth, fieldSpan, labelNeedsTooltip, splitButtons, tableMaxHeight } from './layout-rules';

describe('layout rules', () => {
  it('gives a column 15 px per label character plus 40', () => {
    expect(columnMinWidth('车牌号')).toBe(85);
    expect(columnMinWidth('毛重(吨)')).toBe(115);
  });
  it('shows 5 buttons before 更多 unless only one is left over', () => {
    const b = ['新增', '修改', '删除', '审核', '弃审', '导出', '作废', '恢复'];
    expect(splitButtons(b)).toEqual({ shown: b.slice(0, 5), more: b.slice(5) });
    expect(splitButtons(b.slice(0, 6))).toEqual({ shown: b.slice(0, 6), more: [] });
    expect(splitButtons(b, 7)).toEqual({ shown: b, more: [] });
    expect(splitButtons([...b, '复制', '打印'], 7).more).toEqual(['恢复', '复制', '打印']);
  });
  it('computes the table height from the window', () => {
    expect(tableMaxHeight(1000, 120)).toBe(400);
    expect(tableMaxHeight(300, 200)).toBe(200);
  });
  it('shows a tooltip for long labels', () => {
    expect(labelNeedsTooltip('车牌号')).toBe(false);
    expect(labelNeedsTooltip('供应商名称编码')).toBe(true);
    expect(labelNeedsTooltip('收货单位名称', false)).toBe(false);
    expect(labelNeedsTooltip('收货单位名称', true)).toBe(true);
  });
  it('spans 12 of 48 units in 4 columns, 6 in 8, 48 for a full row', () => {
    expect(fieldSpan(4)).toBe(12);
    expect(fieldSpan(8)).toBe(6);
    expect(fieldSpan(8, true)).toBe(48);
  });
});
