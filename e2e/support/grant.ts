import { expect, type Page } from '@playwright/test';
import { openFromSidebar } from './login';
import { view } from './page';

/**
 * 系统管理 → 角色管理 → 分配权限 for 财务, as an administrator does it: the menu entry titled `entry`
 * is ticked with its buttons (`shows`, one of their permission keys, appears) and saved.
 */
export async function grantEntryToFinance(page: Page, entry: string, shows: string): Promise<void> {
  await openFromSidebar(page, '系统管理', '角色管理');
  await view(page).locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText('财务', { exact: true }) }).locator('.ant-checkbox').click();
  await view(page).locator('.wb-button-group').getByRole('button', { name: /分配权限/ }).click();
  const grant = page.locator('.ant-modal').filter({ hasText: '分配权限' });
  await expect(grant.locator('.ant-modal-title')).toHaveText('分配权限 — 财务');
  const node = grant.locator('.ant-tree-treenode').filter({ has: page.getByText(entry, { exact: true }) }).first();
  await node.scrollIntoViewIfNeeded();
  await node.locator('.ant-tree-checkbox').click();
  await expect(grant.getByText(shows)).toBeVisible();
  await grant.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
}
