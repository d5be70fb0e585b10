// Typing-latency and scroll-smoothness probe for any web page (playwright-core + system Chromium),
// the same probe for the product and for the plain Formily / antd peer pages (bench/vs-peer.ts).
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { chromium } from 'playwright-core'

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium'
/**
 * The features Playwright (1.65) turns off in every Chromium it launches. Chromium keeps only the last
 * `--disable-features` of its command line, whole, and Playwright writes its own before the caller's
 * arguments: a list of ours alone would turn all of these back on. Ours repeats them (but KEPT_ON_FEATURES), so that it carries
 * both (e2e/browser-flags.spec.ts reads the browser's command line and fails when Playwright's changes).
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
]
// Chromium's own address-bar pop-up (a WebUI page) is built for every new window: about a second of a
// core, while the measured page loads, on a small machine
const OWN_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup']
/**
 * Of Playwright's list, left on as Chromium has it: paint holding keeps the old page on screen during a
 * navigation within the site until the new one has something to show, instead of painting it blank
 * first. Turned off, the e2e suite's browsers took about a tenth more CPU (three of its files: 379 s
 * against 335–343 s of the machine's CPU); the suite has run with it on since the address-bar flag above
 * was added (its list then replaced Playwright's whole).
 */
export const KEPT_ON_FEATURES = ['PaintHolding']

