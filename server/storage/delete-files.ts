import type { Logger } from '../log';
import type { BlobStore } from './blob-store';

/** Deletes files after their rows are gone; a failure is logged, not answered (the rows no longer point at them). */
export async function deleteFiles(deps: { storage: BlobStore; log: Logger }, keys: string[]) {
  const results = await Promise.allSettled(keys.map((key) => deps.storage.delete(key)));
  results.forEach((r, i) => r.status === 'rejected' && deps.log.warn({ err: r.reason, key: keys[i] }, 'could not delete a media file'));
}
