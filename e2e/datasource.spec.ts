import { expect, test, type Page } from './support/test';
import ExcelJS from 'exceljs';
import { apiData } from './support/admin-api';
import { expectNoConsoleErrors, hoverAndClick, openFromSidebar, signIn, watchConsole } from './support/login';
import { grantEntryToFinance } from './support/grant';
import { formDialog } from './support/page';

const view = (page: Page) => page.locator('.wb-page:visible');
/** Each run names its own tables, enum and rule: the spec may run twice against one database. */
const run = Date.now().toString(36);
const TABLE = `tr_freight_contract_${run}`;
const LINE = `${TABLE}_line`;
const TITLE = `运费合同${run}`;

/** The data-source list's row of one table (by its exact 表名: the line table's name starts with the contract's). */
const tableRow = (page: Page, name: string) => view(page).locator('.ant-table-row').filter({ has: page.getByRole('cell', { name, exact: true }) });

async function chooseOption(page: Page, select: ReturnType<Page['locator']>, option: string) {
  // a dropdown still closing would take the click meant for this one's option
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0);
  await select.click({ force: true }); // a chosen value's label covers the search input
  // searchable selects list many entries (a virtual list renders only the first few): type to narrow them
  const searchable = await select.evaluate((el) => {
    const input = el.matches('input') ? (el as HTMLInputElement) : el.querySelector('input');
    return !!input && !input.readOnly;
  });
  if (searchable) await page.keyboard.type(option);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

