import { useEffect } from 'react';
import { usePageActive } from './layout/kept-page';

export const APP_TITLE = '汽车衡统一管控平台';

/** The document title format of spec 000 §2.1: `{page} —— 汽车衡统一管控平台`. */
export function pageTitle(page: string): string {
  return `${page} —— ${APP_TITLE}`;
}

export function usePageTitle(page: string): void {
  const active = usePageActive();
  useEffect(() => { if (active) document.title = pageTitle(page); }, [page, active]);
}
