import { expect, test, type Browser, type Locator, type Page } from './support/test';
import { serverURL } from './support/servers';
import { apiData } from './support/admin-api';
import { designedTable, publish, type DesignedTable } from './support/designed-table';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { formDialog, view } from './support/page';

/**
 * 弹窗设计, walked as the administrator on two data sources made for the test (nothing seeded is
 * changed): a tree of materials (each row names its parent by its code) whose popup template is
 * set to 树 + 表格, and a document whose form picks a material. In 弹窗设计 the administrator sets
 * the tree source and the column a tree node filters, connects a result mapping (规格 ← 规格) and a
 * parameter link (产地 → 产地), and publishes both templates; then the operator (财务) opens the
 * document's form: the popup shows the tree and the table, a tree node filters the table, the form's
 * 产地 narrows the rows, and a picked row fills 物料 and 规格.
 */

const SHOTS = process.env.E2E_SHOTS;

async function shots(page: Page, name: string) {
  if (!SHOTS) return;
  for (const [w, h] of [[1440, 900], [1280, 800]] as const) {
    await page.setViewportSize({ width: w, height: h });
    // away from any button (no tooltip in the picture), then the layout settles
    await page.mouse.move(w - 20, 70);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${SHOTS}/${name}-${w}.png` });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** 发布 from 模板设计 → 字段属性 of one template (the visual designer's bar for a FORM): the impact analysis, a note, then 发布. */
async function publishFromList(page: Page, code: string, note: string) {
  await openFromSidebar(page, '配置中心', '模板设计');
  const list = view(page).locator('.wb-format-list');
  await list.getByLabel('模板编码').fill(code);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await list.getByRole('button', { name: '字段属性' }).click();
  await expect(view(page).locator('.wb-format-head')).toContainText(code);
  await expect(page.getByText(/发布成功/)).toHaveCount(0);
  await view(page).getByRole('button', { name: /^发\s*布$/ }).click();
  const dialog = page.locator('.ant-modal:visible').filter({ hasText: '发布说明' });
  await expect(dialog.getByText('没有引用受影响：发布后使用此模板的页面将按当前草稿显示')).toBeVisible();
  await dialog.getByLabel('发布说明').fill(note);
  await dialog.getByRole('button', { name: /^发\s*布$/ }).click();
  await expect(page.getByText(/发布成功：版本 \d+/)).toBeVisible();
  await expect(dialog).toBeHidden();
}

/** 财务 signed in in a browser of their own. */
async function operator(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: serverURL(test.info().parallelIndex), locale: 'zh-CN', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'finance');
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  return page;
}

/** The picking field's popup, opened from the form, with its rows loaded. */
async function openPopup(page: Page, dialog: Locator, field: string): Promise<Locator> {
  await dialog.locator(`input[data-field="${field}"]`).click();
  const popup = page.locator('.wb-resource-popup:visible');
  await expect(popup.locator('.wb-popup-table')).toBeVisible();
  await expect(popup.locator('.wb-popup-table .ant-spin-spinning')).toHaveCount(0);
  return popup;
}

const tableNames = (popup: Locator) => popup.locator('.wb-popup-table .ant-table-tbody tr.ant-table-row');

test('弹窗设计: 树 + 表格 with its tree source, a result mapping and a parameter link, published; the operator\'s popup shows the tree, filters by a node and by the form\'s value, and fills the mapped field', async ({ page, browser }) => {
  test.setTimeout(300_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();

  // the materials: a tree by 上级编码 (the parent's 编码)
  const materials: DesignedTable = await designedTable(page, 'tr_pa', [
    ['编码', 'pa_code', 'CHAR'], ['名称', 'pa_name', 'CHAR'], ['上级编码', 'pa_parent', 'CHAR'], ['产地', 'pa_origin', 'CHAR'], ['规格', 'pa_spec', 'CHAR'],
  ], { menu: true, treeParentField: 'paParent' });
  // the document whose form picks a material
  const doc: DesignedTable = await designedTable(page, 'tr_pb', [['单号', 'pb_code', 'CHAR'], ['物料', 'pb_item', 'CHAR'], ['产地', 'pb_origin', 'CHAR'], ['规格', 'pb_spec', 'CHAR']], { menu: true });
  for (const kind of ['LIST', 'FORM', 'DETAIL'] as const) await publish(page, materials.ids[kind], '初版');
  for (const kind of ['LIST', 'DETAIL'] as const) await publish(page, doc.ids[kind], '初版');
  // the form's 物料 is a popup field (set up as 字段属性 would; the field's id keys its stored links)
  const form = await apiData<{ version: number; draft: { formSubList: Record<string, unknown>[] } & Record<string, unknown> }>(page, 'GET', `/optimus_prime/cg-format/draft/${doc.ids.FORM}`);
  await apiData(page, 'PUT', `/optimus_prime/cg-format/draft/${doc.ids.FORM}`, {
    version: form.version,
    draft: { ...form.draft, formSubList: form.draft.formSubList.map((f) => (f.fieldName === 'pbItem' ? { ...f, id: `${doc.table}.pbItem`, formSubmitType: 'RESOURCE_CONTROLS' } : f)) },
  });
  // and opens the materials' popup: 弹窗模板 chosen in the form's visual designer among the popup templates, by name
  await page.goto(`/custom/format/form/sub?id=${doc.ids.FORM}`);
  await page.locator('.wb-fd-field[data-field="pbItem"]').click();
  const panel = page.locator('.wb-fd-panel');
  await expect(panel.locator('.wb-fd-panel-title')).toContainText('pbItem');
  const templateBox = panel.locator('.ant-formily-item').filter({ hasText: '弹窗模板' });
  await templateBox.getByRole('combobox', { name: '弹窗模板' }).click();
  await templateBox.getByRole('combobox', { name: '弹窗模板' }).fill(`选择${materials.title}`);
  const popupOption = `选择${materials.title}（#${materials.ids.RESOURCE}）`;
  await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${popupOption}"]`).click();
  await expect(templateBox.locator('.ant-select-selection-item')).toHaveText(popupOption);
  await expect(page.locator('.wb-fd-save')).toHaveText('已自动保存', { timeout: 15_000 });
  await expect(async () => {
    const saved = await apiData<{ draft: { formSubList: { fieldName: string; cgFormatResId?: unknown }[] } }>(page, 'GET', `/optimus_prime/cg-format/draft/${doc.ids.FORM}`);
    expect(saved.draft.formSubList.find((f) => f.fieldName === 'pbItem')!.cgFormatResId).toBe(materials.ids.RESOURCE);
  }).toPass({ timeout: 15_000 });

  // the operator's materials: two roots, three leaves
  const op = await operator(browser);
  const run = Date.now().toString(36);
  const rows: [code: string, name: string, parent: string | null, origin: string | null, spec: string | null][] = [
    [`C${run}`, '煤炭', null, null, null], [`K${run}`, '矿石', null, null, null],
    [`C${run}-1`, '原煤', `C${run}`, '山西', '块'], [`C${run}-2`, '精煤', `C${run}`, '内蒙', '粉'], [`K${run}-1`, '铁矿', `K${run}`, '山西', '粒'],
  ];
  for (const [paCode, paName, paParent, paOrigin, paSpec] of rows) {
    await apiData(op, 'POST', `/${materials.module}/${materials.resource}/create`, { paCode, paName, paParent, paOrigin, paSpec });
  }

  // 模板设计 → 弹窗设计 of the materials' popup
  await openFromSidebar(page, '配置中心', '模板设计');
  const list = view(page).locator('.wb-format-list');
  await list.getByLabel('模板编码').fill(`${materials.table}_resource`);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
  await list.getByRole('button', { name: '弹窗设计' }).click();
  const designer = page.locator('.wb-picker-designer:visible');
  await expect(designer.locator('.wb-ld-head-bar').getByText(`选择${materials.title}`)).toBeVisible();

  await designer.getByText('树 + 表格', { exact: true }).click();
  await designer.getByLabel('树数据地址').fill(`/${materials.module}/${materials.resource}/tree`);
  // a tree node filters the table's 上级编码 by the node's 编码
  await designer.getByLabel('树节点字段：上级编码').fill('paCode');

  // the document's form field that opens this popup, and its lines
  const mapping = designer.locator('.wb-pd-mapping-box');
  await expect(designer.getByRole('combobox', { name: '使用此弹窗的字段' })).toBeVisible({ timeout: 30_000 });
  await expect(designer.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: '使用此弹窗的字段' }) })).toContainText(`${doc.title}表单 · 物料`);
  const left = mapping.getByRole('list', { name: '表单字段' });
  const right = mapping.getByRole('list', { name: '弹窗字段' });
  // 结果映射: the popup's 规格 fills the form's 规格
  await mapping.getByText('结果映射（实线）', { exact: true }).click();
  await left.locator('[data-name="pbSpec"]').click();
  await right.locator('[data-name="paSpec"]').click();
  await expect(mapping.locator('.wb-pd-line-mapping')).toHaveCount(1);
  // 参数关联: the form's 产地 narrows the popup's 产地
  await mapping.getByText('参数关联（虚线）', { exact: true }).click();
  await left.locator('[data-name="pbOrigin"]').click();
  await right.locator('[data-name="paOrigin"]').click();
  await expect(mapping.locator('.wb-pd-line-link')).toHaveCount(1);
  // a link removed by clicking it comes back with 撤销
  await mapping.getByRole('button', { name: '删除参数关联：pbOrigin 过滤 paOrigin' }).click();
  await expect(mapping.locator('.wb-pd-line-link')).toHaveCount(0);
  await mapping.getByRole('button', { name: '撤销连线' }).click();
  await expect(mapping.locator('.wb-pd-line-link')).toHaveCount(1);
  await shots(page, 'picker-designer');

  // the drafts hold what was drawn (autosaved)
  await expect(async () => {
    const popupDraft = await apiData<{ draft: { formatStyle: string; treeResUrl: string; resSubList: { fieldName: string; effectField: string | null }[] } }>(page, 'GET', `/optimus_prime/cg-format/draft/${materials.ids.RESOURCE}`);
    expect(popupDraft.draft).toMatchObject({ formatStyle: 'FORMAT_RESOURCE_TREE_QUERY_DATALIST', treeResUrl: `/${materials.module}/${materials.resource}/tree` });
    expect(popupDraft.draft.resSubList.find((f) => f.fieldName === 'paParent')!.effectField).toBe('paCode');
    const formDraft = await apiData<{ draft: { formSubList: { fieldName: string; resourceList?: unknown; paramLinks?: unknown }[] } }>(page, 'GET', `/optimus_prime/cg-format/draft/${doc.ids.FORM}`);
    const item = formDraft.draft.formSubList.find((f) => f.fieldName === 'pbItem')!;
    expect(item.resourceList).toEqual([{ fieldSub1: { fieldName: 'pbSpec', masterTable: null }, fieldSub2: { fieldName: 'paSpec' } }]);
    expect(item.paramLinks).toEqual([{ fieldSub1: { fieldName: 'pbOrigin', masterTable: doc.table }, fieldSub2: { fieldName: 'paOrigin' } }]);
  }).toPass({ timeout: 15_000 });
  await expect(designer.locator('[data-save-state]').first()).toHaveAttribute('data-save-state', 'saved');
  await expect(mapping.locator('[data-save-state]')).toHaveAttribute('data-save-state', 'saved');

  await publishFromList(page, `${materials.table}_resource`, '树 + 表格');
  await publishFromList(page, `${doc.table}_form`, '物料的回填与参数关联');

  // the operator's new document
  await op.reload();
  await expect(op.getByRole('navigation', { name: '主菜单' })).toBeVisible();
  await openFromSidebar(op, '采购管理', doc.title);
  await view(op).locator('.wb-list-page .wb-button-group').getByRole('button', { name: /新\s*增/ }).click();
  const dialog = formDialog(op);
  await expect(dialog.locator('input[data-field="pbItem"]')).toBeVisible();

  // 产地 empty: the link filters nothing, every material is listed; the tree shows both roots
  let popup = await openPopup(op, dialog, 'pbItem');
  await expect(popup.locator('.wb-popup-tree .ant-tree-title')).toHaveCount(2);
  await expect(popup.locator('.wb-popup-tree')).toContainText('煤炭');
  await expect(popup.locator('.wb-popup-tree')).toContainText('矿石');
  await expect(tableNames(popup)).toHaveCount(5);
  await expect(popup.getByRole('note')).toHaveCount(0);
  await popup.getByRole('button', { name: /取\s*消/ }).click();
  await expect(popup).toBeHidden();

  // 产地 山西: only the materials from there
  await dialog.locator('input[data-field="pbOrigin"]').fill('山西');
  popup = await openPopup(op, dialog, 'pbItem');
  await expect(popup.getByRole('note')).toHaveText('已按关联条件过滤：产地 = 山西');
  await expect(tableNames(popup)).toHaveCount(2);
  await expect(tableNames(popup).filter({ hasText: '原煤' })).toHaveCount(1);
  await expect(tableNames(popup).filter({ hasText: '铁矿' })).toHaveCount(1);
  // the node 煤炭 keeps its own materials: 原煤 (精煤 is from 内蒙)
  await popup.locator('.wb-popup-tree').getByText('煤炭', { exact: true }).click();
  await expect(tableNames(popup)).toHaveCount(1);
  await expect(tableNames(popup).first()).toContainText('原煤');
  await shots(op, 'picker-popup');
  await tableNames(popup).first().click();
  await popup.getByRole('button', { name: /确\s*定/ }).click();
  await expect(popup).toBeHidden();
  await expect(dialog.locator('input[data-field="pbItem"]')).toHaveValue('原煤');
  await expect(dialog.locator('input[data-field="pbSpec"]')).toHaveValue('块');
  await expect(dialog.locator('input[data-field="pbOrigin"]')).toHaveValue('山西');

  await op.context().close();
  await expectNoConsoleErrors(problems);
});
