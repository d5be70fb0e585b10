import { expect, test } from './support/test';
import { apiData } from './support/admin-api';
import { expectNoConsoleErrors, hoverAndClick, openFromSidebar, signIn, watchConsole } from './support/login';
import { rows, view } from './support/page';

interface Weigh { id: number; billCode: string; gross: string; tare: string; net: string; settleWeight: string | null; deduct: string | null }

test('称重更正 on the weigh-record list: a supervisor changes the tare with a reason, the server recalculates net', async ({ page }) => {
  const problems = watchConsole(page);
  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds/);
  const done = await apiData<{ list: Weigh[] }>(page, 'POST', '/measure/mm-pu-weigh/list', { search: [{ key: 'weighStatus', op: 'eq', val: 'DONE' }], limit: { pn: 1, ps: 1 } });
  const record = done.list[0];
  await openFromSidebar(page, '计量管理', '采购过磅记录');
  await view(page).getByLabel('快速查询').fill(record.billCode);
  await view(page).getByLabel('快速查询').press('Enter');
  await expect(rows(page)).toHaveCount(1);
  await rows(page).first().locator('.ant-checkbox').click();
  await hoverAndClick(page, view(page).locator('.wb-button-group').getByRole('button', { name: /更多/ }), page.locator('.ant-dropdown:visible').getByText('称重更正', { exact: true }));

  const dialog = page.getByRole('dialog', { name: '称重更正' });
  await expect(dialog).toContainText(record.billCode);
  const tare = dialog.getByLabel('皮重(吨)');
  await expect(tare).toHaveValue(Number(record.tare).toFixed(3));
  const newTare = (Number(record.tare) + 0.1).toFixed(3);
  await tare.fill(newTare);
  // a reason is needed
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(dialog).toContainText('更正磅单须填写原因（至少 2 个字）');
  await dialog.getByLabel('更正原因').fill('皮重复核，车厢积水');
  await dialog.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('更正成功')).toBeVisible();
  await expect(dialog).toBeHidden();

  const after = await apiData<Weigh & { manualEntry: boolean }>(page, 'GET', `/measure/mm-pu-weigh/detail/${record.id}`);
  expect(Number(after.tare)).toBeCloseTo(Number(newTare), 3);
  expect(Number(after.net)).toBeCloseTo(Number(record.gross) - Number(newTare), 3);
  expect(after.manualEntry).toBe(true);
  await expect(rows(page).first()).toContainText(Number(after.net).toFixed(3));
  await expectNoConsoleErrors(problems);
});
