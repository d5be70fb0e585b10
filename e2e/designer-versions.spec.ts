import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { serverURL } from './support/servers';
import { apiData } from './support/admin-api';
import { designedTable, publish, type DesignedTable } from './support/designed-table';
import { openFormDesigner, signInAsAdmin } from './support/designer';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { formDialog, listRows, view } from './support/page';

/**
 * 可视化设计器, versions: a FORM and a LIST of a data source made for the test are published, changed
 * in the visual designers and published again; 版本 shows the field-level diff and 回滚 publishes the
 * first version again; after each publish the operator (财务, in a second browser) sees the new design.
 */

const SHOTS = process.env.E2E_SHOTS;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [[1440, 900], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** 财务 signed in in a browser of their own (the operator watching each publish). */
async function operator(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: serverURL(test.info().parallelIndex), locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'finance');
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  return page;
}

/** The operator's list of the data source, opened afresh (a reload, then the menu entry). */
async function operatorList(page: Page, t: DesignedTable): Promise<Locator> {
  await page.reload();
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await openFromSidebar(page, '采购管理', t.title);
  const list = view(page).locator('.wb-list-page');
  await expect(list).toBeVisible();
  return list;
}

/** Where a field's input sits on the operator's new-record form. */
async function places(page: Page, t: DesignedTable, names: string[]): Promise<Record<string, { x: number; y: number }>> {
  const list = await operatorList(page, t);
  await list.locator('.wb-button-group').getByRole('button', { name: /新\s*增/ }).click();
  const dialog = formDialog(page);
  await expect(dialog.locator(`[data-field="${names[0]}"]`).first()).toBeVisible();
  // measured once the dialog's opening zoom is over, relative to the dialog
  await expect(dialog).not.toHaveClass(/zoom/);
  const measure = async () => {
    const frame = (await dialog.locator('.ant-modal-content').boundingBox())!;
    const out: Record<string, { x: number; y: number }> = {};
    for (const name of names) {
      const box = (await dialog.locator(`[data-field="${name}"]`).first().boundingBox())!;
      out[name] = { x: Math.round(box.x - frame.x), y: Math.round(box.y - frame.y) };
    }
    return out;
  };
  let out = await measure();
  await expect(async () => {
    const again = await measure();
    const steady = JSON.stringify(again) === JSON.stringify(out);
    out = again;
    expect(steady).toBe(true);
  }).toPass({ timeout: 10_000 });
  await dialog.getByRole('button', { name: /取\s*消|关\s*闭/ }).first().click();
  await expect(dialog).toBeHidden();
  return out;
}

/** 模板设计: the one template of a code, its 版本 drawer opened. */
async function openVersions(page: Page, code: string): Promise<Locator> {
  await openFromSidebar(page, '配置中心', '模板设计');
  const list = view(page).locator('.wb-format-list');
  await list.getByLabel('模板编码').fill(code);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await list.getByRole('button', { name: '版本', exact: true }).click();
  const drawer = page.locator('.ant-drawer:visible');
  await expect(drawer.locator('.ant-drawer-title')).toContainText('版本：');
  return drawer;
}

async function chooseSide(page: Page, drawer: Locator, label: '比较的旧版本' | '比较的新版本', option: string) {
  const select = drawer.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) });
  await expect(async () => {
    if (!(await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).isVisible())) await select.click();
    await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${option}"]`).click({ timeout: 2000 });
    await expect(select.locator('.ant-select-selection-item')).toHaveText(option, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
}

/** The diff's rows between two versions, as the drawer shows them. */
async function compare(page: Page, drawer: Locator, from: string, to: string): Promise<Locator> {
  // the versions have loaded (the old side starts at the latest once they have)
  await expect(drawer.locator('.ant-table-wrapper').first().locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: from.replace('版本 ', '') }).first()).toBeVisible();
  await expect(drawer.locator('.ant-select').first().locator('.ant-select-selection-item')).toHaveText(/^版本 \d+$/);
  await chooseSide(page, drawer, '比较的旧版本', from);
  await chooseSide(page, drawer, '比较的新版本', to);
  await drawer.getByRole('button', { name: /^比\s*较$/ }).click();
  return drawer.locator('.ant-table-wrapper').nth(1).locator('.ant-table-tbody tr.ant-table-row');
}

