import { expect, test, type Locator, type Page } from './support/test';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';

const view = (page: Page) => page.locator('.wb-page:visible');
const SHOTS = process.env.E2E_SHOTS;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [[1440, 900], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Searches 模板设计 by code and opens the template with the given action. */
async function openDesign(page: Page, code: string, action: '列表设计' | '弹窗设计') {
  const list = view(page).locator('.wb-format-list');
  await list.getByLabel('模板编码').fill(code);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await list.getByRole('button', { name: action }).click();
}

const heads = (page: Page) => view(page).locator('.wb-ld-table thead th.wb-ld-head');
const headLabels = (page: Page) => heads(page).evaluateAll((ths) => ths.map((th) => th.getAttribute('aria-label')));
const saved = (page: Page) => expect(view(page).locator('.wb-ld-head-bar [data-save-state]')).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
const widthOf = async (page: Page, label: string) => Number(await view(page).getByRole('separator', { name: `调整列宽：${label}` }).getAttribute('aria-valuenow'));

async function drag(page: Page, from: Locator, dx: number) {
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y);
  await page.mouse.up();
}

test('列表设计 and 弹窗设计: drag a column, resize it, 快捷查询 (no 合计 on a text column), autosave, reload, undo; add a result mapping', async ({ page }) => {
  test.setTimeout(180_000);
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '配置中心', '模板设计');
  await openDesign(page, 'as_warehouse_list', '列表设计');
  await expect(page).toHaveURL(/\/custom\/format\/form\/sub\/dt\?id=\d+$/);
  await expect(heads(page).first()).toBeVisible();
  const before = await headLabels(page);
  expect(before.slice(0, 2)).toEqual(['仓库编码', '仓库名称']);
  // sample cells, no business data
  await expect(view(page).locator('.wb-ld-table tbody')).toContainText('仓库编码1');

  // drag 仓库编码 past 仓库名称
  const second = (await heads(page).nth(1).boundingBox())!;
  await drag(page, heads(page).first(), second.width + 10);
  await expect.poll(() => headLabels(page)).toEqual([before[1], before[0], ...before.slice(2)]);

  // widen 仓库地址 by its header's edge: one step
  const width = await widthOf(page, '仓库地址');
  await drag(page, view(page).getByRole('separator', { name: '调整列宽：仓库地址' }), 60);
  await expect.poll(() => widthOf(page, '仓库地址')).toBe(width + 60);

  // 库管员 is a text column: no 合计 offered; 快捷查询 switched on from the property panel
  await heads(page).filter({ hasText: '库管员' }).click();
  const panel = view(page).locator('.wb-ld-panel');
  await expect(panel.getByRole('switch', { name: '快捷查询' })).toBeVisible();
  await expect(panel.getByRole('switch', { name: '合计' })).toHaveCount(0);
  await panel.getByRole('switch', { name: '快捷查询' }).click();
  await expect(heads(page).filter({ hasText: '库管员' }).locator('.wb-ld-badge')).toContainText(['快捷']);
  await saved(page);
  await shots(page, 'list-designer');

  // reload: the draft and its history came from the server
  await page.reload();
  await expect(heads(page).first()).toBeVisible();
  expect((await headLabels(page)).slice(0, 2)).toEqual([before[1], before[0]]);
  expect(await widthOf(page, '仓库地址')).toBe(width + 60);
  await expect(heads(page).filter({ hasText: '库管员' }).locator('.wb-ld-badge')).toContainText(['快捷']);

  // undo once on the canvas: the width change (after the reload)
  await view(page).getByRole('button', { name: '撤销画布' }).click();
  await expect.poll(() => widthOf(page, '仓库地址')).toBe(width);
  expect((await headLabels(page)).slice(0, 2)).toEqual([before[1], before[0]]);
  await saved(page);
  // Ctrl+Z on the canvas undoes the move too
  await heads(page).first().focus();
  await page.keyboard.press('Control+z');
  await expect.poll(async () => (await headLabels(page)).slice(0, 2)).toEqual(['仓库编码', '仓库名称']);
  await saved(page);

  // 弹窗设计 of the vendor popup: a result mapping added between a form's field and the popup's id
  await openFromSidebar(page, '配置中心', '模板设计');
  await openDesign(page, 'as_vendor_resource', '弹窗设计');
  await expect(page).toHaveURL(/\/custom\/format\/form\/factor\?id=\d+$/);
  const box = view(page).locator('.wb-pd-mapping-box');
  await expect(box.locator('.wb-pd-list-left [data-side="left"]').first()).toBeVisible({ timeout: 30_000 });
  const lines = box.locator('.wb-pd-line-mapping');
  const count = await lines.count();
  expect(count).toBeGreaterThan(0);
  const free = box.locator('.wb-pd-list-left [data-side="left"]:not(.wb-pd-linked)').first();
  const freeName = await free.getAttribute('data-name');
  await free.click();
  await box.locator('.wb-pd-list-right [data-name="id"]').click();
  await expect(lines).toHaveCount(count + 1);
  await expect(box.locator(`.wb-pd-list-left [data-name="${freeName}"]`)).toHaveClass(/wb-pd-linked/);
  await expect(box.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
  const treeTable = view(page).locator('.ant-radio-button-wrapper', { hasText: '树 + 表格' });
  await treeTable.click();
  await expect(treeTable).toHaveClass(/ant-radio-button-wrapper-checked/);
  await expect(view(page).getByLabel('树数据地址')).toBeVisible();
  await expect(view(page).locator('.wb-ld-head-bar [data-save-state]')).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
  await shots(page, 'picker-designer');
  // the mapping is in the form's stored draft: removing it by its line and undoing both save
  await page.reload();
  await expect(box.locator('.wb-pd-line-mapping')).toHaveCount(count + 1, { timeout: 30_000 });
  await expect(treeTable).toHaveClass(/ant-radio-button-wrapper-checked/);
  await box.locator('.wb-pd-line-mapping .wb-pd-hit').last().dispatchEvent('click');
  await expect(box.locator('.wb-pd-line-mapping')).toHaveCount(count);
  await expect(box.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
  await expectNoConsoleErrors(problems);
});
