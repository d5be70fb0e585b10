import { beforeEach, describe, expect, it } from 'vitest';
import { HOME_TAB, closeAll, closeOthers, closeTab, openTab, tabsStore } from './tabs-store';

const a = { label: 'A', value: '/a/index' };
const b = { label: 'B', value: '/b/index' };
const c = { label: 'C', value: '/c/index' };

describe('tag tabs', () => {
  beforeEach(() => { tabsStore.tabs = [HOME_TAB]; [a, b, c].forEach(openTab); });

  it('opens a page once', () => {
    openTab(a);
    expect(tabsStore.tabs.map((t) => t.label)).toEqual(['首页', 'A', 'B', 'C']);
  });
  it('closing the active tab selects the previous one; the home tab cannot close', () => {
    expect(closeTab(b.value, b.value)).toBe(a.value);
    expect(closeTab(c.value, a.value)).toBeNull();
    expect(closeTab(a.value, a.value)).toBe(HOME_TAB.value);
    expect(closeTab(HOME_TAB.value, HOME_TAB.value)).toBeNull();
    expect(tabsStore.tabs).toEqual([HOME_TAB]);
  });
  it('close others keeps home and the current tab; close all keeps home', () => {
    expect(closeOthers(b.value)).toEqual([a.value, c.value]);
    expect(tabsStore.tabs.map((t) => t.label)).toEqual(['首页', 'B']);
    expect(closeAll()).toEqual([b.value]);
    expect(tabsStore.tabs).toEqual([HOME_TAB]);
  });
});

describe('closed-tab reports', () => {
  it('tells listeners which tabs each close removed, with their menu ids', async () => {
    const { onTabsClosed } = await import('./tabs-store');
    tabsStore.tabs = [HOME_TAB];
    [{ ...a, menuId: 1 }, { ...b, menuId: 2 }, { ...c, menuId: 3 }].forEach(openTab);
    const seen: (number | undefined)[][] = [];
    const off = onTabsClosed((tabs) => seen.push(tabs.map((t) => t.menuId)));
    closeTab(a.value, b.value);
    closeOthers(b.value);
    closeAll();
    closeAll();
    off();
    expect(seen).toEqual([[1], [3], [2]]);
  });
});
