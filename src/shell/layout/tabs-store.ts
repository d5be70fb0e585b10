import { proxy } from 'valtio';

export interface Tab { label: string; value: string; menuId?: number }
export const HOME_TAB: Tab = { label: '首页', value: '/clouds/index' };

/** Open pages as tag tabs; the home tab is fixed (spec 000 §4). */
export const tabsStore = proxy<{ tabs: Tab[] }>({ tabs: [HOME_TAB] });

type ClosedListener = (closed: Tab[]) => void;
const closedListeners = new Set<ClosedListener>();
/** Called with the tabs each close removed (the shell reports them to the server). */
export function onTabsClosed(listener: ClosedListener): () => void {
  closedListeners.add(listener);
  return () => closedListeners.delete(listener);
}
function closed(tabs: Tab[]): void {
  if (tabs.length) for (const l of closedListeners) l(tabs.map((t) => ({ ...t })));
}

export function openTab(tab: Tab): void {
  if (!tabsStore.tabs.some((t) => t.value === tab.value)) tabsStore.tabs.push(tab);
}

/** Closes a tab; answers where to go when it was the active one (the previous tab, or home). */
export function closeTab(value: string, active: string): string | null {
  if (value === HOME_TAB.value) return null;
  const index = tabsStore.tabs.findIndex((t) => t.value === value);
  if (index < 0) return null;
  const [tab] = tabsStore.tabs.splice(index, 1);
  closed([tab]);
  if (value !== active) return null;
  return tabsStore.tabs[index - 1]?.value ?? HOME_TAB.value;
}

/** Keeps home and the current tab. */
export function closeOthers(active: string): string[] {
  const gone = tabsStore.tabs.filter((t) => t.value !== HOME_TAB.value && t.value !== active);
  tabsStore.tabs = tabsStore.tabs.filter((t) => t.value === HOME_TAB.value || t.value === active);
  closed(gone);
  return gone.map((t) => t.value);
}

/** Keeps only home. */
export function closeAll(): string[] {
  const gone = tabsStore.tabs.filter((t) => t.value !== HOME_TAB.value);
  tabsStore.tabs = [HOME_TAB];
  closed(gone);
  return gone.map((t) => t.value);
}
