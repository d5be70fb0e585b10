import { expect, test, type Page } from '@playwright/test';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';

const view = (page: Page) => page.locator('.wb-page:visible');
const rows = (page: Page) => view(page).locator('.ant-table-tbody tr.ant-table-row');
const button = (page: Page, name: RegExp) => view(page).locator('.wb-button-group').getByRole('button', { name });
const formDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('.wb-dynamic-form') });
const input = (page: Page, field: string) => formDialog(page).locator(`[data-field="${field}"]`);

test('角色管理 runs on the template runtime: list, search, 新增 with the code rule, 修改', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '系统管理', '角色管理');
  await expect(page).toHaveTitle('角色管理 —— 汽车衡统一管控平台');
  await expect(rows(page).filter({ hasText: '司磅员' })).toHaveCount(1);

  await button(page, /新\s*增/).click();
  await expect(formDialog(page).locator('.ant-modal-title')).toHaveText('角色 — 新增');
  await input(page, 'roleCode').fill('yard keeper');
  await input(page, 'roleName').fill('场地管理员');
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await expect(formDialog(page).getByText('编码只能包含字母、数字、下划线和短横线')).toBeVisible();
  await input(page, 'roleCode').fill('yard_keeper');
  await page.waitForTimeout(1100);
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();

  await view(page).getByLabel('快速查询').fill('场地');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('.ant-checkbox').click();
  await button(page, /修\s*改/).click();
  await expect(input(page, 'roleCode')).toBeDisabled(); // a role keeps its code
  await input(page, 'roleName').fill('场地主管');
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: '是' }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await expect(rows(page).first()).toContainText('场地主管');
  await expectNoConsoleErrors(problems);
});

test('在线用户: an administrator forces a signed-in weigher out', async ({ page, browser }) => {
  const weigher = await browser.newPage();
  await signIn(weigher, 'weigher');
  await expect(weigher).toHaveURL(/\/clouds/);

  await signIn(page, 'admin');
  await openFromSidebar(page, '系统管理', '在线用户');
  await view(page).getByLabel('快速查询').fill('weigher');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page).first()).toContainText('张司磅');
  await rows(page).first().locator('.ant-checkbox').click();
  await button(page, /强制下线/).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('已强制下线')).toBeVisible();

  // the weigher's next call is refused and the shell sends them to sign in again
  await weigher.getByRole('button', { name: '刷新' }).click();
  await expect(weigher.getByText('您已被管理员强制下线，请重新登录')).toBeVisible();
  await expect(weigher).toHaveURL(/\/login/);
  await weigher.close();
});

test('a TEXTAREA_SENTENCE field is a SQL editor (Monaco from the bundle) that completes the keywords', async ({ page }) => {
  const problems = watchConsole(page);
  const cdn: string[] = [];
  page.on('request', (r) => { if (!r.url().startsWith('http://127.0.0.1')) cdn.push(r.url()); });
  // the role form's 说明 configured as a SQL sentence (templates are data: the test changes the data)
  await page.route('**/api/optimus_prime/optimusPrime?formatType=FORM*', async (route) => {
    const answer = await (await route.fetch()).json();
    for (const f of answer.data.formSubList) if (f.fieldName === 'description') f.formSubmitType = 'TEXTAREA_SENTENCE';
    await route.fulfill({ json: answer });
  });
  await signIn(page, 'admin');
  await openFromSidebar(page, '系统管理', '角色管理');
  await button(page, /新\s*增/).click();
  const editor = formDialog(page).locator('.wb-sql-editor .monaco-editor');
  await expect(editor).toBeVisible();
  await input(page, 'roleCode').fill('sql_role');
  await input(page, 'roleName').fill('SQL 角色');
  await editor.click();
  await page.keyboard.type('SEL');
  await page.keyboard.press('Control+Space'); // ask for suggestions as well, in case typing alone did not open them
  await expect(page.locator('.suggest-widget')).toContainText('SELECT');
  await page.keyboard.press('Enter');
  await page.keyboard.type(' 1');
  await formDialog(page).getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await view(page).getByLabel('快速查询').fill('sql_role');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page).first()).toContainText('SELECT 1');
  expect(cdn).toEqual([]);
  await expectNoConsoleErrors(problems);
});

