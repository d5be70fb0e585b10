import { expect, test, type Page } from './support/test';
import { expectNoConsoleErrors, hoverAndClick, openFromSidebar, signIn, watchConsole } from './support/login';
import { apiData } from './support/admin-api';
import { button, listRows as rows, view, formDialog, quickSearch } from './support/page';

type Row = Record<string, unknown>;
const popup = (page: Page) => page.locator('.wb-resource-popup');
const editPage = (page: Page) => view(page).locator('.wb-edit-page');
const cells = (page: Page, field: string) => editPage(page).locator(`[data-cell="${field}"]`);
const localNow = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai', dateStyle: 'short', timeStyle: 'medium' }).format(new Date());
/** Signs in and waits for the shell (the API calls below need the session). */
async function enter(page: Page, username: string) {
  // another person's session ends first (the sign-in page sends a signed-in user home)
  if (!page.url().startsWith('about:')) await page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await signIn(page, username);
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await expect(page.locator('.wb-page:visible').first()).toBeVisible();
}
const today = () => localNow().slice(0, 10).replaceAll('-', '');

test('采购结算 as finance: 选择磅单 fills the lines from the vendor\'s audited weigh records, which the audit then settles', async ({ page }) => {
  // two audited trucks of one vendor, weighed now (as the administrator)
  await enter(page, 'admin');
  const vendor = (await apiData<{ list: { vendorName: string }[] }>(page, 'POST', '/material/as-vendor/list', { limit: { pn: 1, ps: 1 }, sort: [{ key: 'vendorCode', dir: 'desc' }] })).list[0].vendorName;
  const ids: number[] = [];
  for (const [plate, gross, tare] of [['蒙E71001', '50', '20'], ['蒙E71002', '41.5', '15.25']]) {
    const made = await apiData<{ id: number }>(page, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: plate, materialName: '原煤', vendorName: vendor, gross, tare, net: (Number(gross) - Number(tare)).toFixed(3), grossTime: localNow() });
    ids.push(made.id);
  }
  await apiData(page, 'POST', '/measure/mm-pu-weigh/audit', { ids });

  const problems = watchConsole(page);
  await enter(page, 'finance');
  await openFromSidebar(page, '采购管理', '采购结算');
  await button(page, /^新\s*增$/).click();
  await expect(editPage(page).getByText('采购结算单 — 新增')).toBeVisible();
  await editPage(page).locator('[data-field="vendorName"]').click();
  await expect(popup(page).locator('.ant-modal-title')).toHaveText('选择供应商');
  await popup(page).getByRole('searchbox', { name: '弹窗查询' }).fill(vendor);
  await popup(page).getByRole('searchbox', { name: '弹窗查询' }).press('Enter');
  await expect(popup(page).locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(vendor);
  await popup(page).locator('.ant-table-tbody tr.ant-table-row').first().dblclick();
  await expect(popup(page)).toBeHidden();

  await editPage(page).getByRole('button', { name: '选择磅单' }).click();
  const picker = page.locator('.wb-weigh-picker');
  await expect(picker.locator('.ant-modal-title')).toHaveText('选择磅单');
  for (const plate of ['蒙E71001', '蒙E71002']) await picker.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: plate }).locator('.ant-checkbox-input').check();
  await picker.getByRole('button', { name: /确\s*定/ }).click();
  await expect(picker).toBeHidden();
  // the empty first line gave way; the lines carry the trucks' net
  await expect(cells(page, 'plateNumber')).toHaveCount(2);
  for (let i = 0; i < 2; i += 1) await cells(page, 'price').nth(i).fill('600');
  await expect(editPage(page).locator('.ant-formily-item').filter({ hasText: '结算总量' }).locator('.wb-form-display')).toHaveText('56.250');
  await editPage(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(page).toHaveURL(/\/fd_pu_settlement_main\/index$/);

  // offered no more; the audit settles them
  const offered = await apiData<Row[]>(page, 'POST', '/purorder/fd-pu-settlement-main/weighs', { partner: vendor });
  expect(offered.map((r) => r.weighId)).not.toContain(ids[0]);
  const mine = (await apiData<{ list: Row[] }>(page, 'POST', '/purorder/fd-pu-settlement-main/list', {
    search: [{ key: 'vendorName', op: 'eq', val: vendor }, { key: 'settleCode', op: 'like', val: `CGJS${today()}` }], limit: { pn: 1, ps: 10 },
  })).list;
  expect(mine).toHaveLength(1);
  expect(mine[0].totalWeight).toBe('56.250');
  await view(page).getByLabel('快速查询').fill(String(mine[0].settleCode));
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('.ant-checkbox-input').check();
  await button(page, /^审\s*核$/).click();
  await expect(page.getByText('审核成功')).toBeVisible();
  await enter(page, 'admin');
  const weigh = await apiData<Row>(page, 'GET', `/measure/mm-pu-weigh/detail/${ids[0]}`);
  expect(weigh.settleCode).toBe(mine[0].settleCode);
  await expectNoConsoleErrors(problems);
});

