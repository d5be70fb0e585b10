import type { ThemeConfig } from 'antd';

/** The media query of a system that asks for less motion. */
export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
/** The media query under which the theme is `antdTheme(reducedMotion)`. */
export const motionMedia = (reducedMotion: boolean): string => (reducedMotion ? REDUCED_MOTION : '(prefers-reduced-motion: no-preference)');

/**
 * antd's theme: the house colours, and no opening, closing or sliding animations for a person whose
 * system asks for reduced motion. The shell (`antd-config.tsx`) and the build's stylesheets of antd's
 * styles (`build/antd-styles.ts`) both read it, so that the styles written at build time are the ones
 * the page would write.
 */
export function antdTheme(reducedMotion: boolean): ThemeConfig {
  return { token: { colorPrimary: '#1f6fd1', borderRadius: 4, motion: !reducedMotion } };
}