/**
 * The first key after Space picked something up: @dnd-kit's keyboard sensor listens from the next
 * tick, so a key pressed at once can go unheard; it is pressed again only while the pick-up
 * announcement still stands (nothing moved).
 */
async function firstKey(page: Page, live: Locator, key: string) {
  await page.keyboard.press(key);
  // pressed again only when the first press was not taken within 4 s (pressing at once moved twice
  // when the announcement was merely slow)
  await expect(async () => {
    try {
      await expect(live).not.toContainText('已拿起', { timeout: 4000 });
    } catch (error) {
      await page.keyboard.press(key);
      throw error;
    }
  }).toPass({ timeout: 20_000 });
}

/** 发布 from a designer page's bar or 字段属性: the impact analysis, a note, then 发布. */
async function publishOnScreen(page: Page, note: string, done: RegExp) {
  await view(page).getByRole('button', { name: /^发\s*布$/ }).click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: '发布说明' });
  await expect(dialog.getByText('没有引用受影响：发布后使用此模板的页面将按当前草稿显示')).toBeVisible();
  await dialog.getByLabel('发布说明').fill(note);
  await dialog.getByRole('button', { name: /^发\s*布$/ }).click();
  await expect(page.getByText(done)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('FORM versions: publish v1, move a field by keyboard, v2, one 已移动 entry, 回滚 to v1 as v3; the operator\'s form follows each publish', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await signInAsAdmin(page);
  const t = await designedTable(page, 'tr_dv', [['编号', 'dv_code', 'CHAR'], ['名称', 'dv_name', 'CHAR'], ['规格', 'dv_spec', 'CHAR'], ['数量', 'dv_qty', 'NUMBER', 2]], { menu: true });
  for (const kind of ['LIST', 'DETAIL', 'RESOURCE'] as const) await publish(page, t.ids[kind], '初版');
  const [code, name] = t.fields.map((f) => f.name);

  // v1 from the designer's bar, with a note
  const designer = await openFormDesigner(page, t.ids.FORM);
  const card = designer.locator(`.wb-fd-field[data-field="${name}"]`);
  await expect(card).toBeVisible();
  await publishOnScreen(page, '初版：按生成的布局', /发布成功：版本 1/);

  const op = await operator(browser);
  const v1 = await places(op, t, [code, name]);
  // side by side on one row
  expect(Math.abs(v1[name].y - v1[code].y)).toBeLessThan(4);
  expect(v1[name].x).toBeGreaterThan(v1[code].x);

  // keyboard: 名称 picked up, one row down, dropped
  const live = designer.locator('.wb-fd-live');
  await card.focus();
  await page.keyboard.press('Space');
  await expect(live).toContainText('已拿起 名称');
  await firstKey(page, live, 'ArrowDown');
  await expect(live).toHaveText('第2行第2列，占1列');
  await page.keyboard.press('Enter');
  await expect(live).toHaveText('已移动到第2行第2列，占1列');
  await expect(page.locator('.wb-fd-save')).toHaveText('已自动保存', { timeout: 15_000 });
  await publishOnScreen(page, '名称移到第二行', /发布成功：版本 2/);

  const v2 = await places(op, t, [code, name]);
  expect(v2[name].y).toBeGreaterThan(v2[code].y + 10);
  expect(Math.abs(v2[name].x - v1[name].x)).toBeLessThan(4);

  // 版本: one 已移动 entry between v1 and v2, with its places
  const drawer = await openVersions(page, `${t.table}_form`);
  await expect(drawer.locator('.ant-table-wrapper').first().locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(2);
  await expect(drawer.getByText('名称移到第二行')).toBeVisible();
  const entries = await compare(page, drawer, '版本 1', '版本 2');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('已移动');
  await expect(entries.first().locator('td').nth(1)).toHaveText(`名称 (${t.table}.${name})`);
  // named as the designer names the place (第2行第2列), not by grid unit
  await expect(entries.first().locator('td').nth(2)).toHaveText('第1行第2列');
  await expect(entries.first().locator('td').nth(3)).toHaveText('第2行第2列');
  await shots(page, 'designer-versions-form-diff');

  // 回滚 to v1: published again as v3, whose content is v1's
  const v1Row = drawer.locator('.ant-table-wrapper').first().locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: '1', exact: true }) });
  await v1Row.getByRole('button', { name: /回\s*滚/ }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已回滚：版本 1 发布为版本 3')).toBeVisible();
  const versions = drawer.locator('.ant-table-wrapper').first().locator('.ant-table-tbody tr.ant-table-row');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(2)).toContainText('回滚自版本 1');
  const hashes = await versions.locator('td:nth-child(2) code').allTextContents();
  expect(hashes[2]).toBe(hashes[0]);
  await compare(page, drawer, '版本 1', '版本 3');
  await expect(drawer.getByText('两者相同')).toBeVisible();

  const v3 = await places(op, t, [code, name]);
  expect(Math.abs(v3[name].y - v3[code].y)).toBeLessThan(4);
  expect(v3[name].x).toBeGreaterThan(v3[code].x);
  await op.context().close();
  await expectNoConsoleErrors(problems);
});

