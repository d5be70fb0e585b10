import { expect, test, type Page } from './support/test';
import { api } from './support/admin-api';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole, switchToEnglish } from './support/login';
import { view, rows, button } from './support/page';

const region = (page: Page, name: string) => page.locator('.ant-modal').getByRole('region', { name, exact: true });
const nav = (page: Page) => page.getByRole('navigation', { name: /^(主菜单|Main menu)$/ });

/** A user of the first demo company with no role at all (as the signed-in administrator). */
async function createBareUser(page: Page, username: string, password: string): Promise<number> {
  const orgs = await api<{ list: { id: number; orgCode: string }[] }>(page, 'POST', '/sys-org/list', { limit: { pn: 1, ps: 100 } });
  const org = orgs.json.data.list.find((o) => o.orgCode === 'DFNY')!;
  const res = await api<{ id: number }>(page, 'POST', '/sys-user/create', { username, realName: '测试门岗', password, email: `${username}@demo.example.com`, orgIds: [org.id], roleIds: [] });
  if (!res.json.success) throw new Error(`creating ${username}: ${res.json.msg}`);
  return res.json.data.id;
}

async function openRoleUsers(page: Page, roleName: string, buttonName = /分配用户/): Promise<void> {
  // the row stays chosen after a save: check() leaves a checked row as it is
  await rows(page).filter({ hasText: roleName }).locator('input[type="checkbox"]').check();
  await button(page, buttonName).click();
}

test('角色管理 → 分配用户: the weigher\'s role to another user, who then has the weigher\'s menus; removed again, they have none', async ({ page, browser }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds/);
  await createBareUser(page, 'e2e_gate', 'Gate#2026x');
  await openFromSidebar(page, '系统管理', '角色管理');
  await expect(rows(page).filter({ hasText: '司磅员' })).toHaveCount(1);

  // no role chosen: the list says so
  await button(page, /分配用户/).click();
  await expect(page.getByText('请选择一条数据！')).toBeVisible();

  await openRoleUsers(page, '司磅员');
  const dialog = page.locator('.ant-modal').filter({ hasText: '分配用户' });
  await expect(dialog.locator('.ant-modal-title')).toHaveText('分配用户 — 司磅员');
  const left = region(page, '公司与用户');
  const right = region(page, '角色用户');
  // the companies of the group with their users; the role's users on the right
  await expect(left.getByText('东方能源有限公司')).toBeVisible();
  await expect(left.getByText('华北钢铁有限公司')).toBeVisible();
  await expect(right.getByText('张司磅（weigher）')).toBeVisible();
  const moveIn = dialog.getByRole('button', { name: '移入角色用户' });
  const moveOut = dialog.getByRole('button', { name: '移出角色用户' });
  await expect(moveIn).toBeDisabled();
  await expect(moveOut).toBeDisabled();
  await left.getByText('测试门岗（e2e_gate）').click();
  await expect(moveIn).toBeEnabled();
  await moveIn.click();
  await expect(right.getByText('测试门岗（e2e_gate）')).toBeVisible();
  await expect(left.getByText('测试门岗（e2e_gate）')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/role-users-zh.png' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('分配成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the user signs in and works with the weigher's menus
  const gate = await browser.newPage();
  await signIn(gate, 'e2e_gate', 'Gate#2026x');
  await expect(gate).toHaveURL(/\/clouds/);
  await expect(nav(gate).getByText('计量管理', { exact: true })).toBeVisible();
  await openFromSidebar(gate, '基础档案', '车辆');
  await expect(gate).toHaveTitle('车辆 —— 汽车衡统一管控平台');

  // taken off the role again (once the first save's toast has gone, so that the next one is its own)
  await expect(page.getByText('分配成功')).toHaveCount(0, { timeout: 15_000 });
  await openRoleUsers(page, '司磅员');
  await expect(right.getByText('测试门岗（e2e_gate）')).toBeVisible();
  await right.getByText('测试门岗（e2e_gate）').click();
  await expect(moveOut).toBeEnabled();
  await moveOut.click();
  await expect(left.getByText('测试门岗（e2e_gate）')).toBeVisible();
  await expect(right.getByText('张司磅（weigher）')).toBeVisible();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('分配成功')).toBeVisible();

  await gate.close();
  const again = await browser.newPage();
  await signIn(again, 'e2e_gate', 'Gate#2026x');
  await expect(again).toHaveURL(/\/clouds/);
  await expect(again.getByText('首页').first()).toBeVisible();
  await expect(nav(again).getByText('计量管理', { exact: true })).toHaveCount(0);
  await expect(nav(again).getByText('基础档案', { exact: true })).toHaveCount(0);
  await again.close();
  await expectNoConsoleErrors(problems);
});

