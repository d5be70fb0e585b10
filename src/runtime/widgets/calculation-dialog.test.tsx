import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Calculation } from '../../schema/field-definition';
import { CalculationDialog } from './calculation-dialog';

const fields = [
  { fieldName: 'gross', fieldExplain: '毛重', customTable: 'mm_pu_weigh' },
  { fieldName: 'tare', fieldExplain: '皮重', customTable: 'mm_pu_weigh' },
  { fieldName: 'price', fieldExplain: '单价', customTable: 'mm_pu_weigh' },
  { fieldName: 'net', fieldExplain: '明细净重', customTable: 'mm_pu_weigh_sub' },
  { fieldName: 'deduct', fieldExplain: '明细扣重', customTable: 'mm_pu_weigh_sub' },
];
const sumTables = [{ value: 'mm_pu_weigh_sub', label: '过磅明细' }];
const f = (fieldName: string) => ({ customTable: 'mm_pu_weigh', fieldName });

function setup(value?: Calculation | null) {
  const onOk = vi.fn();
  const onCancel = vi.fn();
  render(<AntApp><CalculationDialog open value={value} fields={fields} sumTables={sumTables} onOk={onOk} onCancel={onCancel} /></AntApp>);
  return { onOk, onCancel, user: userEvent.setup() };
}
type User = ReturnType<typeof userEvent.setup>;
const button = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name.split('').join('\\s*')}$`) });
/** Opens an antd Select by its label and clicks the option shown with that text. */
async function pick(user: User, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  const open = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')].pop()!;
  await user.click(open.querySelector(`.ant-select-item-option[title="${option}"]`)!);
}
/** The confirmation modal.confirm opens (its title 提示). */
const confirmBox = async () => {
  await screen.findAllByText('此操作将删除所有数据, 是否继续?');
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].pop()!;
};
const formula = () => screen.getByRole('status', { name: '计算公式' }).textContent;

afterEach(cleanup);

describe('计算方式', () => {
  it('opens an existing calculation as rows and submits it unchanged', async () => {
    const value: Calculation = ['(', f('gross'), '-', f('tare'), ')', '*', f('price')];
    const { onOk, user } = setup(value);
    expect(screen.getByText('计算方式')).toBeTruthy();
    for (const name of ['提交', '添加', '删除', '清空', '取消']) expect(button(name)).toBeTruthy();
    expect(formula()).toBe('计算公式：(毛重 - 皮重) * 单价');
    await user.click(button('提交'));
    expect(onOk).toHaveBeenCalledWith(value);
  });

  it("says the template's rule on the calculation (it refers to the field itself) before 提交, and does not hand it over", async () => {
    const onOk = vi.fn();
    const check = (calc: Calculation) => (Array.isArray(calc) && calc.some((t) => typeof t === 'object' && t.fieldName === 'gross') ? '字段毛重(gross)的计算方式不能引用字段自身' : null);
    render(<AntApp><CalculationDialog open value={null} fields={fields} sumTables={sumTables} check={check} onOk={onOk} onCancel={vi.fn()} /></AntApp>);
    const user = userEvent.setup();
    await user.click(button('添加'));
    await pick(user, '第1行字段', '毛重');
    await user.click(button('添加'));
    await pick(user, '第2行字段', '皮重');
    expect(formula()).toBe('计算公式：字段毛重(gross)的计算方式不能引用字段自身');
    await user.click(button('提交'));
    expect(await screen.findByText('字段毛重(gross)的计算方式不能引用字段自身', { selector: '.ant-message *' })).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
  });

  it('builds a calculation from added rows', async () => {
    const { onOk, user } = setup(null);
    await user.click(button('添加'));
    await pick(user, '第1行字段', '毛重');
    await user.click(button('添加'));
    await pick(user, '第2行运算符', '-');
    await pick(user, '第2行字段', '皮重');
    expect(formula()).toBe('计算公式：毛重 - 皮重');
    await user.click(button('提交'));
    expect(onOk).toHaveBeenCalledWith([f('gross'), '-', f('tare')]);
  });

  it('a sum operand needs its sum table; with it the sum is submitted', async () => {
    const { onOk, user } = setup(null);
    await user.click(button('添加'));
    await user.click(screen.getByRole('checkbox', { name: '第1行合计' }));
    await pick(user, '第1行字段', '明细净重');
    await user.click(button('提交'));
    expect(await screen.findByText('请选择合计表！')).toBeTruthy();
    expect(onOk).not.toHaveBeenCalled();
    await pick(user, '第1行合计表', '过磅明细');
    await user.click(button('添加'));
    await user.click(screen.getByRole('checkbox', { name: '第2行合计' }));
    await pick(user, '第2行合计表', '过磅明细');
    await pick(user, '第2行字段', '明细扣重');
    expect(formula()).toBe('计算公式：合计(过磅明细: 明细净重 + 明细扣重)');
    await user.click(button('提交'));
    expect(onOk).toHaveBeenCalledWith({ customTable: 'mm_pu_weigh_sub', fieldName: ['net', 'deduct'], mode: 'sum' });
  });

  it('删除 needs a selected row, then removes it', async () => {
    const { onOk, user } = setup([f('gross'), '-', f('tare')]);
    await user.click(button('删除'));
    expect(await screen.findByText('最少要选择一条数据！')).toBeTruthy();
    const first = screen.getAllByRole('row')[1];
    await user.click(within(first).getByRole('checkbox', { name: '选择第1行' }));
    await user.click(button('删除'));
    expect(formula()).toBe('计算公式：皮重');
    await user.click(button('提交'));
    expect(onOk).toHaveBeenCalledWith([f('tare')]);
  });

  it('清空 asks first: 取消 keeps the rows (已取消删除), 确定 removes them all (删除成功!)', async () => {
    const { onOk, user } = setup([f('gross'), '-', f('tare')]);
    await user.click(button('清空'));
    const ask = await confirmBox();
    expect(ask.querySelector('.ant-modal-confirm-title')!.textContent).toBe('提示');
    await user.click(within(ask).getByRole('button', { name: /取\s*消/ }));
    expect(await screen.findByText('已取消删除')).toBeTruthy();
    expect(formula()).toBe('计算公式：毛重 - 皮重');
    await user.click(button('清空'));
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBeGreaterThan(0));
    await user.click(within(await confirmBox()).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(formula()).toBe('计算公式：无');
    await user.click(button('提交'));
    expect(onOk).toHaveBeenCalledWith(null);
  });
});
