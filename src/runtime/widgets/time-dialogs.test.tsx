import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DateSpecDialog } from './date-spec-dialog';
import { TimePointDialog } from './time-point-dialog';
import { TimeRangeDialog } from './time-range-dialog';

const ok = () => screen.getByRole('button', { name: /确\s*定/ }) as HTMLButtonElement;

async function typeTime(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.click(input);
  await user.keyboard('{Control>}a{/Control}{Backspace}');
  await user.type(input, `${text}{Enter}`);
}

afterEach(cleanup);

describe('选择时间范围', () => {
  it('starts from the whole day and returns the range typed', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    render(<TimeRangeDialog open onOk={onOk} onCancel={() => undefined} />);
    expect(screen.getByText('选择时间范围')).toBeTruthy();
    expect((screen.getByLabelText('开始时间') as HTMLInputElement).value).toBe('00:00:00');
    expect((screen.getByLabelText('结束时间') as HTMLInputElement).value).toBe('23:59:59');
    await typeTime(user, '开始时间', '08:30:00');
    await typeTime(user, '结束时间', '17:00:00');
    await user.click(ok());
    expect(onOk).toHaveBeenCalledWith(['08:30:00', '17:00:00']);
  });

  it('refuses a start after the end, and says so', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    render(<TimeRangeDialog open value={['09:00:00', '10:00:00']} onOk={onOk} onCancel={() => undefined} />);
    await typeTime(user, '开始时间', '11:00:00');
    expect(screen.getByRole('alert').textContent).toContain('开始时间不能晚于结束时间');
    await user.click(ok());
    expect(onOk).not.toHaveBeenCalled();
  });
});

describe('选择时间', () => {
  const now = new Date(2026, 10, 23, 10, 20, 30);
  it('edits each part’s mark and amount with a live preview, and returns the spec the form resolves', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    render(<DateSpecDialog open now={now} onOk={onOk} onCancel={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('预览：2026-11-23 10:20:30');
    const day = screen.getByRole('group', { name: '日' });
    await user.clear(within(day).getByLabelText('日的数值'));
    await user.type(within(day).getByLabelText('日的数值'), '1');
    expect(screen.getByRole('status').textContent).toBe('预览：2026-11-24 10:20:30');
    const hour = screen.getByRole('group', { name: '时' });
    await user.click(within(hour).getByText('固定'));
    await user.clear(within(hour).getByLabelText('时的数值'));
    await user.type(within(hour).getByLabelText('时的数值'), '8');
    expect(screen.getByRole('status').textContent).toBe('预览：2026-11-24 08:20:30');
    await user.click(ok());
    expect(onOk).toHaveBeenCalledWith({ type: 'date', day: { mark: '+', value: 1 }, hour: { mark: 'fixed', value: 8 } });
  });

  it('opens on an existing spec, previews a date-only field without time, and refuses a fixed month of 13', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    render(<DateSpecDialog open now={now} withTime={false} value={{ type: 'date', month: { mark: '-', value: 1 }, day: { mark: 'fixed', value: 1 } }} onOk={onOk} onCancel={() => undefined} />);
    expect(screen.getByRole('status').textContent).toBe('预览：2026-10-01');
    const month = screen.getByRole('group', { name: '月' });
    expect((within(month).getByRole('radio', { name: '-' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(month).getByText('固定'));
    await user.clear(within(month).getByLabelText('月的数值'));
    await user.type(within(month).getByLabelText('月的数值'), '13');
    expect(screen.getByRole('alert').textContent).toContain('固定的月须在 1 到 12 之间');
    expect(ok().disabled).toBe(true);
  });
});

describe('time point', () => {
  it('returns a preset point, or a custom time', async () => {
    const user = userEvent.setup();
    const onOk = vi.fn();
    const { unmount } = render(<TimePointDialog open onOk={onOk} onCancel={() => undefined} />);
    await user.click(ok());
    expect(screen.getByRole('alert').textContent).toContain('请选择时间点');
    await user.click(screen.getByRole('radio', { name: '当天结束 23:59:59' }));
    await user.click(ok());
    expect(onOk).toHaveBeenLastCalledWith('23:59:59');
    unmount();

    render(<TimePointDialog open value="08:00:00" onOk={onOk} onCancel={() => undefined} />);
    expect((screen.getByRole('radio', { name: '08:00:00' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: '自定义' }));
    await typeTime(user, '自定义时间', '07:15:00');
    await user.click(ok());
    expect(onOk).toHaveBeenLastCalledWith('07:15:00');
  });
});
