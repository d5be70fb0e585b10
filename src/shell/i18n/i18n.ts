import { proxy, useSnapshot } from 'valtio';
import { fill } from '../../runtime/runtime-context';
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

type Vars = Record<string, string | number>;

/** A message in the given language, its `{name}` placeholders filled from `vars`. */
export function translate(locale: string, key: MessageKey, vars?: Vars): string {
  return fill(CATALOGUES[locale === 'en-US' ? 'en-US' : 'zh-CN'][key] ?? zhCN[key], vars);
}

/** A message in the current language. */
export function t(key: MessageKey, vars?: Vars): string {
  return translate(i18nStore.locale, key, vars);
}

/** `t` that re-renders the component when the language changes. */
export function useT(): (key: MessageKey, vars?: Vars) => string {
  const { locale } = useSnapshot(i18nStore);
  return (key, vars) => translate(locale, key, vars);
}

export type { MessageKey };
