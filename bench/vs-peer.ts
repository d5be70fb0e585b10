import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { build } from 'vite';
import { startUiBench } from './bench-server';
import { bigFormStandIn, noticeLinesStandIn } from './form-frames';
import { routeRows } from './list-frames';
import { narrowRoutes } from './narrow-route';
import { measureScroll, measureTyping, serve, type Measured } from './peer/measure.mjs';

const FIELDS = 300;
const LINES = 300;
const ROWS = 50_000;
const THROTTLES = [1, 4];

/** The peers: plain Formily and antd pages (bench/peer), built with the product's own versions of React, antd and Formily. */
async function buildPeers(): Promise<string> {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'wb-peer-'));
  await build({ configFile: false, root: path.join(import.meta.dirname, 'peer'), base: './', plugins: [react()], logLevel: 'warn', build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 4000 } });
  return outDir;
}

async function signedIn(base: string, browser: Awaited<ReturnType<typeof startUiBench>>['browser']): Promise<BrowserContextOptions['storageState']> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByPlaceholder('用户名').fill('admin');
  await page.getByPlaceholder('密码').fill('Demo@2026');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  await page.waitForURL(/\/clouds/);
  const state = await context.storageState();
  await context.close();
  return state;
}

/** The first purchase notice's id (its detail answer is given 300 lines). */
async function firstNotice(base: string, state: BrowserContextOptions['storageState']): Promise<number> {
  const token = JSON.parse((state as { origins: { localStorage: { name: string; value: string }[] }[] }).origins[0].localStorage.find((e) => e.name === 'wb.session')!.value).accessToken as string;
  const res = await fetch(`${base}/api/purorder/pu-notice/list`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ limit: { pn: 1, ps: 1 } }) });
  return ((await res.json()) as { data: { list: { id: number }[] } }).data.list[0].id;
}

const formRoute = (textOnly: boolean) => (page: Page) => narrowRoutes(page, [bigFormStandIn(FIELDS, textOnly)]);
const linesRoute = (page: Page) => narrowRoutes(page, [noticeLinesStandIn(LINES)]);

interface Pair { name: string; metric: 'typing' | 'scroll'; peer: string; product: string }
const PAIRS: Pair[] = [
  { name: '300-field form, text fields', metric: 'typing', peer: 'form300', product: 'form-text' },
  { name: '300-field form, mixed kinds', metric: 'typing', peer: 'form300', product: 'form-mixed' },
  { name: '300-line master-child / ArrayTable', metric: 'typing', peer: 'table300', product: 'lines' },
  { name: '50,000-row list (wheel scroll)', metric: 'scroll', peer: 'list50k', product: 'list' },
];

const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN; };
const r2 = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '—');

/**
 * The product against plain Formily and antd pages, in one Chromium run, interleaved, with the same
 * probe (bench/peer/measure.mjs), at 1x and 4x CPU: mount, keystroke-to-next-frame p95, scroll
 * frame p95, and the product/peer ratios (below 1.0: the product is faster).
 * `npm run bench -- vs-peer [reps] [case,…]` (default 2 repetitions; medians are reported); the
 * cases, when named, are product or peer names of PAIRS (`list`, `form-mixed`, …) and keep their pairs.
 */
