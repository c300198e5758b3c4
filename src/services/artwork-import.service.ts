import type { Http } from './http';
import { importReportSchema, type ImportReport } from '../schemas/artwork-import.schema';
import { ServiceError, call } from './api-error';
import type { QueryCache } from './query-cache';
import { downloadFile, type DataArchive, type DownloadProgress } from './download-file';

/**
 * An inventory CSV sent as the request body (text/csv) to POST /api/artwork/import: the server's report is the answer
 * whether it accepted the file (200, 201) or found problems in it (400); anything else is a failure.
 */
export function createArtworkImportService(http: Http, cache: QueryCache) {
  const send = (file: File, dryRun: boolean, signal?: AbortSignal): Promise<ImportReport> =>
    call(async () => {
      const res = await http.post('/artwork/import', file, {
        params: { dryRun: String(dryRun) },
        headers: { 'Content-Type': 'text/csv' },
        signal,
        validateStatus: (status) => status === 200 || status === 201 || status === 400,
      });
      const report = importReportSchema.safeParse(res.data);
      if (!report.success) {
        const message = (res.data as { message?: unknown } | undefined)?.message;
        throw new ServiceError(typeof message === 'string' ? message : 'The answer could not be read.', res.status);
      }
      return report.data;
    });
  return {
    /** Every artwork in the import's columns (GET /api/artwork/export.csv), as a file to save. */
    downloadCsv: (onProgress: (p: DownloadProgress) => void, signal?: AbortSignal): Promise<DataArchive> =>
      downloadFile(http, '/artwork/export.csv', 'artworks.csv', onProgress, signal),
    /** The dry run: what each row would become, nothing written. */
    check: (file: File, signal?: AbortSignal) => send(file, true, signal),
    /** The import itself; works created change the lists and the journal. */
    run: async (file: File, signal?: AbortSignal) => {
      const report = await send(file, false, signal);
      if (report.imported > 0) {
        cache.invalidate(['artworks']);
        cache.invalidate(['journal']);
      }
      return report;
    },
  };
}

export type ArtworkImportService = ReturnType<typeof createArtworkImportService>;