test('预警通知: 收件人, 抄送人 and 密送人 from the group\'s e-mail book; 清空 and the per-person remove; saved and shown again', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await openFromSidebar(page, '系统管理', '预警通知');
  await expect(page).toHaveTitle('预警通知 —— 汽车衡统一管控平台');
  await expect(view(page).locator('.ant-alert')).toContainText('暂不发送邮件');
  const stay = rows(page).filter({ hasText: '车辆滞留超时' });
  await expect(stay).toContainText('称毛重后超过 4 小时未称皮重');
  await expect(rows(page).filter({ hasText: '扣重异常' })).toHaveCount(1);

  await stay.getByRole('button', { name: '设置通知人' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: '设置通知人' });
  await expect(dialog.locator('.ant-modal-title')).toHaveText('设置通知人 — 车辆滞留超时');
  const book = region(page, '通讯录');
  const to = region(page, '收件人');
  const cc = region(page, '抄送人');
  const bcc = region(page, '密送人');
  await expect(book.getByText('东方能源有限公司')).toBeVisible();
  // nothing checked: no move button works
  for (const name of ['移入收件人', '移入抄送人', '移入密送人']) await expect(dialog.getByRole('button', { name })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: '清空收件人' })).toBeDisabled();

  await book.getByText('张司磅 <weigher@demo.example.com>').click();
  await book.getByText('新用户 <newuser@demo.example.com>').click();
  for (const name of ['移入收件人', '移入抄送人', '移入密送人']) await expect(dialog.getByRole('button', { name })).toBeEnabled();
  await dialog.getByRole('button', { name: '移入收件人' }).click();
  await expect(to).toContainText('收件人（2）');
  await expect(book.getByText('张司磅 <weigher@demo.example.com>')).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: '移入收件人' })).toBeDisabled();
  // the per-person remove puts one back in the book
  await to.getByRole('button', { name: '移除新用户 <newuser@demo.example.com>' }).click();
  await expect(to).toContainText('收件人（1）');
  await expect(book.getByText('新用户 <newuser@demo.example.com>')).toBeVisible();

  // 清空 empties one list
  await book.getByText('系统管理员 <admin@demo.example.com>').click();
  await book.getByText('新用户 <newuser@demo.example.com>').click();
  await dialog.getByRole('button', { name: '移入抄送人' }).click();
  await expect(cc).toContainText('抄送人（2）');
  await dialog.getByRole('button', { name: '清空抄送人' }).click();
  await expect(cc).toContainText('抄送人（0）');
  await expect(dialog.getByRole('button', { name: '清空抄送人' })).toBeDisabled();

  await book.getByText('王财务 <finance@demo.example.com>').click();
  await dialog.getByRole('button', { name: '移入抄送人' }).click();
  await book.getByText('李化验 <assayer@demo.example.com>').click();
  await dialog.getByRole('button', { name: '移入密送人' }).click();
  await expect(to.getByText('张司磅 <weigher@demo.example.com>')).toBeVisible();
  await expect(cc.getByText('王财务 <finance@demo.example.com>')).toBeVisible();
  await expect(bcc.getByText('李化验 <assayer@demo.example.com>')).toBeVisible();
  await page.screenshot({ path: 'test-results/warn-notice-dialog-zh.png' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  // the list shows who is told; reopened, the dialog holds them
  const cells = stay.locator('td');
  await expect(cells.nth(1)).toHaveText('张司磅');
  await expect(cells.nth(2)).toHaveText('王财务');
  await expect(cells.nth(3)).toHaveText('李化验');
  await expect(cells.nth(4)).toContainText('系统管理员');
  await page.screenshot({ path: 'test-results/warn-notice-zh.png' });
  await page.reload();
  await expect(rows(page).filter({ hasText: '车辆滞留超时' }).locator('td').nth(1)).toHaveText('张司磅');
  await rows(page).filter({ hasText: '车辆滞留超时' }).getByRole('button', { name: '设置通知人' }).click();
  await expect(to.getByText('张司磅 <weigher@demo.example.com>')).toBeVisible();
  await expect(cc.getByText('王财务 <finance@demo.example.com>')).toBeVisible();
  await expect(bcc.getByText('李化验 <assayer@demo.example.com>')).toBeVisible();
  await expect(book.getByText('张司磅 <weigher@demo.example.com>')).toHaveCount(0);
  await dialog.getByRole('button', { name: /取\s*消/ }).click();

  await expectNoConsoleErrors(problems);

  // the server refuses an address that is not one of the group's users
  const refused = await api(page, 'PUT', '/sys-warn-notice/DEDUCT', { to: ['someone@elsewhere.example.com'] });
  expect(refused.status).toBe(400);
  expect(refused.json.msg).toBe('不是本集团用户的邮箱：someone@elsewhere.example.com');
});

