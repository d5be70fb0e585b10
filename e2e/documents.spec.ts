import { expect, test, type Page } from './support/test';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { view, rows, button, formDialog } from './support/page';

const input = (page: Page, field: string) => formDialog(page).locator(`[data-field="${field}"]`);
const cells = (page: Page, field: string) => formDialog(page).locator(`input[data-cell="${field}"]`);

test('a purchase notice is made with its lines: one empty line appears, 供应商 is picked, 合计, 物料 and 计划量 follow, and the list and detail show them', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '采购管理', '采购通知单');
  await button(page, /新\s*增/).click();
  const dialog = formDialog(page);
  await expect(dialog.getByText('采购通知单明细')).toBeVisible();
  await expect(cells(page, 'invName')).toHaveCount(1); // added about 200 ms after the form opened

  await expect(input(page, 'noticeCode')).toBeDisabled(); // numbered by the server (编码规则) on save
  await expect(input(page, 'noticeCode')).toHaveAttribute('placeholder', '保存时自动生成');
  await input(page, 'vendorName').click();
  const popup = page.locator('.wb-resource-popup');
  await popup.locator('.ant-table-tbody tr.ant-table-row').first().dblclick();
  await expect(popup).toBeHidden();
  await expect(input(page, 'vendorName')).not.toHaveValue('');

  await cells(page, 'invName').first().fill('原煤');
  await cells(page, 'planQty').first().fill('120.5');
  await dialog.getByRole('button', { name: '新增行' }).click();
  await cells(page, 'invName').nth(1).fill('精煤');
  await cells(page, 'planQty').nth(1).fill('30');
  await expect(dialog.locator('.wb-child-table tfoot.ant-table-summary, .wb-child-table div.ant-table-summary').first()).toContainText('150.5');
  // 物料 and 计划量 follow the lines, read-only: the server sets them from the lines on save
  await expect(input(page, 'materialName')).toHaveValue('原煤、精煤');
  await expect(input(page, 'materialName')).toBeDisabled();
  const planQty = () => input(page, 'planQty').evaluate((el) => ((el instanceof HTMLInputElement ? el : el.querySelector('input'))?.value ?? el.textContent));
  await expect.poll(planQty).toBe('150.5');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  // the closing dialog keeps the focus until it has gone: only then does Enter reach the search box
  await expect(dialog).toBeHidden();

  await view(page).getByLabel('快速查询').fill('CGTZ'); // the only notice numbered by the rule (the seed's are DFNYPN…)
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('原煤、精煤');
  await expect(rows(page).first()).toContainText('150.500');
  await rows(page).first().dblclick();
  const detail = page.locator('.ant-modal').filter({ hasText: '采购通知单详情' });
  const lines = detail.locator('.wb-detail-child .ant-table-tbody tr.ant-table-row');
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText('原煤');
  await expect(lines.nth(1)).toContainText('精煤');
  await expectNoConsoleErrors(problems);
});

test('a line with an empty 存货名称 stops the save and says which row', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '采购管理', '采购通知单');
  await button(page, /新\s*增/).click();
  await expect(cells(page, 'invName')).toHaveCount(1);
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('采购通知单明细第 1 行：存货名称不能为空！')).toBeVisible();
  await expect(formDialog(page)).toBeVisible();
});

test('a notice whose 结束日期 is before its 开始日期 is refused on 结束日期, and marked again when 开始日期 moves past it', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '采购管理', '采购通知单');
  await button(page, /新\s*增/).click();
  await expect(cells(page, 'invName')).toHaveCount(1);
  const dialog = formDialog(page);
  const day = (field: string) => dialog.locator(`input[data-field="${field}"], [data-field="${field}"] input`).first();
  const pick = async (field: string, text: string) => {
    await day(field).click();
    await day(field).fill(text);
    await day(field).press('Enter');
    await expect(day(field)).toHaveValue(text);
  };
  await pick('beginDate', '2026-12-05');
  await pick('endDate', '2026-12-04');
  await expect(dialog.getByText('结束日期不能早于开始日期')).toBeVisible();
  await pick('endDate', '2026-12-05');
  await expect(dialog.getByText('结束日期不能早于开始日期')).toHaveCount(0);
  await pick('beginDate', '2026-12-06');
  await expect(dialog.getByText('结束日期不能早于开始日期')).toBeVisible();
});

