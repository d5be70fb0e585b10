import { expect, test, type Page } from './support/test';
import { apiData } from './support/admin-api';
import { expectNoConsoleErrors, hoverAndClick, openFromSidebar, signIn, watchConsole } from './support/login';
import { button, listRows as rows, view } from './support/page';

const editPage = (page: Page) => view(page).locator('.wb-edit-page');
const input = (page: Page, field: string) => editPage(page).locator(`[data-field="${field}"]`);
const cells = (page: Page, field: string) => editPage(page).locator(`[data-cell="${field}"]`);
const popup = (page: Page) => page.locator('.wb-resource-popup');
const tabs = (page: Page) => page.locator('.wb-tag-tabs, .ant-tabs');

/** Picks the first row of the popup a field or cell opens (of those matching `query`, when given). */
async function pickFirst(page: Page, title: string, query?: string) {
  await expect(popup(page).locator('.ant-modal-title')).toHaveText(title);
  if (query) {
    await popup(page).getByRole('searchbox', { name: '弹窗查询' }).fill(query);
    await popup(page).getByRole('searchbox', { name: '弹窗查询' }).press('Enter');
    await expect(popup(page).locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(query);
  }
  await popup(page).locator('.ant-table-tbody tr.ant-table-row').first().dblclick();
  await expect(popup(page)).toBeHidden();
}

test('采购登记: 新增 opens the edit page with its one line; a second line is refused; 修改 and 查看 open the same page in their modes', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'finance');
  await openFromSidebar(page, '采购管理', '采购登记');
  await expect(page).toHaveURL(/\/modules\/purorder\/pu_registry\/index$/);
  await expect(view(page).locator('.ant-pagination-total-text')).toHaveText(/共 \d+ 条/);
  await expect(rows(page).first()).toContainText(/DFNYPR\d{8}/);
  await page.screenshot({ path: test.info().outputPath('registry-list.png') });

  await button(page, /^新\s*增$/).click();
  await expect(page).toHaveURL(/\/modules\/purorder\/pu_registry\/edit\?type=create$/);
  await expect(tabs(page).getByText('采购登记编辑')).toBeVisible();
  await expect(editPage(page).getByText('采购登记 — 新增')).toBeVisible();
  // create mode: one empty line arrives by itself, and the registration time is now
  await expect(cells(page, 'noticeCode')).toHaveCount(1);
  await expect(cells(page, 'noticeCode')).toHaveValue('');
  await expect(input(page, 'registerTime')).not.toHaveValue('');

  // the line's notice brings its vendor, material and planned quantity
  await cells(page, 'noticeCode').click();
  await pickFirst(page, '选择采购通知单', 'DFNYPN'); // a seeded notice (other suites add some without a material)
  await expect(cells(page, 'noticeCode')).toHaveValue(/^DFNYPN\d{8}$/);
  await expect(cells(page, 'vendorName')).not.toHaveValue('');
  await expect(cells(page, 'materialName')).not.toHaveValue('');
  await expect(cells(page, 'planQuantity')).not.toHaveValue('');
  const notice = await cells(page, 'noticeCode').inputValue();

  // single-child mode: a second line is refused
  await editPage(page).getByRole('button', { name: '新增行' }).click();
  await expect(page.getByText('只能有一条子表信息')).toBeVisible();
  await expect(cells(page, 'noticeCode')).toHaveCount(1);
  await editPage(page).locator('.wb-child-table .ant-table-tbody tr.ant-table-row').first().locator('.ant-checkbox-input').check();
  await editPage(page).getByRole('button', { name: '插入行' }).click();
  await expect(cells(page, 'noticeCode')).toHaveCount(1);

  await expect(input(page, 'billCode')).toBeDisabled(); // numbered by the server (编码规则) on save
  await expect(input(page, 'billCode')).toHaveAttribute('placeholder', '保存时自动生成');
  // a typed plate is upper-cased, and its first letter becomes the province (M → 蒙)
  await input(page, 'plateNumber').pressSequentially('ma12345');
  await expect(input(page, 'plateNumber')).toHaveValue('蒙A12345');
  // a driver with a mobile (other suites add drivers without one)
  const driver = (await apiData<{ list: { driverName: string }[] }>(page, 'POST', '/material/as-driver/list', {
    search: [{ key: 'mobile', op: 'like', val: '1' }], limit: { pn: 1, ps: 1 },
  })).list[0];
  await input(page, 'driverName').click();
  await pickFirst(page, '选择司机', driver.driverName);
  await expect(input(page, 'driverName')).toHaveValue(driver.driverName);
  await expect(input(page, 'mobile')).toHaveValue(/^1[3-9]\d{9}$/);
  await input(page, 'cardCode').click();
  await pickFirst(page, '选择IC卡');
  await expect(input(page, 'cardCode')).toHaveValue(/^\d{10}$/);
  await page.screenshot({ path: test.info().outputPath('registry-edit.png') });

  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  // the edit tab closes and the list shows the new registry
  await expect(page).toHaveURL(/\/pu_registry\/index$/);
  await expect(tabs(page).getByText('采购登记编辑')).toHaveCount(0);
  await view(page).getByLabel('快速查询').fill('CGDJ'); // the only registry numbered by the rule (the seed's are DFNYPR…)
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('蒙A12345');
  await expect(rows(page).first()).toContainText('自由');

  // 修改: the same page in update mode with its line; the number stays
  await rows(page).first().locator('.ant-checkbox-input').check();
  await button(page, /^修\s*改$/).click();
  await expect(page).toHaveURL(/\/pu_registry\/edit\?type=update&id=\d+$/);
  await expect(editPage(page).getByText('采购登记 — 修改')).toBeVisible();
  await expect(input(page, 'billCode')).toBeDisabled();
  await expect(cells(page, 'noticeCode')).toHaveCount(1);
  await expect(cells(page, 'noticeCode')).toHaveValue(notice);
  await cells(page, 'planQuantity').fill('35');
  await input(page, 'remark').fill('二号门进厂');
  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('确定更新此条数据?')).toBeVisible();
  await page.getByRole('button', { name: /^是$/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(page).toHaveURL(/\/pu_registry\/index$/);
  const url = new URL(page.url());
  expect(url.pathname).toBe('/modules/purorder/pu_registry/index');

  // 复制: a new registry from this one (create1), its line copied, its number left to fill; 取消 leaves
  await rows(page).first().locator('.ant-checkbox-input').check();
  await button(page, /^复\s*制$/).click();
  await expect(page).toHaveURL(/\/pu_registry\/edit\?type=create1&id=\d+$/);
  await expect(input(page, 'billCode')).toHaveValue('');
  await expect(input(page, 'plateNumber')).toHaveValue('蒙A12345');
  await expect(cells(page, 'noticeCode')).toHaveCount(1);
  await expect(cells(page, 'noticeCode')).toHaveValue(notice);
  await editPage(page).getByRole('button', { name: /^取\s*消$/ }).click();
  await expect(page).toHaveURL(/\/pu_registry\/index$/);

  // 查看 (past the first five buttons, under 更多): read-only, 返回 leaves
  await rows(page).first().locator('.ant-checkbox-input').check();
  await hoverAndClick(page, button(page, /更多/), page.getByRole('menuitem', { name: '查看', exact: true }));
  await expect(page).toHaveURL(/\/pu_registry\/viewEdit\?id=\d+$/);
  const id = new URL(page.url()).searchParams.get('id');
  await expect(editPage(page).getByText('采购登记 — 查看')).toBeVisible();
  await expect(editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ })).toHaveCount(0);
  await expect(editPage(page).getByRole('button', { name: '新增行' })).toHaveCount(0);
  await expect(editPage(page).locator('input:not([disabled]):not([readonly])')).toHaveCount(0);
  await expect(cells(page, 'noticeCode')).toHaveText(notice);
  await expect(cells(page, 'planQuantity')).toHaveText('35.000');
  await editPage(page).getByRole('button', { name: /^返\s*回$/ }).click();
  await expect(page).toHaveURL(/\/pu_registry\/index$/);

  const saved = await apiData<{ remark: string; children: { pu_registry_sub: { noticeCode: string }[] } }>(page, 'GET', `/purorder/pu-registry/detail/${id}`);
  expect([saved.remark, saved.children.pu_registry_sub.map((l) => l.noticeCode)]).toEqual(['二号门进厂', [notice]]);
  await expectNoConsoleErrors(problems);
});

