import { asc, eq, sql } from 'drizzle-orm';
import type { Dimensions } from '../../src/schemas/artwork.schema';
import type { Db } from '../db/database';
import { artworkMedia, artworks } from '../db/schema';

/** The artwork's files, oldest first, with what they measure. */
export async function filesToMeasure(db: Db, artworkId: string) {
  return db
    .select({
      id: artworkMedia.id,
      contentType: artworkMedia.contentType,
      width: artworkMedia.width,
      height: artworkMedia.height,
      durationMs: artworkMedia.durationMs,
    })
    .from(artworkMedia)
    .where(eq(artworkMedia.artworkId, artworkId))
    .orderBy(asc(artworkMedia.createdAt), asc(artworkMedia.id));
}

/** The artwork by id alone: the caller has checked whose it is. */
export async function artworkToMeasure(db: Db, artworkId: string) {
  const [artwork] = await db.select().from(artworks).where(eq(artworks.id, artworkId));
  return artwork;
}

/** Records the artwork's dimensions as re-measured: an edit, so it is updated now. */
export async function writeRemeasuredDimensions(db: Db, artworkId: string, dimensions: Dimensions): Promise<void> {
  await db
    .update(artworks)
    .set({ dimensions, updatedAt: sql`now()` })
    .where(eq(artworks.id, artworkId));
}
