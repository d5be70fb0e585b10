import { expect, test, type Page } from './support/test';
import { expectNoConsoleErrors, openFromSidebar, signIn, watchConsole } from './support/login';
import { askSuggestions, button, formDialog, rows, typeInEditor } from './support/page';

/** Every Content-Security-Policy violation the page reports, across navigations. */
async function watchPolicy(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('__wbPolicyViolation', (v: string) => { violations.push(v); });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __wbPolicyViolation(v: string): void }).__wbPolicyViolation(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return violations;
}

test('under the Content-Security-Policy the sign-in page, home, a list, a form and the Monaco SQL editor run with nothing blocked', async ({ page }) => {
  const problems = watchConsole(page);
  const violations = await watchPolicy(page);
  // the role form's 说明 as a SQL sentence (templates are data: the test changes the data), so Monaco loads
  await page.route('**/api/optimus_prime/optimusPrime?formatType=FORM*', async (route) => {
    const answer = await (await route.fetch()).json();
    for (const f of answer.data.formSubList ?? []) if (f.fieldName === 'description') f.formSubmitType = 'TEXTAREA_SENTENCE';
    await route.fulfill({ json: answer });
  });

  const login = await page.goto('/login');
  const headers = login!.headers();
  expect(headers['content-security-policy']).toContain("script-src 'self';");
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['referrer-policy']).toBeTruthy();
  expect(headers['x-content-type-options']).toBe('nosniff');
  await expect(page.getByPlaceholder('用户名')).toBeVisible();

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds\/index/);
  await expect(page.getByRole('navigation', { name: /^(主菜单|Main menu)$/ })).toBeVisible();

  await openFromSidebar(page, '采购管理', '采购通知单');
  await expect(rows(page).first()).toBeVisible();
  await button(page, /新\s*增/).click();
  await expect(formDialog(page).getByText('采购通知单明细')).toBeVisible();

  // a fresh document (the open dialog and the list's kept-alive tab go), loaded again under the policy
  await page.goto('/clouds/index');
  await openFromSidebar(page, '系统管理', '角色管理');
  await button(page, /新\s*增/).click();
  const editor = formDialog(page).locator('.wb-sql-editor .monaco-editor');
  await expect(editor).toBeVisible();
  await typeInEditor(page, editor, 'SEL');
  // the suggestions come from Monaco running under the policy
  await askSuggestions(page, 'SELECT');
  expect(await page.evaluate(() => document.querySelectorAll('script:not([src])').length)).toBe(0);
  // the SQL editor registers no feature that needs Monaco's worker yet: start it as Monaco would, to show the policy lets it run
  const started = page.waitForEvent('worker', { timeout: 10_000 });
  await page.evaluate(() => { (self as unknown as { MonacoEnvironment: { getWorker(): Worker } }).MonacoEnvironment.getWorker(); });
  const worker = await started;
  expect(worker.url()).toMatch(/\/assets\/editor\.worker-[\w-]+\.js$/);
  expect(await worker.evaluate(() => typeof self.postMessage)).toBe('function');

  expect(violations).toEqual([]);
  await expectNoConsoleErrors(problems);
});

for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test(`antd's styles come from the build's stylesheet for the system's motion setting (${reducedMotion}): a list and its form write almost none at run time`, async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    const problems = watchConsole(page);
    // the sheet for reduced motion is fetched only where the system asks for it (the build links it disabled)
    const stillSheets: string[] = [];
    page.on('request', (r) => { if (r.url().includes('/assets/antd-reduced-motion')) stillSheets.push(r.url()); });
    await signIn(page, 'admin');
    await openFromSidebar(page, '采购管理', '采购通知单');
    await expect(rows(page).first()).toBeVisible();
    await button(page, /新\s*增/).click();
    await expect(formDialog(page).getByText('采购通知单明细')).toBeVisible();

    // the stylesheet linked for this motion setting is the one in force, and antd reads its map of styles
    const sheets = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet][href*="/antd"]')]
      .map((l) => ({ href: l.getAttribute('href')!, media: l.media, applies: matchMedia(l.media).matches })));
    expect(sheets).toHaveLength(2);
    expect(sheets.filter((s) => s.applies)).toEqual([expect.objectContaining({ media: `(prefers-reduced-motion: ${reducedMotion})` })]);
    if (reducedMotion === 'reduce') expect(stillSheets.length).toBeGreaterThan(0);
    else expect(stillSheets).toEqual([]);
    // the page shows antd's table, buttons and dialog styled with the house colour…
    const primary = formDialog(page).locator('.ant-btn-primary').first();
    await expect(primary).toHaveCSS('background-color', 'rgb(31, 111, 209)');
    await expect(page.locator('.ant-table-wrapper').first()).toHaveCSS('clear', 'both');
    // …and antd wrote at run time only the few styles the sheet lacks (about 50 without it)
    const written = await page.evaluate(() => [...document.querySelectorAll('style[data-css-hash]')].map((s) => s.textContent!.slice(0, 80)));
    expect(written.length, written.join('\n')).toBeLessThanOrEqual(10);
    expect(written.filter((css) => /\.ant-(btn|table|modal|form)\b/.test(css))).toEqual([]);
    await expectNoConsoleErrors(problems);
    await context.close();
  });
}