test('数据源: enum, rule with its tester, value formats, a table with a line table, plan and sync, templates, menu; finance works in it; a blocked type change and a refused drop', async ({ page }) => {
  test.setTimeout(480_000);
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '配置中心', '数据源');
  await expect(page).toHaveURL(/\/custom\/table(\/index)?$/);
  const tabs = view(page).locator('.wb-datasource');

  // 枚举: 合同状态 with values, labels and tag colours
  await tabs.getByRole('tab', { name: '枚举' }).click();
  const enumPane = tabs.locator('.ant-tabs-tabpane-active');
  await enumPane.getByLabel('编码').fill(`tr_status_${run}`);
  await enumPane.getByLabel('名称').fill('合同状态');
  await enumPane.getByPlaceholder('值').first().fill('DRAFT');
  await enumPane.getByPlaceholder('显示').first().fill('草稿');
  await enumPane.getByRole('button', { name: '添加枚举值' }).click();
  await enumPane.getByPlaceholder('值').nth(1).fill('ACTIVE');
  await enumPane.getByPlaceholder('显示').nth(1).fill('生效');
  await chooseOption(page, enumPane.locator('.ant-select').nth(1), 'green');
  await enumPane.getByRole('button', { name: '新增枚举' }).click();
  await expect(enumPane.locator('.ant-table-row').filter({ hasText: `tr_status_${run}` })).toContainText('生效（ACTIVE）');

  // 校验规则: the live tester, the inverting marker included
  await tabs.getByRole('tab', { name: '校验规则' }).click();
  const rulePane = tabs.locator('.ant-tabs-tabpane-active');
  await rulePane.getByLabel('规则名称').fill(`tr_mobile_${run}`);
  await rulePane.getByLabel('提示信息').fill('手机号格式错误!');
  await rulePane.getByLabel('正则表达式').fill('^1[3-9]\\d{9}$');
  await rulePane.getByLabel('测试样例').fill('13812345678\n1381234');
  await expect(rulePane.locator('.wb-rule-results > div')).toHaveText(['通过13812345678', '不通过1381234：手机号格式错误!']);
  await rulePane.getByLabel('正则表达式').fill('[NOT]\\s');
  await expect(rulePane.locator('.wb-rule-results > div').first()).toContainText('通过');
  await rulePane.getByLabel('测试样例').fill('有 空格');
  await expect(rulePane.locator('.wb-rule-results > div')).toHaveText(['不通过有 空格：手机号格式错误!']);
  await rulePane.getByLabel('正则表达式').fill('^1[3-9]\\d{9}$');
  await rulePane.getByRole('button', { name: '新增校验规则' }).click();
  await expect(rulePane.locator('.ant-table-row').filter({ hasText: `tr_mobile_${run}` })).toBeVisible();

  // 值格式: the registry with a preview
  await tabs.getByRole('tab', { name: '值格式' }).click();
  const formatPane = tabs.locator('.ant-tabs-tabpane-active');
  await formatPane.getByLabel('示例值').fill('1234.5');
  await expect(formatPane.locator('.ant-table-row').filter({ hasText: 'fixed2' })).toContainText('1234.50');
  await expect(formatPane.locator('.ant-table-row').filter({ hasText: 'thousands' })).toContainText('1,234.5');

  // 数据源: 运费合同 through the editor (a bad name is refused on screen first)
  await tabs.getByRole('tab', { name: '数据源', exact: true }).click();
  await view(page).getByRole('button', { name: '新增数据源' }).click();
  const editor = page.locator('.ant-modal:visible');
  await editor.getByLabel('名称').fill(TITLE);
  await editor.getByLabel('表名').fill('sys_contract');
  await expect(editor.locator('.ant-alert-error')).toContainText('sys_开头的是平台表');
  await editor.getByLabel('表名').fill(TABLE);
  const columns: [string, string, string][] = [['合同编号', 'contract_code', '文本'], ['承运商', 'carrier_name', '文本'], ['合同状态', 'contract_status', '枚举'], ['单价', 'price', '数值'], ['签订日期', 'sign_date', '日期'], ['联系电话', 'contact_mobile', '文本'],
    ['条款', 'terms', '长文本'], ['是否开放', 'is_open', '是否'], ['扩展', 'extra', 'JSON']];
  for (const [i, [label, name, type]] of columns.entries()) {
    if (i > 0) await editor.getByRole('button', { name: '添加字段' }).click();
    await editor.getByLabel('字段说明').nth(i).fill(label);
    await editor.getByLabel('列名').nth(i).fill(name);
    if (type !== '文本') await chooseOption(page, editor.locator('.ant-table-row').nth(i).locator('.ant-select').first(), type);
  }
  await editor.getByLabel('唯一').first().check();
  await editor.getByLabel('必填').first().check();
  await editor.getByLabel('拼音检索').nth(1).check();
  // by its code: a second run of this spec finds the first run's 合同状态 too
  await chooseOption(page, editor.getByRole('combobox', { name: '枚举' }), `合同状态（tr_status_${run}）`);
  await editor.getByLabel('小数位').fill('2');
  await chooseOption(page, editor.getByRole('combobox', { name: '校验规则' }).nth(5), `tr_mobile_${run}`);
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功（同步后生效）')).toBeVisible();
  await expect(tableRow(page, TABLE)).toContainText('未同步');

  // the line table: kind 明细表, its 主表 chosen from the data sources, the key column
  await expect(page.getByText('保存成功（同步后生效）')).toHaveCount(0);
  await view(page).getByRole('button', { name: '新增数据源' }).click();
  await editor.getByLabel('名称').fill(`${TITLE}明细`);
  await editor.getByLabel('表名').fill(LINE);
  await chooseOption(page, editor.getByRole('combobox', { name: '数据源类型' }), '明细表');
  // many data sources: the list of 主表 is searched
  await editor.getByRole('combobox', { name: '主表' }).fill(TABLE);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: `${TITLE}（${TABLE}）` }).click();
  const lineColumns: [string, string, string][] = [['运费合同', 'contract_id', '数值'], ['线路', 'route_name', '文本'], ['金额', 'amount', '数值']];
  for (const [i, [label, name, type]] of lineColumns.entries()) {
    if (i > 0) await editor.getByRole('button', { name: '添加字段' }).click();
    await editor.getByLabel('字段说明').nth(i).fill(label);
    await editor.getByLabel('列名').nth(i).fill(name);
    if (type !== '文本') await chooseOption(page, editor.locator('.ant-table-row').nth(i).locator('.ant-select').first(), type);
  }
  await editor.getByLabel('小数位').nth(1).fill('2');
  await chooseOption(page, editor.getByRole('combobox', { name: '关联字段' }), '运费合同');
  await editor.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功（同步后生效）')).toBeVisible();
  await expect(tableRow(page, LINE)).toContainText('明细表');

  // 同步 shows the plan first
  await tableRow(page, TABLE).getByRole('button', { name: '同步' }).click();
  const plan = page.locator('.ant-modal:visible');
  await expect(plan.locator('.wb-plan-ddl')).toContainText(`create table "${TABLE}"`);
  await expect(plan.locator('.wb-plan-ddl')).toContainText(`create index if not exists "${TABLE}_org_idx"`);
  await expect(plan.locator('.wb-plan-ddl')).toContainText('"carrier_name_py" varchar(400)');
  await expect(plan.locator('.wb-plan-ddl')).toContainText('"terms" text');
  await expect(plan.locator('.wb-plan-ddl')).toContainText('"is_open" boolean');
  await expect(plan.locator('.wb-plan-ddl')).toContainText('"extra" jsonb');
  await plan.getByRole('button', { name: '执行同步' }).click();
  await expect(page.getByText('同步成功')).toBeVisible();
  await expect(tableRow(page, TABLE)).toContainText('已同步');
  // the first toast has gone, so the one awaited next is the line's
  await expect(page.getByText('同步成功')).toHaveCount(0);
  await tableRow(page, LINE).getByRole('button', { name: '同步' }).click();
  await expect(page.locator('.ant-modal:visible .wb-plan-ddl')).toContainText('on delete cascade');
  await page.locator('.ant-modal:visible').getByRole('button', { name: '执行同步' }).click();
  await expect(page.getByText('同步成功')).toBeVisible();

  // 生成模板, 分配菜单 under 采购业务
  await tableRow(page, TABLE).getByRole('button', { name: '生成模板' }).click();
  await expect(page.locator('.ant-modal-confirm')).toContainText(`LIST：${TITLE}`);
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /知道了|确\s*定|OK/ }).click();
  await tableRow(page, TABLE).getByRole('button', { name: '分配菜单' }).click();
  const allot = page.locator('.ant-modal:visible');
  // the menu groups show in the dialog, expanded, once they come; the search narrows them
  await allot.getByLabel('搜索菜单组').fill('采购业务');
  await allot.locator('.ant-tree-node-content-wrapper').filter({ hasText: /^采购业务$/ }).click();
  await expect(allot.getByText(/^已选：.*采购业务$/)).toBeVisible();
  // the groups sit in the dialog above its buttons (a drop-down list of them covered 取消 and 确定 once)
  const groups = await allot.locator('.ant-tree').boundingBox();
  const ok = await allot.getByRole('button', { name: /确\s*定|OK/ }).boundingBox();
  expect(groups!.y + groups!.height).toBeLessThanOrEqual(ok!.y);
  await allot.getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText(/菜单已分配/)).toBeVisible();

  // 发布 of each generated template on 模板设计 (字段属性 → 发布)
  await openFromSidebar(page, '配置中心', '模板设计');
  for (const suffix of ['list', 'form', 'detail', 'resource']) {
    const list = view(page).locator('.wb-format-list');
    await list.getByLabel('模板编码').fill(`${TABLE}_${suffix}`);
    await list.getByRole('button', { name: /查\s*询/ }).click();
    await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toHaveCount(1);
    await expect(list.locator('.ant-table-tbody tr.ant-table-row')).toContainText('未发布');
    await list.getByRole('button', { name: '字段属性' }).click();
    await expect(view(page).locator('.wb-format-head')).toContainText(`${TABLE}_${suffix}`);
    await expect(page.getByText('发布成功')).toHaveCount(0);
    await view(page).getByRole('button', { name: /^发\s*布$/ }).click();
    // 发布 reads the impact analysis first: a new template breaks no reference, so its 发布 is enabled at once
    const publish = page.locator('.ant-modal:visible').filter({ hasText: '发布说明' });
    await publish.getByRole('button', { name: /^发\s*布$/ }).click();
    await expect(page.getByText('发布成功')).toBeVisible();
    await expect(view(page).locator('.wb-format-head')).toContainText('已发布');
    await openFromSidebar(page, '配置中心', '模板设计');
  }

  // 分配权限 on 角色管理: 财务 gets the new entry with its buttons
  await grantEntryToFinance(page, TITLE, `${TABLE}_audit`);
  await expectNoConsoleErrors(problems);

  // finance: the new menu entry, a contract with two lines (the rule refuses a bad mobile in the form), 合计, search, export, audit
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'finance');
  await openFromSidebar(page, '采购管理', TITLE);
  const list = view(page).locator('.wb-list-page');
  await expect(list).toBeVisible();
  await list.locator('.wb-button-group').getByRole('button', { name: /新\s*增/ }).click();
  const dialog = formDialog(page);
  const input = (field: string) => dialog.locator(`[data-field="${field}"]`);
  const cells = (field: string) => dialog.locator(`input[data-cell="${field}"]`);
  await expect(cells('routeName')).toHaveCount(1);
  await input('contractCode').fill(`HT-${run}`);
  await input('carrierName').fill('东方物流');
  await input('price').fill('12.5');
  await input('contactMobile').fill('123');
  await cells('routeName').first().fill('矿区-电厂');
  await cells('amount').first().fill('100');
  await dialog.getByRole('button', { name: '新增行' }).click();
  await cells('routeName').nth(1).fill('电厂-港口');
  await cells('amount').nth(1).fill('20.5');
  await expect(dialog.locator('.wb-child-table tfoot.ant-table-summary, .wb-child-table div.ant-table-summary').first()).toContainText('120.5');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog.getByText('手机号格式错误!')).toBeVisible();
  await expect(dialog).toBeVisible();
  await input('contactMobile').fill('13812345678');
  await input('contactMobile').blur();
  await expect(dialog.getByText('手机号格式错误!')).toHaveCount(0);
  // 提交 ignores a second click within a second of the first (a double submit); on a loaded machine
  // the 新增成功 toast may come and go before it is looked for, so success is the dialog closing
  await expect(async () => {
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: /提\s*交/ }).click({ timeout: 2000 });
    await expect(dialog).toBeHidden({ timeout: 3000 });
  }).toPass();
  const listRows = list.locator('.ant-table-tbody tr.ant-table-row');
  await expect(listRows).toHaveCount(1);
  await expect(listRows.first()).toContainText('东方物流');
  await expect(list.locator('.ant-table-summary').first()).toContainText(/合计\s*12\.50/);
  // the quick search finds the contract by the pinyin initials of 承运商
  await list.getByLabel('快速查询').fill('dfwl');
  await list.getByLabel('快速查询').press('Enter');
  await expect(listRows).toHaveCount(1);
  await list.getByLabel('快速查询').fill('xyz');
  await list.getByLabel('快速查询').press('Enter');
  await expect(listRows).toHaveCount(0);
  await list.getByLabel('快速查询').fill('');
  await list.getByLabel('快速查询').press('Enter');
  await expect(listRows).toHaveCount(1);
  // 导出: an .xlsx with the contract in it
  const downloading = page.waitForEvent('download');
  await hoverAndClick(page, list.locator('.wb-button-group').getByRole('button', { name: /更多/ }), page.getByRole('menuitem', { name: '导出', exact: true }));
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${TITLE}\\d{14}\\.xlsx$`));
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0];
  const texts = sheet.getSheetValues().flat().map(String);
  expect(texts).toContain(`HT-${run}`);
  expect(texts).toContain('东方物流');
  // 审核
  await listRows.first().locator('.ant-checkbox-input').check();
  await list.locator('.wb-button-group').getByRole('button', { name: /^审\s*核$/ }).click();
  await expect(page.getByText('审核成功')).toBeVisible();

  // back as administrator: a column added (the row keeps its data and gets the default), a label renamed
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin');
  await openFromSidebar(page, '配置中心', '数据源');
  const edit = async () => {
    await tableRow(page, TABLE).getByRole('button', { name: '编辑' }).click();
    await expect(editor.getByLabel('列名').first()).toHaveValue('contract_code');
  };
  const save = async () => {
    await expect(page.getByText('保存成功（同步后生效）')).toHaveCount(0);
    await editor.getByRole('button', { name: /保\s*存/ }).click();
    await expect(page.getByText('保存成功（同步后生效）')).toBeVisible();
    await expect(tableRow(page, TABLE)).toContainText('有未同步修改');
  };
  const sync = async (ddl: string) => {
    await expect(page.getByText('同步成功')).toHaveCount(0);
    await tableRow(page, TABLE).getByRole('button', { name: '同步' }).click();
    await expect(plan.locator('.wb-plan-ddl')).toContainText(ddl);
    // under load a click on 执行同步 has been seen to leave the plan open with nothing done (cause not
    // found): the click is repeated while the plan stays open and no 同步成功 has come
    await expect(async () => {
      if (await plan.getByRole('button', { name: '执行同步' }).isVisible()) await plan.getByRole('button', { name: '执行同步' }).click({ timeout: 2_000 });
      await expect(page.getByText('同步成功')).toBeVisible({ timeout: 5_000 });
    }).toPass({ timeout: 30_000 });
    await expect(tableRow(page, TABLE)).toContainText('已同步');
  };
  await edit();
  await editor.getByLabel('字段说明').nth(1).fill('承运单位');
  await editor.getByRole('button', { name: '添加字段' }).click();
  await editor.getByLabel('字段说明').last().fill('备注');
  await editor.getByLabel('列名').last().fill('remark');
  await editor.getByLabel('默认值').last().fill('无');
  await save();
  await sync('"remark" varchar(100)');
  const resource = `/custom/${TABLE.replace(/_/g, '-')}`;
  const rowsNow = await apiData<{ list: Record<string, unknown>[] }>(page, 'POST', `${resource}/list`, { limit: { pn: 1, ps: 10 } });
  expect(rowsNow.list).toHaveLength(1);
  expect(rowsNow.list[0]).toMatchObject({ contractCode: `HT-${run}`, carrierName: '东方物流', remark: '无' });

  // a column dropped is a tombstone (its data kept) and comes back when re-added under its name
  await edit();
  await editor.locator('.ant-table-row').filter({ has: page.locator('input[value="remark"]') }).getByRole('button', { name: '删除' }).click();
  await save();
  await sync('');
  await edit();
  await expect(editor).toContainText('已删除字段');
  await expect(editor.locator('.ant-tag').filter({ hasText: '备注(remark)' })).toBeVisible();
  await editor.getByRole('button', { name: '添加字段' }).click();
  await editor.getByLabel('字段说明').last().fill('备注');
  await editor.getByLabel('列名').last().fill('remark');
  await save();
  await sync('');
  const restored = await apiData<{ list: Record<string, unknown>[] }>(page, 'POST', `${resource}/list`, { limit: { pn: 1, ps: 10 } });
  expect(restored.list[0]).toMatchObject({ remark: '无' });

  // a CHAR → NUMBER change the rows do not allow is blocked with the failing count and samples
  await edit();
  await editor.getByLabel('唯一').first().uncheck();
  await chooseOption(page, editor.locator('.ant-table-row').first().locator('.ant-select').first(), '数值');
  await save();
  await tableRow(page, TABLE).getByRole('button', { name: '同步' }).click();
  await expect(plan.locator('.ant-alert-error')).toContainText('1 行的值不能转换为 numeric(18,0)');
  await expect(plan.locator('.wb-plan-samples')).toContainText(`HT-${run}`);
  await expect(plan.getByRole('button', { name: '执行同步' })).toBeDisabled();
  await plan.getByRole('button', { name: /取\s*消/ }).click();

  // the drop is refused, naming what uses the table
  await tableRow(page, TABLE).getByRole('button', { name: '删除' }).click();
  await page.locator('.ant-popover:visible').getByRole('button', { name: /确\s*定|OK/ }).click();
  await expect(page.getByText(/有明细表|被已发布的模板使用/)).toBeVisible();
  await expectNoConsoleErrors(problems, [/status of 40[09]/]);
});
