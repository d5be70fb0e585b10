import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';

/** Signs in through the login page as a person would. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** Fails the test on any uncaught error or console error in the page. */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
  return problems;
}

export async function expectNoConsoleErrors(problems: string[], allowed: RegExp[] = []): Promise<void> {
  expect(problems.filter((p) => !allowed.some((re) => re.test(p)))).toEqual([]);
}

/**
 * Opens a menu item as a person does: hover the first-level entry, then click the item in the
 * drawer. The first hover can land while the frame is still settling after sign-in, so the
 * pointer is moved off and on again until the drawer shows and the item is clicked.
 */
export async function openFromSidebar(page: Page, area: string, item: string): Promise<void> {
  const entry = page.getByRole('navigation', { name: /^(主菜单|Main menu)$/ }).getByText(area, { exact: true });
  const link = page.getByRole('menuitem', { name: item, exact: true });
  await expect(async () => {
    await page.mouse.move(600, 5);
    await entry.hover();
    await expect(link).toBeVisible({ timeout: 1000 });
    // the drawer can switch to another area between the hover and the click (the pointer crossing
    // the sidebar, the menu reloading after a change): then the item is gone and all is tried again
    await link.click({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

/** Switches the interface to English from the top bar (the hover is repeated until the menu shows, as in openFromSidebar). */
export async function switchToEnglish(page: Page): Promise<void> {
  const item = page.locator('.ant-dropdown:visible').getByText('English', { exact: true });
  await expect(async () => {
    await page.mouse.move(600, 400);
    await page.getByLabel('语言').hover();
    await expect(item).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await item.click();
}

/**
 * Hovers a trigger until what it opens shows (a hover that lands while the page is still settling
 * opens nothing), then clicks the item.
 */
export async function hoverAndClick(page: Page, trigger: Locator, item: Locator): Promise<void> {
  // hover and click together: a drop-down that closes again before the click (a slow frame) is opened anew
  await expect(async () => {
    await page.mouse.move(600, 400);
    await trigger.hover();
    await expect(item).toBeVisible({ timeout: 1000 });
    await item.click({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
}
