import { FullscreenExitOutlined, FullscreenOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Input } from 'antd';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import defaultLogoMain from '../assets/logo-main.svg';
import defaultLogoSub from '../assets/logo-sub.svg';
import { i18nStore, useT } from '../i18n/i18n';
import { logoStore } from './logo-store';
import { request } from '../request/request';
import { leaves, menuTitle, type MenuNode } from '../session/menu';
import { session } from '../session/session-store';

/** Autocomplete delay of the menu search (spec 000 §9). */
export const MENU_SEARCH_DEBOUNCE_MS = 500;

/**
 * Leaf entries whose title (Chinese, or English when it has one) contains the text
 * (case-insensitive), app-only entries excluded.
 */
export function searchMenus(menu: readonly MenuNode[], text: string): MenuNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return leaves(menu).filter((n) => n.title.toLowerCase().includes(needle) || !!n.titleEn?.toLowerCase().includes(needle)).slice(0, 20);
}

/** Top-bar menu search: autocomplete over the leaf entries by title, 500 ms after typing stops. */
export function MenuSearch({ onChoose }: { onChoose(node: MenuNode): void }) {
  const t = useT();
  const { menu } = useSnapshot(session);
  const { locale } = useSnapshot(i18nStore);
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const found = useMemo(() => searchMenus(menu as MenuNode[], query), [menu, query]);
  return (
    <AutoComplete
      className="wb-menu-search" value={text} popupMatchSelectWidth={260}
      options={found.map((n) => ({ value: String(n.id), label: menuTitle(n, locale) }))}
      onSearch={(v) => {
        setText(v);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => setQuery(v), MENU_SEARCH_DEBOUNCE_MS);
      }}
      onSelect={(id: string) => {
        const node = found.find((n) => String(n.id) === id);
        setText('');
        setQuery('');
        if (node) onChoose(node);
      }}
    >
      <Input size="small" prefix={<SearchOutlined />} placeholder={t('layout.menuSearch')} aria-label={t('layout.menuSearch')} allowClear />
    </AutoComplete>
  );
}

/** Full-screen toggle of the whole page. */
export function FullScreenToggle() {
  const t = useT();
  const [full, setFull] = useState(() => typeof document !== 'undefined' && !!document.fullscreenElement);
  useEffect(() => {
    const changed = () => setFull(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);
  const toggle = () => {
    const done = document.fullscreenElement ? document.exitFullscreen?.() : document.documentElement.requestFullscreen?.();
    void Promise.resolve(done).catch(() => undefined);
  };
  return (
    <span className="wb-header-item" role="button" aria-label={full ? t('layout.exitFullScreen') : t('layout.fullScreen')} title={full ? t('layout.exitFullScreen') : t('layout.fullScreen')} onClick={toggle}>
      {full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
    </span>
  );
}

/** Refresh: the current page is switched off for 200 ms and mounted again (spec 000 §4). */
export const REFRESH_OFF_MS = 200;
export function RefreshButton({ onRefresh }: { onRefresh(): void }) {
  const t = useT();
  return (
    <span className="wb-header-item" role="button" aria-label={t('layout.refresh')} title={t('layout.refresh')} onClick={onRefresh}>
      <ReloadOutlined />
    </span>
  );
}

/** The company's main and sub logo from /sys-group/getPic/{pkGroup}; the default images when that fails. */
export function LogoArea() {
  const { userInfo } = useSnapshot(session);
  const { version } = useSnapshot(logoStore);
  const t = useT();
  const group = userInfo?.orgs?.[0]?.pkGroup ?? userInfo?.currentGroup ?? null;
  const [logos, setLogos] = useState<{ main: string; sub: string }>({ main: defaultLogoMain, sub: defaultLogoSub });
  useEffect(() => {
    if (!group) return;
    let live = true;
    request<Record<string, string | null>>({ url: `/sys-group/getPic/${group}`, quiet: true })
      .then((d) => { if (live) setLogos({ main: d[`${group}_1`] || defaultLogoMain, sub: d[`${group}_0`] || defaultLogoSub }); })
      .catch(() => { if (live) setLogos({ main: defaultLogoMain, sub: defaultLogoSub }); });
    return () => { live = false; };
  }, [group, version]);
  return (
    <div className="wb-brand">
      <img className="wb-logo-main" src={logos.main} alt={t('layout.logoMain')} onError={(e) => { e.currentTarget.src = defaultLogoMain; }} />
      <div className="wb-brand-text">
        <span className="wb-brand-name">{t('appName')}</span>
        <img className="wb-logo-sub" src={logos.sub} alt={t('layout.logoSub')} onError={(e) => { e.currentTarget.src = defaultLogoSub; }} />
      </div>
    </div>
  );
}

/** Screen size classes at the widths 768, 992 and 1200 (spec 000 §2.3). */
export type ScreenClass = 'xs' | 'sm' | 'md' | 'lg';
export function screenClassOf(width: number): ScreenClass {
  return width < 768 ? 'xs' : width < 992 ? 'sm' : width < 1200 ? 'md' : 'lg';
}
const subscribeResize = (changed: () => void) => {
  window.addEventListener('resize', changed);
  return () => window.removeEventListener('resize', changed);
};
/**
 * The window's screen class, followed as it is resized. An external store: React reads the width
 * again once it listens, so a resize between the first render and the listener (a layout mounted
 * while the window changes) is not missed, as it was with a listener added by an effect.
 */
export function useScreenClass(): ScreenClass {
  return useSyncExternalStore(subscribeResize, () => screenClassOf(window.innerWidth), () => screenClassOf(1280));
}
