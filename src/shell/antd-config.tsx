import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ANTD_TRANSFORMERS, AntdReset } from './antd-reset';
import { REDUCED_MOTION, antdTheme } from './antd-theme';

const reducedMotionQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(REDUCED_MOTION) : null);
const subscribeReducedMotion = (changed: () => void) => {
  const query = reducedMotionQuery();
  query?.addEventListener('change', changed);
  return () => query?.removeEventListener('change', changed);
};
const reducedMotionNow = () => reducedMotionQuery()?.matches ?? false;

/** Whether the person asked their system for less motion (followed while the page is open). */
const usePrefersReducedMotion = (): boolean => useSyncExternalStore(subscribeReducedMotion, reducedMotionNow);

/**
 * antd in the chosen language and the house colours; its opening, closing and sliding animations are
 * turned off for a person whose system asks for reduced motion. Its per-component style resets are
 * written once for all components (`antd-reset.tsx`). A built application links the styles of the
 * components it uses, written at build time for both motion settings (`build/antd-styles.ts`): antd
 * writes at run time only what those stylesheets lack.
 */
export function AntdConfig({ locale, children }: { locale: string; children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(() => antdTheme(reducedMotion), [reducedMotion]);
  return (
    <StyleProvider transformers={ANTD_TRANSFORMERS}>
      <ConfigProvider locale={locale === 'zh-CN' ? zhCN : enUS} theme={theme}>
        <AntdReset />
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}

