import { ApiError } from './api-error';
import { API_BASE, reportRequestError, request, type RequestOptions } from './request';

export interface DownloadOptions extends Omit<RequestOptions, 'responseType'> {
  /** Bytes received so far, and the number of rows the server announced (X-Total-Count) when it did. */
  onProgress?(received: number, total: number | null): void;
}

export interface DownloadResult { blob: Blob; fileName: string; total: number | null }

/** The file name of a Content-Disposition header: `filename*` (RFC 5987) first, then `filename`. */
export function fileNameOf(disposition: string | null, fallback = 'download'): string {
  if (!disposition) return fallback;
  const extended = /filename\*\s*=\s*([\w-]+)'[^']*'([^;]+)/i.exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch { /* a malformed escape: fall through to the plain name */ }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  return (plain?.[2] ?? plain?.[1])?.trim() || fallback;
}

function totalOf(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header);
}

/**
 * A file download through the request layer: the same headers, token refresh and typed errors
 * (a refused call's `{ success, code, msg }` becomes the ApiError request() throws, and the shell
 * shows it unless `quiet`). The body is read chunk by chunk to report the bytes received; a body cut
 * off half-way is a network failure, shown the same way.
 */
export async function download(options: DownloadOptions): Promise<DownloadResult> {
  const { onProgress, ...rest } = options;
  const response = await request<Response>({ ...rest, responseType: 'response' });
  const total = totalOf(response.headers.get('x-total-count'));
  const fileName = fileNameOf(response.headers.get('content-disposition'));
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  const chunks: BlobPart[] = [];
  let received = 0;
  onProgress?.(0, total);
  try {
    if (response.body) {
      const reader = response.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        received += value.byteLength;
        onProgress?.(received, total);
      }
    } else {
      const buffer = await response.arrayBuffer();
      chunks.push(buffer);
      onProgress?.(buffer.byteLength, total);
    }
  } catch (cause) {
    const error = new ApiError('network', 0, 'NETWORK', `下载中断：${String(cause)}`, `${API_BASE}${options.url}`);
    if (!options.quiet) reportRequestError(error);
    throw error;
  }
  return { blob: new Blob(chunks, { type }), fileName, total };
}
