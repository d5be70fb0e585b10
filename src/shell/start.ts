import { enableMatchingSheets } from './motion-sheet';
import { preloadAtStart } from './pages/page-modules';

/**
 * The entry's first step: the page an address opens is asked for before the app's own code (React,
 * antd, the shell) has loaded and been evaluated, then `loadApp` fetches the app (the entry's dynamic
 * import, so that its loading and evaluation no longer come first), then the page's own code. The app
 * is loaded once whatever happens to the preload: a session or menu kept by an older release that the
 * preload cannot read must not leave a blank page.
 */
export function start(loadApp: () => Promise<unknown>, location: { pathname: string; search: string } = window.location): void {
  let loaded = false;
  const app = () => {
    if (loaded) return;
    loaded = true;
    void loadApp();
  };
  try {
    // antd's stylesheet for the system's motion setting, when it is not the one linked as usual
    void enableMatchingSheets();
    preloadAtStart(location, app);
  } finally {
    app();
  }
}
