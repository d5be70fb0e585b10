import { expect, type Locator, type Page } from '@playwright/test';

/** The page on screen (kept-alive menu pages stay in the DOM, hidden). */
export const view = (page: Page): Locator => page.locator('.wb-page:visible');
/** The rows of the visible page's tables. */
export const rows = (page: Page): Locator => view(page).locator('.ant-table-tbody tr.ant-table-row');
/** The rows of the list on screen only (not of an edit page's child table). */
export const listRows = (page: Page): Locator => view(page).locator('.wb-list-page .ant-table-tbody tr.ant-table-row');
/** A button of the visible page's button group. */
export const button = (page: Page, name: RegExp): Locator => view(page).locator('.wb-button-group').getByRole('button', { name });
/** The record form's dialog (新增 / 修改 of a list that opens its form in a dialog). */
export const formDialog = (page: Page): Locator => page.locator('.ant-modal').filter({ has: page.locator('.wb-dynamic-form') });

/**
 * Searches the list on screen by its quick search: the text typed, then its search button. (An Enter
 * pressed just after a form dialog closed can reach the 新增 button the dialog hands the focus back
 * to, and open a new form instead of searching.)
 */
export async function quickSearch(page: Page, text: string): Promise<void> {
  await view(page).getByLabel('快速查询').fill(text);
  // (a `has` locator is matched inside each candidate: rooted at the page it would match nothing)
  await view(page).locator('.ant-input-search').filter({ has: page.getByLabel('快速查询') }).locator('.ant-input-search-button').click();
}

/** A picking field's popup: opened from the field, searched for `text`, the first match double-clicked (confirms). */
export async function pickInPopup(page: Page, field: Locator, title: string, text: string): Promise<void> {
  const popup = page.locator('.wb-resource-popup');
  await field.click();
  await expect(popup.locator('.ant-modal-title')).toHaveText(title);
  await popup.getByRole('searchbox', { name: '弹窗查询' }).fill(text);
  await popup.getByRole('searchbox', { name: '弹窗查询' }).press('Enter');
  await expect(popup.locator('.ant-table-tbody tr.ant-table-row').first()).toContainText(text);
  await popup.locator('.ant-table-tbody tr.ant-table-row').first().dblclick();
  await expect(popup).toBeHidden();
  await expect(field).toHaveValue(text);
}

/** A select's option chosen; the select is opened again while a closing popup took the first click. */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  await expect(async () => {
    if (!(await item.isVisible())) await select.click({ force: true });
    await expect(item).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await item.click();
}

/**
 * Text typed into a Monaco editor as a person does: clicked until it has the focus, then typed, and
 * seen in its lines. The editor mounts at 5×5 px and then grows: on a busy machine a click aimed while
 * it was that small landed beside it, and the keys typed after it went nowhere.
 */
export async function typeInEditor(page: Page, editor: Locator, text: string): Promise<void> {
  await expect(async () => {
    const box = await editor.boundingBox();
    expect(box && box.width > 50 && box.height > 50).toBe(true);
    await editor.locator('.view-lines').click();
    // Monaco marks the editor `focused` while its text has the focus
    await expect(editor).toHaveClass(/(^|\s)focused(\s|$)/, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.type(text);
  await expect(editor.locator('.view-lines')).toContainText(text);
}

/**
 * Monaco's suggestions asked for (Ctrl+Space) until `label` is among them, as a person does who sees an
 * empty box: Escape, then Ctrl+Space again. Monaco shows its widget 100 ms after deciding to and hides
 * it at once, so keys typed quickly can leave the widget open with nothing in it (its status bar only;
 * a race in Monaco's suggest widget, reported upstream as monaco-editor#2437); it stays so until closed.
 */
export async function askSuggestions(page: Page, label: string): Promise<void> {
  const widget = page.locator('.monaco-editor .suggest-widget');
  await page.keyboard.press('Control+Space');
  await expect(async () => {
    if (!(await widget.isVisible()) || !(await widget.textContent())?.includes(label)) {
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+Space');
    }
    await expect(widget).toContainText(label, { timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}
