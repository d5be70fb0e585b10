import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { Server } from 'node:http';

export interface Measured { mountMs: number; p50: number; p95: number; max: number; eventTimingMax: number; longTasks: number; longTaskMs: number }
interface Common { url: string; cpuThrottle?: number; readySelector?: string; timeout?: number; browser?: Browser; contextOptions?: BrowserContextOptions; prepare?: (page: Page) => Promise<void>; settleMs?: number }
/** The flags every benchmark launches Chromium with (headless, no background work of the browser's own). */
export const CHROMIUM_ARGS: string[];
/** The features Playwright turns off in every Chromium it launches, repeated in CHROMIUM_ARGS' one list. */
export const PLAYWRIGHT_DISABLED_FEATURES: string[];
/** Of Playwright's list, the features left on (not in CHROMIUM_ARGS' list). */
export const KEPT_ON_FEATURES: string[];
export function launch(): Promise<Browser>;
export function measureTyping(options: Common & { inputSelector: string; keys?: number; text?: string; gapMs?: number; beforeTyping?: (page: Page) => Promise<void> }): Promise<Measured & { samples: number[] }>;
export function measureScroll(options: Common & { scrollSelector: string; steps?: number; deltaY?: number; beforeScroll?: (page: Page) => Promise<void> }): Promise<Measured & { frames: number; scrolledPx: number }>;
export function serve(dir: string): Promise<Server>;
