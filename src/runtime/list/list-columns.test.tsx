import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldDefinition } from '../../schema/field-definition';
import { listColumns, type Row } from './list-columns';
import { statisticsEntries } from './template-list-page';

afterEach(cleanup);

const cell = (field: FieldDefinition, row: Row, onOpen = vi.fn()) => {
  const [column] = listColumns([field], false, { onOpen });
  render(<div>{(column.render as (v: unknown, r: Row) => React.ReactNode)(row[field.fieldName], row)}</div>);
  return onOpen;
};

describe('list column kinds', () => {
  it('computes calculated columns with decimals, then applies the value format', () => {
    cell({ fieldName: 'amount', fieldExplain: '金额', calculate: [{ fieldName: 'net' }, '*', { fieldName: 'price' }], cgValFormat: { valFormatFun: 'fixed2' } }, { id: 1, net: '0.1', price: '3' });
    expect(screen.getByText('0.30')).toBeTruthy();
  });
  it('a division by zero shows 0 rather than Infinity', () => {
    cell({ fieldName: 'ratio', fieldExplain: '比例', calculate: [{ fieldName: 'a' }, '/', { fieldName: 'b' }] }, { id: 1, a: 5, b: 0 });
    expect(screen.getByText('0')).toBeTruthy();
  });
  it('LINK and BUTTON cells open the row; TIME shows the time; TAG shows a tag', async () => {
    const onOpen = cell({ fieldName: 'billCode', fieldExplain: '磅单号', fieldType: 'LINK' }, { id: 7, billCode: 'DFNY-1' });
    await userEvent.click(screen.getByText('DFNY-1'));
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), expect.objectContaining({ fieldName: 'billCode' }));
    cleanup();
    cell({ fieldName: 'at', fieldExplain: '时间', fieldType: 'TIME' }, { id: 1, at: new Date(2026, 0, 2, 8, 5, 9).toISOString() });
    expect(screen.getByText('08:05:09')).toBeTruthy();
    cleanup();
    cell({ fieldName: 'kind', fieldExplain: '类型', fieldType: 'TAG' }, { id: 1, kind: '临时' });
    expect(document.querySelector('.ant-tag')?.textContent).toBe('临时');
  });
  it('the statistics block labels each total by its field or the known names', () => {
    const fields: FieldDefinition[] = [{ fieldName: 'net', fieldExplain: '净重(吨)', cgValFormat: { valFormatFun: 'fixed3' } }];
    expect(statisticsEntries({ net: '12.5', countSa: 3 }, fields)).toEqual([
      { key: 'net', label: '净重(吨)合计：', value: '12.500' },
      { key: 'countSa', label: '单据数：', value: '3' },
    ]);
  });
});
