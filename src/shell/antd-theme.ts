import type { ThemeConfig } from 'antd';

/**
 * The house theme of antd: its colour and corner radius, and its animations on or off (off for a
 * person whose system asks for reduced motion). One description: the shell's ConfigProvider and the
 * build's pre-made stylesheet (build/antd-static-css.ts) both take it from here, so that the styles
 * made at build time are found by the running app (they are keyed by a hash of these tokens).
 */
export function antdTheme(reducedMotion: boolean): ThemeConfig {
  return { token: { colorPrimary: '#1f6fd1', borderRadius: 4, motion: !reducedMotion } };
}
