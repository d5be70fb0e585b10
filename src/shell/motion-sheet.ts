/**
 * antd's styles written at build time come as two stylesheets, one per motion setting (see
 * `build/antd-styles.ts`). The build links the one for reduced motion `disabled`: a browser neither
 * fetches nor parses a disabled stylesheet, and a sheet whose media query does not apply is otherwise
 * fetched and parsed all the same (690 KB; about 55 ms of a slow CPU at each page load, for styles
 * no one on that system sees). At the entry's start, each disabled sheet whose media query applies is
 * enabled here, so a system that asks for reduced motion gets its sheet.
 *
 * antd reads which styles the stylesheets hold once, when it first draws: the shell draws after
 * `stylesReady()`, that is after the sheets enabled here have loaded (or failed to). The sheet linked
 * as usual has loaded before any script runs.
 */
let ready: Promise<void> = Promise.resolve();

/** Enables the disabled stylesheets (in `root`) whose media query applies; `matches` answers a media query. */
export function enableMatchingSheets(root: ParentNode = document, matches: (query: string) => boolean = (q) => window.matchMedia?.(q).matches ?? false): Promise<void> {
  const links = [...root.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"][disabled][media]')].filter((link) => matches(link.media));
  ready = Promise.all(links.map((link) => new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    // a sheet that fails to load leaves antd to write its styles at run time, as in development
    link.addEventListener('error', () => resolve(), { once: true });
    link.removeAttribute('disabled');
  }))).then(() => undefined);
  return ready;
}

/** When the stylesheets enabled at the start have loaded. */
export const stylesReady = (): Promise<void> => ready;