test('化验组 as the assayer: the form has the sample-car count and the default items; 结束分组, 结束取样 and 申请复检 change its states', async ({ page }) => {
  const problems = watchConsole(page);
  await enter(page, 'assayer');
  await openFromSidebar(page, '质检管理', '化验组');
  await button(page, /^新\s*增$/).click();
  const dialog = formDialog(page);
  await expect(dialog.locator('[data-field="groupCode"]')).toBeDisabled();
  await expect(dialog.locator('[data-field="sampleCars"] input, input[data-field="sampleCars"]').first()).toHaveValue('1');
  for (const item of ['水分', 'Si', 'S', 'C', '强度']) await expect(dialog.locator('.ant-select-selection-item').filter({ hasText: new RegExp(`^${item}$`) })).toHaveCount(1);
  await dialog.locator('[data-field="materialName"]').fill('原煤');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  await view(page).getByLabel('快速查询').fill(`HYZ${today()}`);
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('分组中');
  const act = async (label: string, done: string, confirm = false) => {
    await rows(page).first().locator('.ant-checkbox-input').check();
    // the first five buttons the user holds are shown, the rest are under 更多
    const direct = view(page).locator('.wb-button-group').getByRole('button', { name: label, exact: true });
    if (await direct.count()) await direct.click();
    else await hoverAndClick(page, view(page).locator('.wb-button-group').getByRole('button', { name: /更多|More/ }), page.locator('.ant-dropdown:visible').getByText(label, { exact: true }));
    if (confirm) await page.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page.getByText(done)).toBeVisible();
  };
  await act('结束分组', '结束分组成功', true);
  await expect(rows(page).first()).toContainText('已结束分组');
  await act('结束取样', '结束取样成功');
  await expect(rows(page).first()).toContainText('已结束取样');
  await act('申请复检', '申请复检成功', true);
  await expect(rows(page).first()).toContainText('已申请复检');
  await expectNoConsoleErrors(problems);
});

test('/viewWeigh, signed out: a truck shows 未化验 until the assay of its group is audited, then its results', async ({ page }) => {
  test.setTimeout(150_000);
  const suffix = Date.now().toString(36);
  const material = `看板原煤${suffix}`;
  const day = localNow().slice(0, 10);
  const plate = `蒙V${String(Math.floor(Math.random() * 90000) + 10000)}`;
  await enter(page, 'admin');
  await apiData(page, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: plate, materialName: material, vendorName: '山西恒通矿业有限公司', gross: '40', tare: '15', grossTime: localNow(), tareTime: localNow() });
  await enter(page, 'assayer');
  const group = await apiData<{ id: number }>(page, 'POST', '/quality/qc-assay-group/create', { materialName: material, beginTime: `${day} 00:00:00`, endTime: `${day} 23:59:59`, itemCodes: '001' });
  expect(await apiData(page, 'POST', '/quality/qc-assay-group/endGroup', { ids: [group.id] })).toMatchObject({ collected: 1 });
  await apiData(page, 'POST', '/quality/qc-assay-group/endSample', { ids: [group.id] });
  const groupCode = String((await apiData<Row>(page, 'GET', `/quality/qc-assay-group/detail/${group.id}`)).groupCode);
  const assay = await apiData<{ id: number }>(page, 'POST', '/quality/qc-assay/create', {
    groupCode, assayGroupId: group.id, materialName: material, assayTime: localNow(),
    children: { qc_assay_result: [{ itemCode: '001', value: '13.5', unit: '%', upperLimit: '12' }] },
  });

  // signed out, before the audit: the truck is there, not yet assayed
  const signOut = () => page.evaluate(() => { localStorage.clear(); sessionStorage.clear(); });
  await signOut();
  await page.goto('/viewWeigh?org=DFNY');
  const row = page.locator('.ant-table-row').filter({ hasText: plate });
  await expect(row).toContainText(material);
  await expect(row).toContainText('未化验');

  await enter(page, 'assayer');
  await apiData(page, 'POST', '/quality/qc-assay/audit', { ids: [assay.id] });
  await signOut();
  await page.goto('/viewWeigh?org=DFNY');
  // moisture 13.5 % over its 12 % limit: shown red
  const tag = row.locator('.ant-tag').filter({ hasText: '水分 13.5%' });
  await expect(tag).toBeVisible();
  await expect(tag).toHaveClass(/ant-tag-red/);
  await expect(row).not.toContainText('未化验');
  await page.screenshot({ path: test.info().outputPath('view-weigh-assay.png') });
});

