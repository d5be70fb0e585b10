import { expect, request, test } from './support/test';
import { apiData } from './support/admin-api';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { button, rows, view } from './support/page';

test('操作日志: a searchable list of the company’s operations; 日志详情 shows one request', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds/);
  await apiData(page, 'POST', '/material/as-vehicle/create', { plateNumber: '蒙L77777' });
  await openFromSidebar(page, '系统管理', '操作日志');
  await expect(rows(page).first()).toBeVisible();
  await view(page).getByLabel('快速查询').fill('as-vehicle/create');
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page).first()).toContainText('/api/material/as-vehicle/create');
  await rows(page).first().locator('.ant-checkbox').click();
  await button(page, /日志详情/).click();
  const dialog = page.getByRole('dialog', { name: '日志详情' });
  await expect(dialog).toContainText('POST /api/material/as-vehicle/create');
  await expect(dialog).toContainText('蒙L77777');
  for (const label of ['请求路径', '响应时间', '设备名称', '请求头', '入参', '出参', '异常信息']) await expect(dialog).toContainText(label);
  await expectNoConsoleErrors(problems);
});

test('登录日志 shows each sign-in’s result and address; 参数设置 edits a parameter with its meaning shown', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'finance', 'not-the-password');
  await expect(page.getByRole('alert')).toBeVisible();
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds/);
  await openFromSidebar(page, '系统管理', '登录日志');
  await view(page).getByLabel('快速查询').fill('finance');
  await view(page).getByLabel('快速查询').press('Enter');
  const failed = rows(page).filter({ hasText: '失败' }).first();
  await expect(failed).toContainText('finance');
  await expect(failed).toContainText('127.0.0.1');

  await openFromSidebar(page, '系统管理', '参数设置');
  const row = rows(page).filter({ hasText: 'data_desensitization' });
  await expect(row).toContainText('数据脱敏');
  await expect(row).toContainText('打码');
  await expect(row).toContainText('关闭');
  await row.locator('.ant-checkbox').click();
  await button(page, /修\s*改/).click();
  const dialog = page.getByRole('dialog', { name: '修改系统参数' });
  await expect(dialog).toContainText('含义');
  await dialog.getByText('开启（1）').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'data_desensitization' })).toContainText('开启');
  expect(await apiData(page, 'POST', '/index/getDefineSetVal', { paramName: 'data_desensitization' })).toBe('1');
  await apiData(page, 'PUT', '/sys-setting/update', { paramKey: 'data_desensitization', paramValue: '0' });
  await expectNoConsoleErrors(problems, [/401/, /426/]); // the refused sign-in
});

async function adminApi(baseURL: string) {
  const api = await request.newContext({ baseURL });
  const token = await api.post('/api/oauth/token', {
    headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}` },
    form: { grant_type: 'password', username: 'admin', password: 'Demo@2026' },
  });
  const headers = { authorization: `Bearer ${(await token.json()).data.access_token as string}` };
  return {
    call: async (method: 'GET' | 'POST' | 'PUT', url: string, data?: object) => {
      const res = await api.fetch(`/api${url}`, { method, headers, ...(data ? { data } : {}) });
      const body = await res.json();
      if (!body.success) throw new Error(`${method} ${url}: ${body.msg}`);
      return body.data;
    },
    dispose: () => api.dispose(),
  };
}

test('a menu added in 菜单管理 shows for a signed-in weigher without signing in again; without a template it says so once, with no 404', async ({ page, baseURL }) => {
  const problems = watchConsole(page);
  await signIn(page, 'weigher');
  await expect(page).toHaveURL(/\/clouds/);

  const admin = await adminApi(baseURL!);
  const menus = await admin.call('GET', '/sys-menu/manage_list') as { id: number; title: string; children: { id: number; title: string; children: { id: number; title: string }[] }[] }[];
  const group = menus.find((m) => m.title === '计量管理')!.children.find((g) => g.children.some((c) => c.title === '称重'))!;
  const created = await admin.call('POST', '/sys-menu/create', { title: '地磅巡检', menuType: 'MENU', parentId: group.id, urlPath: '/modules/measure/inspection', component: 'views/template/list' }) as { id: number };
  const roles = await admin.call('POST', '/sys-role/list', { limit: { pn: 1, ps: 100 } }) as { list: { id: number; roleCode: string }[] };
  const weigher = roles.list.find((r) => r.roleCode === 'weigher')!.id;
  const granted = await admin.call('GET', `/sys-role/menu/${weigher}`) as number[];
  await admin.call('PUT', '/sys-role/menu', { roleId: weigher, menuIds: [...granted, created.id] });
  await admin.dispose();

  // the next page the weigher opens brings the new entry along
  await openFromSidebar(page, '计量管理', '称重');
  await openFromSidebar(page, '计量管理', '地磅巡检');
  await expect(page).toHaveURL(/\/modules\/measure\/inspection/);
  await expect(view(page).getByText('该菜单尚未配置模板，请联系管理员在模板设计中配置')).toBeVisible();
  await expectNoConsoleErrors(problems);
});

test('home: a 待办 entry opens its list filtered to the pending documents, as the advanced query shows', async ({ page }) => {
  await signIn(page, 'weigher');
  await expect(page).toHaveURL(/\/clouds/);
  const agency = await apiData<{ tableName: string; name: string; count: number }[]>(page, 'POST', '/index/getAgency', {});
  const weighs = agency.find((a) => a.tableName === 'mm_pu_weigh')!;
  expect(weighs.count).toBeGreaterThan(0);
  await page.locator('.wb-home').getByText(`${weighs.name}（待审核）`).click();
  await expect(page).toHaveURL(/status=FREE/);
  await expect(view(page).locator('.ant-pagination-total-text')).toHaveText(`共 ${weighs.count} 条`);
  await view(page).getByText('高级查询').click();
  await expect(view(page).locator('.wb-advanced-query').getByTitle('自由')).toBeVisible();
});

test('a weigher adding a weigh record picks the vendor from a filled popup and the material from suggestions', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'weigher');
  await expect(page).toHaveURL(/\/clouds/);
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  await button(page, /新\s*增/).click();
  const form = page.locator('.ant-modal').filter({ has: page.locator('.wb-dynamic-form') });
  await form.locator('[data-field="vendorName"]').click();
  const popup = page.locator('.wb-resource-popup');
  const hits = popup.locator('.ant-table-tbody tr.ant-table-row');
  await expect(hits.first()).toBeVisible();
  await expect(popup.getByRole('alert')).toHaveCount(0);
  const name = (await hits.first().locator('td').nth(2).textContent())!;
  await hits.first().dblclick();
  await expect(popup).toBeHidden();
  await expect(form.locator('[data-field="vendorName"]')).toHaveValue(name);
  await form.locator('[data-field="materialName"] input').fill('煤');
  await expect(page.locator('.wb-auto-hit').first()).toBeVisible();
  await expectNoConsoleErrors(problems);
});
