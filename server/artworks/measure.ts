import type { Dimensions } from '../../src/schemas/artwork.schema';
import { mediaKindOf } from '../../src/schemas/media.schema';
import { measuredFromMedia, type Measured } from '../../src/schemas/measured';
import type { MediaType } from '../../src/schemas/media-type.schema';
import { normalizeDimensions, sameDimensions } from './artwork.dto';
import type { Db } from '../db/database';
import { recordArtworkEvent } from '../journal/journal.repo';
import { artworkToMeasure, filesToMeasure, writeRemeasuredDimensions } from './measure.repo';

/**
 * What the artwork's own file says of its dimensions (src/schemas/measured.ts): a digital picture's pixels from its
 * primary image, a video's size and length from its first video, a sound's length from its first audio file. Null
 * when it has no such file yet: the dimensions then stay as they are.
 */
export async function measuredDimensions(
  db: Db,
  artwork: { id: string; mediaType: MediaType; primaryImageMediaId: string | null },
): Promise<Measured | null> {
  const files = await filesToMeasure(db, artwork.id);
  return measuredFromMedia(
    artwork.mediaType,
    files.map((f) => ({ ...f, kind: mediaKindOf(f.contentType), isPrimary: f.id === artwork.primaryImageMediaId })),
  );
}

/** The dimensions with what the file says in place of the measured fields (as stored: normalized). */
export const withMeasured = (dimensions: Dimensions, measured: Measured | null): Dimensions =>
  normalizeDimensions(measured ? { ...dimensions, ...measured } : dimensions);

/**
 * After the artwork's files changed (one added, deleted, made primary): its measured dimensions follow them. A change
 * is recorded in the journal as the artist's own edits are ('artwork.updated', Dimensions). Call inside the
 * transaction of the change.
 */
export async function remeasureArtwork(db: Db, userId: string, artworkId: string) {
  const artwork = await artworkToMeasure(db, artworkId);
  if (!artwork) return;
  const measured = await measuredDimensions(db, { ...artwork, mediaType: artwork.mediaType as MediaType });
  const next = withMeasured(artwork.dimensions, measured);
  if (sameDimensions(artwork.dimensions, next)) return;
  await writeRemeasuredDimensions(db, artworkId, next);
  await recordArtworkEvent(db, {
    userId,
    type: 'artwork.updated',
    artworkId,
    title: artwork.title,
    mediaId: artwork.primaryImageMediaId,
    changedFields: ['dimensions'],
  });
}
