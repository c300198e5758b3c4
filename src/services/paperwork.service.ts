import type { Http } from './http';
import { call } from './api-error';
import type { DataArchive, DownloadProgress } from './user.service';

/** The paperwork as files (PDF or CSV): downloaded with the session's token, then saved under the server's name. */
export const createPaperworkService = (http: Http) => ({
  /** `path` under /api, such as `/consignment/<id>/form.pdf`; `fileName` is used when the server names none. */
  download: (path: string, fileName: string, onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<DataArchive> =>
    call(async () => {
      const res = await http.get(path, {
        responseType: 'blob',
        signal,
        onDownloadProgress: (e) => onProgress({ loaded: e.loaded, total: e.total ?? null }),
      });
      const named = /filename="([^"]+)"/.exec(String(res.headers['content-disposition'] ?? ''));
      return { blob: res.data as Blob, fileName: named?.[1] ?? fileName };
    }),
});

export type PaperworkService = ReturnType<typeof createPaperworkService>;
