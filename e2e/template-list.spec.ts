import { expect, test, type Locator, type Page } from './support/test';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { view, rows } from './support/page';

async function openWeighRecords(page: Page) {
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  await expect(page).toHaveURL(/\/modules\/measure\/mm-pu-weigh\/index$/);
  await expect(view(page).getByText(/共 \d{3} 条/)).toBeVisible();
}

/** The page on screen: pages of other open tabs stay mounted (hidden) and may hold tables too. */

test('an operator opens the weigh records from the menu and pages, sorts and searches them', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openWeighRecords(page);
  await expect(page).toHaveTitle('采购过磅记录 —— 汽车衡统一管控平台');
  await expect(rows(page)).toHaveCount(10);
  await expect(view(page).getByText('合计', { exact: true })).toBeVisible();
  await expect(view(page).getByText('10 条/页')).toBeVisible();

  await view(page).locator('.ant-pagination-item-2').click();
  await expect(view(page).locator('.ant-pagination-item-active')).toHaveText('2');

  const before = await rows(page).locator('td:nth-child(9)').allTextContents();
  await view(page).getByRole('columnheader', { name: '净重(吨)' }).click();
  await expect(view(page).locator('.ant-pagination-item-active')).toHaveText('2');
  // the sorted page replaces the unsorted one when its answer comes: read the rows once it has
  await expect.poll(async () => {
    const values = (await rows(page).locator('td:nth-child(9)').allTextContents()).map(Number);
    return values.length === 10 && values.every((v, i) => i === 0 || values[i - 1] <= v);
  }, { message: `the second page sorted by 净重 ascending (it was ${before.join(', ')})` }).toBe(true);

  const plate = (await rows(page).first().locator('td:nth-child(3)').textContent())!;
  await page.getByLabel('快速查询').fill(plate);
  await page.getByLabel('快速查询').press('Enter');
  await expect(view(page).locator('.ant-pagination-item-active')).toHaveText('1');
  // the plate was the sorted page's first row: wait for the searched page, every row of it that plate
  await expect.poll(async () => {
    const plates = await rows(page).locator('td:nth-child(3)').allTextContents();
    return plates.length > 0 && plates.every((text) => text === plate);
  }, { message: `every row's plate ${plate} after the quick search` }).toBe(true);
  await expectNoConsoleErrors(problems);
});

test('a list address opened anew asks for its template and first rows once; a page of 2000 rows loads in blocks of 500 as it scrolls', async ({ page }) => {
  await signIn(page, 'admin');
  await openWeighRecords(page);
  const asked: { pn: number; ps: number }[] = [];
  let templates = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/api/measure/mm-pu-weigh/list')) asked.push((r.postDataJSON() as { limit: { pn: number; ps: number } }).limit);
    if (r.url().includes('/api/optimus_prime/optimusPrime?formatType=LIST')) templates += 1;
  });
  // a reload: the shell asks for the template and the first rows while the page's code loads; the page takes those answers
  await page.reload();
  await expect(view(page).getByText(/共 \d{3} 条/)).toBeVisible();
  await expect(rows(page)).toHaveCount(10);
  expect(asked).toEqual([{ pn: 1, ps: 10 }]);
  expect(templates).toBe(1);

  // the template's page size made 2000: more than the server gives a request (1000), so the page loads in blocks
  await page.route('**/api/optimus_prime/optimusPrime?formatType=LIST*', async (route) => {
    const answer = await (await route.fetch()).json();
    answer.data.ps = 2000;
    await route.fulfill({ json: answer });
  });
  asked.length = 0;
  await page.reload();
  const total = Number(/共 (\d+) 条/.exec(await view(page).getByText(/共 \d+ 条/).innerText())![1]);
  await expect(view(page).locator('.ant-table-tbody-virtual .ant-table-row').first()).toBeVisible();
  expect(asked).toEqual([{ pn: 1, ps: 500 }]);
  // the row under the pointer takes the hover colour at once (no fade: the row under it changes at every scroll step),
  // also on a system that does not ask for reduced motion (where antd fades the header's cells)
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  const fades = (l: Locator) => l.evaluate((c) => getComputedStyle(c).transitionDuration.split(',').some((d) => parseFloat(d) > 0));
  await expect.poll(() => fades(view(page).locator('.ant-table-thead .ant-table-cell').nth(2))).toBe(true);
  const cell = view(page).locator('.ant-table-tbody-virtual .ant-table-row').nth(1).locator('.ant-table-cell').nth(2);
  const background = () => cell.evaluate((c) => getComputedStyle(c).backgroundColor);
  const resting = await background();
  await cell.hover();
  await expect(cell).toHaveClass(/ant-table-cell-row-hover/);
  expect(await fades(cell)).toBe(false);
  expect(await background()).not.toBe(resting);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  test.skip(total <= 500, 'the demo data has one block of weigh records');
  // scrolled to the end: the rows drawn there ask for their block, which replaces the pending rows
  await view(page).locator('.ant-table-tbody-virtual-holder').evaluate((e) => { e.scrollTop = e.scrollHeight; });
  await expect.poll(() => asked.length).toBe(2);
  expect(asked[1]).toEqual({ pn: Math.ceil(Math.min(total, 2000) / 500), ps: 500 });
  await expect(view(page).locator('.wb-row-pending')).toHaveCount(0);
  await expect(view(page).locator('.ant-table-tbody-virtual .ant-table-row').last()).not.toBeEmpty();
});

