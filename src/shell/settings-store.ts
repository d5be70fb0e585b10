import { proxy, subscribe } from 'valtio';

const STORAGE_KEY = 'wb.settings';

/** Display settings kept in local storage, with the spec's defaults (spec 000 §3). */
export interface Settings {
  theme: 'light' | 'dark';
  themeName: string;
  /** "1" when data desensitisation is on (read from the server at sign-in). */
  desensitization: string;
  collapse: boolean;
  showTag: boolean;
  showMenu: boolean;
  lockPassword: string | null;
}

const DEFAULTS: Settings = { theme: 'light', themeName: 'white', desensitization: '0', collapse: false, showTag: true, showMenu: true, lockPassword: null };

function load(): Settings {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    return raw ? { ...DEFAULTS, ...(JSON.parse(raw) as Partial<Settings>) } : { ...DEFAULTS };
  } catch {
    return { ...DEFAULTS };
  }
}

export const settings = proxy<Settings>(load());
subscribe(settings, () => {
  try { globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(settings)); } catch { /* storage off */ }
});