export async function benchVsPeer(): Promise<void> {
  const reps = Number(process.argv[3] ?? 2);
  const named = process.argv[4]?.split(',');
  const pairs = named ? PAIRS.filter((p) => named.includes(p.peer) || named.includes(p.product)) : PAIRS;
  if (!pairs.length) throw new Error(`no case named ${process.argv[4]}: the cases are ${PAIRS.map((p) => p.product).join(', ')}`);
  const peerDir = await buildPeers();
  const peerServer = await serve(peerDir);
  const peerBase = `http://127.0.0.1:${(peerServer.address() as { port: number }).port}/`;
  const { base, browser, close } = await startUiBench();
  try {
    const storageState = await signedIn(base, browser);
    const noticeId = await firstNotice(base, storageState);
    const contextOptions: BrowserContextOptions = { storageState, locale: 'zh-CN', viewport: { width: 1440, height: 900 } };
    const peerOptions: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };
    const cases: Record<string, (cpuThrottle: number) => Promise<Measured>> = {
      form300: (cpuThrottle) => measureTyping({ browser, cpuThrottle, contextOptions: peerOptions, url: `${peerBase}#form300`, inputSelector: 'input[placeholder="请输入字段10"]' }),
      table300: (cpuThrottle) => measureTyping({ browser, cpuThrottle, contextOptions: peerOptions, url: `${peerBase}#table300`, inputSelector: '.ant-table-tbody tr.ant-table-row input' }),
      list50k: (cpuThrottle) => measureScroll({ browser, cpuThrottle, contextOptions: peerOptions, url: `${peerBase}#list50k`, scrollSelector: '.ant-table-tbody-virtual-holder' }),
      'form-text': (cpuThrottle) => measureTyping({ browser, cpuThrottle, contextOptions, prepare: formRoute(true), url: `${base}/modules/material/as-driver/edit?type=create`, readySelector: `[data-field="f${FIELDS - 4}"]`, inputSelector: 'input[data-field="f20"]' }),
      'form-mixed': (cpuThrottle) => measureTyping({ browser, cpuThrottle, contextOptions, prepare: formRoute(false), url: `${base}/modules/material/as-driver/edit?type=create`, readySelector: `[data-field="f${FIELDS - 4}"]`, inputSelector: 'input[data-field="f20"]' }),
      lines: (cpuThrottle) => measureTyping({ browser, cpuThrottle, contextOptions, prepare: linesRoute, url: `${base}/modules/purorder/pu-notice/edit?type=update&id=${noticeId}`, readySelector: 'input[data-cell="invName"]', inputSelector: 'input[data-cell="invName"]' }),
      list: (cpuThrottle) => measureScroll({ browser, cpuThrottle, contextOptions, prepare: (page) => routeRows(page, ROWS), url: `${base}/modules/measure/mm-pu-weigh/index`, readySelector: '.wb-page .ant-table-tbody-virtual .ant-table-row', scrollSelector: '.wb-page:visible .ant-table-tbody-virtual-holder' }),
    };
    // the 50,000 rows the list's stand-in answers are made at its first request, once per process: one
    // unmeasured visit makes them, so that no repetition's mount counts their making
    if (pairs.some((p) => p.product === 'list')) await cases.list(1);
    const runs: Record<string, Measured[]> = {};
    // interleaved: every case once per repetition and throttle, peers and product in turn
    for (let rep = 0; rep < reps; rep++) {
      for (const cpuThrottle of THROTTLES) {
        for (const name of Object.keys(cases).filter((n) => pairs.some((p) => p.peer === n || p.product === n))) {
          const r = await cases[name](cpuThrottle);
          (runs[`${name}@${cpuThrottle}`] ??= []).push(r);
          console.log(`  rep ${rep + 1} ${name} ${cpuThrottle}x: mount ${r.mountMs} ms, p50 ${r.p50} ms, p95 ${r.p95} ms, max ${r.max} ms, long tasks ${r.longTasks} (${Math.round(r.longTaskMs)} ms)`);
        }
      }
    }
    const m = (name: string, cpu: number, key: 'mountMs' | 'p95') => median(runs[`${name}@${cpu}`].map((r) => r[key]));
    console.log(`\nmedians over ${reps} repetitions (ms); ratio = product / peer (≤ 1.0: the product is as fast or faster)`);
    console.log('| case | CPU | peer mount | product mount | mount ratio | peer p95 | product p95 | p95 ratio |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const pair of pairs) {
      for (const cpu of THROTTLES) {
        const [pm, qm, pp, qp] = [m(pair.peer, cpu, 'mountMs'), m(pair.product, cpu, 'mountMs'), m(pair.peer, cpu, 'p95'), m(pair.product, cpu, 'p95')];
        const p95 = pair.metric === 'typing' ? 'keystroke p95' : 'frame p95';
        console.log(`| ${pair.name} (${p95}) | ${cpu}x | ${pm} | ${qm} | ${r2(qm / pm)} | ${pp} | ${qp} | ${r2(qp / pp)} |`);
      }
    }
  } finally {
    await close();
    peerServer.close();
    fs.rmSync(peerDir, { recursive: true, force: true });
  }
}