test('the advanced query filters by status, and the sum row follows the filter', async ({ page }) => {
  await signIn(page, 'admin');
  await openWeighRecords(page);
  // 净重: the 合计 cell spans the selection column and 磅单号, so the ninth column is the eighth cell
  const sum = () => view(page).locator('.ant-table-summary').last().locator('td').nth(7);
  const before = await sum().textContent();
  await page.getByText('高级查询').click();
  const form = page.locator('.wb-advanced-query');
  // no range is configured for 毛重时间: the panel starts empty, as the list is unfiltered
  await expect(form.getByLabel('毛重时间')).toHaveValue('');
  await form.getByLabel('过磅状态').click();
  await page.locator('.ant-select-item-option[title="已称毛重"]').click();
  await form.getByRole('button', { name: /查\s*询/ }).click();
  // 60 seeded trucks wait for their tare (other tests may have weighed more)
  await expect(view(page).locator('.ant-pagination-total-text')).toHaveText(/^共 6\d 条$/);
  await expect(sum()).not.toHaveText(before ?? '');
  for (const tare of await rows(page).locator('td:nth-child(7)').allTextContents()) expect(tare).toBe('');
  await form.getByRole('button', { name: /重\s*置/ }).click();
  await expect(view(page).getByText(/共 \d{3} 条/)).toBeVisible();
});

test('delete asks 此操作将永久删除该数据, 是否继续? and needs a selection first', async ({ page }) => {
  await signIn(page, 'admin');
  await openWeighRecords(page);
  await page.getByRole('button', { name: /删\s*除/ }).click();
  await expect(page.getByText('请选择要删除的数据')).toBeVisible();
  await rows(page).first().locator('.ant-checkbox').click();
  await page.getByRole('button', { name: /删\s*除/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('此操作将永久删除该数据, 是否继续?');
  // a weigh record's delete names its reason
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除磅单须填写原因（至少 2 个字）')).toBeVisible();
  await dialog.getByLabel('删除原因').fill('重复过磅');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText(/删除成功|已审核的单据不能删除/)).toBeVisible();
});

test('the weigher sees fewer buttons and only the first organisation’s records', async ({ page }) => {
  await signIn(page, 'weigher');
  await openWeighRecords(page);
  const buttons = page.locator('.wb-button-group button');
  await expect(buttons).toHaveText([/新\s*增/, /修\s*改/, /导\s*出/, '抓拍图片']); // 抓拍图片 needs no permission of its own
  const codes = await rows(page).locator('td:nth-child(2)').allTextContents();
  expect(codes.filter((code) => code.startsWith('DFNY')).length).toBeGreaterThan(0);
  for (const code of codes) expect(code).not.toMatch(/^(HBGT|XBMY)/); // the other organisations' bill codes
  await expect(page.getByRole('navigation', { name: '主菜单' })).not.toContainText('系统管理');
});

test('double-clicking a row opens the detail pop-up, 80% wide, laid out by the detail template', async ({ page }) => {
  await signIn(page, 'admin');
  await openWeighRecords(page);
  const code = (await rows(page).first().locator('td:nth-child(2)').textContent())!;
  await rows(page).first().dblclick();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('采购过磅记录详情');
  await expect(dialog.getByText(code)).toBeVisible();
  await expect(dialog.getByText('过磅状态')).toBeVisible();
  // the computed width (the opening animation scales the box, not its width)
  await expect(page.locator('.ant-modal')).toHaveCSS('width', `${Math.round(page.viewportSize()!.width * 0.8)}px`);
});

test('drivers’ identity numbers and mobiles are masked when desensitisation is on', async ({ page, request }) => {
  const login = await request.post('/api/oauth/token', {
    headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}` },
    form: { grant_type: 'password', username: 'admin', password: 'Demo@2026' },
  });
  const token = (await login.json()).data.access_token;
  await request.put('/api/sys-setting/update', { headers: { authorization: `Bearer ${token}` }, data: { paramKey: 'data_desensitization', paramValue: '1' } });
  try {
    await signIn(page, 'admin');
    await openFromSidebar(page, '基础档案', '司机');
    await expect(view(page).getByText(/共 \d+ 条/)).toBeVisible();
    // the seeded drivers all have both (drivers added by other tests may not): look at the last one on the page
    await expect(rows(page)).toHaveCount(10);
    const seeded = rows(page).filter({ hasText: /DL\d{7}/ }).last();
    await expect(seeded.locator('td:nth-child(3)')).toHaveText(/^\d{6}\*{8}[\dX]{4}$/);
    await expect(seeded.locator('td:nth-child(4)')).toHaveText(/^1\d{2}\*{4}\d{4}$/);
    for (const id of await rows(page).locator('td:nth-child(3)').allTextContents()) if (id) expect(id).toMatch(/^\d{6}\*{8}[\dX]{4}$/);
  } finally {
    await request.put('/api/sys-setting/update', { headers: { authorization: `Bearer ${token}` }, data: { paramKey: 'data_desensitization', paramValue: '0' } });
  }
});

test('a refused action shows 错误提示 with the server’s reason', async ({ page }) => {
  await signIn(page, 'admin');
  await openWeighRecords(page);
  await view(page).getByRole('columnheader', { name: '单据状态' }).click(); // ascending: 已审核 rows first
  await expect(rows(page).first()).toContainText('已审核');
  await rows(page).first().locator('.ant-checkbox').click();
  await page.getByRole('button', { name: /^审\s*核$/ }).click();
  const notice = page.locator('.ant-notification-notice');
  await expect(notice).toContainText('错误提示');
  await expect(notice).toContainText('该单据已审核，不能重复审核');
});
