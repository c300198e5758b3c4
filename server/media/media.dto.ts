import { IMAGE_SIZES, type MediaItem, mediaKindOf } from '../../src/schemas/media.schema';
import type { artworkMedia } from '../db/schema';
import type { MediaUrls } from '../media-urls';

export type MediaRow = typeof artworkMedia.$inferSelect;

/** A media file as the API answers it, with signed addresses of each stored size and of the original. */
export function toMediaItem(row: MediaRow, primaryId: string | null, urls: MediaUrls): MediaItem {
  const size = (name: (typeof IMAGE_SIZES)[number]) => (row.variants[name] ? urls.media(row.id, name) : null);
  return {
    mediaId: row.id,
    artworkId: row.artworkId,
    fileName: row.fileName,
    dateCreated: row.createdAt.toISOString(),
    fileSizeInBytes: row.fileSizeBytes,
    contentType: row.contentType,
    kind: mediaKindOf(row.contentType),
    width: row.width,
    height: row.height,
    durationMs: row.durationMs,
    isPrimary: row.id === primaryId,
    urls: {
      smCrop: size('smCrop'),
      sm: size('sm'),
      preview: size('preview'),
      medium: size('medium'),
      large: size('large'),
      original: urls.media(row.id),
    },
  };
}
