import { expect, test, type Page } from './support/test';
import { expectNoConsoleErrors, hoverAndClick, openFromSidebar, signIn, watchConsole, switchToEnglish } from './support/login';
import { button, listRows as rows, view } from './support/page';

const editPage = (page: Page) => view(page).locator('.wb-edit-page');
const input = (page: Page, field: string) => editPage(page).locator(`[data-field="${field}"]`);
const cells = (page: Page, field: string) => editPage(page).locator(`[data-cell="${field}"]`);
const shown = (page: Page, label: string) => editPage(page).locator('.ant-formily-item').filter({ hasText: label }).locator('.wb-form-display');

async function quickSearch(page: Page, text: string) {
  await view(page).getByLabel('快速查询').fill(text);
  await view(page).getByLabel('快速查询').press('Enter');
}

/** Finds the newest settlement numbered by the rule (the list is newest first; earlier tests and runs may have added others). */
async function findNewestSettlement(page: Page, prefix: string): Promise<string> {
  await quickSearch(page, prefix);
  await expect(rows(page).first()).toContainText(prefix);
  const code = new RegExp(`${prefix}[\\w-]+`).exec(await rows(page).first().innerText())?.[0];
  expect(code, 'the newest settlement has a rule number').toBeTruthy();
  await quickSearch(page, code!);
  await expect(rows(page)).toHaveCount(1);
  return code!;
}

