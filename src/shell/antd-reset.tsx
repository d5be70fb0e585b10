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
 * box-sizing on every antd element (weight of two classes, as antd's own had it).
 *
 * antd writes the second as a descendant of the root (`.root [class^="ant-"]`). The browser cannot
 * rule that out for an element with an antd class by its ancestors' names (they all have a class
 * attribute): for each such element it walks up to a root, for each of the twelve selectors (two root
 * forms, two inner forms, the element and its ::before and ::after). A trace of a 50,000-row list
 * scrolled at 4x CPU put those twelve at about 40 % of the selector matching of each frame's style.
 * The attribute twice on the element gives the same weight with no walk: an antd element outside
 * every root (none: popups carry the root class too) would be the only difference.
 */
export function resetStyle(token: { fontFamily: string; fontSize: number }, hashId: string): CSSObject {
  const root = hashId ? `:where(.${hashId})` : '';
  const roots = [`${root}[class^="ant-"]`, `${root}[class*=" ant-"]`];
  const inner = ['[class^="ant-"][class^="ant-"]', '[class*=" ant-"][class*=" ant-"]'];
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