test('存货档案 has a class tree: filtering it and choosing a class narrows the list to that class and the ones under it', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '基础档案', '存货档案');
  const tree = view(page).locator('.wb-list-tree');
  await expect(tree.getByText('煤炭', { exact: true })).toBeVisible();
  const total = view(page).locator('.ant-pagination-total-text');
  const before = await total.textContent();
  await tree.getByPlaceholder('输入关键字进行过滤').fill('矿石');
  await expect(tree.getByText('煤炭', { exact: true })).toHaveCount(0);
  await tree.getByText('矿石', { exact: true }).click();
  await expect(total).not.toHaveText(before ?? '');
  const classes = await rows(page).locator('td:nth-child(5)').allTextContents(); // 存货分类编码
  expect(classes.length).toBeGreaterThan(0);
  const prefix = classes.reduce((a, b) => { let i = 0; while (i < a.length && a[i] === b[i]) i += 1; return a.slice(0, i); });
  expect(prefix).toMatch(/^1001B11\d{2}/);
});

test('选择物料 adds lines from the material picker (class tree and inventory), each material once', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '采购管理', '采购通知单');
  await button(page, /新\s*增/).click();
  await expect(cells(page, 'invName')).toHaveCount(1);
  await cells(page, 'invName').first().fill('原煤');
  await formDialog(page).getByRole('button', { name: '选择物料' }).click();
  const picker = page.locator('.wb-material-picker');
  await expect(picker.locator('.ant-modal-title')).toHaveText('选择物料');
  await picker.locator('.wb-material-tree').getByText('煤炭', { exact: true }).click();
  const items = picker.locator('.ant-table-tbody tr.ant-table-row');
  await expect(items.first()).toBeVisible();
  await items.filter({ hasText: '原煤' }).first().locator('.ant-checkbox').click();
  await items.filter({ hasText: '精煤' }).first().locator('.ant-checkbox').click();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已跳过 1 个已在明细中的物料')).toBeVisible();
  await expect(cells(page, 'invName')).toHaveCount(2);
  await expect(cells(page, 'invName').nth(1)).toHaveValue('精煤');
});

test('lines are numbered 1, 2, 3 by position and reordered by dragging their handle or by typing a position', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '采购管理', '采购通知单');
  await button(page, /新\s*增/).click();
  await expect(cells(page, 'invName')).toHaveCount(1);
  const dialog = formDialog(page);
  for (const [i, name] of ['原煤', '精煤', '焦煤'].entries()) {
    if (i > 0) await dialog.getByRole('button', { name: '新增行' }).click();
    await cells(page, 'invName').nth(i).fill(name);
  }
  const order = async () => cells(page, 'invName').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  // 序号 is the line's number by its position, not a box to type in
  const numbers = dialog.locator('.wb-child-table .ant-table-tbody .wb-row-number');
  await expect(numbers).toHaveText(['1', '2', '3']);
  await expect(numbers.first().locator('xpath=ancestor::td').locator('input')).toHaveCount(0);
  // drag 焦煤 (third) above 原煤 (first)
  const handles = dialog.getByLabel('拖动排序');
  const from = (await handles.nth(2).boundingBox())!;
  const to = (await handles.nth(0).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step++) await page.mouse.move(from.x + from.width / 2, from.y + (to.y - from.y) * (step / 10) - 4);
  await page.mouse.up();
  await expect.poll(order).toEqual(['焦煤', '原煤', '精煤']);
  // type position 2 for the first line
  const position = dialog.getByLabel('行位置').first();
  await position.fill('2');
  await position.press('Enter');
  await expect.poll(order).toEqual(['原煤', '精煤', '焦煤']);
  await expect(numbers).toHaveText(['1', '2', '3']);
});
