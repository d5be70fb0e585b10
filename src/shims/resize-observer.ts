/**
 * Stands in for `@juggle/resize-observer` (vite.config.ts and vitest.config.ts alias it here):
 * Formily's FormGrid imports that polyfill, which does not defer to the browser's own
 * ResizeObserver. To notice size changes it listens to every key, mouse and focus event and to every
 * DOM change of the whole page, and then measures each observed grid on every animation frame for a
 * quarter of a second (a second after a change): each keystroke in a form forced a style and layout
 * pass and kept frames busy. Every browser the product supports has ResizeObserver, whose
 * notifications the same callbacks receive.
 */
export const ResizeObserver = globalThis.ResizeObserver;
export const ResizeObserverEntry = globalThis.ResizeObserverEntry;
