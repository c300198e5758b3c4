import { and, asc, eq, isNotNull, like, sql } from 'drizzle-orm';
import type { Dimensions } from '../../src/schemas/artwork.schema';
import type { MediaType } from '../../src/schemas/media-type.schema';
import { normalizeDimensions, sameDimensions } from '../artworks/artwork.dto';
import type { Db } from '../db/database';
import { artworkMedia, artworks } from '../db/schema';
import { recordArtworkEvent } from '../journal/journal.repo';

type Measured = Partial<Pick<Dimensions, 'height' | 'width' | 'durationInSeconds'>>;

/** Whole seconds, at least one: the form keeps durations as whole seconds. */
const seconds = (ms: number) => Math.max(1, Math.round(ms / 1000));

/** The earliest file of the artwork of one kind ('video/', 'audio/') whose facts were read. */
async function firstFile(db: Db, artworkId: string, kind: 'video/' | 'audio/') {
  const [row] = await db
    .select({ width: artworkMedia.width, height: artworkMedia.height, durationMs: artworkMedia.durationMs })
    .from(artworkMedia)
    .where(
      and(
        eq(artworkMedia.artworkId, artworkId),
        like(artworkMedia.contentType, `${kind}%`),
        kind === 'video/' ? isNotNull(artworkMedia.width) : isNotNull(artworkMedia.durationMs),
      ),
    )
    .orderBy(asc(artworkMedia.createdAt), asc(artworkMedia.id))
    .limit(1);
  return row ?? null;
}

/**
 * What the artwork's own file says of its dimensions (MEASURED_BY_TYPE in src/schemas/artwork.schema.ts): a digital picture's pixels from its primary
 * image, a video's size and length from its first video, a sound's length from its first audio file. Null when it has
 * no such file yet: the dimensions then stay as they are.
 */
export async function measuredDimensions(
  db: Db,
  artwork: { id: string; mediaType: MediaType; primaryImageMediaId: string | null },
): Promise<Measured | null> {
  switch (artwork.mediaType) {
    case 'DIGITAL_2D': {
      if (!artwork.primaryImageMediaId) return null;
      const [image] = await db
        .select({ width: artworkMedia.width, height: artworkMedia.height })
        .from(artworkMedia)
        .where(eq(artworkMedia.id, artwork.primaryImageMediaId));
      return image?.width && image.height ? { width: image.width, height: image.height } : null;
    }
    case 'VIDEO': {
      const video = await firstFile(db, artwork.id, 'video/');
      if (!video?.width || !video.height) return null;
      return { width: video.width, height: video.height, ...(video.durationMs ? { durationInSeconds: seconds(video.durationMs) } : {}) };
    }
    case 'AUDIO': {
      const audio = await firstFile(db, artwork.id, 'audio/');
      return audio?.durationMs ? { durationInSeconds: seconds(audio.durationMs) } : null;
    }
    default:
      // Physical work and 3D models: their sizes are the artist's to type.
      return null;
  }
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
  const [artwork] = await db.select().from(artworks).where(eq(artworks.id, artworkId));
  if (!artwork) return;
  const measured = await measuredDimensions(db, { ...artwork, mediaType: artwork.mediaType as MediaType });
  const next = withMeasured(artwork.dimensions, measured);
  if (sameDimensions(artwork.dimensions, next)) return;
  await db
    .update(artworks)
    .set({ dimensions: next, updatedAt: sql`now()` })
    .where(eq(artworks.id, artworkId));
  await recordArtworkEvent(db, {
    userId,
    type: 'artwork.updated',
    artworkId,
    title: artwork.title,
    mediaId: artwork.primaryImageMediaId,
    changedFields: ['dimensions'],
  });
}
