import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RuntimeProvider, type RuntimeServices } from '../runtime';
import { AllotMenuModal } from './allot-menu-modal';

afterEach(cleanup);

const menu = [
  { id: 1, title: '采购管理', children: [{ id: 2, title: '采购业务', children: [] }, { id: 3, title: '采购订单', urlPath: '/p/order', component: 'views/template/list' }] },
  { id: 4, title: '报表中心', children: [{ id: 5, title: '动态报表', children: [] }] },
];

function setup() {
  let answer!: (tree: unknown) => void;
  const services: RuntimeServices = {
    request: () => new Promise((resolve) => { answer = resolve as (tree: unknown) => void; }) as never,
    download: () => Promise.reject(new Error('none')), hasPermission: () => true, desensitize: false,
  };
  const allot = vi.fn(async () => ({ urlPath: '/modules/x/y/index' }));
  render(<AntApp><RuntimeProvider value={services}><AllotMenuModal name="运费合同" allot={allot} onClose={() => undefined} /></RuntimeProvider></AntApp>);
  const dialog = () => within(screen.getByRole('dialog'));
  const ok = () => dialog().getByRole('button', { name: /确\s*定|OK/ }) as HTMLButtonElement;
  return { answer: (tree: unknown) => act(async () => { answer(tree); }), allot, dialog, ok, user: userEvent.setup() };
}

describe('分配菜单', () => {
  it('shows the menu groups in the dialog once they come, expanded, pages left out; 确定 waits for a group and allots under it', async () => {
    const { answer, allot, dialog, ok, user } = setup();
    // the tree has not come: a spinner where it will be, nothing to pick, 确定 off
    expect(dialog().queryByRole('tree')).toBeNull();
    expect(document.querySelector('.ant-modal .ant-spin')).not.toBeNull();
    expect(ok().disabled).toBe(true);
    await answer(menu);
    // 采购业务 sits under 采购管理: shown without opening its group; 采购订单 (a page) is not offered
    expect(dialog().getByTitle('采购业务')).toBeTruthy();
    expect(dialog().getByTitle('动态报表')).toBeTruthy();
    expect(dialog().queryByTitle('采购订单')).toBeNull();
    expect(dialog().getByText('请选择菜单组')).toBeTruthy();
    await user.click(dialog().getByTitle('采购业务'));
    expect(dialog().getByText('已选：采购管理 / 采购业务')).toBeTruthy();
    expect(ok().disabled).toBe(false);
    await user.click(ok());
    expect(allot).toHaveBeenCalledWith(2);
  });

  it('a search keeps the groups whose name holds the text, with the groups above them; none matching says so', async () => {
    const { answer, dialog, user } = setup();
    await answer(menu);
    await user.type(dialog().getByLabelText('搜索菜单组'), '报表');
    expect(dialog().getByTitle('报表中心')).toBeTruthy();
    expect(dialog().getByTitle('动态报表')).toBeTruthy();
    expect(dialog().queryByTitle('采购管理')).toBeNull();
    await user.clear(dialog().getByLabelText('搜索菜单组'));
    await user.type(dialog().getByLabelText('搜索菜单组'), '业务');
    // 采购业务 matches: its group above it stays, the other top group goes
    expect(dialog().getByTitle('采购管理')).toBeTruthy();
    expect(dialog().getByTitle('采购业务')).toBeTruthy();
    expect(dialog().queryByTitle('报表中心')).toBeNull();
    await user.type(dialog().getByLabelText('搜索菜单组'), '无此');
    expect(dialog().queryByRole('tree')).toBeNull();
    expect(dialog().getByText('没有名称含此文字的菜单组')).toBeTruthy();
  });
});
