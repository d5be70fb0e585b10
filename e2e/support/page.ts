import type { Locator, Page } from '@playwright/test';

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