test('采购结算: 新增 opens the edit page; lines and totals are recalculated on every change; 修改 and 查看 open the same page in their modes', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'finance');
  await openFromSidebar(page, '采购管理', '采购结算');
  await expect(view(page).locator('.ant-pagination-total-text')).toHaveText(/共 \d+ 条/);

  await button(page, /^新\s*增$/).click();
  await expect(page).toHaveURL(/\/modules\/purorder\/fd_pu_settlement_main\/edit\?type=create$/);
  await expect(page.locator('.wb-tag-tabs, .ant-tabs').getByText('采购结算编辑')).toBeVisible();
  await expect(editPage(page).getByText('采购结算单 — 新增')).toBeVisible();
  // PU: the receiving company is the current organisation; one empty line arrives by itself
  await expect(input(page, 'reCompanyName')).toHaveValue('东方能源有限公司');
  await expect(cells(page, 'billCode')).toHaveCount(1);

  await expect(input(page, 'settleCode')).toBeDisabled(); // numbered by the server (编码规则) on save
  await expect(input(page, 'settleCode')).toHaveAttribute('placeholder', '保存时自动生成');
  await input(page, 'noticeCode').click();
  const popup = page.locator('.wb-resource-popup');
  await expect(popup.locator('.ant-modal-title')).toHaveText('选择采购通知单');
  await expect(popup.locator('.wb-popup-prefilter')).toHaveCount(0); // no vendor yet: every notice
  await expect(popup.locator('.ant-pagination-total-text')).toHaveText(/共 2\d 条/); // the organisation's notices (20 seeded, and any made by other tests)
  await popup.locator('.ant-table-tbody tr.ant-table-row').first().dblclick();
  await expect(popup).toBeHidden();
  await expect(input(page, 'noticeCode')).not.toHaveValue('');
  const vendor = await input(page, 'vendorName').inputValue(); // the notice's vendor comes along
  expect(vendor).not.toBe('');
  // with a vendor chosen, the notice popup shows that vendor's notices only (parameter link vendorName → vendorName)
  await input(page, 'noticeCode').click();
  await expect(popup.locator('.wb-popup-prefilter')).toHaveText(`已按关联条件过滤：供应商 = ${vendor}`);
  await expect(popup.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  for (const text of await popup.locator('.ant-table-tbody tr.ant-table-row').allTextContents()) expect(text).toContain(vendor);
  await popup.locator('.ant-table-tbody tr.ant-table-row').first().dblclick();
  await expect(popup).toBeHidden();
  await expect(input(page, 'vendorName')).toHaveValue(vendor);

  await cells(page, 'billCode').first().fill('E2E-B-1');
  await cells(page, 'net').first().fill('32.42');
  await cells(page, 'deductWeight').first().fill('0.1');
  await cells(page, 'price').first().fill('615.5');
  await expect(cells(page, 'settleWeight').first()).toHaveText('32.320');
  await expect(cells(page, 'amount').first()).toHaveText('19892.96');
  await editPage(page).getByRole('button', { name: '新增行' }).click();
  await cells(page, 'billCode').nth(1).fill('E2E-B-2');
  await cells(page, 'net').nth(1).fill('10');
  await cells(page, 'price').nth(1).fill('600');
  await expect(cells(page, 'amount').nth(1)).toHaveText('6000.00');
  await expect(shown(page, '结算金额')).toHaveText('25892.96');
  await input(page, 'deductAmount').fill('92.96');
  await expect(shown(page, '应付金额')).toHaveText('25800.00');
  // 插入行 puts an empty line above the chosen one
  await editPage(page).locator('.wb-child-table .ant-table-tbody tr.ant-table-row').nth(1).locator('.ant-checkbox-input').check();
  await editPage(page).getByRole('button', { name: '插入行' }).click();
  await expect(cells(page, 'billCode')).toHaveCount(3);
  await expect(cells(page, 'billCode').nth(1)).toHaveValue('');
  await expect(cells(page, 'billCode').nth(2)).toHaveValue('E2E-B-2');
  await editPage(page).locator('.wb-child-table .ant-table-tbody tr.ant-table-row').nth(1).locator('.ant-checkbox-input').check();
  await editPage(page).locator('.wb-child-table .ant-table-tbody tr.ant-table-row').nth(2).locator('.ant-checkbox-input').uncheck();
  await editPage(page).getByRole('button', { name: /删\s*除/ }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(cells(page, 'billCode')).toHaveCount(2);

  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  // the edit tab closes and the list shows the new document
  await expect(page).toHaveURL(/\/fd_pu_settlement_main\/index$/);
  await expect(page.locator('.wb-tag-tabs, .ant-tabs').getByText('采购结算编辑')).toHaveCount(0);
  await findNewestSettlement(page, 'CGJS'); // numbered by the rule (the seed's are DFNYPJ…)
  await expect(rows(page).first()).toContainText('25892.96');
  await expect(rows(page).first()).toContainText('25800.00');

  // 修改: the same page in update mode with the lines; a new price changes the line and the totals
  await rows(page).first().locator('.ant-checkbox-input').check();
  await button(page, /^修\s*改$/).click();
  await expect(page).toHaveURL(/\/edit\?type=update&id=\d+$/);
  await expect(editPage(page).getByText('采购结算单 — 修改')).toBeVisible();
  await expect(cells(page, 'billCode')).toHaveCount(2);
  await expect(input(page, 'settleCode')).toBeDisabled(); // a document keeps its number
  await cells(page, 'price').nth(1).fill('650');
  await expect(cells(page, 'amount').nth(1)).toHaveText('6500.00');
  await expect(shown(page, '结算金额')).toHaveText('26392.96');
  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('确定更新此条数据?')).toBeVisible();
  await page.getByRole('button', { name: /^是$/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(page).toHaveURL(/\/fd_pu_settlement_main\/index$/);
  await expect(rows(page).first()).toContainText('26392.96');

  // 查看: read-only, 返回 leaves
  await rows(page).first().locator('.ant-checkbox-input').check();
  // finance's sixth button (after 新增, 修改, 审核, 弃审, 复制) is under 更多
  await hoverAndClick(page, button(page, /更多/), page.getByRole('menuitem', { name: '查看', exact: true }));
  await expect(page).toHaveURL(/\/viewEdit\?id=\d+$/);
  await expect(editPage(page).getByText('采购结算单 — 查看')).toBeVisible();
  await expect(editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ })).toHaveCount(0);
  await expect(editPage(page).getByRole('button', { name: '新增行' })).toHaveCount(0);
  await expect(cells(page, 'amount').nth(1)).toHaveText('6500.00');
  await editPage(page).getByRole('button', { name: /^返\s*回$/ }).click();
  await expect(page).toHaveURL(/\/fd_pu_settlement_main\/index$/);
  await expectNoConsoleErrors(problems);
});

