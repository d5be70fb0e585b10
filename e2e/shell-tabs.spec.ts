import { expect, test, type Page } from './support/test';
import { openFromSidebar, signIn } from './support/login';

async function open(page: Page, area: string, item: string) {
  await openFromSidebar(page, area, item);
  await expect(page.locator('.wb-page:visible').getByText(/共 \d+ 条/)).toBeVisible();
}

const tabs = (page: Page) => page.locator('.wb-tabs .ant-tabs-tab');

test('visited pages open as tabs and keep their state; closing and 关闭全部 work as the spec says', async ({ page }) => {
  await signIn(page, 'admin');
  await open(page, '计量管理', '采购过磅记录');
  await page.locator('.wb-page:visible .ant-pagination-item-3').click();
  await expect(page.locator('.wb-page:visible .ant-pagination-item-active')).toHaveText('3');
  await open(page, '基础档案', '车辆');
  await expect(tabs(page)).toHaveText(['首页', '采购过磅记录', '车辆']);

  await tabs(page).filter({ hasText: '采购过磅记录' }).click();
  await expect(page).toHaveURL(/mm-pu-weigh\/index$/);
  await expect(page.locator('.wb-page:visible .ant-pagination-item-active')).toHaveText('3');

  await tabs(page).filter({ hasText: '采购过磅记录' }).locator('.ant-tabs-tab-remove').click();
  await expect(tabs(page)).toHaveText(['首页', '车辆']);
  await expect(page).toHaveURL(/\/clouds\/index$/);

  await open(page, '计量管理', '采购过磅记录');
  await expect(page.locator('.wb-page:visible .ant-pagination-item-active')).toHaveText('1'); // a closed page was dropped
  await page.locator('.wb-tabs-more').hover();
  await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByText('关闭全部').click();
  await expect(tabs(page)).toHaveText(['首页']);
  await expect(page).toHaveURL(/\/clouds\/index$/);
});

test('switching company warns for the current one, then shows the other company’s data', async ({ page }) => {
  await signIn(page, 'finance');
  await expect(page.getByTestId('current-org')).toContainText('东方能源有限公司');
  await page.getByTestId('current-org').click();
  const dialog = page.getByRole('dialog', { name: '切换公司' });
  await dialog.getByText('东方能源有限公司').click();
  await expect(page.getByText('现在所使用的就是当前公司！')).toBeVisible();
  await dialog.getByText('华北钢铁有限公司').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-org')).toContainText('华北钢铁有限公司');
  await open(page, '计量管理', '采购过磅记录');
  for (const code of await page.locator('.wb-page:visible .ant-table-tbody tr.ant-table-row td:nth-child(2)').allTextContents()) {
    expect(code.startsWith('HBGT')).toBe(true);
  }
});
