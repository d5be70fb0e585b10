import { proxy } from 'valtio';

export interface Tab { label: string; value: string }
export const HOME_TAB: Tab = { label: '首页', value: '/clouds/index' };

/** Open pages as tag tabs; the home tab is fixed (spec 000 §4). */
export const tabsStore = proxy<{ tabs: Tab[] }>({ tabs: [HOME_TAB] });

export function openTab(tab: Tab): void {
  if (!tabsStore.tabs.some((t) => t.value === tab.value)) tabsStore.tabs.push(tab);
}

/** Closes a tab; answers where to go when it was the active one (the previous tab, or home). */
export function closeTab(value: string, active: string): string | null {
  if (value === HOME_TAB.value) return null;
  const index = tabsStore.tabs.findIndex((t) => t.value === value);
  if (index < 0) return null;
  tabsStore.tabs.splice(index, 1);
  if (value !== active) return null;
  return tabsStore.tabs[index - 1]?.value ?? HOME_TAB.value;
}

/** Keeps home and the current tab. */
export function closeOthers(active: string): string[] {
  const closed = tabsStore.tabs.filter((t) => t.value !== HOME_TAB.value && t.value !== active).map((t) => t.value);
  tabsStore.tabs = tabsStore.tabs.filter((t) => t.value === HOME_TAB.value || t.value === active);
  return closed;
}

/** Keeps only home. */
export function closeAll(): string[] {
  const closed = tabsStore.tabs.filter((t) => t.value !== HOME_TAB.value).map((t) => t.value);
  tabsStore.tabs = [HOME_TAB];
  return closed;
}
