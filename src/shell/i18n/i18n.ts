import { proxy, useSnapshot } from 'valtio';
import { enUS } from './en-US';
import { zhCN, type MessageKey } from './zh-CN';

export type Locale = 'zh-CN' | 'en-US';
const CATALOGUES: Record<Locale, Record<MessageKey, string>> = { 'zh-CN': zhCN, 'en-US': enUS };
const STORAGE_KEY = 'wb.locale';

function initialLocale(): Locale {
  try {
    const saved = globalThis.localStorage?.getItem(STORAGE_KEY);
    return saved === 'en-US' ? 'en-US' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

/** The interface language; zh-CN unless the user switched it in the top bar. */
export const i18nStore = proxy<{ locale: Locale }>({ locale: initialLocale() });

export function setLocale(locale: Locale): void {
  i18nStore.locale = locale;
  try { globalThis.localStorage?.setItem(STORAGE_KEY, locale); } catch { /* storage off */ }
}

/** A message in the current language. */
export function t(key: MessageKey): string {
  return CATALOGUES[i18nStore.locale][key] ?? zhCN[key];
}

/** `t` that re-renders the component when the language changes. */
export function useT(): (key: MessageKey) => string {
  const { locale } = useSnapshot(i18nStore);
  return (key) => CATALOGUES[locale][key] ?? zhCN[key];
}

export type { MessageKey };
