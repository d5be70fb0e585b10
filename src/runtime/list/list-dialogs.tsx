import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

/*
 * The list's dialogs: the record form (and with it the form engine, the child tables and the
 * validation rules), the detail, the pictures and the weigh correction. A list's first drawing needs
 * none of them, so they are not part of the list's code: each loads when the browser is first idle
 * after the list is drawn, or when it is first opened, whichever comes first.
 */
const loadForm = () => import('../form/form-dialog');
const loadDetail = () => import('./detail-popup');
const loadPictures = () => import('./pictures-viewer');
const loadCorrection = () => import('./weigh-correct-dialog');

export const TemplateFormDialog = lazy(() => loadForm().then((m) => ({ default: m.TemplateFormDialog })));
export const DetailPopup = lazy(() => loadDetail().then((m) => ({ default: m.DetailPopup })));
export const PicturesViewer = lazy(() => loadPictures().then((m) => ({ default: m.PicturesViewer })));
export const WeighCorrectDialog = lazy(() => loadCorrection().then((m) => ({ default: m.WeighCorrectDialog })));

/**
 * Loads the dialogs' code when the browser is first idle after the list is drawn with its first rows
 * (`drawn`), so that the first 新增 or 详情 opens at once. Not before: the browser is idle while the
 * rows are on their way, and the dialogs' code (about 250 KB, run as it loads) would then be taken in
 * when the rows come, in their place.
 */
export function usePreloadDialogs(drawn: boolean): void {
  useEffect(() => {
    if (!drawn) return;
    const load = () => { void loadForm(); void loadDetail(); void loadPictures(); void loadCorrection(); };
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(load, { timeout: 5000 });
      return () => cancelIdleCallback(id);
    }
    const timer = setTimeout(load, 1000);
    return () => clearTimeout(timer);
  }, [drawn]);
}

/**
 * A dialog drawn from the first time it opens (its code loaded then, if it was not yet) and kept
 * after, so that it closes with its animation and keeps what it holds between openings as before.
 */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open ? <Suspense fallback={null}>{children}</Suspense> : null;
}
