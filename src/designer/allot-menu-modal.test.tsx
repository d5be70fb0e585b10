import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App as AntApp } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { RuntimeProvider, type RuntimeServices } from '../runtime';
import { AllotMenuModal } from './allot-menu-modal';

afterEach(cleanup);

const menu = [{ id: 1, title: '采购管理', children: [{ id: 2, title: '采购业务', children: [] }, { id: 3, title: '采购订单', urlPath: '/p/order', component: 'views/template/list' }] }];

describe('分配菜单', () => {
  it('waits for the menu tree before its picker opens, then shows the groups expanded, a group within a group included', async () => {
    let answer!: (tree: unknown) => void;
    const services: RuntimeServices = {
      request: () => new Promise((resolve) => { answer = resolve as (tree: unknown) => void; }) as never,
      download: () => Promise.reject(new Error('none')), hasPermission: () => true, desensitize: false,
    };
    render(<AntApp><RuntimeProvider value={services}><AllotMenuModal name="运费合同" allot={async () => ({ urlPath: '/x' })} onClose={() => undefined} /></RuntimeProvider></AntApp>);
    const picker = () => within(screen.getByRole('dialog')).getByRole('combobox');
    // the tree has not come: nothing to pick from yet
    expect((picker() as HTMLInputElement).disabled).toBe(true);
    await act(async () => { answer(menu); });
    expect((picker() as HTMLInputElement).disabled).toBe(false);
    await userEvent.click(picker());
    // 采购业务 sits under 采购管理: shown without opening its group; 采购订单 (a page) is not offered
    expect(await screen.findByTitle('采购业务')).toBeTruthy();
    expect(screen.queryByTitle('采购订单')).toBeNull();
  });
});
