import { expect, type Locator, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo@2026';

interface Tokens { access_token: string; refresh_token: string; expires_in: number }
/** The demo users' sessions so far in this worker, by user name (see `signIn`). */
const sessions = new Map<string, Tokens>();

/**
 * Signs in. With another password than the demo one, or `{ form: true }`, through the login page as
 * a person would, and it returns once 登录 is clicked (the test checks what follows). A demo user
 * with the demo password is signed in as the login page would leave them, without going through
 * it: the session a sign-in gave that user earlier in the run is reused while the server still
 * takes it (a new one is asked for otherwise: revoked, signed out, forced out), put where the shell
 * keeps it with the menu's generation (as the login page leaves it: without it the shell's generation
 * check would read the user a second time), and home is opened; it returns once home shows the user
 * and the shell has kept their menu. Through the page a sign-in costs about three seconds of a slow
 * machine's CPU, and over a hundred tests sign in; the tests of the login page itself use the form.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, options: { form?: boolean } = {}): Promise<void> {
  if (options.form || password !== DEMO_PASSWORD) {
    await page.goto('/login');
    await page.getByPlaceholder('用户名').fill(username);
    await page.getByPlaceholder('密码').fill(password);
    await page.getByRole('button', { name: /登\s*录/ }).click();
    return;
  }
  let tokens = sessions.get(username);
  if (tokens && !(await page.request.get('/api/sys-info/me', { headers: { authorization: `Bearer ${tokens.access_token}` } })).ok()) tokens = undefined;
  if (!tokens) {
    const answer = await page.request.post('/api/oauth/token', {
      headers: { authorization: `Basic ${Buffer.from('web:web').toString('base64')}` },
      form: { grant_type: 'password', username, password },
    });
    if (!answer.ok()) throw new Error(`signing ${username} in: ${answer.status()} ${await answer.text()}`);
    tokens = (await answer.json()) as Tokens;
    sessions.set(username, tokens);
  }
  // an empty page of the application's origin (made here, asking for nothing, not even an icon) to put
  // the session where the shell keeps it
  const generation = await page.request.get('/api/sys-menu/generation', { headers: { authorization: `Bearer ${tokens.access_token}` } });
  if (!generation.ok()) throw new Error(`reading the menu generation as ${username}: ${generation.status()}`);
  const menuGeneration = ((await generation.json()) as { data: { generation: number } }).data.generation;
  const blank = '/e2e-blank';
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><link rel="icon" href="data:,"><title></title>' }));
  await page.goto(blank);
  await page.unroute(blank);
  await page.evaluate(({ accessToken, refreshToken, expiresIn, menuGeneration }) => {
    // as the login page leaves it: the new session, no lock flag, nothing of a user signed in before
    localStorage.setItem('wb.session', JSON.stringify({ accessToken, refreshToken, expiresIn, menuGeneration }));
    localStorage.removeItem('wb.isLock');
    sessionStorage.removeItem('wb.isLock');
  }, { accessToken: tokens.access_token, refreshToken: tokens.refresh_token, expiresIn: tokens.expires_in, menuGeneration });
  await page.goto('/');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  // the shell has read the user and then the menu, and kept them (the login page waits for both too)
  await page.waitForFunction(() => ((JSON.parse(localStorage.getItem('wb.session') ?? '{}') as { menu?: unknown[] }).menu?.length ?? 0) > 0);
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
