import { cleanup, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Checkbox } from 'antd';
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

  it('the selection box calls antd\'s own change handler and stops the click at the box', async () => {
    const onChange = vi.fn();
    const onRowClick = vi.fn();
    const origin = <Checkbox checked={false} onChange={onChange} />;
    render(<Cells draw={({ selectionCell }) => <div onClick={onRowClick}>{selectionCell(false, { id: 1 }, 0, origin)}</div>} />);
    expect(document.querySelector('.ant-checkbox-wrapper .ant-checkbox:not(.ant-checkbox-checked) input.ant-checkbox-input')).toBeTruthy();
    await userEvent.click(document.querySelector('.ant-checkbox')!);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.calls[0][0].target.checked).toBe(true);
    expect(onChange.mock.calls[0][0].nativeEvent).toBeTruthy();
    expect(onRowClick).not.toHaveBeenCalled();
  });

  it('a checked box shows as checked', () => {
    render(<Cells draw={({ selectionCell }) => selectionCell(true, { id: 1 }, 0, <Checkbox checked onChange={() => undefined} />)} />);
    expect(document.querySelector('.ant-checkbox-wrapper-checked .ant-checkbox-checked input:checked')).toBeTruthy();
  });
});
