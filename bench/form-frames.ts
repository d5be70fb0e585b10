import type { Page } from 'playwright-core';
import { startUiBench } from './bench-server';
import { narrowRoutes, type NarrowRoute } from './narrow-route';
import { ms, percentile } from './stats';

const FIELDS = 300;
const LINES = 300;
const KEYSTROKES = 30;

/** A FORM template of `n` fields (text, number, choice, date in turn; or text only): the form engine's big case. */
export function bigForm(n: number, textOnly = false) {
  const kinds = [
    { formSubmitType: 'ONE_TXT', fieldType: 'CHAR' },
    { formSubmitType: 'ONE_TXT', fieldType: 'NUMBER' },
    { formSubmitType: 'SELECT', fieldType: 'ENUM', options: [{ value: 'A', label: '甲' }, { value: 'B', label: '乙' }] },
    { formSubmitType: 'DATA_BOX_TIM', fieldType: 'DATE' },
  ];
  return Array.from({ length: n }, (_, i) => ({ fieldName: `f${i}`, fieldExplain: `字段${i}`, seq: i, ishow: true, iupdate: true, irequired: i % 10 === 0, ...kinds[textOnly ? 0 : i % kinds.length] }));
}

/** Keystroke → next frame: each keydown stamps the time, the frame after it records the delay. */
async function installKeyProbe(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __lat: number[] };
    w.__lat = [];
    document.addEventListener('keydown', () => {
      const t0 = performance.now();
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => w.__lat.push(performance.now() - t0);
        ch.port2.postMessage(0);
      });
    }, true);
  });
}
async function keystrokes(page: Page, selector: string): Promise<number[]> {
  await installKeyProbe(page);
  await page.locator(selector).first().click();
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.keyboard.type(String(i % 10));
    await page.waitForTimeout(60);
  }
  await page.waitForTimeout(300);
  return page.evaluate(() => (window as unknown as { __lat: number[] }).__lat);
}

/** The driver form's FORM template answered with `fields` fields (text only, or mixed kinds). */
export const bigFormStandIn = (fields: number, textOnly = false): NarrowRoute => ({
  pattern: '*/api/optimus_prime/optimusPrime?formatType=FORM*',
  stage: 'response',
  handle: (_, answer) => {
    const { data } = answer as { data: { formatCode: string } };
    return { json: { ...(answer as object), data: data.formatCode === 'as_driver_form' ? { ...data, formSubList: bigForm(fields, textOnly) } : data } };
  },
});

/** A purchase notice's detail answered with `lines` lines (the 300-line document). */
export const noticeLinesStandIn = (lines: number): NarrowRoute => ({
  pattern: '*/api/purorder/pu-notice/detail/*',
  stage: 'response',
  handle: (_, answer) => ({
    json: { ...(answer as object), data: { ...(answer as { data: object }).data, children: { pu_notice_line: Array.from({ length: lines }, (_, i) => ({ id: 100000 + i, invName: `存货${i}`, planQty: String(i), doneQty: '0', maxLimit: null, isOpen: true })) } } },
  }),
});

/** Headless Chromium over the built app: a 300-field form and a 300-line master-child form, at full speed and 4x CPU slowdown. */
export async function benchFormFrames(): Promise<void> {
  const { base, browser, close } = await startUiBench();
  try {
    for (const slowdown of [1, 4]) {
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
      await page.goto(`${base}/login`);
      await page.getByPlaceholder('用户名').fill('admin');
      await page.getByPlaceholder('密码').fill('Demo@2026');
      await page.getByRole('button', { name: /登\s*录/ }).click();
      await page.waitForURL(/\/clouds/);
      // the templates are data: the bench serves a 300-field form and a 300-line document in their place
      await narrowRoutes(page, [bigFormStandIn(FIELDS), noticeLinesStandIn(LINES)]);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown });

      // 300-field dynamic form
      await page.goto(`${base}/modules/material/as-driver/index`);
      await page.locator('.wb-page:visible .ant-pagination-total-text').waitFor();
      const t0 = Date.now();
      await page.locator('.wb-page:visible .wb-button-group').getByRole('button', { name: /新\s*增/ }).click();
      await page.locator(`[data-field="f${FIELDS - 4}"]`).waitFor();
      const mount = Date.now() - t0;
      const typing = await keystrokes(page, '[data-field="f0"]');
      console.log(`${FIELDS}-field dynamic form (CPU ${slowdown}x): mount ${ms(mount)}, keystroke to next frame p50 ${ms(percentile(typing, 50))}, p95 ${ms(percentile(typing, 95))} over ${typing.length} keystrokes`);
      await page.keyboard.press('Escape');

      // master-child document with 300 lines
      await page.goto(`${base}/modules/purorder/pu-notice/index`);
      await page.locator('.wb-page:visible .ant-pagination-total-text').waitFor();
      await page.locator('.wb-page:visible .ant-table-tbody tr.ant-table-row').first().locator('.ant-checkbox').click();
      const t1 = Date.now();
      await page.locator('.wb-page:visible .wb-button-group').getByRole('button', { name: /修\s*改/ }).click();
      await page.locator('input[data-cell="invName"]').first().waitFor();
      const mount2 = Date.now() - t1;
      const typing2 = await keystrokes(page, 'input[data-cell="invName"]');
      console.log(`master-child form with ${LINES} lines (CPU ${slowdown}x): mount ${ms(mount2)}, keystroke in a line to next frame p50 ${ms(percentile(typing2, 50))}, p95 ${ms(percentile(typing2, 95))} over ${typing2.length} keystrokes`);
      await page.close();
    }
  } finally {
    await close();
  }
}
