import { expect, test, type Page } from './support/test';
import { DEMO_PASSWORD, expectNoConsoleErrors, signIn, watchConsole } from './support/login';
import { apiJson } from './support/admin-api';


const drawer = (page: Page) => page.getByRole('menu');
async function hoverArea(page: Page, area: string) {
  await expect(async () => {
    await page.mouse.move(600, 5);
    await page.getByRole('navigation', { name: '主菜单' }).getByText(area, { exact: true }).hover();
    await expect(drawer(page)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

test('menu search finds leaf entries 500 ms after typing and opens them after the address check; closing reports to closeCall', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  const checks: unknown[] = [];
  page.on('request', (r) => { if (r.url().endsWith('/checkFrontendAdress')) checks.push(r.postDataJSON()); });
  await page.getByRole('combobox', { name: '搜索菜单' }).fill('司');
  await expect(page.locator('.ant-select-dropdown:visible').getByText('司机', { exact: true })).toBeVisible();
  await page.locator('.ant-select-dropdown:visible').getByText('司机', { exact: true }).click();
  await expect(page).toHaveURL(/\/modules\/material\/as-driver\/index$/);
  await expect(page.locator('.wb-tabs .ant-tabs-tab')).toHaveText(['首页', '司机']);
  expect(checks).toEqual([expect.objectContaining({ adress: expect.any(Number) })]);
  const closeCall = page.waitForRequest((r) => r.url().endsWith('/api/closeCall'));
  await page.locator('.wb-tabs .ant-tabs-tab').filter({ hasText: '司机' }).locator('.ant-tabs-tab-remove').click();
  expect((await closeCall).postDataJSON()).toMatchObject({ adress: [(checks[0] as { adress: number }).adress], token: expect.any(String) });
  await expectNoConsoleErrors(problems);
});

test('a refused address check sends the user home', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  await page.route('**/api/core/sys-site-license/checkFrontendAdress', (route) => route.fulfill({ json: { success: false, code: '1', msg: '当前页面地址未授权，无法访问', data: null } }));
  await hoverArea(page, '基础档案');
  await drawer(page).getByRole('menuitem', { name: '供应商' }).click();
  await expect(page).toHaveURL(/\/clouds\/index$/);
  await expect(page.locator('.wb-tabs .ant-tabs-tab')).toHaveText(['首页']);
  // a deep link is checked too
  await page.goto('/modules/material/as-vendor/index');
  await expect(page).toHaveURL(/\/clouds\/index$/);
});

test('the common-menu star: only on iusual entries, 设置成功, shown on the second home, throttled to one click a second', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'weigher');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  await hoverArea(page, '基础档案');
  const star = drawer(page).getByRole('button', { name: '设为常用菜单：车辆' });
  const unstar = drawer(page).getByRole('button', { name: '取消常用菜单：车辆' });
  await expect(star.or(unstar)).toBeVisible();
  if (await unstar.isVisible()) {
    // a retry finds the star its first attempt set: start again from an unstarred entry
    await unstar.click();
    await expect(star).toBeVisible();
    await page.waitForTimeout(1100);
  }
  let updates = 0;
  page.on('request', (r) => { if (r.url().endsWith('/sys-menu-user-define/batchUpdate')) updates++; });
  // two clicks in one task, so that however loaded the machine they fall inside the second: the second is ignored
  await star.evaluate((el: HTMLElement) => { el.click(); el.click(); });
  await expect(page.getByText('设置成功')).toBeVisible();
  await expect(unstar).toHaveAttribute('aria-pressed', 'true');
  expect(updates).toBe(1);
  await page.goto('/clouds/index1');
  await expect(page.locator('.wb-common-menus').getByText('车辆')).toBeVisible();
  await page.locator('.wb-common-menus').getByText('车辆').click();
  await expect(page).toHaveURL(/as-vehicle\/index$/);
  // unknown paths land on the second home when signed in
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/clouds\/index1$/);
  await expectNoConsoleErrors(problems);
});

