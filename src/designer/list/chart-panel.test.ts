import { describe, expect, it } from 'vitest';
import type { ColumnNode } from '../../schema/design-nodes';
import type { FieldDefinition } from '../../schema/field-definition';
import { startingChart, withType } from './chart-panel';

const column = (fieldName: string, fieldType: FieldDefinition['fieldType']): ColumnNode => ({ id: `c:listSubList:${fieldName}`, kind: 'column', parent: 'listSubList', field: { fieldName, fieldExplain: fieldName, fieldType } });

describe('the chart panel', () => {
  it('starts a chart on the first non-number column and the first number column, or none without a number', () => {
    expect(startingChart('bar', [column('trucks', 'NUMBER'), column('day', 'DATE'), column('net', 'NUMBER')])).toEqual({ type: 'bar', x: 'day', y: ['trucks'], title: null });
    expect(startingChart('pie', [column('day', 'DATE'), column('vendor', 'TEXT')])).toBeNull();
    // numbers only: the axis is another number column
    expect(startingChart('line', [column('a', 'NUMBER'), column('b', 'NUMBER')])).toEqual({ type: 'line', x: 'b', y: ['a'], title: null });
  });

  it('keeps the columns when the type changes; a pie keeps the first value only', () => {
    const bar = { type: 'bar' as const, x: 'day', y: ['net', 'trucks'], title: '每日' };
    expect(withType(bar, 'line')).toEqual({ ...bar, type: 'line' });
    expect(withType(bar, 'pie')).toEqual({ ...bar, type: 'pie', y: ['net'] });
  });
});