test('分配权限: the menu tree with buttons and their permission keys; what is checked is what the role gets', async ({ page, browser }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '系统管理', '角色管理');
  await rows(page).filter({ hasText: '化验员' }).locator('.ant-checkbox').click();
  await button(page, /分配权限/).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '分配权限' });
  await expect(dialog.locator('.ant-modal-title')).toHaveText('分配权限 — 化验员');
  await expect(dialog.getByText('as_driver_add')).toBeVisible(); // a button shows its permission key
  const driver = dialog.locator('.ant-tree-treenode').filter({ has: page.getByText('司机', { exact: true }) }).first();
  await driver.locator('.ant-tree-checkbox').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  const assayer = await browser.newPage();
  await signIn(assayer, 'assayer');
  await openFromSidebar(assayer, '基础档案', '司机');
  await expect(assayer.locator('.wb-page:visible .wb-button-group').getByRole('button', { name: /新\s*增/ })).toBeVisible();
  await assayer.close();
});

test('菜单管理: the tree with buttons and permission keys; an entry is added under the chosen one and deleted again', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '系统管理', '菜单管理');
  const table = view(page).locator('.ant-table');
  const row = (title: string) => table.locator('tr.ant-table-row').filter({ has: page.getByText(title, { exact: true }) }).first();
  await expect(row('基础档案')).toBeVisible();
  await row('基础档案').click();
  await view(page).getByRole('button', { name: /新\s*增/ }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增菜单' });
  await expect(dialog).toContainText('上级：基础档案');
  await dialog.locator('[data-field="title"]').fill('测试菜单');
  await dialog.locator('[data-field="permission"]').fill('bad key!');
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(dialog.getByText('权限标识只能包含字母、数字和 _ : . -')).toBeVisible();
  await dialog.locator('[data-field="permission"]').fill('test_menu_view');
  await page.waitForTimeout(1100);
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await expect(row('测试菜单')).toBeVisible();
  await expect(row('测试菜单')).toContainText('test_menu_view');
  await row('测试菜单').click();
  await view(page).getByRole('button', { name: /删\s*除/ }).click();
  await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('删除成功')).toBeVisible();
  await expect(row('测试菜单')).toHaveCount(0);
  await expectNoConsoleErrors(problems);
});

test('用户管理: 新增 a user with companies and roles, then 修改 their name', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '系统管理', '用户管理');
  await button(page, /新\s*增/).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增用户' });
  await dialog.locator('[data-field="username"]').fill('e2e_user');
  await dialog.locator('[data-field="realName"]').fill('测试用户');
  await dialog.locator('[data-field="password"]').fill('Scale#2026');
  await dialog.locator('[data-field="mobile"]').fill('13800001111');
  await dialog.getByRole('checkbox', { name: '东方能源有限公司' }).check();
  await dialog.getByRole('checkbox', { name: '司磅员' }).check();
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await view(page).getByLabel('快速查询').fill('e2e_user');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('测试用户');

  await rows(page).first().locator('.ant-checkbox').click();
  await button(page, /修\s*改/).click();
  const edit = page.locator('.ant-modal').filter({ hasText: '修改用户' });
  await expect(edit.locator('[data-field="username"]')).toBeDisabled();
  await expect(edit.getByRole('checkbox', { name: '司磅员' })).toBeChecked();
  await edit.locator('[data-field="realName"]').fill('测试用户二');
  await edit.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await view(page).getByLabel('快速查询').fill('e2e_user');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page).first()).toContainText('测试用户二');
  await expectNoConsoleErrors(problems);
});

test('公司管理: 新增 a company in a group, then 修改 its short name', async ({ page }) => {
  await signIn(page, 'admin');
  await openFromSidebar(page, '系统管理', '公司管理');
  await button(page, /新\s*增/).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '新增公司' });
  await dialog.locator('[data-field="orgCode"]').fill('E2EORG');
  await dialog.locator('[data-field="orgName"]').fill('测试能源有限公司');
  await dialog.locator('[data-field="groupId"]').click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: '演示集团' }).click();
  await dialog.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('新增成功')).toBeVisible();
  await view(page).getByLabel('快速查询').fill('E2EORG');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('.ant-checkbox').click();
  await button(page, /修\s*改/).click();
  const edit = page.locator('.ant-modal').filter({ hasText: '修改公司' });
  await edit.locator('[data-field="shortName"]').fill('测试能源');
  await edit.getByRole('button', { name: /提\s*交/ }).click();
  await expect(page.getByText('修改成功')).toBeVisible();
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page).first()).toContainText('测试能源');
});
