import type { Http } from './http';
import { downloadFile, type DataArchive, type DownloadProgress } from './download-file';

/** The paperwork as files (PDF or CSV): downloaded with the session's token, then saved under the server's name. */
export const createPaperworkService = (http: Http) => ({
  /** `path` under /api, such as `/consignment/<id>/form.pdf`; `fileName` is used when the server names none. */
  download: (path: string, fileName: string, onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<DataArchive> =>
    downloadFile(http, path, fileName, onProgress, signal),
});

export type PaperworkService = ReturnType<typeof createPaperworkService>;
