import { expect, type Locator, type Page } from '@playwright/test';
import { signIn } from './login';

/** The administrator signed in at the size the designer specs work at (1440 × 900), the menu shown. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, 'admin');
  await expect(page.getByRole('navigation', { name: '主菜单' })).toBeVisible();
}

/** The visual form designer of template `id` (FORM or DETAIL), opened and shown: its root. */
export async function openFormDesigner(page: Page, id: number): Promise<Locator> {
  await page.goto(`/custom/format/form/sub?id=${id}`);
  const designer = page.locator('.wb-form-designer:visible');
  await expect(designer).toBeVisible();
  return designer;
}
