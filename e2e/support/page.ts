import type { Locator, Page } from '@playwright/test';

/** The page on screen (kept tabs stay in the DOM, hidden). */
export const view = (page: Page): Locator => page.locator('.wb-page:visible');
/** The rows of the list page on screen. */
export const rows = (page: Page): Locator => view(page).locator('.wb-list-page .ant-table-tbody tr.ant-table-row');
/** A button of the list page's button group. */
export const button = (page: Page, name: RegExp): Locator => view(page).locator('.wb-button-group').getByRole('button', { name });
/** The open form dialog (新增 / 修改 of a list that opens its form in a dialog). */
export const formDialog = (page: Page): Locator => page.locator('.ant-modal').filter({ has: page.locator('.wb-dynamic-form') });