test('销售登记: the same edit page under 销售管理; its line picks the sale notice and its customer', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'finance');
  await openFromSidebar(page, '销售管理', '销售登记');
  await expect(rows(page).first()).toContainText(/DFNYSR\d{8}/);
  await button(page, /^新\s*增$/).click();
  await expect(page).toHaveURL(/\/modules\/sale\/sa_registry\/edit\?type=create$/);
  await expect(editPage(page).getByText('销售登记 — 新增')).toBeVisible();
  await expect(cells(page, 'noticeCode')).toHaveCount(1);
  await cells(page, 'noticeCode').click();
  await pickFirst(page, '选择销售通知单', 'DFNYSN');
  await expect(cells(page, 'noticeCode')).toHaveValue(/^DFNYSN\d{8}$/);
  await expect(cells(page, 'customerName')).not.toHaveValue('');
  // 复制 of the one line is refused as well
  await editPage(page).locator('.wb-child-table .ant-table-tbody tr.ant-table-row').first().locator('.ant-checkbox-input').check();
  await editPage(page).getByRole('button', { name: /^复\s*制$/ }).click();
  await expect(page.getByText('只能有一条子表信息')).toBeVisible();
  await expect(cells(page, 'noticeCode')).toHaveCount(1);

  await input(page, 'plateNumber').pressSequentially('jb12345');
  await expect(input(page, 'plateNumber')).toHaveValue('晋B12345');
  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page).toHaveURL(/\/sa_registry\/index$/);
  await view(page).getByLabel('快速查询').fill('XSDJ');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('晋B12345');
  await expectNoConsoleErrors(problems);
});
