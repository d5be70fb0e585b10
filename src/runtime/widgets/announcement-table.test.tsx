import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementRow } from '../../schema/announcement';
import { AnnouncementTable } from './announcement-table';

const rows: AnnouncementRow[] = [
  { id: 1, plateNumber: '蒙A12345', ihandle: true, confirmSubButs: ['CONFIRM', 'CONFIRM_NOT'] },
  { id: 2, plateNumber: '蒙B22222', ihandle: true, confirmSubButs: ['SINGLE_WEIGH', 'SINGLE_EMPTY'] },
  { id: 3, plateNumber: '蒙C33333', ihandle: false, confirmSubButs: ['CONFIRM'] },
  { id: 4, plateNumber: '蒙D44444', ihandle: true, confirmSubButs: ['CONFIRM', 'CONFIRM_NO'] },
];
const columns = [{ dataIndex: 'plateNumber', title: '车牌号' }];

function setup(sampling = false) {
  const onAction = vi.fn();
  render(<AntApp><AnnouncementTable rows={rows} columns={columns} sampling={sampling} onAction={onAction} /></AntApp>);
  return { onAction, user: userEvent.setup() };
}
const toolbar = () => screen.getByRole('toolbar', { name: '批量操作' });
const tool = (name: string) => within(toolbar()).getByRole('button', { name }) as HTMLButtonElement;
const rowOf = (plate: string) => screen.getByText(plate).closest('tr')!;
const select = (n: number) => screen.getByRole('checkbox', { name: `选择第${n}行` }) as HTMLInputElement;

afterEach(() => { cleanup(); vi.restoreAllMocks(); });

describe('AnnouncementTable', () => {
  it('offers the rows’ actions; 无法确认 is always disabled; rows that cannot be handled cannot be selected', () => {
    setup();
    expect(within(toolbar()).getAllByRole('button').map((b) => b.textContent)).toEqual(['确 认', '无法确认', '取消确认', '称重后离厂', '空车离厂']);
    expect(tool('无法确认').disabled).toBe(true);
    expect(select(1).disabled).toBe(false);
    expect(select(3).disabled).toBe(true);
    expect(select(4).disabled).toBe(true);
    expect((within(rowOf('蒙C33333')).getByRole('button', { name: /^确\s*认$/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks an action first: nothing selected, or a selected row without that action, says so', async () => {
    const { onAction, user } = setup();
    await user.click(tool('取消确认'));
    expect(await screen.findByText('请至少选择一条数据！')).toBeTruthy();
    await user.click(select(1));
    await user.click(select(2));
    await user.click(tool('取消确认'));
    expect(await screen.findByText('第2行不能取消确认')).toBeTruthy();
    expect(onAction).not.toHaveBeenCalled();
  });

  it('runs an action on the selected rows, once for clicks on the same rows within a second; other rows\' clicks count', async () => {
    let now = 50_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { onAction, user } = setup();
    await user.click(select(2));
    await user.click(tool('空车离厂'));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(onAction.mock.calls[0][0]).toBe('SINGLE_EMPTY');
    expect(onAction.mock.calls[0][1].map((r: AnnouncementRow) => r.id)).toEqual([2]);
    // the same action on the same row within the second (a double click, by the row's own button) is ignored
    now += 500;
    await user.click(within(rowOf('蒙B22222')).getByRole('button', { name: '空车离厂' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    // another row's action a moment later counts, and so does another action on the same row
    now += 100;
    await user.click(within(rowOf('蒙A12345')).getByRole('button', { name: /^确\s*认$/ }));
    expect(onAction).toHaveBeenCalledTimes(2);
    expect(onAction.mock.calls[1][0]).toBe('CONFIRM');
    now += 100;
    await user.click(within(rowOf('蒙B22222')).getByRole('button', { name: '称重后离厂' }));
    expect(onAction).toHaveBeenCalledTimes(3);
    // once the second is over, the same action on the same row counts again
    now += 1000;
    await user.click(within(rowOf('蒙B22222')).getByRole('button', { name: '空车离厂' }));
    expect(onAction).toHaveBeenCalledTimes(4);
  });

  it('in sampling mode the confirm actions read 合格 and 不合格', () => {
    setup(true);
    expect(tool('合 格')).toBeTruthy();
    expect(tool('不合格')).toBeTruthy();
  });
});
