import { preloadAtStart } from './pages/page-modules';

/**
 * The entry's first step: the page an address opens is asked for before the app's own code (React,
 * antd, the shell) has loaded and been evaluated, then `loadApp` fetches the app (the entry's dynamic
 * import, so that its loading and evaluation no longer come first), then the page's own code.
 */
export function start(loadApp: () => Promise<unknown>): void {
  preloadAtStart(window.location, () => { void loadApp(); });
}
