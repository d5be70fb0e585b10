import fs from 'node:fs';
import { expect, test, type Page } from './support/test';
import { apiData } from './support/admin-api';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { button, chooseOption, listRows as rows, pickInPopup, view } from './support/page';

const editPage = (page: Page) => view(page).locator('.wb-edit-page');
const input = (page: Page, field: string) => editPage(page).locator(`[data-field="${field}"]`);
const cells = (page: Page, field: string) => editPage(page).locator(`[data-cell="${field}"]`);
const popup = (page: Page) => page.locator('.wb-resource-popup');

test('/appDownload: without signing in, the shipped manuals download as files; the page says the station needs no app', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/appDownload');
  await expect(page).toHaveTitle(/应用下载/);
  await expect(page.getByText('称重站无需单独安装')).toBeVisible();
  const manual = page.getByTestId('download-manual');
  await expect(manual).toContainText('使用与运维手册');
  await expect(page.getByTestId('download-api-contract')).toContainText('接口约定');
  await page.screenshot({ path: test.info().outputPath('app-download.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), manual.getByRole('link', { name: /下\s*载/ }).click()]);
  expect(download.suggestedFilename()).toBe('weighbridge-manual.md');
  expect(fs.readFileSync(await download.path(), 'utf8')).toBe(fs.readFileSync('README.md', 'utf8'));
  await expectNoConsoleErrors(problems);
});

test('计算分组 as finance: 新增 opens /modules/material/computation_group/edit; materials picked from the inventory; a material of another group is refused', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'finance');
  await openFromSidebar(page, '基础档案', '计算分组');
  await expect(page).toHaveURL(/\/modules\/material\/computation_group\/index$/);
  await expect(rows(page).first()).toContainText('结算组');
  const code = `E2E-JS-${Date.now() % 1_000_000}`;

  await button(page, /^新\s*增$/).click();
  await expect(page).toHaveURL(/\/modules\/material\/computation_group\/edit\?type=create$/);
  await expect(editPage(page).getByText('计算分组 — 新增')).toBeVisible();
  await input(page, 'groupCode').fill(code);
  await input(page, 'groupName').fill('端到端结算组');
  // one material already in a (seeded) group, and one in none
  const grouped = (await apiData<{ list: { invCode: string; invName: string }[] }>(page, 'POST', '/material/computation-group-line/list', { limit: { pn: 1, ps: 500 } })).list;
  const inventory = (await apiData<{ list: { invCode: string; invName: string }[] }>(page, 'POST', '/material/as-inventory/list', { limit: { pn: 1, ps: 200 } })).list;
  const taken = grouped[0];
  const free = inventory.find((i) => !grouped.some((g) => g.invCode === i.invCode) && !inventory.some((o) => o !== i && o.invName.includes(i.invName)));
  expect(taken, 'the demo data has computation groups').toBeDefined();
  expect(free, 'a material in no group').toBeDefined();
  const pick = async (name: string) => {
    await cells(page, 'invName').click();
    await expect(popup(page).locator('.ant-modal-title')).toHaveText('选择存货档案');
    await popup(page).getByRole('searchbox', { name: '弹窗查询' }).fill(name);
    await popup(page).getByRole('searchbox', { name: '弹窗查询' }).press('Enter');
    await expect(popup(page).locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(name);
    await popup(page).locator('.ant-table-tbody tr.ant-table-row').first().dblclick();
    await expect(popup(page)).toBeHidden();
  };
  await expect(cells(page, 'invName')).toHaveCount(1);
  await pick(taken.invName);
  await expect(cells(page, 'invCode')).toHaveValue(taken.invCode);
  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText(/已在计算分组「.+」中/)).toBeVisible();
  await expect(page).toHaveURL(/computation_group\/edit/);

  await pick(free!.invName);
  await expect(cells(page, 'invCode')).toHaveValue(free!.invCode);
  await page.screenshot({ path: test.info().outputPath('computation-group-edit.png') });
  // a document's 保存 ignores repeats for 600 ms (a double click saves once): without animations the
  // second pick can be done sooner, and a click then would be ignored
  await page.waitForTimeout(650);
  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page).toHaveURL(/\/computation_group\/index$/);
  await view(page).getByLabel('快速查询').fill(code);
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('端到端结算组');
  await expectNoConsoleErrors(problems, [/400/]);
});

test('销售收款 as finance: 新增 opens /modules/sale/recive_payment/edit; the customer is picked; the server records the balance before and after the receipt', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'finance');
  await openFromSidebar(page, '销售管理', '销售收款');
  await expect(page).toHaveURL(/\/modules\/sale\/recive_payment\/index$/);
  await expect(rows(page).first()).toContainText(/DFNYSK\d{6}|E2E-SK-/); // a seeded receipt, or one an earlier run added
  const customerName = (await apiData<{ list: { customerName: string }[] }>(page, 'POST', '/account/recive-payment/list', { limit: { pn: 1, ps: 1 } })).list[0].customerName;
  const { balance } = await apiData<{ balance: string }>(page, 'GET', `/material/as-customer/money?customerName=${encodeURIComponent(customerName)}`);
  const billCode = `E2E-SK-${Date.now() % 1_000_000}`;

  await button(page, /^新\s*增$/).click();
  await expect(page).toHaveURL(/\/modules\/sale\/recive_payment\/edit\?type=create$/);
  await expect(editPage(page).getByText('销售收款 — 新增')).toBeVisible();
  await expect(editPage(page).getByText('收款前余额(元)')).toBeVisible();
  await input(page, 'billCode').fill(billCode);
  await pickInPopup(page, input(page, 'customerName'), '选择客户', customerName);
  // the closing popup can take the first click: the select is opened until its options show
  await chooseOption(page, editPage(page).locator('[data-field="payMethod"]'), '银行转账');
  await expect(editPage(page).locator('.ant-select-selection-item[title="银行转账"]')).toBeVisible();
  await input(page, 'amount').fill('1234.5');
  await page.screenshot({ path: test.info().outputPath('receive-payment-edit.png') });
  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page).toHaveURL(/\/recive_payment\/index$/);
  await view(page).getByLabel('快速查询').fill(billCode);
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  const fmt = (n: number) => n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const row = rows(page).first();
  await expect(row).toContainText(customerName);
  await expect(row).toContainText(new RegExp(`${fmt(Number(balance)).replace(/,/g, ',?')}`));
  await expect(row).toContainText(new RegExp(`${fmt(Number(balance) + 1234.5).replace(/,/g, ',?')}`));
  await expectNoConsoleErrors(problems);
});
