import type { Context } from 'hono';
import type { AppDeps } from '../context';
import { sendBlob } from '../http/send-blob';
import { findPublishedImages, imageKey } from '../publish/publish.service';

/** <version>-<file>: a file name of the version folder, never a path. */
const IMAGE_NAME = /^(\d{1,9})-([A-Za-z0-9_-]{1,80}\.webp)$/;

/**
 * A published image of the live snapshot: /images/<version>-<file>. Only the live version's folder is served;
 * earlier versions' files are deleted once a newer one is live. Null when the slug has no live snapshot (it may be an
 * address the portfolio had before).
 */
export async function servePublishedImage(deps: AppDeps, c: Context, slug: string, name: string): Promise<Response | null> {
  const live = await findPublishedImages(deps.db, slug);
  if (!live) return null;
  const match = IMAGE_NAME.exec(name);
  if (!match || live.version !== Number(match[1])) return c.text('Not found.', 404);
  return sendBlob(c, deps.storage, imageKey(live.folder, live.version, match[2]), {
    etag: `"${slug}-${name}"`,
    // Each address names its version: the bytes behind it never change.
    cacheControl: 'public, max-age=31536000, immutable',
  });
}
