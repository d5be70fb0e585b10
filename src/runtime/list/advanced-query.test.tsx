import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FieldDefinition } from '../../schema/field-definition';
import { AdvancedQuery } from './advanced-query';

afterEach(cleanup);

const net: FieldDefinition = { id: 7, fieldName: 'netWeight', fieldExplain: '净重', detailsUrl: 'NUMBER', iallowAdvanceQuery: true, customTable: 'mm_pu_weigh' } as FieldDefinition;

describe('the advanced query of a number field', () => {
  it('offers the comparisons by their signs, each titled with its meaning, and searches with the one chosen', async () => {
    const onSearch = vi.fn();
    render(<AdvancedQuery fields={[net]} onSearch={onSearch} onReset={() => {}} />);
    // 小于等于 until another is chosen
    expect(screen.getByRole('combobox', { name: '净重比较' }).closest('.ant-select')!.textContent).toBe('≤');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: '净重比较' }));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(5));
    const options = [...document.querySelectorAll('.ant-select-item-option')];
    expect(options.map((o) => o.textContent)).toEqual(['≤', '≥', '=', '<', '>']);
    expect(options.map((o) => o.getAttribute('title'))).toEqual(['小于等于', '大于等于', '等于', '小于', '大于']);
    const atLeast = document.querySelector('.ant-select-item-option[title="大于等于"]') as HTMLElement;
    expect(atLeast.textContent).toBe('≥');
    fireEvent.click(atLeast);
    fireEvent.change(screen.getByLabelText('净重'), { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch.mock.calls[0][0]).toEqual([expect.objectContaining({ key: 'netWeight', op: 'ge', val: 30 })]);
  });
});