test('an edit page address: the mode comes from `type`; an unknown mode or a missing id is said, and clearing the notice code clears its id', async ({ page }) => {
  await signIn(page, 'finance');
  await expect(page).toHaveURL(/\/clouds/);
  await page.goto('/modules/purorder/fd_pu_settlement_main/edit?type=bogus');
  await expect(view(page).getByText('未知的表单模式 bogus')).toBeVisible();
  await page.goto('/modules/purorder/fd_pu_settlement_main/edit?type=update');
  await expect(view(page).getByText('缺少要打开的单据（id）')).toBeVisible();
  // safeUpdate: the lines can be changed but not added or removed
  await page.goto('/modules/purorder/fd_pu_settlement_main/index');
  await rows(page).first().locator('.ant-checkbox-input').check();
  await button(page, /^修\s*改$/).click();
  const url = page.url();
  await page.goto(url.replace('type=update', 'type=safeUpdate'));
  await expect(cells(page, 'billCode').first()).toBeVisible();
  await expect(editPage(page).getByRole('button', { name: '新增行' })).toHaveCount(0);
  await page.goto(url.replace('type=update', 'type=weigh'));
  await expect(editPage(page).getByRole('button', { name: '称重保存' })).toBeVisible();
  await expect(input(page, 'deductAmount')).toBeDisabled();
  await page.goto(url);
  await expect(input(page, 'noticeCode')).not.toHaveValue('');
  await editPage(page).locator('.ant-formily-item').filter({ hasText: '通知单号' }).getByLabel('清除').click();
  await expect(input(page, 'noticeCode')).toHaveValue('');
  // the notice's vendor went with it: pick one again
  await input(page, 'vendorName').click();
  await page.locator('.wb-resource-popup .ant-table-tbody tr.ant-table-row').first().dblclick();
  await expect(input(page, 'vendorName')).not.toHaveValue('');
  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await page.getByRole('button', { name: /^是$/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  const id = new URL(url).searchParams.get('id');
  const doc = await page.evaluate(async (id) => {
    const token = JSON.parse(localStorage.getItem('wb.session') ?? '{}').accessToken as string;
    return (await (await fetch(`/api/purorder/fd-pu-settlement-main/detail/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()).data;
  }, id);
  expect([doc.noticeCode, doc.noticeId]).toEqual([null, null]);
});

test('in English the generated screens speak English too: list buttons, 更多, search, totals, the edit page and its messages', async ({ page }) => {
  await signIn(page, 'finance');
  await expect(page).toHaveURL(/\/clouds/);
  await switchToEnglish(page);
  await page.goto('/modules/purorder/fd_pu_settlement_main/index');
  await expect(button(page, /^Add$/)).toBeVisible();
  await expect(button(page, /^Edit$/)).toBeVisible();
  await expect(view(page).getByText('Advanced search')).toBeVisible();
  await expect(view(page).locator('.ant-pagination-total-text')).toHaveText(/^\d+ in total$/);
  await button(page, /^Edit$/).click();
  await expect(page.getByText('Please select a record!')).toBeVisible();
  await button(page, /^Add$/).click();
  await expect(editPage(page).getByText('采购结算单 — Add')).toBeVisible();
  await expect(editPage(page).getByRole('button', { name: 'Add row' })).toBeVisible();
  await expect(editPage(page).getByRole('button', { name: 'Insert row' })).toBeVisible();
  await editPage(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/fd_pu_settlement_main\/index$/);
});
