/**
 * antd's styles rendered in Node for `build/antd-styles.ts`: the components are drawn once with React's
 * server renderer under the shell's theme and style transformers (`src/shell/antd-theme.ts`), into a style
 * cache of our own, and the cache's CSS is read with antd's map of the styles it holds. antd names its
 * theme's class after the build's mode (`css-…` in production, `css-dev-only-do-not-override-…`
 * otherwise): the build runs this with NODE_ENV=production, as the page it builds.
 */
import { StyleProvider, createCache, extractStyle } from '@ant-design/cssinjs';
import * as formily from '@formily/antd-v5';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import * as antd from 'antd';
import { createElement as h, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { ANTD_TRANSFORMERS, AntdReset } from '../src/shell/antd-reset.tsx';
import { antdTheme, motionMedia } from '../src/shell/antd-theme.ts';

type Any = ComponentType<Record<string, unknown>> & { _InternalPanelDoNotUseOrYouWillBeFired?: ComponentType<Record<string, unknown>> };

/**
 * Props a component is drawn with where its default draws less than the application shows: a table
 * with a page of rows draws its pager, a coloured tag its colours, a form its items.
 */
const DRAWN_WITH: Record<string, Record<string, unknown>> = {
  Table: { dataSource: [{ key: 1 }], columns: [{ key: 'key', dataIndex: 'key' }] },
  Tag: { color: 'blue' },
  Form: { children: h(antd.Form.Item, { label: ' ' }) },
};

/** What the components are drawn as: each itself, and the static panels of those whose styles show only in a pop-up. */
function antdNodes(names: string[]): ReactNode[] {
  const nodes: ReactNode[] = [];
  const all = antd as unknown as Record<string, Any>;
  for (const name of names) {
    const component = all[name];
    if (name === 'message' || name === 'notification') {
      // a message and a notification draw their styles only when shown: their panels draw them
      nodes.push(h(component._InternalPanelDoNotUseOrYouWillBeFired!, { key: name, content: ' ' }));
      continue;
    }
    if (!/^[A-Z]/.test(name) || !component) continue;
    nodes.push(h(component, { key: name, ...DRAWN_WITH[name] }));
    // a panel is drawn under a theme of its own (no motion, z-index 0): of its styles only those
    // under the page's theme are kept (below)
    if (component._InternalPanelDoNotUseOrYouWillBeFired) nodes.push(h(component._InternalPanelDoNotUseOrYouWillBeFired, { key: `${name}-panel` }));
  }
  return nodes;
}

export interface RenderedStyles {
  /** The stylesheet, ending with antd's map of the styles it holds. */
  css: string;
  /** The media query it is for. */
  media: string;
  /** How many styles it holds. */
  styles: number;
  /** Formily components that cannot be drawn without a schema (their antd components are drawn on their own). */
  skipped: string[];
}

/**
 * The styles of the named antd exports (components, and `message` / `notification`) and Formily
 * components, for one motion setting: those written under the page's theme, and the icons' reset that
 * the outermost ConfigProvider writes under the theme around it (antd's default).
 */
export function renderAntdStyles(antdNames: string[], formilyNames: string[], reducedMotion: boolean): RenderedStyles {
  const cache = createCache();
  const theme = antdTheme(reducedMotion);
  const tokenKeys = { page: '', around: '' };
  const ThemeKey = ({ of }: { of: keyof typeof tokenKeys }) => {
    tokenKeys[of] = (antd.theme.useToken().token as { _tokenKey?: string })._tokenKey ?? '';
    return null;
  };
  const draw = (node: ReactNode) => renderToString(h(StyleProvider, { cache, transformers: ANTD_TRANSFORMERS },
    h(ThemeKey, { of: 'around' }),
    h(antd.ConfigProvider, { theme }, h(AntdReset), h(ThemeKey, { of: 'page' }), node)));
  draw(antdNodes(antdNames));
  const skipped: string[] = [];
  const fromFormily = formily as unknown as Record<string, Any>;
  for (const name of formilyNames) {
    if (!fromFormily[name]) continue;
    try {
      draw(h(FormProvider, { form: createForm() }, h(fromFormily[name])));
    } catch {
      skipped.push(name);
    }
  }
  // a style cache key is `style%<theme's token key>%<path>`: the pop-up panels' themes are dropped
  let styles = 0;
  for (const key of [...cache.cache.keys()]) {
    const [kind, token, path] = key.split('%');
    if (kind !== 'style') continue;
    if (token === tokenKeys.page || (token === tokenKeys.around && path === 'ant-design-icons')) styles++;
    else cache.cache.delete(key);
  }
  return { css: extractStyle(cache, true), media: motionMedia(reducedMotion), styles, skipped };
}
