import { describe, expect, it } from 'vitest';
import { enableMatchingSheets, stylesReady } from './motion-sheet';

const REDUCE = '(prefers-reduced-motion: reduce)';
const MOVING = '(prefers-reduced-motion: no-preference)';

/** The head the build writes: the sheet for motion linked as usual, the one for reduced motion disabled. */
// (in an element of no document: the test environment would fetch what the links name)
const doc = document.createElement('head');
function head(): { moving: HTMLLinkElement; still: HTMLLinkElement } {
  doc.innerHTML = `<link rel="stylesheet" href="/assets/antd-1.css" media="${MOVING}"><link rel="stylesheet" href="/assets/antd-reduced-motion-2.css" media="${REDUCE}" disabled>`;
  const [moving, still] = doc.querySelectorAll('link');
  return { moving, still };
}
const settled = async (p: Promise<void>) => { let done = false; void p.then(() => { done = true; }); for (let i = 0; i < 5; i++) await Promise.resolve(); return done; };

describe("antd's stylesheet for reduced motion", () => {
  it('stays disabled (neither fetched nor parsed) where the system does not ask for reduced motion, and the shell draws at once', async () => {
    const { moving, still } = head();
    expect(still.hasAttribute('disabled')).toBe(true);
    const ready = enableMatchingSheets(doc, (q) => q === MOVING);
    expect(still.hasAttribute('disabled')).toBe(true);
    expect(moving.hasAttribute('disabled')).toBe(false);
    expect(await settled(ready)).toBe(true);
    expect(await settled(stylesReady())).toBe(true);
  });

  it('is enabled where the system asks for reduced motion, and the shell draws once it has loaded', async () => {
    const { still } = head();
    const ready = enableMatchingSheets(doc, (q) => q === REDUCE);
    expect(still.hasAttribute('disabled')).toBe(false);
    expect(await settled(ready)).toBe(false);
    expect(await settled(stylesReady())).toBe(false);
    still.dispatchEvent(new Event('load'));
    expect(await settled(ready)).toBe(true);
  });

  it('lets the shell draw when the sheet fails to load (antd then writes its styles at run time)', async () => {
    const { still } = head();
    const ready = enableMatchingSheets(doc, (q) => q === REDUCE);
    expect(await settled(ready)).toBe(false);
    still.dispatchEvent(new Event('error'));
    expect(await settled(ready)).toBe(true);
  });
});
