import { useStyleRegister, type CSSObject, type Transformer } from '@ant-design/cssinjs';
import { theme } from 'antd';

/**
 * antd (and Formily's antd components) begin every component's styles with the same reset, keyed by
 * the component's class prefix: `[class^="ant-table"], [class*=" ant-table"]` (font and box-sizing on
 * the component's root) with the same selector nested under it (box-sizing on its inner elements).
 * A page that has shown 50 kinds of component carries 200 such attribute selectors, and the browser
 * tests each of them against every element it styles: most of the style work of a list row scrolled
 * in, or of a form's fields as they mount.
 */
const COMPONENT_RESET = /^\[class\^="([^"]+)"\], \[class\*=" \1"\]$/;

/** Takes the per-component resets out of antd's styles; `AntdReset` writes them once for all components. */
export const dropComponentResets: Transformer = {
  visit(style: CSSObject): CSSObject {
    const keys = Object.keys(style);
    if (!keys.some((k) => COMPONENT_RESET.test(k))) return style;
    return Object.fromEntries(keys.filter((k) => !COMPONENT_RESET.test(k)).map((k) => [k, style[k]])) as CSSObject;
  },
};

/** antd's style transformers, for the shell and the build's stylesheets of antd's styles. */
export const ANTD_TRANSFORMERS = [dropComponentResets];

/**
 * The component resets, once for every class prefix and with their weights kept: the font and
 * box-sizing on a component's root (it carries the theme's hash class; weight of one class), and
 * box-sizing on the antd elements inside one (weight of two classes).
 */
export function resetStyle(token: { fontFamily: string; fontSize: number }, hashId: string): CSSObject {
  const root = hashId ? `:where(.${hashId})` : '';
  const roots = [`${root}[class^="ant-"]`, `${root}[class*=" ant-"]`];
  const inner = roots.flatMap((r) => [`${r} [class^="ant-"]`, `${r} [class*=" ant-"]`]);
  const box = { boxSizing: 'border-box', '&::before, &::after': { boxSizing: 'border-box' } } as const;
  return {
    [roots.join(', ')]: { fontFamily: token.fontFamily, fontSize: token.fontSize, ...box },
    [inner.join(', ')]: box,
  };
}

/** Registers the one reset with antd's style cache (inside the theme's ConfigProvider), ahead of antd's own styles (-999). */
export function AntdReset() {
  const { theme: designTheme, token, hashId } = theme.useToken();
  useStyleRegister({ theme: designTheme, token, hashId: '', path: ['wb-antd-reset', hashId], order: -1000 }, () => resetStyle(token, hashId));
  return null;
}
