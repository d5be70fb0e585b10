import { App as AntApp } from 'antd';
import { useCallback, useRef, useState } from 'react';
import type { Template } from '../../schema/template';
import { useRuntime, useTr } from '../runtime-context';
import { resourceBase } from './list-actions';
import type { ListQuery } from './opening-call';

/** How far an export has come: bytes received and the row count the server announced. */
export interface ExportProgress { received: number; total: number | null }

/**
 * The body of an export: the list's current search and sort and its template, without paging; with
 * rows selected, only those rows (by id, within the same search).
 */
export function exportRequestBody(template: Template, query: ListQuery, ids: readonly number[] = []): { search: unknown[]; sort: ListQuery['sort']; tplId: Template['id'] } {
  const selected = ids.length ? [{ key: 'id', op: 'in', val: [...ids] }] : [];
  return { search: [...(query.tree ? [query.tree] : []), ...(query.quick ? [query.quick] : []), ...query.advanced, ...selected], sort: query.sort, tplId: template.id ?? null };
}

/** Compressed bytes an .xlsx cell takes, about (measured on the weigh records: ~6.5 per cell). */
const BYTES_PER_CELL = 7;
const WORKBOOK_BYTES = 4096;

/** An estimate of the percentage received, from the bytes so far, the rows announced and the columns; never 100 before the end. */
export function estimatePercent(received: number, total: number | null, columns: number): number {
  if (total === null) return 0;
  const expected = WORKBOOK_BYTES + total * Math.max(1, columns) * BYTES_PER_CELL;
  return Math.min(99, Math.floor((received / expected) * 100));
}

/** Hands a file to the browser's downloads under its name. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the browser reads the object URL after the click returns
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * The list's 导出 action: posts the current query to `{resource}/export` (only the selected rows when
 * some are), reports progress while the file arrives, then saves it under the server's file name and
 * says 导出成功 (已导出所选的 N 条). A second start while one runs is ignored; a failure has been
 * shown by the host and only clears the progress.
 */
export function useExport(template: Template, query: ListQuery): { progress: ExportProgress | null; start(ids?: readonly number[]): void } {
  const { download } = useRuntime();
  const { message } = AntApp.useApp();
  const tr = useTr();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = useRef(false);

  const start = useCallback((ids: readonly number[] = []) => {
    if (running.current || !template.resUrl) return;
    running.current = true;
    setProgress({ received: 0, total: null });
    download({
      method: 'POST', url: `${resourceBase(template.resUrl)}/export`, body: exportRequestBody(template, query, ids),
      onProgress: (received, total) => setProgress({ received, total }),
    })
      .then((file) => {
        saveFile(file.blob, file.fileName);
        message.success(ids.length ? tr('已导出所选的 {n} 条', { n: ids.length }) : tr('导出成功'));
      })
      .catch(() => { /* the host has shown the failure */ })
      .finally(() => {
        running.current = false;
        setProgress(null);
      });
  }, [download, message, query, template, tr]);

  return { progress, start };
}
