import type { Context } from 'hono';
import type { AppDeps } from '../context';
import { sendBlob } from '../http/send-blob';
import { imageKey } from '../publish/publish.service';
import { findPublishedVersion } from '../publish/publish.service';

/** <version>-<file>: a file name of the version folder, never a path. */
const IMAGE_NAME = /^(\d{1,9})-([A-Za-z0-9_-]{1,80}\.webp)$/;

/**
 * A published image of the live snapshot: /images/<version>-<file>. Only the live version's folder is served;
 * earlier versions' files are deleted once a newer one is live.
 */
export async function servePublishedImage(deps: AppDeps, c: Context, slug: string, name: string): Promise<Response> {
  const match = IMAGE_NAME.exec(name);
  if (!match || (await findPublishedVersion(deps.db, slug)) !== Number(match[1])) return c.text('Not found.', 404);
  return sendBlob(c, deps.storage, imageKey(slug, Number(match[1]), match[2]), {
    etag: `"${slug}-${name}"`,
    // Each address names its version: the bytes behind it never change.
    cacheControl: 'public, max-age=31536000, immutable',
  });
}
