import type { Page } from '@playwright/test';

/** The page on screen (kept-alive menu pages stay in the DOM, hidden). */
export const view = (page: Page) => page.locator('.wb-page:visible');
/** The rows of the visible page's tables. */
export const rows = (page: Page) => view(page).locator('.ant-table-tbody tr.ant-table-row');
/** A button of the visible page's button group. */
export const button = (page: Page, name: RegExp) => view(page).locator('.wb-button-group').getByRole('button', { name });
/** The record form's dialog. */
export const formDialog = (page: Page) => page.locator('.ant-modal').filter({ has: page.locator('.wb-dynamic-form') });
