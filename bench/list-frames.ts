import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { startUiBench } from './bench-server';
import { callAsPage, narrowRoutes } from './narrow-route';
import { ms, percentile } from './stats';

const ROWS = 50_000;

/**
 * A stand-in for the list endpoint over many rows, made once per process and served from a loopback
 * server of its own: the browser fetches from it itself (a route continued to that address, its body
 * kept), so that neither the making of the rows nor their passage through the test driver is counted
 * in the page's mount. It answers each request's page (`limit {pn, ps}`) as the server does, with the
 * query's total.
 */
const bigLists = new Map<string, Promise<string>>();
async function bigListUrl(key: string, make: () => Promise<{ answer: { data: Record<string, unknown> }; rows: string[] }>): Promise<string> {
  let url = bigLists.get(key);
  if (!url) {
    url = make().then(({ answer, rows }) => new Promise<string>((resolve) => {
      // the answer around its rows, the rows already serialised: a page is sliced and joined
      const [head, tail] = JSON.stringify({ ...answer, data: { ...answer.data, list: '@@ROWS@@' } }).split('"@@ROWS@@"');
      const server = http.createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          const limit = (JSON.parse(Buffer.concat(chunks).toString() || '{}') as { limit?: { pn?: number; ps?: number } }).limit ?? {};
          const ps = limit.ps ?? 10;
          const from = ((limit.pn ?? 1) - 1) * ps;
          const body = Buffer.from(`${head}[${rows.slice(from, from + ps).join(',')}]${tail}`);
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length, 'cache-control': 'no-store' });
          res.end(body);
        });
      });
      server.unref();
      server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/rows`));
    }));
    bigLists.set(key, url);
  }
  return url;
}

/**
 * `rows` weigh records (copies of the first 100 the server has) on one page: the LIST template's page
 * size is made `rows`, and the list endpoint answers from those rows.
 */
export async function routeRows(page: Page, rows: number): Promise<void> {
  await narrowRoutes(page, [
    {
      pattern: '*/api/optimus_prime/optimusPrime?formatType=LIST*',
      stage: 'response',
      handle: (_, answer) => ({ json: { ...(answer as { data: object }), data: { ...(answer as { data: object }).data, ps: rows } } }),
    },
    {
      pattern: '*/api/measure/mm-pu-weigh/list',
      stage: 'request',
      handle: async (request) => ({
        url: await bigListUrl(`weigh:${rows}`, async () => {
          const body = JSON.parse(request.postData ?? '{}');
          const answer = (await callAsPage(request, { ...body, limit: { pn: 1, ps: 100 } })) as { data: Record<string, unknown> };
          const sample = answer.data.list as Record<string, unknown>[];
          answer.data.total = rows;
          return { answer, rows: Array.from({ length: rows }, (_, i) => JSON.stringify({ ...sample[i % sample.length], id: i + 1, billCode: `BENCH${String(i + 1).padStart(7, '0')}` })) };
        }),
      }),
    },
  ]);
}
/** A frame interval above this missed its 60 Hz slot: headless Chromium's frame timer jitters by ±0.1 ms around 16.7 ms. */
const LATE_MS = 17.5;

/**
 * Row boxes of the list clicked in turn (rows 2–5, each twice: chosen, then not), at a CPU throttle:
 * for each, the click's time stamp to the first frame painted after the box shows its new state.
 */
async function boxClicks(page: Page, cpu: number): Promise<number[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
  const rows = page.locator('.wb-page:visible .ant-table-tbody-virtual .ant-table-row');
  const times: number[] = [];
  try {
    for (let i = 0; i < 16; i++) {
      const input = rows.nth(1 + (i % 4)).locator('.ant-checkbox-input');
      const want = !(await input.isChecked());
      // a plain script (see above); the frame after the box is drawn in the state the click gave it (antd's class)
      await page.evaluate(`(() => {
        window.__click = null;
        const on = (e) => {
          document.removeEventListener('click', on, true);
          const t0 = e.timeStamp, box = e.target;
          const check = () => {
            if (box.parentElement.classList.contains('ant-checkbox-checked') !== ${want}) return requestAnimationFrame(check);
            requestAnimationFrame(() => { const ch = new MessageChannel(); ch.port1.onmessage = () => { window.__click = performance.now() - t0; }; ch.port2.postMessage(0); });
          };
          check();
        };
        document.addEventListener('click', on, true);
      })()`);
      await input.click();
      await page.waitForFunction(() => (window as unknown as { __click: number | null }).__click !== null);
      times.push(await page.evaluate(() => (window as unknown as { __click: number }).__click));
      await page.waitForTimeout(200);
    }
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
  return times;
}

/**
 * Frame times while scrolling a 50,000-row list in headless Chromium: the weigh-record list page
 * is given a page of 50,000 rows (the list switches to the antd table's virtual mode past 200 rows,
 * and loads such a page in blocks of 500 as they scroll into view) and scrolled by the mouse wheel
 * across several blocks; every animation frame's interval is recorded. Before the scroll, row boxes
 * are clicked at 1x and 4x CPU (boxClicks).
 */
export async function benchListFrames(): Promise<void> {
  const { base, browser, close } = await startUiBench();
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 }, locale: 'zh-CN' });
    await page.goto(`${base}/login`);
    await page.getByPlaceholder('用户名').fill('admin');
    await page.getByPlaceholder('密码').fill('Demo@2026');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/clouds/);
    await routeRows(page, ROWS);
    await page.goto(`${base}/modules/measure/mm-pu-weigh/index`);
    await page.locator('.wb-page:visible .ant-table-tbody').getByText('BENCH0000001').waitFor({ timeout: 60_000 });
    for (const cpu of [1, 4]) {
      const times = await boxClicks(page, cpu);
      console.log(`a row box clicked on the ${ROWS.toLocaleString('en')}-row page at ${cpu}x CPU (click → the next frame painted with the box changed, ${times.length} clicks): median ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))}`);
    }
    const body = page.locator('.wb-page:visible .ant-table-tbody-virtual-holder').first();
    const box = (await body.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    // a plain script: tsx would wrap a named inner function with a helper the page does not have
    await page.evaluate(`(() => {
      window.__frames = []; window.__last = performance.now(); window.__on = true;
      function tick(t) { window.__frames.push(t - window.__last); window.__last = t; if (window.__on) requestAnimationFrame(tick); }
      requestAnimationFrame(tick);
    })()`);
    for (let i = 0; i < 120; i++) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(16);
    }
    const frames = await page.evaluate(() => {
      const w = window as unknown as { __frames: number[]; __on: boolean };
      w.__on = false;
      return w.__frames.slice(2);
    });
    const late = frames.filter((f) => f > LATE_MS).length;
    const virtual = await page.locator('.wb-page:visible .ant-table-tbody-virtual').count();
    const firstShown = await page.locator('.wb-page:visible .ant-table-tbody-virtual .ant-table-row').first().textContent().catch(() => '');
    if (/BENCH0000001/.test(firstShown ?? '')) throw new Error('the list did not scroll: the measurement would be of an idle page');
    console.log(`scrolling a ${ROWS.toLocaleString('en')}-row list (virtual table: ${virtual ? 'yes' : 'no'}): ${frames.length} frames, scrolled to ${/BENCH\d+/.exec(firstShown ?? '')?.[0] ?? '?'}, frame time p50 ${ms(percentile(frames, 50))}, p95 ${ms(percentile(frames, 95))}, p99 ${ms(percentile(frames, 99))}; ${late} of ${frames.length} frames (${(100 * late / frames.length).toFixed(1)} %) took longer than one 60 Hz frame and its timer jitter (> ${ms(LATE_MS)})`);
  } finally {
    await close();
  }
}
