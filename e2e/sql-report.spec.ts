import { expect, test, type Page } from './support/test';
import ExcelJS from 'exceljs';
import { api, apiData } from './support/admin-api';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { grantEntryToFinance } from './support/grant';
import { askSuggestions, view } from './support/page';

/** Each run names its own source: the spec may run twice against one database. */
const run = Date.now().toString(36);
const CODE = `e2e_sql_${run}`;
const NAME = `物料车次${run}`;
/** The statement the first test writes (the report test writes it through the API when it runs alone, e.g. on a retry). */
const SOURCE_SQL = 'select material_name as material, count(*) as trucks, sum(net) as net from mm_pu_weigh where net >= :minNet group by 1 order by 2 desc';
/** Screenshots go to SHOTS_DIR when given, else to the test's own output folder under test-results. */
const shot = (page: Page, name: string) => page.screenshot({ path: process.env.SHOTS_DIR ? `${process.env.SHOTS_DIR}/${name}` : test.info().outputPath(name) });

/** Replaces the editor's text as typed text would (insertText: no completion pops up to take an Enter). */
async function writeSql(page: Page, text: string) {
  const editor = page.locator('.wb-sql-source-editor .monaco-editor');
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

test('SQL 数据源: an administrator writes a source with a parameter, sees its typo marked, runs and saves it; the seeded 日报 report shows its chart', async ({ page }) => {
  test.setTimeout(200_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await openFromSidebar(page, '配置中心', '数据源');
  const tabs = view(page).locator('.wb-datasource');
  await tabs.getByRole('tab', { name: 'SQL 数据源' }).click();
  const pane = tabs.locator('.ant-tabs-tabpane-active');
  await expect(pane.getByRole('cell', { name: 'rpt_daily_weigh', exact: true })).toBeVisible();
  await pane.getByRole('button', { name: '新增SQL数据源' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('编码').fill(CODE);
  await dialog.getByLabel('名称').fill(NAME);
  await dialog.getByRole('button', { name: '添加参数' }).click();
  await dialog.getByLabel('参数名称').fill('minNet');
  await dialog.locator('.ant-select').filter({ has: page.getByLabel('参数类型') }).first().click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '数值' }).click();
  await dialog.getByLabel('参数默认值').fill('0');

  // a typo: the server's parser refuses it, and the editor marks the place
  await writeSql(page, 'selct material_name as material, count(*) as trucks from mm_pu_weigh where net >= :minNet group by 1');
  await dialog.getByRole('button', { name: /运\s*行/ }).click();
  await expect(dialog.locator('.wb-sql-problem')).toContainText('第 1 行第 1 列：SQL 语法错误：在 "selct" 附近');
  await expect(dialog.locator('.monaco-editor .squiggly-error')).toHaveCount(1);
  await shot(page, 'sql-source-marker-1440.png');

  // completion offers the parameters after a colon
  await writeSql(page, 'select material_name as material, count(*) as trucks from mm_pu_weigh w where w.net >= :');
  await page.keyboard.press('End');
  await askSuggestions(page, 'minNet');
  await page.keyboard.press('Escape');

  await writeSql(page, SOURCE_SQL);
  await dialog.getByRole('button', { name: /运\s*行/ }).click();
  const result = dialog.locator('.wb-sql-result');
  await expect(result.locator('.wb-sql-count')).toHaveText(/^共 \d+ 行$/);
  await expect(result.locator('.wb-sql-ms')).toHaveText(/^用时 \d+ ms$/);
  await expect(result.locator('.wb-sql-col', { hasText: 'material' }).locator('.wb-sql-type').first()).toHaveText('character varying');
  await expect(result.locator('.wb-sql-col', { hasText: 'trucks' }).locator('.wb-sql-type').first()).toHaveText('bigint');
  await expect(dialog.locator('.monaco-editor .squiggly-error')).toHaveCount(0);
  await shot(page, 'sql-source-run-1440.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'sql-source-run-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(pane.getByRole('cell', { name: CODE, exact: true })).toBeVisible();

  // the seeded report: its chart above the list
  await openFromSidebar(page, '报表中心', '日报');
  const report = view(page);
  await expect(report.locator('.wb-report-chart svg')).toBeVisible({ timeout: 30_000 });
  await expect(report.locator('.wb-report-chart-title')).toHaveText('每日净重（吨）');
  await expect(report.getByText(/共 \d+ 条/)).toBeVisible();
  await expect(report.locator('.wb-statistics')).toContainText('车次合计');
  await shot(page, 'report-daily-1440.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'report-daily-1280.png');
  // the typo's refusal is a 400 the browser logs; nothing else may be
  await expectNoConsoleErrors(problems, [/status of 400 \(Bad Request\)/]);
});

test('动态报表: 财务 opens 日报 and 供应商月度汇总, filters 日报 and exports it', async ({ page }) => {
  test.setTimeout(150_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'finance');
  await openFromSidebar(page, '报表中心', '供应商月度汇总');
  await expect(view(page).locator('.wb-report-chart svg')).toBeVisible({ timeout: 30_000 });
  await shot(page, 'report-vendor-1440.png');

  await openFromSidebar(page, '报表中心', '日报');
  const report = view(page);
  await expect(report.locator('.wb-report-chart svg')).toBeVisible({ timeout: 30_000 });
  const rows = report.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // 日报 is the page shown (read at once, the row could still be 供应商月度汇总's, its third cell a month)
  await expect(report.locator('.ant-table-thead th').nth(2)).toHaveText('物料');
  const material = (await rows.first().locator('td').nth(2).textContent())!.trim();
  expect(material).not.toBe('');
  // typed again while the box is empty: under load the report can still be settling when first typed into
  await expect(async () => {
    if ((await report.getByLabel('快速查询').inputValue()) !== material) {
      await report.getByLabel('快速查询').fill(material);
      await report.getByLabel('快速查询').press('Enter');
    }
    const cells = await rows.locator('td:nth-child(3)').allTextContents();
    expect(cells.length).toBeGreaterThan(0);
    expect(cells.every((c) => c.includes(material))).toBe(true);
  }).toPass({ timeout: 30_000 });
  const total = Number(/共 (\d+) 条/.exec((await report.getByText(/共 \d+ 条/).textContent())!)![1]);

  const downloading = page.waitForEvent('download');
  await report.locator('.wb-button-group').getByRole('button', { name: /导\s*出/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^日报\d{14}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  const sheet = workbook.worksheets[0];
  expect(sheet.getRow(1).values).toEqual([undefined, '日期', '物料', '车次', '毛重(吨)', '皮重(吨)', '净重(吨)', '扣重(吨)']);
  expect(sheet.rowCount).toBe(total + 1);
  await expectNoConsoleErrors(problems);
});

test('动态报表: the weigher reads weigh records but was not granted the reports', async ({ page }) => {
  await signIn(page, 'weigher');
  const nav = page.getByRole('navigation', { name: /^(主菜单|Main menu)$/ });
  await expect(nav.getByText('计量管理', { exact: true })).toBeVisible();
  await expect(nav.getByText('报表中心', { exact: true })).toHaveCount(0);
});

test('动态报表 authored: 生成模板 from the SQL source, a bar chart in 列表设计, 发布, 分配菜单 under 动态报表, 分配权限 to 财务; finance reads and exports it, the weigher is refused', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await expect(page.getByRole('navigation', { name: /^(主菜单|Main menu)$/ })).toBeVisible();
  // the first test wrote the source; run alone (a retry) this test writes it through the API
  const sources = await apiData<{ list: { code: string }[] }>(page, 'POST', '/optimus_prime/cg-sql-source/list', { keyword: CODE });
  if (!sources.list.some((s) => s.code === CODE)) {
    await apiData(page, 'POST', '/optimus_prime/cg-sql-source/create', { code: CODE, name: NAME, sqlText: SOURCE_SQL, params: [{ name: 'minNet', type: 'numeric', defaultValue: '0' }] });
  }
  await openFromSidebar(page, '配置中心', '数据源');
  const tabs = view(page).locator('.wb-datasource');
  await tabs.getByRole('tab', { name: 'SQL 数据源' }).click();
  const row = tabs.locator('.ant-tabs-tabpane-active .ant-table-row').filter({ has: page.getByRole('cell', { name: CODE, exact: true }) });

  // 生成模板: the LIST and the picker as drafts
  await row.getByRole('button', { name: '生成模板' }).click();
  const made = page.locator('.ant-modal-confirm');
  await expect(made).toContainText(`LIST：${NAME}（${CODE}_list）`);
  await expect(made).toContainText(`RESOURCE：选择${NAME}（${CODE}_resource）`);
  await shot(page, 'sql-generate-1440.png');
  await made.getByRole('button', { name: /知道了|确\s*定|OK/ }).click();

  // 列表设计: a bar chart of net by material
  await openFromSidebar(page, '配置中心', '模板设计');
  const formats = view(page).locator('.wb-format-list');
  await formats.getByLabel('模板编码').fill(`${CODE}_list`);
  await formats.getByRole('button', { name: /查\s*询/ }).click();
  await expect(formats.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await formats.getByRole('button', { name: '列表设计' }).click();
  const panel = view(page).locator('.wb-ld-chart');
  await expect(panel).toBeVisible();
  await panel.getByText('柱状图', { exact: true }).click();
  await expect(panel.getByLabel('X 轴').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('material');
  await panel.locator('.ant-select').filter({ has: page.getByLabel('Y 值') }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '（net）' }).click();
  await page.keyboard.press('Escape');
  await panel.getByLabel('图表标题').fill('各物料净重');
  // drawn as the report will draw it, over the designer's rows
  await expect(panel.locator('.wb-report-chart svg')).toBeVisible({ timeout: 30_000 });
  await expect(panel.locator('.wb-report-chart-title')).toHaveText('各物料净重');
  await expect(view(page).locator('.wb-ld-head-bar [data-save-state]')).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });
  await shot(page, 'list-designer-chart-1440.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'list-designer-chart-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  const draft = await apiData<{ list: { id: number }[] }>(page, 'GET', `/optimus_prime/cg-format/list?formatCode=${CODE}_list`);
  const tplId = draft.list[0].id;
  expect((await apiData<{ draft: { chart: unknown } }>(page, 'GET', `/optimus_prime/cg-format/draft/${tplId}`)).draft.chart)
    .toEqual({ type: 'bar', x: 'material', y: ['trucks', 'net'], title: '各物料净重' });

  // 发布 in 模板设计
  await openFromSidebar(page, '配置中心', '模板设计');
  await formats.getByLabel('模板编码').fill(`${CODE}_list`);
  await formats.getByRole('button', { name: /查\s*询/ }).click();
  await expect(formats.locator('.ant-table-tbody tr.ant-table-row')).toContainText('未发布');
  await formats.getByRole('button', { name: '字段属性' }).click();
  await expect(view(page).locator('.wb-format-head')).toContainText(`${CODE}_list`);
  await view(page).getByRole('button', { name: /^发\s*布$/ }).click();
  await page.locator('.ant-modal:visible').filter({ hasText: '发布说明' }).getByRole('button', { name: /^发\s*布$/ }).click();
  await expect(page.getByText('发布成功')).toBeVisible();

  // 分配菜单 under 报表中心 → 动态报表
  await openFromSidebar(page, '配置中心', '数据源');
  await tabs.getByRole('tab', { name: 'SQL 数据源' }).click();
  await row.getByRole('button', { name: '分配菜单' }).click();
  const allot = page.locator('.ant-modal:visible');
  await allot.getByLabel('搜索菜单组').fill('动态报表');
  await allot.locator('.ant-tree-node-content-wrapper').filter({ hasText: /^动态报表$/ }).click();
  await shot(page, 'sql-allot-1440.png');
  await allot.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText(`菜单已分配：/modules/report/${CODE.replace(/_/g, '-')}`)).toBeVisible();
  await shot(page, 'sql-sources-actions-1440.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'sql-sources-actions-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });

  // 分配权限 on 角色管理: 财务 gets the new entry with its export button
  await grantEntryToFinance(page, NAME, `${CODE}_export`);
  await expectNoConsoleErrors(problems);

  // finance: the new report from the sidebar, its chart above the rows, export
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'finance');
  await openFromSidebar(page, '报表中心', NAME);
  const report = view(page);
  await expect(report.locator('.wb-report-chart svg')).toBeVisible({ timeout: 30_000 });
  await expect(report.locator('.wb-report-chart-title')).toHaveText('各物料净重');
  await expect(report.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  const total = Number(/共 (\d+) 条/.exec((await report.getByText(/共 \d+ 条/).textContent())!)![1]);
  expect(total).toBeGreaterThan(0);
  await shot(page, 'report-authored-1440.png');
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'report-authored-1280.png');
  await page.setViewportSize({ width: 1440, height: 900 });
  const downloading = page.waitForEvent('download');
  await report.locator('.wb-button-group').getByRole('button', { name: /导\s*出/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${NAME}\\d{14}\\.xlsx$`));
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await download.path())!);
  // headed by the columns' titles: net as the weigh tables title it, the others by their alias
  expect(workbook.worksheets[0].getRow(1).values).toEqual([undefined, 'material', 'trucks', '净重(吨)']);
  expect(workbook.worksheets[0].rowCount).toBe(total + 1);
  await expectNoConsoleErrors(problems);

  // the weigher: no entry, and the API refuses the report naming its view permission
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'weigher');
  const nav = page.getByRole('navigation', { name: /^(主菜单|Main menu)$/ });
  await expect(nav.getByText('计量管理', { exact: true })).toBeVisible();
  const titles = (nodes: { title: string; children?: unknown[] }[]): string[] => nodes.flatMap((n) => [n.title, ...titles((n.children ?? []) as never)]);
  const menus = titles(await apiData<{ title: string; children?: unknown[] }[]>(page, 'GET', '/sys-menu/list'));
  expect(menus).toContain('采购过磅记录');
  expect(menus).not.toContain(NAME);
  const refused = await api(page, 'POST', `/optimus_prime/cg-sql-source/${CODE}/list`, { limit: { pn: 1, ps: 5 }, tplId });
  expect(refused.status).toBe(403);
  expect(JSON.stringify(refused.json)).toContain(`${CODE}_view`);
});
