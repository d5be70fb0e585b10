import { expect, test, type Page } from './support/test';
import { apiData } from './support/admin-api';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { chooseOption, pickInPopup } from './support/page';

const view = (page: Page) => page.locator('.wb-page:visible');
const SHOTS = process.env.E2E_SHOTS;
const previewDialog = (page: Page) => page.locator('.ant-modal:visible').filter({ has: page.locator('.wb-preview-pick') });
const input = (page: Page, field: string) => previewDialog(page).locator(`[data-field="${field}"]`);

/** A list call made with the admin's session narrowed by a preview token (the token's organisation). */
async function listWithPreview(page: Page, token: string, body: unknown): Promise<{ status: number; total: number }> {
  return page.evaluate(async ({ token, body }) => {
    const access = (JSON.parse(localStorage.getItem('wb.session') ?? '{}') as { accessToken?: string }).accessToken;
    const res = await fetch('/api/account/recive-payment/list', {
      method: 'POST', headers: { Authorization: `Bearer ${access ?? ''}`, 'X-Preview-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify(body),
    });
    const json = await res.json() as { data?: { total?: number } };
    return { status: res.status, total: Number(json.data?.total ?? -1) };
  }, { token, body });
}

async function pickOption(page: Page, label: string, option: string) {
  // other suites add roles and organisations: the list scrolls, so the option is searched for by its name
  const box = previewDialog(page).getByRole('combobox', { name: label });
  await box.click({ force: true });
  await box.fill(option);
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click();
}

test('预览 as 财务 in 华北钢铁有限公司: the draft of 销售收款 renders with real data, 提交 is a dry run, and no row is added', async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '配置中心', '模板设计');
  const list = view(page).locator('.wb-format-list');
  await list.getByLabel('模板编码').fill('recive_payment_form');
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);

  // what the server knows before: the ids of the role and organisation, and 华北钢铁's receipts (read under a preview token of our own)
  const options = await apiData<{ roles: { id: number; roleName: string }[]; orgs: { id: number; orgName: string }[] }>(page, 'GET', '/optimus_prime/cg-format/preview-options');
  const finance = options.roles.find((r) => r.roleName === '财务')!;
  const north = options.orgs.find((o) => o.orgName === '华北钢铁有限公司')!;
  const formatId = (await apiData<{ list: { id: number }[] }>(page, 'GET', '/optimus_prime/cg-format/list?formatCode=recive_payment_form')).list[0].id;
  const probe = await apiData<{ token: string }>(page, 'POST', '/optimus_prime/cg-format/preview-token', { formatId, roleId: finance.id, orgId: north.id });
  const before = await listWithPreview(page, probe.token, { limit: { pn: 1, ps: 1 } });
  expect(before.status).toBe(200);
  // a customer of 华北钢铁 to pick (the receipts there name them)
  const customerName = (await page.evaluate(async (token) => {
    const access = (JSON.parse(localStorage.getItem('wb.session') ?? '{}') as { accessToken?: string }).accessToken;
    const res = await fetch('/api/material/as-customer/list', { method: 'POST', headers: { Authorization: `Bearer ${access ?? ''}`, 'X-Preview-Token': token, 'Content-Type': 'application/json' }, body: JSON.stringify({ limit: { pn: 1, ps: 1 } }) });
    return ((await res.json()) as { data: { list: { customerName: string }[] } }).data.list[0].customerName;
  }, probe.token));

  await list.getByRole('button', { name: /^预\s*览$/ }).click();
  await expect(previewDialog(page)).toBeVisible();
  await expect(previewDialog(page).getByText('请选择角色和组织，然后点击开始预览')).toBeVisible();
  await pickOption(page, '角色', '财务');
  await pickOption(page, '组织', '华北钢铁有限公司');
  await previewDialog(page).getByRole('button', { name: /开始预览/ }).click();
  await expect(previewDialog(page).getByText('以角色「财务」在「华北钢铁有限公司」预览草稿')).toBeVisible();
  await expect(input(page, 'billCode')).toBeVisible();
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-form-${size.width}.png` });
  }

  const billCode = `E2E-PV-${Date.now().toString(36)}`;
  await input(page, 'billCode').fill(billCode);
  // the customer picker reads 华北钢铁's customers under the preview
  await pickInPopup(page, input(page, 'customerName'), '选择客户', customerName);
  await chooseOption(page, previewDialog(page).locator('[data-field="payMethod"]'), '银行转账');
  await input(page, 'amount').fill('321.5');
  await previewDialog(page).getByRole('button', { name: /^提\s*交$/ }).click();

  const result = previewDialog(page).getByTestId('dry-run-result');
  await expect(result.getByText('预演：未写入任何数据')).toBeVisible();
  await expect(result).toContainText(billCode);
  await expect(result).toContainText(customerName);
  await expect(result).toContainText('321.5');
  await result.scrollIntoViewIfNeeded();
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-dry-run-${size.width}.png` });
  }

  // no row was added: not in 华北钢铁 (read under a preview token), nor in the admin's own organisation
  const after = await listWithPreview(page, probe.token, { limit: { pn: 1, ps: 1 } });
  expect(after.total).toBe(before.total);
  const search = { limit: { pn: 1, ps: 10 }, search: [{ key: 'billCode', op: 'eq', val: billCode }] };
  expect((await listWithPreview(page, probe.token, search)).total).toBe(0);
  expect((await apiData<{ total: number }>(page, 'POST', '/account/recive-payment/list', search)).total).toBe(0);
  await expectNoConsoleErrors(problems);
});
