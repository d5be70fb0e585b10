import { expect, test } from './support/test';
import { KEPT_ON_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from '../bench/peer/measure.mjs';

/** The names of each `--disable-features` switch on a command line, in order. */
const disabledLists = (commandLine: string) =>
  [...commandLine.matchAll(/--disable-features=(\S*)/g)].map((m) => m[1].split(',').filter(Boolean));

test("the suite's Chromium keeps Playwright's disabled features and its own: the last --disable-features, the only one Chromium keeps, names them all", async ({ browser, playwright, launchOptions }) => {
  // Chromium keeps only the last list: FencedFrames, turned off by a first list, is on again after a second one
  const fencedFrames = async (args: string[]) => {
    const b = await playwright.chromium.launch({ ...launchOptions, args: ['--no-sandbox', ...args] });
    try { return await (await b.newPage()).evaluate(() => 'HTMLFencedFrameElement' in window); } finally { await b.close(); }
  };
  expect(await fencedFrames(['--disable-features=FencedFrames'])).toBe(false);
  expect(await fencedFrames(['--disable-features=FencedFrames', '--disable-features=PaintHolding'])).toBe(true);

  // the suite's browser: Playwright's list first, as bench/peer/measure.mjs repeats it, and ours last with
  // Playwright's names (but those it leaves on) and its own
  const page = await browser.newPage();
  await page.goto('chrome://version');
  const lists = disabledLists((await page.locator('#command_line').textContent()) ?? '');
  await page.close();
  expect(lists).toHaveLength(2);
  expect(lists[0]).toEqual(PLAYWRIGHT_DISABLED_FEATURES);
  expect(lists[1]).toEqual([...PLAYWRIGHT_DISABLED_FEATURES.filter((f) => !KEPT_ON_FEATURES.includes(f)), 'WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']);
  expect(lists[1]).not.toContain('PaintHolding');
});