test('化验单 as the assayer: results entered on the screen and audited put 扣水 on the group\'s trucks, and their settle weight follows', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  const suffix = Date.now().toString(36);
  const material = `端到端原煤${suffix}`;
  const day = localNow().slice(0, 10);
  await enter(page, 'admin');
  const trucks: { id: number; billCode: string }[] = [];
  for (const [gross, tare] of [['50', '20'], ['45.5', '15.25']]) {
    const plate = `蒙K${String(Math.floor(Math.random() * 90000) + 10000)}`;
    const made = await apiData<{ id: number }>(page, 'POST', '/measure/mm-pu-weigh/create', { plateNumber: plate, materialName: material, vendorName: '山西恒通矿业有限公司', gross, tare, grossTime: localNow() });
    const row = await apiData<Row>(page, 'GET', `/measure/mm-pu-weigh/detail/${made.id}`);
    trucks.push({ id: made.id, billCode: String(row.billCode) });
  }

  await enter(page, 'assayer');
  // the material's 扣重标准 and a group of today's trucks whose sampling has ended (the group screen is the test above)
  for (const [fromValue, rate] of [['12.5', '1'], ['13', '2']]) {
    await apiData(page, 'POST', '/quality/qc-deduct-step/create', { materialName: material, itemCode: '001', deductKind: 'WATER', fromValue, rate });
  }
  const group = await apiData<{ id: number }>(page, 'POST', '/quality/qc-assay-group/create', { materialName: material, beginTime: `${day} 00:00:00`, endTime: `${day} 23:59:59`, itemCodes: '001' });
  expect(await apiData(page, 'POST', '/quality/qc-assay-group/endGroup', { ids: [group.id] })).toMatchObject({ collected: 2 });
  await apiData(page, 'POST', '/quality/qc-assay-group/endSample', { ids: [group.id] });
  const groupCode = String((await apiData<Row>(page, 'GET', `/quality/qc-assay-group/detail/${group.id}`)).groupCode);

  await openFromSidebar(page, '质检管理', '化验单');
  await button(page, /^新\s*增$/).click();
  const form = page.locator('.wb-dynamic-form:visible');
  await form.locator('[data-field="groupCode"]').click();
  await popup(page).getByLabel('弹窗查询').fill(groupCode);
  await popup(page).getByLabel('弹窗查询').press('Enter');
  await popup(page).locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: groupCode }).dblclick();
  await expect(popup(page)).toBeHidden();
  await expect(form.locator('[data-field="materialName"]')).toHaveValue(material);
  const time = form.locator('[data-field="assayTime"]');
  await time.click();
  await time.fill(localNow());
  await time.press('Enter');
  // the result lines are in the form's dialog, beside the main form
  const dialog = page.locator('.ant-modal:visible');
  const cell = (field: string) => dialog.locator(`[data-cell="${field}"]`).first();
  await dialog.locator('.wb-child-table .ant-select').first().click();
  await page.locator('.ant-select-dropdown:visible').getByText('水分', { exact: true }).click();
  await cell('value').fill('13.2');
  await cell('unit').fill('%');
  await cell('upperLimit').fill('12');
  await page.screenshot({ path: test.info().outputPath('assay-entry-1440.png') });
  await page.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  await expect(view(page).locator('.wb-list-page')).toBeVisible();
  await quickSearch(page, material);
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('.ant-checkbox-input').check();
  await button(page, /^审\s*核$/).click();
  await expect(page.getByText('审核成功')).toBeVisible();

  // the trucks now carry the assay's 扣水 (13.2 % ≥ 13 → 2 %) and settle on net − 2 %
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  // the weigh records are the page shown (the 化验单 list, kept alive behind, holds a search box too)
  await expect(page.locator('.wb-tabs .ant-tabs-tab-active')).toHaveText('采购过磅记录');
  await expect(view(page).getByLabel('快速查询')).toHaveAttribute('placeholder', /磅单号/);
  for (const [i, settle] of [[0, '29.400'], [1, '29.645']] as const) {
    await quickSearch(page, trucks[i].billCode);
    await expect(rows(page)).toHaveCount(1);
    await rows(page).first().dblclick();
    const detail = page.locator('.ant-modal:visible');
    await expect(detail).toContainText('2.00');
    await expect(detail).toContainText(settle);
    await page.screenshot({ path: test.info().outputPath(`assay-weigh-${i}-1440.png`) });
    await detail.locator('.ant-modal-close').click();
    await expect(detail).toBeHidden();
  }
  await expectNoConsoleErrors(problems);
});
