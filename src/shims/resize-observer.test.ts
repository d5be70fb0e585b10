import { ResizeObserver as Imported } from '@juggle/resize-observer';
import { describe, expect, it } from 'vitest';

describe('the ResizeObserver Formily imports', () => {
  it('is the browser’s own, not the polyfill that measures the page after every key and mouse event', () => {
    expect(globalThis.ResizeObserver).toBeTypeOf('function');
    expect(Imported).toBe(globalThis.ResizeObserver);
  });
});
