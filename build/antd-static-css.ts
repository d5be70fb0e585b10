/**
 * antd's styles made at build time (a Vite plugin).
 *
 * antd 5 writes each component's CSS in the browser when the component first renders (CSS-in-JS),
 * and on every mount of every instance checks the page's <style> elements for it: opening a form of
 * 300 fields spent about a tenth of its time there. This plugin renders the components the product
 * uses once on the build machine, in the house theme, and hands the collected CSS to the bundle as
 * the stylesheet `virtual:antd-static.css` (imported first by src/main.tsx). The stylesheet ends with
 * antd's own map of what it holds; a component whose style is in the map skips making and inserting
 * it. A component or theme not in the map (the reduced-motion theme, say) still gets its style made
 * in the browser, as before: the sheet only saves work, it never decides what is shown.
 *
 * Only production builds carry the sheet: antd's class names differ between development and
 * production builds, and the development server starts faster without it.
 */
import type { Plugin } from 'vite';
import { antdTheme } from '../src/shell/antd-theme.ts';

export const ANTD_STATIC_CSS = 'virtual:antd-static.css';
const RESOLVED = '\0antd-static.css';

/** The antd components the product renders (and those they render inside), by export name. */
const COMPONENTS = [
  'Alert', 'App', 'AutoComplete', 'Avatar', 'Badge', 'Button', 'Card', 'Checkbox', 'Col', 'Collapse', 'DatePicker',
  'Descriptions', 'Divider', 'Empty', 'Form', 'Image', 'Input', 'InputNumber', 'Layout', 'List', 'Pagination',
  'Progress', 'Radio', 'Result', 'Row', 'Segmented', 'Select', 'Skeleton', 'Space', 'Spin', 'Statistic', 'Switch',
  'Table', 'Tabs', 'Tag', 'TimePicker', 'Tree', 'TreeSelect', 'Typography', 'Upload',
];
/** Components whose style is registered by a static panel (they render into a portal otherwise). */
const PANELS = ['Modal', 'Drawer', 'Popconfirm', 'Popover', 'Tooltip', 'message', 'notification'];

type Any = any; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function extractAntdCss(): Promise<string> {
  if (process.env.NODE_ENV !== 'production') throw new Error('antd-static-css: production builds only (antd names its classes differently in development)');
  const pick = <T>(m: T & { default?: T }): T => (m.default ?? m) as T;
  const React = pick(await import('react')) as Any;
  const { renderToString } = pick(await import('react-dom/server')) as Any;
  const antd = pick(await import('antd')) as Any;
  const cssinjs = pick(await import('@ant-design/cssinjs')) as Any;
  const formily = pick(await import('@formily/antd-v5')) as Any;
  const { createForm } = pick(await import('@formily/core')) as Any;
  const { FormProvider } = pick(await import('@formily/react')) as Any;
  const h = React.createElement;
  const props: Record<string, Any> = {
    Dropdown: { menu: { items: [] } }, Menu: { items: [] }, Tree: { treeData: [] }, Tabs: { items: [] },
    Collapse: { items: [] }, Segmented: { options: [] }, List: { dataSource: [] }, Image: { src: '' },
  };
  const nodes = [
    ...COMPONENTS.map((name) => h(antd[name], { key: name, ...props[name] })),
    h(antd.Dropdown, { key: 'Dropdown', menu: { items: [] } }, h('span')),
    h(antd.Menu, { key: 'Menu', items: [] }),
    h(antd.Input.TextArea, { key: 'TextArea' }), h(antd.Input.Password, { key: 'Password' }), h(antd.Input.Search, { key: 'Search' }),
    h(antd.Space.Compact, { key: 'Compact' }), h(antd.Layout.Sider, { key: 'Sider' }), h(antd.Form.Item, { key: 'FormItem' }),
    ...PANELS.map((name) => h(antd[name]._InternalPanelDoNotUseOrYouWillBeFired, { key: name })),
    h(FormProvider, { key: 'formily', form: createForm() },
      h(formily.FormLayout, null, h(formily.FormGrid, null, h(formily.FormItem.BaseItem, { label: 'x' }, h(formily.Input)))),
      h(formily.PreviewText.Input, { value: 'x' })),
  ];
  const cache = cssinjs.createCache();
  // React's development-only warnings about the bare components rendered here are not ours to act on
  const warn = console.error;
  console.error = (...args: unknown[]) => { if (!String(args[0]).startsWith('Warning:')) warn(...args); };
  try {
    renderToString(h(cssinjs.StyleProvider, { cache }, h(antd.ConfigProvider, { theme: antdTheme(false) }, ...nodes)));
  } finally {
    console.error = warn;
  }
  const raw = cssinjs.extractStyle(cache, true) as string;
  if (!raw.includes('data-ant-cssinjs-cache-path') || raw.includes('css-dev-only')) throw new Error('antd-static-css: the extracted sheet is not a production sheet with its map');
  // a rule the browser would drop (Formily's FormItem writes one selector with '..') is dropped here too
  const { transform } = await import('lightningcss');
  const { code } = transform({ filename: 'antd-static.css', code: Buffer.from(raw), errorRecovery: true, minify: false });
  return code.toString();
}

/** The Vite plugin: `import 'virtual:antd-static.css'` is the sheet in production builds and empty in development. */
export function antdStaticCss(): Plugin {
  let production = false;
  let sheet: Promise<string> | undefined;
  return {
    name: 'wb-antd-static-css',
    configResolved(config) { production = config.isProduction && config.command === 'build'; },
    resolveId(id) { return id === ANTD_STATIC_CSS ? RESOLVED : undefined; },
    load(id) {
      if (id !== RESOLVED) return undefined;
      return production ? (sheet ??= extractAntdCss()) : '';
    },
  };
}
