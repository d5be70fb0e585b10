import { expect, test, type Page } from './support/test';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole, hoverAndClick } from './support/login';
import { view, rows, button, formDialog, quickSearch } from './support/page';
import { apiJson } from './support/admin-api';

const input = (page: Page, field: string) => formDialog(page).locator(`[data-field="${field}"]`);
/** A name of this attempt: a retried test (or another suite) must not find an earlier attempt's driver. */
const unique = (name: string) => `${name}${Date.now().toString(36).slice(-5)}`;
/** A valid identity number of this attempt (identity numbers are unique), with its check digit. */
function uniqueIdNumber(): string {
  const body = `11010519491231${String(Date.now() % 1000).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

async function openDrivers(page: Page) {
  await openFromSidebar(page, '基础档案', '司机');
  await expect(view(page).locator('.ant-pagination-total-text')).toHaveText(/共 \d+ 条/);
}

async function findDriver(page: Page, name: string) {
  await quickSearch(page, name);
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText(name);
}


test('新增 a driver: the form checks the identity number and mobile as they are typed, then saves once', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openDrivers(page);
  await button(page, /新\s*增/).click();
  const dialog = formDialog(page);
  await expect(dialog.locator('.ant-modal-title')).toHaveText('司机 — 新增');

  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog.getByText('必须填写姓名')).toBeVisible();

  const name = unique('赵测试');
  await input(page, 'driverName').fill(`  ${name}  `);
  await input(page, 'idNumber').fill('110105194912310021');
  await input(page, 'mobile').click();
  await expect(dialog.getByText('身份证号校验位错误!')).toBeVisible();
  await input(page, 'idNumber').fill('990105194912310021');
  await input(page, 'mobile').click();
  await expect(dialog.getByText('身份证号地址编码错误!')).toBeVisible();
  const idNumber = uniqueIdNumber();
  await input(page, 'idNumber').fill(idNumber);
  await input(page, 'mobile').fill('1381234');
  await input(page, 'licenseNo').click();
  await expect(dialog.getByText('身份证号地址编码错误!')).toHaveCount(0);
  await expect(dialog.getByText('手机号格式错误!')).toBeVisible();
  await input(page, 'mobile').fill('13812345678');
  await page.waitForTimeout(1100); // the first 提交 above started a 1 s window in which repeats are ignored
  // a double click makes one driver (submit ignores repeats for 1 s; the create carries an Idempotency-Key)
  await dialog.getByRole('button', { name: /提\s*交/ }).dblclick();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await findDriver(page, name); // trimmed on submit
  await expect(rows(page).first()).toContainText(idNumber);
  await expectNoConsoleErrors(problems);
});

test('修改 asks 确定更新此条数据?; 否 cancels with 更新已取消, 是 saves', async ({ page }) => {
  await signIn(page, 'admin');
  await openDrivers(page);
  const name = unique('钱修改');
  const made = await apiJson(page, 'POST', '/material/as-driver/create', { driverName: name, mobile: '13900000001' });
  expect(made.success).toBe(true);
  await findDriver(page, name);
  await rows(page).first().locator('.ant-checkbox').click();
  await button(page, /修\s*改/).click();
  await expect(input(page, 'mobile')).toHaveValue('13900000001');
  await input(page, 'mobile').fill('13900000002');
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await expect(confirm).toContainText('确定更新此条数据?');
  await confirm.getByRole('button', { name: '否' }).click();
  await expect(page.getByText('更新已取消')).toBeVisible();
  await expect(input(page, 'mobile')).toHaveValue('13900000002'); // still in the form

  await page.waitForTimeout(1100); // submit ignores repeats within 1 s
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '是' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(rows(page).first()).toContainText('13900000002');
});

test('a stale edit is refused with 409, keeps the typed values, and can load the current data', async ({ page }) => {
  await signIn(page, 'admin');
  await openDrivers(page);
  const name = unique('孙并发');
  const made = await apiJson(page, 'POST', '/material/as-driver/create', { driverName: name, mobile: '13900000011' });
  expect(made.success).toBe(true);
  await findDriver(page, name);
  await rows(page).first().locator('.ant-checkbox').click();
  await button(page, /修\s*改/).click();
  await expect(input(page, 'mobile')).toHaveValue('13900000011');
  // someone else saves the same driver meanwhile
  expect((await apiJson(page, 'PUT', '/material/as-driver/update', { id: made.data.id, version: made.data.version, licenseNo: 'DL-OTHER' })).success).toBe(true);

  await input(page, 'mobile').fill('13900000012');
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '是' }).click();
  const stale = formDialog(page).locator('.wb-form-stale');
  await expect(stale).toContainText('数据已被他人修改，请刷新后重试');
  await expect(input(page, 'mobile')).toHaveValue('13900000012');

  await stale.getByRole('button', { name: '载入最新数据' }).click();
  await expect(input(page, 'licenseNo')).toHaveValue('DL-OTHER');
  await expect(input(page, 'mobile')).toHaveValue('13900000011');
  await input(page, 'mobile').fill('13900000012');
  await page.waitForTimeout(1100);
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '是' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(rows(page).first()).toContainText('13900000012');
  await expect(rows(page).first()).toContainText('DL-OTHER');
});

test('a vehicle’s plate is upper-cased as it is typed and checked against the plate format, and its 预置皮重 may not be negative', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '基础档案', '车辆');
  await button(page, /新\s*增/).click();
  await input(page, 'plateNumber').fill('蒙a1234');
  await expect(input(page, 'plateNumber')).toHaveValue('蒙A1234');
  await input(page, 'remark').click();
  await expect(formDialog(page).getByText('车牌号格式错误!')).toBeVisible();
  await input(page, 'plateNumber').fill('蒙a12345');
  await expect(input(page, 'plateNumber')).toHaveValue('蒙A12345');
  await input(page, 'remark').click();
  await expect(formDialog(page).getByText('车牌号格式错误!')).toHaveCount(0);
  // a preset tare below 0 is refused before anything is sent
  const tare = formDialog(page).locator('input[data-field="tareWeight"], [data-field="tareWeight"] input').first();
  await tare.fill('-5');
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await expect(formDialog(page).getByText('预置皮重不能小于0')).toBeVisible();
  await tare.fill('0');
  await expect(formDialog(page).getByText('预置皮重不能小于0')).toHaveCount(0);
});

test('a weigh record’s 供应商 is picked from the vendor popup: search, 最少要选择一条数据！, double-click confirms', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  await button(page, /新\s*增/).click();
  await input(page, 'vendorName').click();
  const popup = page.locator('.wb-resource-popup');
  await expect(popup.locator('.ant-modal-title')).toHaveText('选择供应商');
  await expect(popup.locator('.ant-modal-content')).toHaveCSS('width', `${Math.round(page.viewportSize()!.width * 0.75)}px`);
  await popup.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('最少要选择一条数据！')).toBeVisible();

  // pinyin initials find vendors by the first letters of their names (山西恒通, 陕西华拓… all read sxht)
  await popup.getByLabel('弹窗查询').fill('sxht');
  await popup.getByLabel('弹窗查询').press('Enter');
  // every row, once the search's answer is shown (the list before it can begin with such a vendor too)
  await expect(async () => {
    const texts = await popup.locator('.ant-table-tbody tr.ant-table-row').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toMatch(/[山陕]西(恒通|华拓)/);
  }).toPass({ timeout: 10_000 });
  await popup.getByLabel('弹窗查询').fill('恒通');
  await popup.getByLabel('弹窗查询').press('Enter');
  const hits = popup.locator('.ant-table-tbody tr.ant-table-row');
  await expect(async () => {
    const texts = await hits.allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('恒通');
  }).toPass({ timeout: 10_000 });
  const name = (await hits.first().locator('td').filter({ hasText: '恒通' }).first().textContent())!;
  await hits.first().dblclick();
  await expect(popup).toBeHidden();
  await expect(input(page, 'vendorName')).toHaveValue(name);

  // and it is saved with the record
  await input(page, 'plateNumber').fill('蒙A20001');
  await formDialog(page).locator('[data-field="materialName"] input').fill('原煤');
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await view(page).getByLabel('快速查询').fill('蒙A20001');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page).first()).toContainText(name);
  await expectNoConsoleErrors(problems);
});

test('物料 suggests inventory as it is typed (500 ms after the last key), by name or by initials', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  await button(page, /新\s*增/).click();
  const material = formDialog(page).locator('[data-field="materialName"] input, input[data-field="materialName"]').first();
  await material.click();
  await page.keyboard.type('jm');
  const hits = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect(hits.first()).toBeVisible();
  const texts = await hits.allTextContents();
  expect(texts.some((t) => t.includes('精煤'))).toBe(true);
  expect(texts.length).toBeLessThanOrEqual(10);
  await hits.filter({ hasText: '精煤' }).first().click();
  await expect(material).toHaveValue(/精煤/);
});

test('a driver’s 照片 is uploaded (JPG/PNG under 2 MB, one), shown as a thumbnail and opened in 图片查看', async ({ page }) => {
  const problems = watchConsole(page);
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d0e9b50000000049454e44ae426082', 'hex');
  await signIn(page, 'admin');
  await openDrivers(page);
  await button(page, /新\s*增/).click();
  const name = unique('周照片');
  await input(page, 'driverName').fill(name);
  const file = formDialog(page).locator('input[type=file]');
  await file.setInputFiles({ name: 'face.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
  await expect(page.getByText('上传头像图片只能是JPG或者png格式!')).toBeVisible();
  await file.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: png });
  await expect(formDialog(page).locator('img.wb-image-thumb')).toBeVisible();
  await expect(formDialog(page).getByText('上传', { exact: true })).toHaveCount(0); // one image at most: no more upload button
  await page.waitForTimeout(1100);
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  await findDriver(page, name);
  await rows(page).first().dblclick();
  const detail = page.locator('.ant-modal').filter({ hasText: '司机详情' });
  await detail.locator('img.wb-image-thumb').click();
  await expect(page.locator('.ant-modal').filter({ hasText: '图片查看' }).locator('img')).toBeVisible();
  await expectNoConsoleErrors(problems);
});

test('抓拍图片 of a weigh record: none yet says so; pictures uploaded to the record (up to four) show in the viewer and open large', async ({ page }) => {
  const problems = watchConsole(page);
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1d0e9b50000000049454e44ae426082', 'hex');
  await signIn(page, 'weigher');
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  // a record that may still be changed (free, not audited)
  const free = await apiJson(page, 'POST', '/measure/mm-pu-weigh/list', { search: [{ key: 'status', op: 'eq', val: 'FREE' }], limit: { pn: 1, ps: 1 } });
  const code = free.data.list[0].billCode as string;
  await view(page).getByLabel('快速查询').fill(code);
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('.ant-checkbox-input').check();
  // the weigher's few buttons all show; a longer bar puts the rest under 更多
  const more = async (name: RegExp) => {
    if (await button(page, name).count()) return button(page, name).click();
    await hoverAndClick(page, view(page).locator('.wb-button-group').getByRole('button', { name: /更多/ }), page.locator('.ant-dropdown:visible').getByText(name));
  };
  await more(/抓拍图片/);
  const viewer = page.locator('.wb-pictures-viewer');
  await expect(viewer.locator('.ant-modal-title')).toHaveText('抓拍图片');
  await expect(viewer.getByText('未找到该登记的抓拍图片')).toBeVisible();
  await viewer.getByRole('button', { name: 'Close' }).click();

  await button(page, /修\s*改/).click();
  const file = formDialog(page).locator('[data-field="snapPhotos"], .ant-formily-item:has-text("抓拍图片")').locator('input[type=file]').first();
  await file.setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: png });
  await expect(formDialog(page).locator('img.wb-image-thumb')).toHaveCount(1);
  await file.setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: png });
  await expect(formDialog(page).locator('img.wb-image-thumb')).toHaveCount(2);
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await page.getByRole('button', { name: /^是$/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();

  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('.ant-checkbox-input').check();
  await more(/抓拍图片/);
  await expect(viewer.locator('img.wb-picture')).toHaveCount(2);
  await viewer.locator('.ant-image').first().click(); // the mask over a thumbnail opens the preview
  await expect(page.locator('.ant-image-preview-img')).toBeVisible();
  await expectNoConsoleErrors(problems);
});

test('现场确认 (confirmation table) on a weigh record still on site: the toolbar acts on chosen rows, 无法确认 stays disabled, the results are saved; the form keeps its columns', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'weigher');
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  // a free record whose truck is still on site: nothing confirmed yet
  const onSite = await apiJson(page, 'POST', '/measure/mm-pu-weigh/list', { search: [{ key: 'status', op: 'eq', val: 'FREE' }, { key: 'weighStatus', op: 'eq', val: 'GROSS' }], limit: { pn: 1, ps: 1 } });
  const code = onSite.data.list[0].billCode as string;
  await view(page).getByLabel('快速查询').fill(code);
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('.ant-checkbox-input').check();
  await button(page, /修\s*改/).click();
  const dialog = formDialog(page);
  // the dialog's form is laid out in columns once it has opened (not one field per row)
  await expect(async () => {
    const a = await input(page, 'billCode').boundingBox();
    const b = await input(page, 'plateNumber').boundingBox();
    expect(Math.abs(a!.y - b!.y)).toBeLessThan(20); // one row is about 50 px high
  }).toPass();

  const table = dialog.locator('.wb-announcement');
  await expect(table.getByRole('row')).toHaveCount(5); // header and four items
  await expect(table.getByRole('toolbar', { name: '批量操作' }).getByRole('button', { name: '无法确认' })).toBeDisabled();
  await expect(table.getByLabel('选择第4行')).toBeDisabled();
  await table.getByRole('toolbar', { name: '批量操作' }).getByRole('button', { name: /^确\s*认$/ }).click();
  await expect(page.getByText('请至少选择一条数据！')).toBeVisible();
  await table.getByLabel('选择第1行').check();
  await table.getByLabel('选择第2行').check();
  await page.waitForTimeout(1100); // only the first click within a second counts
  await table.getByRole('toolbar', { name: '批量操作' }).getByRole('button', { name: /^确\s*认$/ }).click();
  await expect(table.getByRole('row').nth(1)).toContainText('确认');
  await expect(table.getByRole('row').nth(2).locator('.ant-tag')).toHaveText('确认');
  await page.waitForTimeout(1100); // the next action counts once the second has passed
  await table.getByRole('row').nth(3).getByRole('button', { name: '空车离厂' }).click();
  await expect(table.getByRole('row').nth(3).locator('.ant-tag')).toHaveText('空车离厂');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await page.getByRole('button', { name: /^是$/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();

  const saved = await apiJson(page, 'GET', `/measure/mm-pu-weigh/detail/${onSite.data.list[0].id}`);
  expect(saved.data.siteChecks.map((r: { result: string | null }) => r.result)).toEqual(['CONFIRM', 'CONFIRM', 'SINGLE_EMPTY', null]);
  // the server refuses what the table would not allow
  const refused = await apiJson(page, 'PUT', '/measure/mm-pu-weigh/update', {
    id: saved.data.id, version: saved.data.version,
    siteChecks: saved.data.siteChecks.map((r: { id: number }) => (r.id === 4 ? { ...r, result: 'CONFIRM' } : r)),
  });
  expect(refused).toMatchObject({ success: false, msg: '现场确认：第4行不可处理（未开放处理）' });
  await expectNoConsoleErrors(problems, [/status of 400/]); // the refused call above
});
