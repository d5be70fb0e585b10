import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadAtStart } from './pages/page-modules';
import { start } from './start';

vi.mock('./pages/page-modules', () => ({ preloadAtStart: vi.fn() }));
const preload = vi.mocked(preloadAtStart);

describe('the entry starts the app once, whatever the preload does', () => {
  afterEach(() => preload.mockReset());
  const at = { pathname: '/modules/material/as-driver/edit', search: '' };

  it('loads the app where the preload puts it, once', () => {
    const order: string[] = [];
    preload.mockImplementation((_location, loadApp) => { order.push('template'); loadApp(); order.push('page code'); });
    const loadApp = vi.fn(async () => { order.push('app'); });
    start(loadApp, at);
    expect(order).toEqual(['template', 'app', 'page code']);
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  it('loads the app when the preload fails before reaching it (a kept menu it cannot read)', () => {
    preload.mockImplementation(() => { throw new TypeError("Cannot read properties of undefined (reading 'children')"); });
    const loadApp = vi.fn(async () => {});
    expect(() => start(loadApp, at)).toThrow(TypeError);
    expect(loadApp).toHaveBeenCalledTimes(1);
  });
});
