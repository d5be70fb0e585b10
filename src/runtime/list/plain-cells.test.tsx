import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePlainCells, type PlainCells } from './plain-cells';

afterEach(cleanup);

function Cells({ draw }: { draw(cells: PlainCells): React.ReactNode }) {
  return <div>{draw(usePlainCells())}</div>;
}

describe('plain list cells', () => {
  it('draw tags with antd Tag classes: preset and status colours as classes, other colours as a background', () => {
    render(<Cells draw={({ tag }) => <>{tag('已完成', 'green')}{tag('失败', 'error')}{tag('自定义', '#f50')}{tag('无色')}</>} />);
    const tags = [...document.querySelectorAll('.ant-tag')] as HTMLElement[];
    expect(tags.map((t) => t.textContent)).toEqual(['已完成', '失败', '自定义', '无色']);
    expect(tags[0].classList.contains('ant-tag-green')).toBe(true);
    expect(tags[1].classList.contains('ant-tag-error')).toBe(true);
    expect(tags[2].classList.contains('ant-tag-has-color')).toBe(true);
    expect(tags[2].style.backgroundColor).toBeTruthy();
    expect(tags[3].className.split(' ').filter((c) => c.startsWith('ant-tag'))).toEqual(['ant-tag']);
  });

  it('a box tells its new state and whether Shift was held, and stops the click at the box', async () => {
    const onChange = vi.fn();
    const onRowClick = vi.fn();
    render(<Cells draw={({ checkbox }) => <div onClick={onRowClick}>{checkbox({ checked: false, label: '全选', onChange })}</div>} />);
    expect(document.querySelector('.ant-checkbox-wrapper .ant-checkbox:not(.ant-checkbox-checked) input.ant-checkbox-input')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onChange).toHaveBeenLastCalledWith(true, false);
    const user = userEvent.setup();
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: '全选' }));
    expect(onChange).toHaveBeenLastCalledWith(true, true);
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('a checked box shows as checked, a partly chosen one as indeterminate, a disabled one tells nothing', async () => {
    const onChange = vi.fn();
    render(<Cells draw={({ checkbox }) => <>{checkbox({ checked: true, onChange })}{checkbox({ checked: false, indeterminate: true, onChange })}{checkbox({ checked: false, disabled: true, onChange })}</>} />);
    expect(document.querySelector('.ant-checkbox-wrapper-checked .ant-checkbox-checked input:checked')).toBeTruthy();
    expect(document.querySelectorAll('.ant-checkbox-indeterminate')).toHaveLength(1);
    expect(document.querySelector('.ant-checkbox-wrapper-disabled .ant-checkbox-disabled input:disabled')).toBeTruthy();
    // (antd's styles take the pointer off a disabled box: clicked anyway)
    await userEvent.setup({ pointerEventsCheck: 0 }).click(document.querySelectorAll('.ant-checkbox-input')[2]);
    expect(onChange).not.toHaveBeenCalled();
  });
});
