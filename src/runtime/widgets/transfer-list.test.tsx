import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AddressValue, TransferNode } from '../../schema/transfer';
import { TransferList } from './transfer-list';

const tree: TransferNode[] = [
  { key: 'weigh', title: '计量部', children: [{ key: 'u1', title: '张司磅' }, { key: 'u2', title: '李过磅' }] },
  { key: 'u5', title: '刘财务' },
];

function TwoTrees({ onChange, initial = [] }: { onChange(v: string[]): void; initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return <TransferList dataSource={tree} value={value} onChange={(v) => { setValue(v); onChange(v); }} />;
}

const side = (name: string) => screen.getByRole('region', { name });
const checkAll = (name: string) => within(side(name)).getByRole('checkbox', { name: `${name}全选` }) as HTMLInputElement;
const partial = (name: string) => checkAll(name).closest('.ant-checkbox')!.classList.contains('ant-checkbox-indeterminate');

afterEach(cleanup);

describe('TransferList, two trees', () => {
  it('moves checked nodes right and back; the buttons wait for a check', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TwoTrees onChange={onChange} />);
    const right = screen.getByRole('button', { name: '移入已选' });
    const left = screen.getByRole('button', { name: '移出已选' });
    expect((right as HTMLButtonElement).disabled).toBe(true);
    expect((left as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(side('待选')).getByText('张司磅'));
    expect((right as HTMLButtonElement).disabled).toBe(false);
    expect(partial('待选')).toBe(true);
    await user.click(right);
    expect(onChange).toHaveBeenLastCalledWith(['u1']);
    expect(within(side('已选')).getByText('张司磅')).toBeTruthy();
    expect(within(side('待选')).queryByText('张司磅')).toBeNull();
    expect((right as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(side('已选')).getByText('张司磅'));
    await user.click(left);
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(within(side('待选')).getByText('张司磅')).toBeTruthy();
  });

  it('the check-all box checks every node, then shows partial when one is unchecked', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TwoTrees onChange={onChange} />);
    await user.click(checkAll('待选'));
    expect(checkAll('待选').checked).toBe(true);
    expect(partial('待选')).toBe(false);
    await user.click(within(side('待选')).getByText('刘财务'));
    expect(partial('待选')).toBe(true);
    await user.click(screen.getByRole('button', { name: '移入已选' }));
    expect(onChange).toHaveBeenLastCalledWith(['u1', 'u2']);
  });

  it('a checked branch moves all its people', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TwoTrees onChange={onChange} />);
    await user.click(within(side('待选')).getByText('计量部'));
    await user.click(screen.getByRole('button', { name: '移入已选' }));
    expect(onChange).toHaveBeenLastCalledWith(['u1', 'u2']);
  });
});

const people: TransferNode[] = [
  { key: 'zs@x.cn', title: '张三' }, { key: 'ls@x.cn', title: '李四' }, { key: 'ww@x.cn', title: '王五' },
];

function Address({ onChange, initial }: { onChange(v: AddressValue): void; initial?: AddressValue }) {
  const [value, setValue] = useState<AddressValue | undefined>(initial);
  return <TransferList mode="address" dataSource={people} value={value} onChange={(v) => { setValue(v); onChange(v); }} />;
}

describe('TransferList, address list', () => {
  it('puts checked people into 收件人, 抄送人 or 密送人; they leave the people list', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Address onChange={onChange} />);
    const toCc = screen.getByRole('button', { name: '移入抄送人' }) as HTMLButtonElement;
    expect(toCc.disabled).toBe(true);
    await user.click(within(side('通讯录')).getByText('张三'));
    await user.click(within(side('通讯录')).getByText('王五'));
    expect(toCc.disabled).toBe(false);
    await user.click(toCc);
    expect(onChange).toHaveBeenLastCalledWith({ to: [], cc: ['zs@x.cn', 'ww@x.cn'], bcc: [] });
    expect(within(side('抄送人')).getByText('张三')).toBeTruthy();
    expect(within(side('通讯录')).queryByText('张三')).toBeNull();

    await user.click(within(side('通讯录')).getByText('李四'));
    await user.click(screen.getByRole('button', { name: '移入密送人' }));
    expect(onChange).toHaveBeenLastCalledWith({ to: [], cc: ['zs@x.cn', 'ww@x.cn'], bcc: ['ls@x.cn'] });
  });

  it('removes one person, and 清空 empties a list; they are back to choose from', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Address onChange={onChange} initial={{ to: ['zs@x.cn', 'ls@x.cn'], cc: [], bcc: ['ww@x.cn'] }} />);
    expect((screen.getByRole('button', { name: '清空抄送人' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: '移除张三' }));
    expect(onChange).toHaveBeenLastCalledWith({ to: ['ls@x.cn'], cc: [], bcc: ['ww@x.cn'] });
    expect(within(side('通讯录')).getByText('张三')).toBeTruthy();
    await user.click(within(side('收件人')).getByRole('button', { name: '清空收件人' }));
    expect(onChange).toHaveBeenLastCalledWith({ to: [], cc: [], bcc: ['ww@x.cn'] });
    expect(within(side('收件人')).queryByRole('listitem')).toBeNull();
  });
});
