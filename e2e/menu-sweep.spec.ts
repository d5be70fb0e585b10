import { expect, test, type Page } from './support/test';
import { MENU_TITLES_EN } from '../server/seed/menu-titles-en';
import { apiData } from './support/admin-api';
import { signIn, watchConsole } from './support/login';

interface MenuNode { id: number; uuid: string; title: string; titleEn?: string; urlPath: string | null; isApp: boolean; children: MenuNode[] }

/** Every entry the menu tree leads to (its leaves with a route in this app), as the sidebar offers them. */
function leaves(nodes: MenuNode[]): MenuNode[] {
  return nodes.filter((n) => !n.isApp).flatMap((n) => (n.children.length ? leaves(n.children) : n.urlPath && !n.urlPath.includes('http') ? [n] : []));
}
const route = (n: MenuNode) => `${n.urlPath!.split('?')[0].replace(/\/$/, '')}/index`;
const view = (page: Page) => page.locator('.wb-page:visible');
/** `SWEEP_SHOTS=1`: the sweep keeps a screenshot of each page in its output folder (not in CI: nobody looks at those). */
const SHOTS = process.env.SWEEP_SHOTS === '1';

/** Opens a route inside the running shell (one page for the whole sweep: no reload per entry). */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => { window.history.pushState({}, '', p); window.dispatchEvent(new PopStateEvent('popstate')); }, path);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
}

// one test per language (each sweeps every entry; with SWEEP_SHOTS=1, a screenshot of each page)
for (const [locale, size] of [['zh-CN', { width: 1440, height: 900 }], ['en-US', { width: 1280, height: 800 }]] as const) {
  test(`every menu entry opens a real page as admin (${locale}, ${size.width}×${size.height}), with no console error`, async ({ page }) => {
    test.setTimeout(240_000);
    const problems = watchConsole(page);
    await signIn(page, 'admin');
    await expect(page).toHaveURL(/\/clouds/);
    const entries = leaves(await apiData<MenuNode[]>(page, 'GET', '/sys-menu/list'));
    expect(entries.length, 'the admin holds every seeded page').toBeGreaterThan(30);

    await page.setViewportSize(size);
    await page.evaluate((l) => localStorage.setItem('wb.locale', l), locale);
    await page.goto('/clouds/index');
    const tabs = page.locator('.wb-tabs');
    await expect(tabs.getByRole('tab', { name: locale === 'en-US' ? 'Home' : '首页' })).toBeVisible();
    await expect(tabs.getByText(locale === 'en-US' ? 'More' : '更多')).toBeVisible();
    for (const entry of entries) {
      const title = locale === 'en-US' ? entry.titleEn ?? entry.title : entry.title;
      // a seeded entry speaks English; one an administrator (or another test) added keeps its own title
      if (locale === 'en-US' && entry.uuid in MENU_TITLES_EN) expect(entry.titleEn, `${entry.title} has an English title`).toBeTruthy();
      await go(page, route(entry));
      // the entry's tab is open and active, named in the language shown
      await expect(tabs.locator('.ant-tabs-tab-active')).toHaveText(title);
      await expect(view(page)).toBeVisible();
      // the page's main content, not a loading state
      await expect(view(page).locator('.ant-table-wrapper, .ant-card, .ant-form, .wb-weigh, .wb-format-list, .wb-datasource, .ant-tree, .ant-empty').first()).toBeVisible();
      await expect(view(page).locator('.ant-spin-spinning')).toHaveCount(0);
      await expect(view(page).locator('.wb-template-free'), `${entry.title}: no empty "no template" page`).toHaveCount(0);
      await expect(view(page)).not.toContainText('尚未配置模板');
      // a picture of every page to look at, when asked for (SWEEP_SHOTS=1; JPEG: a third of PNG's encoding time)
      if (SHOTS) await page.screenshot({ path: test.info().outputPath(`${locale}-${entry.uuid}.jpeg`), type: 'jpeg', quality: 80 });
      // close the tab again, so that the sweep does not keep every page alive
      await tabs.locator('.ant-tabs-tab-active .ant-tabs-tab-remove').click();
      await expect(tabs.locator('.ant-tabs-tab-active')).toHaveText(locale === 'en-US' ? 'Home' : '首页');
    }
    expect(problems, `${locale}: no console error while sweeping`).toEqual([]);
    await page.evaluate(() => localStorage.setItem('wb.locale', 'zh-CN'));
  });
}
