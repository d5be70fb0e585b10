import { expect, test, type Page } from './support/test';
import ExcelJS from 'exceljs';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole, hoverAndClick } from './support/login';

async function openWeighRecords(page: Page) {
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  await expect(page).toHaveURL(/\/modules\/measure\/mm-pu-weigh\/index$/);
  await expect(page.locator('.ant-pagination-total-text')).toHaveText(/共 \d{3} 条/);
}

/** 导出 sits under 更多 for the admin (the first five buttons show). */
async function clickExport(page: Page) {
  await hoverAndClick(page, page.locator('.wb-button-group').getByRole('button', { name: /更多/ }), page.getByRole('menuitem', { name: '导出', exact: true }));
}

/** The list's column titles, left to right (the selection column has none). */
async function columnTitles(page: Page): Promise<string[]> {
  const titles = await page.locator('.wb-list-page .ant-table-thead th.ant-table-cell').evaluateAll((cells) => cells.map((c) => (c.textContent ?? '').trim()));
  return titles.filter((t) => t !== '');
}

test('导出 downloads the filtered list as an .xlsx: the list’s columns, as many rows as 共 N 条', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openWeighRecords(page);

  await page.getByText('高级查询').click();
  const form = page.locator('.wb-advanced-query');
  // no range is configured for 毛重时间: the panel starts empty, as the list is unfiltered
  await expect(form.getByLabel('毛重时间')).toHaveValue('');
  await form.getByLabel('过磅状态').click();
  await page.locator('.ant-select-item-option[title="已称毛重"]').click();
  await form.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page.locator('.ant-pagination-total-text')).toHaveText('共 60 条');
  const total = Number(/\d+/.exec((await page.locator('.ant-pagination-total-text').textContent()) ?? '')?.[0]);
  const titles = await columnTitles(page);

  const downloading = page.waitForEvent('download');
  await clickExport(page);
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^采购过磅记录\d{14}\.xlsx$/);
  await expect(page.getByText('导出成功')).toBeVisible();
  await expect(page.locator('.wb-export-progress')).toHaveCount(0);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(titles);
  expect(sheet.actualRowCount - 1).toBe(total);
  const status = header.indexOf('过磅状态') + 1;
  for (let r = 2; r <= sheet.actualRowCount; r++) expect(sheet.getRow(r).getCell(status).value).toBe('已称毛重');
  await expectNoConsoleErrors(problems);
});

test('a refused export shows the server’s reason and leaves no progress behind', async ({ page }) => {
  await signIn(page, 'admin');
  await openWeighRecords(page);
  // the list's template was published for this table; asking for another resource's export with it is refused
  await page.route('**/api/measure/mm-pu-weigh/export', (route) => route.continue({ url: route.request().url().replace('/measure/mm-pu-weigh/', '/material/as-vendor/') }));
  await clickExport(page);
  const notice = page.locator('.ant-notification-notice');
  await expect(notice).toContainText('不是供应商的模板，不能用来导出');
  await expect(page.locator('.wb-export-progress')).toHaveCount(0);
  await expect(page.getByText('导出成功')).toHaveCount(0);
});