test('预警通知 and 分配用户 in English', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds/);
  await switchToEnglish(page);

  // the menu reads in English too
  await openFromSidebar(page, 'System', 'Warning notices');
  const head = view(page).locator('.ant-table-thead');
  for (const label of ['Warning', 'Recipients', 'Copy', 'Blind copy', 'Updated', 'Action']) await expect(head.getByText(label, { exact: true })).toBeVisible();
  await expect(view(page).locator('.ant-alert')).toContainText('no mail is sent');
  const stay = rows(page).filter({ hasText: 'Vehicle on site too long' });
  await expect(stay).toContainText('No tare weighing within 4 hours of the gross weighing');
  await expect(rows(page).filter({ hasText: 'Unusual deduction' })).toHaveCount(1);
  await page.screenshot({ path: 'test-results/warn-notice-en.png' });
  await stay.getByRole('button', { name: 'Set recipients' }).click();
  const dialog = page.locator('.ant-modal').filter({ hasText: 'Set recipients' });
  await expect(dialog.locator('.ant-modal-title')).toHaveText('Set recipients — Vehicle on site too long');
  await expect(region(page, 'Address book')).toBeVisible();
  await page.screenshot({ path: 'test-results/warn-notice-dialog-en.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await openFromSidebar(page, 'System', 'Roles');
  await expect(button(page, /^Assign users$/)).toBeVisible();
  await openRoleUsers(page, '化验员', /^Assign users$/);
  const users = page.locator('.ant-modal').filter({ hasText: 'Assign users' });
  await expect(users.locator('.ant-modal-title')).toHaveText('Assign users — 化验员');
  await expect(region(page, 'Companies and users')).toBeVisible();
  await expect(region(page, 'Users of the role').getByText('李化验（assayer）')).toBeVisible();
  await page.screenshot({ path: 'test-results/role-users-en.png' });
  await users.getByRole('button', { name: 'Cancel' }).click();

  // back to Chinese for whoever uses this browser next
  await page.getByLabel('Language').hover();
  await page.locator('.ant-dropdown:visible').getByText('中文', { exact: true }).click();
  await expect(view(page).locator('.wb-button-group').getByRole('button', { name: /分配用户/ })).toBeVisible();
});
