import type { Http } from './http';
import { call } from './api-error';

/** A file as downloaded, ready to be saved under the name the server gave it. */
export interface DataArchive {
  blob: Blob;
  fileName: string;
}

/** Bytes received so far, and the file's length when the server said it. */
export interface DownloadProgress {
  loaded: number;
  total: number | null;
}

/**
 * GET `path` under /api as a file, with the session's token and its progress as it arrives; aborting the signal stops
 * it. Saved under the name the server gives (Content-Disposition), else `fallbackName`.
 */
export const downloadFile = (
  http: Http,
  path: string,
  fallbackName: string,
  onProgress: (p: DownloadProgress) => void,
  signal?: AbortSignal,
): Promise<DataArchive> =>
  call(async () => {
    const res = await http.get(path, {
      responseType: 'blob',
      signal,
      onDownloadProgress: (e) => onProgress({ loaded: e.loaded, total: e.total ?? null }),
    });
    const named = /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''));
    return { blob: res.data as Blob, fileName: named?.[1] ?? fallbackName };
  });