test('admin-only entries carry no star; jzjk, pdjk and dsrw open other applications; http entries open in a frame', async ({ page, baseURL }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  await hoverArea(page, '系统管理');
  await expect(drawer(page).getByRole('menuitem', { name: '用户管理' })).toBeVisible();
  await expect(drawer(page).getByRole('button', { name: /用户管理/ })).toHaveCount(0);
  const root = (await apiJson<{ id: number; title: string }[]>(page, 'GET', '/sys-menu/manage_list')).data.find((m) => m.title === '配置中心')!;
  for (const [title, urlPath] of [['集中监控', '/jzjk'], ['排队监控', '/pdjk'], ['定时任务', '/dsrw'], ['接口文档', `${baseURL}/api/health`]]) {
    const made = await apiJson(page, 'POST', '/sys-menu/create', { parentId: root.id, menuType: 'MENU', title, urlPath, sort: 90 });
    expect(made.success, made.msg).toBe(true);
  }
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'admin'); // the menu is read at sign-in
  await expect(page).toHaveURL(/\/clouds/);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('wb.session') ?? '{}').accessToken as string);
  for (const [title, expected] of [['集中监控', `/jzjk/index?token=${token}`], ['排队监控', '/pdjk/login'], ['定时任务', '/dsrw/login']]) {
    await hoverArea(page, '配置中心');
    const popup = page.waitForEvent('popup');
    await drawer(page).getByRole('menuitem', { name: title }).click();
    expect((await popup).url()).toBe(`${baseURL}${expected}`);
    await (await popup).close();
  }
  await hoverArea(page, '配置中心');
  await drawer(page).getByRole('menuitem', { name: '接口文档' }).click();
  await expect(page).toHaveURL(/\/myiframe\//);
  await expect(page.locator('iframe.wb-iframe')).toHaveAttribute('src', `${baseURL}/api/health`);
  await expect(page.locator('.wb-tabs .ant-tabs-tab')).toHaveText(['首页', '接口文档']);
});

test('idle for 40 minutes sends the user to /login signed out (spec 000 §4); the timer restarts on mouse movement', async ({ page }) => {
  const problems = watchConsole(page);
  await page.clock.install();
  await signIn(page, 'weigher');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  await page.clock.fastForward('39:00');
  await page.mouse.move(200, 300);
  await page.mouse.move(220, 320);
  await page.clock.fastForward('39:00');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  await page.clock.fastForward('01:30');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: /登\s*录/ })).toBeVisible();
  // the locked session was signed out: a page of the application asks for the sign-in again
  await expect.poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('wb.session') ?? '{}').accessToken ?? null)).toBeNull();
  await page.goto('/clouds/index');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'weigher');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  expect(await page.evaluate(() => [localStorage.getItem('wb.isLock'), sessionStorage.getItem('wb.isLock')])).toEqual([null, null]);
  await expectNoConsoleErrors(problems, [/401/, /426/]);
});

test('a session carrying the lock flag goes to the lock page, which unlocks with the password', async ({ page }) => {
  await signIn(page, 'weigher');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  await page.evaluate(() => { localStorage.setItem('wb.isLock', '1'); sessionStorage.setItem('wb.isLock', '1'); });
  await page.goto('/clouds/index');
  await expect(page).toHaveURL(/\/lock$/); // every page goes to the lock page while locked
  await expect(page.getByText('张司磅')).toBeVisible();
  await page.getByPlaceholder('密码').fill('wrong-password');
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page.getByRole('alert')).toHaveText('密码错误，请重新输入');
  await page.getByPlaceholder('密码').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /解\s*锁/ }).click();
  await expect(page).toHaveURL(/\/clouds\/index$/);
  expect(await page.evaluate(() => [localStorage.getItem('wb.isLock'), sessionStorage.getItem('wb.isLock')])).toEqual([null, null]);
});