const heads = (page: Page) => view(page).locator('.wb-ld-table thead th.wb-ld-head');
const headLabels = (page: Page) => heads(page).evaluateAll((ths) => ths.map((th) => th.getAttribute('aria-label')));

async function dragBy(page: Page, from: Locator, dx: number) {
  const box = (await from.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 10; i++) await page.mouse.move(x + (dx * i) / 10, y);
  await page.mouse.up();
}

/** The operator's list: its column titles in order, and the 合计 row's cells. */
async function operatorColumns(page: Page, t: DesignedTable, labels: string[]): Promise<string[]> {
  const list = await operatorList(page, t);
  await expect(listRows(page).first()).toBeVisible();
  const titles = (await list.locator('.ant-table-thead th').allTextContents()).map((s) => s.trim());
  return titles.filter((s) => labels.includes(s));
}

test('LIST versions: column order and 合计 in 列表设计, v2 with both in the diff; the operator\'s list follows; 回滚 restores the order', async ({ page, browser }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await signInAsAdmin(page);
  const t = await designedTable(page, 'tr_lv', [['编号', 'lv_code', 'CHAR'], ['名称', 'lv_name', 'CHAR'], ['数量', 'lv_qty', 'NUMBER'], ['件数', 'lv_pieces', 'NUMBER']], { menu: true });
  for (const kind of ['FORM', 'DETAIL', 'RESOURCE', 'LIST'] as const) await publish(page, t.ids[kind], '初版');
  const labels = t.fields.map((f) => f.label);
  const [code, , qty] = t.fields.map((f) => f.name);

  // the operator's rows (two, so the 合计 is a sum)
  const op = await operator(browser);
  for (const [i, amount] of [[1, 12], [2, 30]] as const) {
    await apiData(op, 'POST', `/${t.module}/${t.resource}/create`, { [code]: `LV${i}-${Date.now().toString(36)}`, [qty]: amount, [t.fields[3].name]: i });
  }
  const before = await operatorColumns(op, t, labels);
  expect(before.slice(0, 2)).toEqual(['编号', '名称']);
  await expect(view(op).locator('.ant-table-summary')).toHaveCount(0);

  // 列表设计: 编号 dragged past 名称, 合计 on 数量
  await page.goto(`/custom/format/form/sub/dt?id=${t.ids.LIST}`);
  await expect(heads(page).first()).toBeVisible();
  const start = await headLabels(page);
  const second = (await heads(page).nth(1).boundingBox())!;
  await dragBy(page, heads(page).first(), second.width + 10);
  await expect.poll(() => headLabels(page)).toEqual([start[1], start[0], ...start.slice(2)]);
  await heads(page).filter({ hasText: '数量' }).click();
  await view(page).locator('.wb-ld-panel').getByRole('switch', { name: '合计' }).click();
  await expect(heads(page).filter({ hasText: '数量' }).locator('.wb-ld-badge')).toContainText(['合计']);
  await expect(view(page).locator('.wb-ld-head-bar [data-save-state]')).toHaveAttribute('data-save-state', 'saved', { timeout: 15_000 });

  // v2 from 字段属性
  await page.goto(`/custom/format/form/sub?id=${t.ids.LIST}`);
  await expect(view(page).locator('.wb-format-head')).toContainText('草稿有修改');
  await publishOnScreen(page, '编号移到名称后，数量合计', /发布成功/);

  const after = await operatorColumns(op, t, labels);
  expect(after.slice(0, 2)).toEqual(['名称', '编号']);
  const summary = view(op).locator('.ant-table-summary').filter({ hasText: '合计' }).first();
  await expect(summary).toContainText('合计');
  await expect(summary).toContainText('42');

  // 版本: the move and the 合计 between v1 and v2
  const drawer = await openVersions(page, `${t.table}_list`);
  const entries = await compare(page, drawer, '版本 1', '版本 2');
  // two neighbours swapped are one move (which of the two the diff names is its choice)
  await expect(entries.filter({ hasText: '已移动' })).toHaveCount(1);
  await expect(entries.filter({ hasText: '已移动' })).toHaveText(new RegExp(`^已移动(名称 \\(${t.table}\\.${t.fields[1].name}\\)第2位第1位|编号 \\(${t.table}\\.${code}\\)第1位第2位)$`));
  await expect(entries.filter({ hasText: '属性变化' }).filter({ hasText: `数量 (${t.table}.${qty})` })).toContainText('合计: true');
  await shots(page, 'designer-versions-list-diff');

  // 回滚 to v1: the order returns and the 合计 row goes
  const v1Row = drawer.locator('.ant-table-wrapper').first().locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByRole('cell', { name: '1', exact: true }) });
  await v1Row.getByRole('button', { name: /回\s*滚/ }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已回滚：版本 1 发布为版本 3')).toBeVisible();
  await compare(page, drawer, '版本 1', '版本 3');
  await expect(drawer.getByText('两者相同')).toBeVisible();
  const back = await operatorColumns(op, t, labels);
  expect(back.slice(0, 2)).toEqual(['编号', '名称']);
  await expect(view(op).locator('.ant-table-summary')).toHaveCount(0);
  await op.context().close();
  await expectNoConsoleErrors(problems);
});