// the flags of every headless Chromium of the project: the benchmarks' and the e2e suite's (playwright.config.ts)
export const CHROMIUM_ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES.filter((f) => !KEPT_ON_FEATURES.includes(f)), ...OWN_DISABLED_FEATURES].join(',')}`,
]

export const launch = () => chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS })

// Injected before any page script. Runs in the page, so it must be self-contained.
function probe(readySelector) {
  const B = (window.__bench = { keys: [], events: [], longTasks: [], frames: null })
  const afterPaint = (cb) =>
    requestAnimationFrame(() => {
      const ch = new MessageChannel()
      ch.port1.onmessage = () => cb(performance.now())
      ch.port2.postMessage(0)
    })
  let cur = null
  const settle = () => {
    const rec = cur
    if (!rec || rec.scheduled) return
    rec.scheduled = true
    afterPaint((t) => { rec.t1 = t; rec.resolve?.() })
  }
  addEventListener('keydown', (e) => { cur = { key: e.key, t0: performance.now() }; B.keys.push(cur) }, true)
  addEventListener('input', settle) // bubble phase on window: runs after the app's own handlers
  addEventListener('keyup', settle, true) // fallback when the key produced no input event
  B.waitKey = () => new Promise((r) => { const rec = B.keys.at(-1); if (!rec || rec.t1 !== undefined) r(); else rec.resolve = r })
  const keep = (list) => (l) => list.push(...l.getEntries().map((e) => ({ name: e.name, start: e.startTime, duration: e.duration })))
  new PerformanceObserver(keep(B.events)).observe({ type: 'event', durationThreshold: 16, buffered: true })
  new PerformanceObserver(keep(B.longTasks)).observe({ type: 'longtask', buffered: true })
  if (readySelector) {
    const mo = new MutationObserver(() => {
      if (!document.querySelector(readySelector)) return
      mo.disconnect()
      afterPaint((t) => { window.__ready ??= t })
    })
    mo.observe(document, { childList: true, subtree: true })
  }
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] : NaN
}
const round = (x) => Math.round(x * 10) / 10

async function withPage({ browser, cpuThrottle = 1, readySelector, contextOptions, prepare }, fn) {
  const own = !browser
  browser ??= await launch()
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, ...contextOptions })
  try {
    const page = await context.newPage()
    await page.addInitScript(probe, readySelector ?? null)
    await prepare?.(page) // e.g. routes that stand in for the server's answers, before the page loads
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottle })
    return await fn(page)
  } finally {
    await context.close()
    if (own) await browser.close()
  }
}

// Navigate and wait for window.__ready (set by the app, or by the probe once readySelector appears).
async function open(page, url, timeout) {
  await page.goto(url, { waitUntil: 'commit', timeout })
  await page.waitForFunction(() => window.__ready !== undefined, null, { timeout, polling: 100 })
  return page.evaluate(() => window.__ready) // ms since navigation start (performance time origin)
}

async function collect(page, since) {
  return page.evaluate((since) => {
    const B = window.__bench
    const events = B.events.filter((e) => e.start >= since)
    const longTasks = B.longTasks.filter((e) => e.start >= since)
    return {
      eventTimingMax: Math.max(0, ...events.map((e) => e.duration)),
      longTasks: longTasks.length,
      longTaskMs: longTasks.reduce((a, e) => a + e.duration, 0),
    }
  }, since)
}

/**
 * Opens `url`, waits until ready, clicks `inputSelector` and types `keys` characters one at a time.
 * Per key: keydown (capture) -> input handled -> next animation frame -> one task later (after paint).
 * @returns {Promise<{mountMs, p50, p95, max, eventTimingMax, longTasks, longTaskMs, samples}>}
 */
export async function measureTyping({
  url, inputSelector, keys = 30, cpuThrottle = 1, beforeTyping, readySelector,
  text = 'abcdefghijklmnopqrstuvwxyz', gapMs = 100, settleMs = 500, timeout = 120_000, browser, contextOptions, prepare,
}) {
  return withPage({ browser, cpuThrottle, readySelector, contextOptions, prepare }, async (page) => {
    const mountMs = await open(page, url, timeout)
    await beforeTyping?.(page)
    await page.click(inputSelector, { timeout })
    await page.waitForTimeout(settleMs)
    const since = await page.evaluate(() => (window.__bench.keys.length = 0, performance.now()))
    for (let i = 0; i < keys; i++) {
      await page.keyboard.press(text[i % text.length])
      await page.evaluate(() => window.__bench.waitKey())
      await page.waitForTimeout(gapMs)
    }
    const samples = await page.evaluate(() => window.__bench.keys.map((k) => k.t1 - k.t0))
    const rest = await collect(page, since)
    return { mountMs: round(mountMs), p50: round(pct(samples, 50)), p95: round(pct(samples, 95)), max: round(Math.max(...samples)), ...rest, samples: samples.map(round) }
  })
}

/**
 * Opens `url`, waits until ready, then sends `steps` mouse-wheel events over `scrollSelector`
 * (one per animation frame) while recording requestAnimationFrame deltas.
 * @returns {Promise<{mountMs, p50, p95, max, frames, scrolledPx, eventTimingMax, longTasks, longTaskMs}>}
 */
export async function measureScroll({
  url, scrollSelector, steps = 60, cpuThrottle = 1, deltaY = 120, readySelector, beforeScroll, settleMs = 500, timeout = 120_000, browser, contextOptions, prepare,
}) {
  return withPage({ browser, cpuThrottle, readySelector, contextOptions, prepare }, async (page) => {
    const mountMs = await open(page, url, timeout)
    await beforeScroll?.(page)
    const el = page.locator(scrollSelector).first()
    const box = await el.boundingBox({ timeout })
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await page.waitForTimeout(settleMs)
    const top0 = await el.evaluate((e) => e.scrollTop)
    const since = await page.evaluate(() => {
      const B = window.__bench
      B.frames = []
      const loop = (t) => { if (B.frames) { B.frames.push(t); requestAnimationFrame(loop) } }
      requestAnimationFrame(loop)
      return performance.now()
    })
    for (let i = 0; i < steps; i++) {
      await page.mouse.wheel(0, deltaY)
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())))
    }
    const ts = await page.evaluate(() => { const f = window.__bench.frames; window.__bench.frames = null; return f })
    const deltas = ts.slice(1).map((t, i) => t - ts[i])
    const scrolledPx = (await el.evaluate((e) => e.scrollTop)) - top0
    const rest = await collect(page, since)
    return { mountMs: round(mountMs), p50: round(pct(deltas, 50)), p95: round(pct(deltas, 95)), max: round(Math.max(...deltas)), frames: deltas.length, scrolledPx, ...rest }
  })
}

/** Serves a folder on 127.0.0.1 at a free port (SPA fallback to index.html). */
export function serve(dir) {
  const root = path.resolve(dir)
  const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json' }
  const server = http.createServer((req, res) => {
    const p = path.join(root, decodeURIComponent(new URL(req.url, 'http://x').pathname))
    const file = p.startsWith(root) && fs.statSync(p, { throwIfNoEntry: false })?.isFile() ? p : path.join(root, 'index.html')
    res.writeHead(200, { 'content-type': types[path.extname(file)] ?? 'application/octet-stream' })
    fs.createReadStream(file).pipe(res)
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}
