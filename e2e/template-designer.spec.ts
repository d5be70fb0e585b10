import { expect, test, type Page } from './support/test';
import { api } from './support/admin-api';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';

const view = (page: Page) => page.locator('.wb-page:visible');
const SHOTS = process.env.E2E_SHOTS;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

/** Searches 模板设计 by code and opens the one template's 字段属性. */
async function openAttributes(page: Page, code: string) {
  const list = view(page).locator('.wb-format-list');
  await list.getByLabel('模板编码').fill(code);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await list.getByRole('button', { name: '字段属性' }).click();
  await expect(page).toHaveURL(/\/custom\/format\/form\/sub\?id=\d+$/);
  await expect(view(page).locator('.wb-format-head')).toContainText(code);
  // a FORM template opens in the visual designer; its attribute table is under 属性表
  if (code.endsWith('_form')) await view(page).locator('.wb-fd-views').getByText('属性表', { exact: true }).click();
}

/** A field's row of the attribute table on the visible tab. */
const fieldRow = (page: Page, label: string) => view(page).locator('.ant-tabs-tabpane-active .ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(label, { exact: true }) });

async function pick(page: Page, select: string, option: string) {
  await page.getByLabel(select).first().click();
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

async function saveAndPublish(page: Page) {
  // the toasts of an earlier save and publish have gone (each stays about 3 s), so the ones awaited below are this save's
  await expect(page.getByText('保存成功')).toHaveCount(0);
  await expect(page.getByText('发布成功')).toHaveCount(0);
  await view(page).getByRole('button', { name: /^(loading\s+)?保\s*存$/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(view(page).locator('.wb-format-head')).toContainText('草稿有修改');
  await view(page).getByRole('button', { name: /^发\s*布$/ }).click();
  // 发布 reads the impact analysis first; nothing refers to a removed field here, so 发布 is enabled at once
  const publish = page.locator('.ant-modal:visible').filter({ hasText: '发布说明' });
  await expect(publish.getByText('没有引用受影响：发布后使用此模板的页面将按当前草稿显示')).toBeVisible();
  await publish.getByRole('button', { name: /^发\s*布$/ }).click();
  await expect(page.getByText('发布成功')).toBeVisible();
  await expect(view(page).locator('.wb-format-head')).toContainText('已发布');
}

/** yyyy-MM-dd of a moment in the browser's time zone (playwright.config's timezoneId), whatever the machine's. */
const day = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

test('模板设计: an administrator configures a settlement\'s 计算方式, 选择时间 and 选择时间范围, saves and publishes; the operator screens follow', async ({ page }) => {
  // three saves and publishes, each through the impact analysis, and the operator screens: longer than the default on a loaded machine
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '配置中心', '模板设计');
  await expect(page).toHaveURL(/\/custom\/format(\/index)?$/);
  await expect(view(page).locator('.wb-format-list .ant-pagination-total-text')).toHaveText(/共 \d+ 条/);
  await shot(page, 'format-list');

  // the purchase settlement's FORM template
  await openAttributes(page, 'fd_pu_settlement_main_form');
  await expect(page.locator('.wb-tag-tabs, .ant-tabs').getByText('模板属性配置')).toBeVisible();
  await shot(page, 'format-fields');

  // 计算方式 on the line's 金额: net × price instead of settle weight × price
  await view(page).getByRole('tab', { name: /子表：采购结算单明细/ }).click();
  const amount = fieldRow(page, '金额(元)');
  await expect(amount.locator('.wb-attribute-value')).toHaveText('结算重量(吨) * 单价(元/吨)');
  await amount.getByRole('button', { name: '金额(元) 计算方式' }).click();
  const calc = page.locator('.ant-modal').filter({ hasText: '计算方式' });
  await expect(calc.getByLabel('计算公式')).toHaveText('计算公式：结算重量(吨) * 单价(元/吨)');
  await shot(page, 'calculation-dialog');
  await pick(page, '第1行字段', '净重(吨)');
  await expect(calc.getByLabel('计算公式')).toHaveText('计算公式：净重(吨) * 单价(元/吨)');
  await calc.getByRole('button', { name: /提\s*交/ }).click();
  await expect(calc).toBeHidden();
  await expect(amount.locator('.wb-attribute-value')).toHaveText('净重(吨) * 单价(元/吨)');
  await expect(amount.locator('.wb-unsaved')).toBeVisible();

  // 选择时间 on 结算日期: today + 1 day
  await view(page).getByRole('tab', { name: /表单字段/ }).click();
  const date = fieldRow(page, '结算日期');
  await expect(date.locator('.wb-attribute-value')).toHaveText('当前时间');
  await date.getByRole('button', { name: '结算日期 选择时间' }).click();
  const spec = page.locator('.ant-modal').filter({ hasText: '选择时间' });
  await spec.getByLabel('日的数值').fill('1');
  const tomorrow = new Date(Date.now() + 86_400_000);
  await expect(spec.getByLabel('预览')).toContainText(day(tomorrow));
  await spec.getByRole('button', { name: /确\s*定/ }).click();
  await expect(date.locator('.wb-attribute-value')).toHaveText('日 +1');
  await saveAndPublish(page);

  // 选择时间范围 on the settlement list's 创建时间 search field
  await page.locator('.wb-tag-tabs, .ant-tabs').getByText('模板设计', { exact: true }).click();
  await openAttributes(page, 'fd_pu_settlement_main_list');
  const created = fieldRow(page, '创建时间');
  await expect(created.locator('.wb-attribute-value')).toHaveText('未设置（00:00:00 至 23:59:59）');
  await created.getByRole('button', { name: '创建时间 选择时间范围' }).click();
  const range = page.locator('.ant-modal').filter({ hasText: '选择时间范围' });
  for (const [label, time] of [['开始时间', '08:00:00'], ['结束时间', '18:00:00']]) {
    const input = range.getByLabel(label);
    await input.click();
    await input.press('Control+a');
    await input.pressSequentially(time);
    await input.press('Enter');
  }
  await range.getByRole('button', { name: /确\s*定/ }).click();
  await expect(range).toBeHidden();
  await expect(created.locator('.wb-attribute-value')).toHaveText('08:00:00 至 18:00:00');
  await saveAndPublish(page);

  // the operator screen: a new settlement starts tomorrow and its line amount is net × price
  await openFromSidebar(page, '采购管理', '采购结算');
  await page.getByText('高级查询').click();
  const createdRange = view(page).locator('.wb-advanced-query .ant-form-item').filter({ hasText: '创建时间' }).locator('input');
  await expect(createdRange.nth(0)).toHaveValue(`${day(new Date())} 08:00:00`);
  await expect(createdRange.nth(1)).toHaveValue(`${day(new Date())} 18:00:00`);
  await view(page).locator('.wb-button-group').getByRole('button', { name: /^新\s*增$/ }).click();
  const edit = view(page).locator('.wb-edit-page');
  await expect(edit.locator('[data-field="settleDate"] input, input[data-field="settleDate"]').first()).toHaveValue(new RegExp(`^${day(tomorrow)}`));
  const cells = (field: string) => edit.locator(`[data-cell="${field}"]`);
  await cells('net').first().fill('10');
  await cells('deductWeight').first().fill('1');
  await cells('price').first().fill('5');
  await expect(cells('settleWeight').first()).toHaveText('9.000');
  await expect(cells('amount').first()).toHaveText('50.00');
  await expectNoConsoleErrors(problems);
});

test('a weigher has no 模板设计 menu and the template endpoints refuse them', async ({ page }) => {
  await signIn(page, 'weigher');
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主菜单' }).getByText('配置中心', { exact: true })).toHaveCount(0);
  for (const [method, url, body] of [
    ['GET', '/optimus_prime/cg-format/list', undefined], ['GET', '/optimus_prime/cg-format/draft/1', undefined],
    ['PUT', '/optimus_prime/cg-format/draft/1', { version: 1, draft: {} }], ['POST', '/optimus_prime/cg-format/publish/1', { version: 1 }],
  ] as const) {
    expect((await api(page, method, url, body)).status, `${method} ${url}`).toBe(403);
  }
  await page.goto('/custom/format/form/sub?id=1');
  await expect(page.locator('.wb-format-fields')).toHaveCount(0);
});