test('keyboard only: 10 columns placed from the palette and resized without the mouse, announced in Chinese; they stay after a reload', async ({ page }) => {
  test.setTimeout(240_000);
  const problems = watchConsole(page);
  await signInAsAdmin(page);
  const columns = Array.from({ length: 11 }, (_, i) => [`字段${i + 1}`, `kb_f${i + 1}`, 'CHAR'] as [string, string, 'CHAR']);
  const t = await designedTable(page, 'tr_kb', columns, { menu: false });
  // an empty canvas: every column waits in the palette
  const { version, draft } = await apiData<{ version: number; draft: Record<string, unknown> }>(page, 'GET', `/optimus_prime/cg-format/draft/${t.ids.FORM}`);
  await apiData(page, 'PUT', `/optimus_prime/cg-format/draft/${t.ids.FORM}`, { version, draft: { ...draft, formSubList: [] } });

  const designer = await openFormDesigner(page, t.ids.FORM);
  const palette = designer.locator('[data-palette^="col:"]');
  await expect(palette).toHaveCount(11);
  await expect(designer.locator('.wb-fd-field')).toHaveCount(0);
  const live = designer.locator('.wb-fd-live');

  // two a row: the first on the new row's first column over two columns, the second beside it
  for (let i = 0; i < 10; i++) {
    // picked up on the first free row; the second of a pair goes up beside the first
    const row = Math.floor(i / 2) + 1;
    await palette.first().focus();
    await page.keyboard.press('Space');
    await expect(live).toContainText('已拿起');
    await expect(live).toContainText(`第${row + (i % 2)}行第1列，占1列`);
    if (i % 2 === 1) {
      await firstKey(page, live, 'ArrowUp');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(live).toHaveText(`第${row}行第3列，占1列`);
    }
    await (i % 2 === 1 ? page.keyboard.press('Shift+ArrowRight') : firstKey(page, live, 'Shift+ArrowRight'));
    await expect(live).toHaveText(`第${row}行第${i % 2 === 1 ? 3 : 1}列，占2列`);
    await page.keyboard.press('Enter');
    await expect(live).toHaveText(`已移动到第${row}行第${i % 2 === 1 ? 3 : 1}列，占2列`);
    await expect(designer.locator('.wb-fd-field')).toHaveCount(i + 1);
  }
  await shots(page, 'designer-keyboard-placed');
  // a placed field narrowed again by the keyboard (it has the focus after its drop)
  await page.keyboard.press('Shift+ArrowLeft');
  await expect(live).toHaveText(/^已移动到第\d+行第3列，占1列$/);
  await expect(page.locator('.wb-fd-save')).toHaveText('已自动保存', { timeout: 15_000 });
  await page.reload();
  await expect(designer.locator('.wb-fd-field')).toHaveCount(10);
  await expect(palette).toHaveCount(1);
  await expectNoConsoleErrors(problems);
});
