import { describe, expect, it } from 'vitest';
import { compileForm, type FormSchemaNode } from './form-schema';
import type { DefaultContext } from './defaults';
import { parseTemplate } from './parse-template';
import { detailSections } from './form-layout';

const ctx: DefaultContext = { now: new Date('2026-11-26T08:00:00Z') };

/** A grid's items in order: a field's name and span, or an empty cell's span. */
function cells(template: Parameters<typeof compileForm>[0]): string[] {
  return gridCells(compileForm(template, 'create', ctx).schema.properties!.grid.properties!);
}

function gridCells(grid: Record<string, FormSchemaNode>): string[] {
  return Object.entries(grid)
    .sort(([, a], [, b]) => (a['x-index'] ?? 0) - (b['x-index'] ?? 0))
    .map(([name, n]: [string, FormSchemaNode]) => (n.type === 'void' ? `_${String(n['x-component-props']!.gridSpan)}` : `${name}:${String(n['x-decorator-props']!.gridSpan)}`));
}

describe('the runtime form honours the designer\'s layout', () => {
  it('puts each placed field at its row, column and span: empty places stay empty, a hidden field keeps its room, tab groups follow', () => {
    const template = parseTemplate({
      formatName: '车辆', formatCode: 'truck_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
      groups: [{ key: 'more', label: '更多' }],
      formSubList: [
        { fieldName: 'extra', fieldExplain: '附加', seq: 1, layout: { row: 0, col: 12, span: 12, group: 'more' } },
        { fieldName: 'driver', fieldExplain: '司机', seq: 2, layout: { row: 1, col: 0, span: 12 } },
        { fieldName: 'plateNo', fieldExplain: '车牌号', seq: 3, layout: { row: 0, col: 12, span: 24 } },
        { fieldName: 'secret', fieldExplain: '不显示', seq: 4, ishow: false, layout: { row: 1, col: 12, span: 12 } },
        { fieldName: 'tare', fieldExplain: '皮重', seq: 5, layout: { row: 1, col: 24, span: 12 } },
      ],
    });
    expect(cells(template)).toEqual([
      '_1', 'plateNo:2', '_1', // row 1: an empty first column, 车牌号 over two, the row's end left empty
      'driver:1', '_1', 'tare:1', '_1', // row 2: 不显示's place stays empty
    ]);
    // the tab group 更多 is a tab under the ungrouped fields, with a grid of its own
    const tabs = compileForm(template, 'create', ctx).schema.properties!.tabs;
    expect(tabs['x-component']).toBe('FormTab');
    const pane = tabs.properties!.tab_more;
    expect(pane['x-component']).toBe('FormTab.TabPane');
    expect(pane['x-component-props']).toMatchObject({ tab: '更多', forceRender: true });
    expect(gridCells(pane.properties!.grid_more.properties!)).toEqual(['_1', 'extra:1']);
  });

  it('tab groups without fields make no tab, and a form without groups has no tabs', () => {
    const template = parseTemplate({
      formatName: '车辆', formatCode: 'truck_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
      groups: [{ key: 'empty', label: '空' }, { key: 'more', label: '更多' }],
      formSubList: [
        { fieldName: 'plateNo', fieldExplain: '车牌号', seq: 1, layout: { row: 0, col: 0, span: 12 } },
        { fieldName: 'extra', fieldExplain: '附加', seq: 2, layout: { row: 0, col: 0, span: 12, group: 'more' } },
      ],
    });
    expect(Object.keys(compileForm(template, 'create', ctx).schema.properties!.tabs.properties!)).toEqual(['tab_more']);
    expect(compileForm({ ...template, groups: [] , formSubList: template.formSubList!.slice(0, 1) }, 'create', ctx).schema.properties!.tabs).toBeUndefined();
  });

  it('a template nobody placed keeps its order and spans (one column, a full row for remarks)', () => {
    const template = parseTemplate({
      formatName: '车辆', formatCode: 'truck_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
      formSubList: [
        { fieldName: 'remark', fieldExplain: '备注', seq: 2 },
        { fieldName: 'plateNo', fieldExplain: '车牌号', seq: 1 },
      ],
    });
    expect(cells(template)).toEqual(['plateNo:1', 'remark:4']);
  });
});

describe('the detail view honours a DETAIL template\'s layout', () => {
  const names = (s: ReturnType<typeof detailSections>) => s.sections.map((x) => `${x.label ?? '-'}: ${x.items.map((i) => `${i.field.fieldName}/${i.span}`).join(' ')}`);

  it('an unplaced template keeps its order: two pairs a row (four for eight columns), remarks over the whole row', () => {
    const template = parseTemplate({
      formatName: '车辆详情', formatCode: 'truck_detail', formatType: 'DETAIL', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
      formSubList: [
        { fieldName: 'plateNo', fieldExplain: '车牌号', seq: 1 },
        { fieldName: 'remark', fieldExplain: '备注', seq: 2, formSubmitType: 'TEXTAREA' },
        { fieldName: 'secret', fieldExplain: '不显示', seq: 3, ishow: false },
      ],
    });
    expect(detailSections(template).pairs).toBe(2);
    expect(names(detailSections(template))).toEqual(['-: plateNo/1 remark/2']);
    expect(detailSections({ ...template, formatStyle: 'FORMAT_EIGHT_COLUMN_FROM' }).pairs).toBe(4);
  });

  it('a designed template is read row by row, a field as wide as its span, each tab group a titled part', () => {
    const template = parseTemplate({
      formatName: '车辆详情', formatCode: 'truck_detail', formatType: 'DETAIL', formatStyle: 'FORMAT_EIGHT_COLUMN_FROM',
      groups: [{ key: 'more', label: '更多' }],
      formSubList: [
        { fieldName: 'extra', fieldExplain: '附加', seq: 1, layout: { row: 0, col: 0, span: 12, group: 'more' } },
        { fieldName: 'driver', fieldExplain: '司机', seq: 2, layout: { row: 1, col: 0, span: 12 } },
        { fieldName: 'plateNo', fieldExplain: '车牌号', seq: 3, layout: { row: 0, col: 24, span: 24 } },
        { fieldName: 'tare', fieldExplain: '皮重', seq: 4, layout: { row: 0, col: 0, span: 6 } },
      ],
    });
    const laid = detailSections(template);
    expect(laid.pairs).toBe(4);
    // row 1: 皮重 (half a column: one pair), 车牌号 over two pairs, reaching the row's end; row 2: 司机 alone
    expect(names(laid)).toEqual(['-: tare/1 plateNo/3 driver/4', '更多: extra/4']);
    // a four-column row (two pairs a detail row) flows over two detail rows; the next form row starts afresh
    const four = parseTemplate({
      formatName: '车辆详情', formatCode: 'truck_detail', formatType: 'DETAIL', formatStyle: 'FORMAT_FOUR_COLUMN_FROM',
      formSubList: ['a', 'b', 'c'].map((n, i) => ({ fieldName: n, fieldExplain: n, seq: i, layout: { row: 0, col: i * 12, span: 12 } }))
        .concat([{ fieldName: 'd', fieldExplain: 'd', seq: 9, layout: { row: 1, col: 12, span: 12 } }]),
    });
    expect(names(detailSections(four))).toEqual(['-: a/1 b/1 c/2 d/2']);
  });
});
