import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from './support/test';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { view } from './support/page';
import { api, apiData } from './support/admin-api';

/**
 * 模板设计's 复制, 导出 and 导入, as an administrator: a template exported as the server's canonical
 * JSON, imported back under a new code and over itself, a broken file refused with the field named;
 * a template copied (a taken code refused under the field) and the copy opened in its designer.
 */

const SOURCE = 'as_vehicle_form';

/** 模板设计 searched by a code: the list and its rows. */
async function search(page: Page, code: string): Promise<Locator> {
  const list = view(page).locator('.wb-format-list');
  await list.getByLabel('模板编码').fill(code);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: code }).first()).toBeVisible();
  return list;
}

/** A row's action under 更多. */
async function more(page: Page, list: Locator, code: string, action: '复制' | '导出') {
  const row = list.locator('.ant-table-tbody tr.ant-table-row').filter({ has: page.getByText(code, { exact: true }) });
  await row.getByRole('button', { name: /^更多操作：/ }).click();
  await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: action }).click();
}

test('导出 a template, 导入 it back under a new code and over itself, 复制 it and open the copy in its designer', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await openFromSidebar(page, '配置中心', '模板设计');
  const list = await search(page, SOURCE);

  // nothing of the row's actions is cut off, at either screen size
  for (const [width, height] of [[1440, 900], [1280, 800]] as const) {
    await page.setViewportSize({ width, height });
    const table = (await list.locator('.ant-table-container').boundingBox())!;
    const moreButton = (await list.getByRole('button', { name: /^更多操作：/ }).first().boundingBox())!;
    expect(moreButton.x + moreButton.width, `更多 inside the table at ${width}×${height}`).toBeLessThanOrEqual(table.x + table.width);
    expect(table.x + table.width).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1440, height: 900 });

  // 导出: the server's file, under its code
  const downloading = page.waitForEvent('download');
  await more(page, list, SOURCE, '导出');
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${SOURCE}.json`);
  const text = await readFile((await download.path())!, 'utf8');
  const exported = JSON.parse(text) as Record<string, unknown> & { formSubList: { fieldName: string; fieldExplain: string }[] };
  expect(exported.formatCode).toBe(SOURCE);
  // the server's export as it is
  const found = await apiData<{ list: { id: number; formatCode: string }[] }>(page, 'GET', `/optimus_prime/cg-format/list?formatCode=${SOURCE}&pn=1&ps=20`);
  const fromApi = await api(page, 'GET', `/optimus_prime/cg-format/export/${found.list.find((r) => r.formatCode === SOURCE)!.id}`);
  expect(exported).toEqual(fromApi.json);
  expect(Object.keys(exported)).toEqual([...Object.keys(exported)].sort());
  await expect(page.getByText('导出成功')).toBeVisible();

  // 导入: the file under a new code, the file as it is (its code exists), and a file the parser refuses
  const suffix = Date.now().toString(36);
  const newCode = `${SOURCE}_io_${suffix}`;
  const renamed = testInfo.outputPath(`${newCode}.json`);
  await writeFile(renamed, text.replace(`"${SOURCE}"`, `"${newCode}"`));
  const same = testInfo.outputPath(`${SOURCE}.json`);
  await writeFile(same, text);
  const broken = structuredClone(exported);
  broken.formatCode = `${SOURCE}_bad_${suffix}`;
  broken.formSubList[1].fieldName = 'no_such_column';
  const bad = testInfo.outputPath('broken.json');
  await writeFile(bad, JSON.stringify(broken));
  const notJson = testInfo.outputPath('notes.json');
  await writeFile(notJson, 'not a template');
  await view(page).locator('.wb-format-toolbar input[type="file"]').setInputFiles([renamed, same, bad, notJson]);

  const dialog = page.locator('.ant-modal:visible').filter({ hasText: '导入模板' });
  const item = (name: string) => dialog.locator(`[data-file="${name}"]`);
  await expect(item(`${newCode}.json`)).toContainText('已新建');
  await expect(item(`${newCode}.json`)).toContainText(`新模板 ${newCode}（未发布）`);
  await expect(item('broken.json')).toContainText('未导入');
  await expect(item('broken.json')).toContainText(`表单字段 第2个字段 no_such_column（${exported.formSubList[1].fieldExplain}）`);
  await expect(item('notes.json')).toContainText('文件不是有效的 JSON，无法作为模板导入');
  await expect(item(`${SOURCE}.json`)).toContainText('编码已存在');
  await item(`${SOURCE}.json`).getByRole('button', { name: /覆盖草稿/ }).click();
  await expect(item(`${SOURCE}.json`)).toContainText('已更新草稿');
  await dialog.getByRole('button', { name: /关\s*闭/ }).click();
  // the list shows the imported template, unpublished; the broken file stored nothing
  await search(page, newCode);
  await expect(list.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: newCode })).toContainText('未发布');
  await list.getByLabel('模板编码').fill(`${SOURCE}_bad_${suffix}`);
  await list.getByRole('button', { name: /查\s*询/ }).click();
  await expect(list.locator('.ant-empty')).toBeVisible();

  // 复制: a taken code is refused under the field; a new one makes the copy, opened in its designer
  await search(page, SOURCE);
  await more(page, list, SOURCE, '复制');
  const copyDialog = page.locator('.ant-modal:visible').filter({ hasText: '复制模板' });
  await expect(copyDialog.getByLabel('新模板名称')).toHaveValue(/（副本）$/);
  await copyDialog.getByLabel('新模板编码').fill(newCode);
  await copyDialog.getByRole('button', { name: /复\s*制/ }).click();
  await expect(copyDialog.locator('.ant-form-item').filter({ hasText: '新模板编码' })).toContainText(`模板编码 ${newCode} 已存在`);
  const copyCode = `${SOURCE}_copy_${suffix}`;
  await copyDialog.getByLabel('新模板编码').fill(copyCode);
  await copyDialog.getByLabel('新模板名称').fill(`车辆副本${suffix}`);
  await copyDialog.getByRole('button', { name: /复\s*制/ }).click();
  await expect(copyDialog).toContainText(`已复制为「车辆副本${suffix}」`);
  await copyDialog.getByRole('button', { name: '打开设计器' }).click();
  await expect(page).toHaveURL(/\/custom\/format\/form\/sub\?id=\d+$/);
  await expect(page.locator('.wb-form-designer:visible')).toBeVisible();
  await expect(view(page)).toContainText(copyCode);
  // the refused import and copy: the browser logs their 400 answers
  await expectNoConsoleErrors(problems, [/status of 400/]);
});