test('the login page runs no idle timer; a failed refresh signs out to /login', async ({ page }) => {
  await page.clock.install();
  await page.goto('/login');
  await page.clock.fastForward('41:00');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'weigher');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  // the shell has done reading the user (a session reused by signIn comes without the menu's
  // generation, and its check reads the user again): a read still under way would write the
  // session back over the change below
  await page.waitForLoadState('networkidle');
  // both tokens stop working (the server revoked the session): the next call fails its refresh
  await page.evaluate(() => {
    const s = JSON.parse(localStorage.getItem('wb.session')!);
    localStorage.setItem('wb.session', JSON.stringify({ ...s, accessToken: 'revoked', refreshToken: 'revoked' }));
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
});

test('刷新 reloads the list in place: its quick search, sort and page stay; the logo falls back to the default image', async ({ page }) => {
  await page.route('**/api/sys-group/getPic/**', (route) => route.fulfill({ status: 500, json: { success: false, code: '500', msg: 'x', data: null } }));
  await signIn(page, 'admin');
  await expect(page.locator('img.wb-logo-main')).toHaveAttribute('src', /logo-main.*\.svg|data:image\/svg/);
  await hoverArea(page, '计量管理');
  await drawer(page).getByRole('menuitem', { name: '采购过磅记录' }).click();
  const list = page.locator('.wb-page:visible');
  await expect(list.getByText(/共 \d+ 条/)).toBeVisible();
  // a quarter of the demo vendors are in 山西: several pages of their weigh records
  await list.getByLabel('快速查询').fill('山西');
  await list.getByLabel('快速查询').press('Enter');
  await list.getByRole('columnheader', { name: '净重(吨)' }).click();
  await list.locator('.ant-pagination-item-2').click();
  await expect(list.locator('.ant-pagination-item-active')).toHaveText('2');
  const reload = page.waitForRequest((r) => r.url().endsWith('/measure/mm-pu-weigh/list') && r.method() === 'POST');
  await page.getByRole('button', { name: '刷新' }).click();
  const body = (await reload).postDataJSON() as { limit: { pn: number; ps: number }; sort: { key: string; dir: string }[]; search: { val: unknown }[] };
  expect(body.limit).toEqual({ pn: 2, ps: 10 });
  expect(body.sort[0]).toMatchObject({ key: 'net', dir: 'asc' });
  expect(JSON.stringify(body.search)).toContain('山西');
  // what the user set is still on screen
  await expect(list.locator('.ant-pagination-item-active')).toHaveText('2');
  await expect(list.getByLabel('快速查询')).toHaveValue('山西');
  await expect(list.getByRole('columnheader', { name: '净重(吨)' })).toHaveAttribute('aria-sort', 'ascending');
});

test('the home page shows the company’s figures from the database, and they follow a new weighing', async ({ page }) => {
  await signIn(page, 'weigher');
  const figure = (key: string) => page.getByTestId(`figure-${key}`).locator('xpath=ancestor::div[contains(@class,"ant-statistic")]').locator('.ant-statistic-content-value');
  await expect(figure('inFactory')).not.toHaveText('');
  const counts = (await apiJson<Record<string, number>>(page, 'POST', '/index/getCount', {})).data;
  await expect(figure('inFactory')).toHaveText(String(counts.inFactory));
  await expect(figure('pending')).toHaveText(String(counts.pending));
  const made = await apiJson(page, 'POST', '/measure/mm-pu-weigh/create', { billCode: 'E2E-HOME-1', plateNumber: '蒙E20001', materialName: '原煤', gross: 48.5, grossTime: new Date().toISOString(), weighStatus: 'GROSS' });
  expect(made.success, made.msg).toBe(true);
  await page.getByRole('button', { name: '刷新' }).click();
  await expect(figure('inFactory')).toHaveText(String(counts.inFactory + 1));
  await page.locator('.wb-home .ant-pagination-item').last().click();
  await expect(page.getByRole('cell', { name: '蒙E20001' })).toBeVisible();
  // ECharts (SVG): a bar per day labelled with its 车次, and the legend saying so
  const chart = page.getByRole('img', { name: '近7天净重（吨）' });
  await expect(chart.locator('text', { hasText: /^\d+ 车次$/ })).toHaveCount(7);
  await expect(chart.locator('text', { hasText: '净重（吨），柱上数字为车次' })).toBeVisible();
});

test('a document’s request-log drawer: numbered entries, text on first expand, 日志详情', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await hoverArea(page, '计量管理');
  await drawer(page).getByRole('menuitem', { name: '采购过磅记录' }).click();
  const list = page.locator('.wb-page:visible');
  await expect(list.getByText(/共 \d+ 条/)).toBeVisible();
  const row = list.locator('.ant-table-tbody tr.ant-table-row').first();
  const billCode = (await row.locator('td').nth(1).textContent())!;
  await row.locator('.ant-checkbox-input').check();
  await list.getByRole('button', { name: /^审\s*核$/ }).click();
  await expect(page.getByText('审核成功')).toBeVisible();
  await list.locator('.ant-table-tbody tr.ant-table-row', { hasText: billCode }).dblclick();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: '操作日志' }).click();
  const logs = page.locator('.ant-drawer-content');
  await expect(logs.getByText('审核', { exact: true })).toBeVisible();
  await expect(logs.locator('.ant-collapse-header .ant-tag').first()).toHaveText('1');
  const desc = page.waitForRequest((r) => r.url().includes('/sys-log/getSysLogDesc/'));
  await logs.getByText('审核', { exact: true }).click();
  await desc;
  await expect(logs.getByText(/系统管理员 于 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 审核，成功/)).toBeVisible();
  await logs.locator('.ant-collapse-item', { hasText: '审核' }).getByRole('button', { name: /^详\s*情$/ }).click();
  const detail = page.getByRole('dialog', { name: '日志详情' });
  await expect(detail.getByText('请求路径')).toBeVisible();
  await expect(detail.getByText(/POST \/api\/measure\/mm-pu-weigh\/audit/)).toBeVisible();
  await expectNoConsoleErrors(problems);
});

