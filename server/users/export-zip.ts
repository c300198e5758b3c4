import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Logger } from '../log';
import type { BlobStore } from '../storage/blob-store';
import type { ExportContents, ExportFile } from './export-contents';

const STAT_CONCURRENCY = 8;

export interface ExportArchive {
  stream: Readable;
  /** The archive's exact length, so the download can show its progress; null if it cannot be known. */
  size: number | null;
}

/** Each file's current size (the archive declares it before the bytes); files gone meanwhile are left out. */
async function sized(storage: BlobStore, log: Logger, files: ExportFile[]) {
  const out: Array<ExportFile & { size: number }> = new Array(files.length);
  for (let i = 0; i < files.length; i += STAT_CONCURRENCY) {
    await Promise.all(
      files.slice(i, i + STAT_CONCURRENCY).map(async (file, j) => {
        const info = await storage.stat(file.key);
        if (info) out[i + j] = { ...file, size: info.size };
        else log.warn({ key: file.key }, 'a listed file is missing from storage: left out of the export');
      }),
    );
  }
  return out.filter(Boolean);
}

/**
 * The archive as a stream: the JSON first, then every file copied from storage one at a time as the client reads
 * (each is opened only when its turn comes, and read no faster than the client takes it), so a portfolio of any
 * size costs the same memory. Nothing is compressed: images, video and audio are compressed already, and stored
 * entries let the archive's length be known before the first byte.
 */
export async function exportArchive(storage: BlobStore, log: Logger, contents: ExportContents): Promise<ExportArchive> {
  const files = await sized(storage, log, contents.files);
  const zip = new ZipFile();
  const now = new Date();
  for (const [name, value] of Object.entries(contents.json)) {
    zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), name, { compress: false, mtime: now });
  }

  let reading: Readable | null = null;
  for (const file of files) {
    zip.addReadStreamLazy(file.path, { compress: false, size: file.size, mtime: file.modified }, (done) => {
      storage.read(file.key).then(
        (object) => {
          if (!object) return done(new Error(`${file.key} disappeared during the export`), null as never);
          reading = object.body;
          done(null, object.body);
        },
        (err) => done(err, null as never),
      );
    });
  }

  const stream = zip.outputStream as Readable;
  // A client that goes away ends the copy: the file being read is closed (a bucket's connection goes back to its pool).
  stream.once('close', () => reading?.destroy());
  zip.once('error', (err: Error) => {
    log.error({ err }, 'the export stopped part-way');
    stream.destroy(err);
  });
  const size = await new Promise<number>((resolve) => (zip.end as (o: object, cb: (n: number) => void) => void)({}, resolve));
  return { stream, size: size >= 0 ? size : null };
}