test('on a 403 the development aid reports the missing permission', async ({ page, browser }) => {
  await signIn(page, 'weigher');
  await hoverArea(page, '计量管理');
  await drawer(page).getByRole('menuitem', { name: '采购过磅记录' }).click();
  await expect(page.locator('.wb-page:visible').getByText(/共 \d+ 条/)).toBeVisible();
  // an administrator withdraws the weigher's weigh-record pages meanwhile
  const adminPage = await browser.newPage();
  await signIn(adminPage, 'admin');
  await expect(adminPage).toHaveURL(/\/clouds/);
  const role = (await apiJson<{ list: { id: number; roleCode: string }[] }>(adminPage, 'POST', '/sys-role/list', { search: [{ key: 'roleCode', op: 'eq', val: 'weigher' }] })).data.list[0];
  const menuIds = (await apiJson<number[]>(adminPage, 'GET', `/sys-role/menu/${role.id}`)).data;
  const all = (await apiJson<{ id: number; title: string; children: { id: number; title: string; children: { id: number; title: string; buttonUrls: { id: number }[] }[] }[] }[]>(adminPage, 'GET', '/sys-menu/manage_list')).data;
  const weighs = all.flatMap((a) => a.children).flatMap((g) => g.children).find((m) => m.title === '采购过磅记录')!;
  const drop = new Set([weighs.id, ...weighs.buttonUrls.map((b) => b.id)]);
  expect((await apiJson(adminPage, 'PUT', '/sys-role/menu', { roleId: role.id, menuIds: menuIds.filter((id) => !drop.has(id)) })).success).toBe(true);
  try {
    await page.getByRole('button', { name: '刷新' }).click();
    // the list's reload fails quietly (spec 000 §8); the development aid still reports the missing key
    await expect(page.getByText('该权限已存在，请为角色分配：mm_pu_weigh_view')).toBeVisible();
  } finally {
    // the weigher gets the pages back for the other tests
    expect((await apiJson(adminPage, 'PUT', '/sys-role/menu', { roleId: role.id, menuIds })).success).toBe(true);
    await adminPage.close();
  }
});

test('forgotten password and registration pages', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/login');
  await page.getByRole('link', { name: '忘记密码' }).click();
  await expect(page).toHaveURL(/\/forgetpwd$/);
  await expect(page).toHaveTitle('找回密码 —— 汽车衡统一管控平台');
  await page.getByLabel('用户名').fill('weigher');
  await page.getByLabel('手机号').fill('1380000');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请输入正确的手机号')).toBeVisible();
  await page.getByLabel('手机号').fill('13800000000');
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请已提交，管理员核实身份后将为您重置密码')).toBeVisible();
  await page.getByRole('link', { name: '返回登录' }).click();
  await page.getByRole('link', { name: '注册账号' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('公司编码').fill('NOPE');
  await page.getByLabel('用户名').fill('e2e_driver');
  await page.getByLabel('姓名').fill('测试司机');
  await page.getByLabel('手机号').fill('13900000000');
  await page.getByLabel('密码', { exact: true }).fill('Drive@2026');
  await page.getByLabel('确认新密码').fill('Drive@2026');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText('公司编码不存在')).toBeVisible();
  await page.getByLabel('公司编码').fill('DFNY');
  await page.getByRole('button', { name: /注\s*册/ }).click();
  await expect(page.getByText('注册成功，请等待管理员审核启用').first()).toBeVisible();
  await expectNoConsoleErrors(problems, [/400/]);
});

test('the layout follows the 768 / 992 / 1200 breakpoints', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds\/index$/);
  for (const [width, cls] of [[700, 'xs'], [900, 'sm'], [1100, 'md'], [1300, 'lg']] as const) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.locator('.wb-layout').first()).toHaveClass(new RegExp(`wb-screen-${cls}`));
  }
  await page.setViewportSize({ width: 700, height: 800 });
  await expect(page.getByRole('combobox', { name: '搜索菜单' })).toHaveCount(0);
  await page.setViewportSize({ width: 1300, height: 800 });
  await expect(page.getByRole('combobox', { name: '搜索菜单' })).toBeVisible();
});
