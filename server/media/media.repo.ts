import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { artworkMedia, artworks } from '../db/schema';
import { Invalid, NotFound } from '../errors';
import type { MediaRow } from './media.dto';
import { remeasureArtwork } from '../artworks/measure';

export const mediaNotFound = () => new NotFound('Media not found.');

/** Every stored file of a media item: the original and its variants. */
export const mediaKeysOf = (m: Pick<MediaRow, 'storageKey' | 'variants'>) => [m.storageKey, ...Object.values(m.variants)];

/** An artwork's media, oldest first, and which one is primary; null when the user has no such artwork. */
export async function listMedia(db: Db, userId: string, artworkId: string) {
  const [artwork] = await db
    .select({ primaryId: artworks.primaryImageMediaId })
    .from(artworks)
    .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)));
  if (!artwork) return null;
  const rows = await db
    .select()
    .from(artworkMedia)
    .where(eq(artworkMedia.artworkId, artworkId))
    .orderBy(asc(artworkMedia.createdAt), asc(artworkMedia.id));
  return { rows, primaryId: artwork.primaryId };
}

/** A media item of the user (any artwork), or null. */
export async function findMedia(db: Db, userId: string | null, mediaId: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(artworkMedia)
    .where(userId ? and(eq(artworkMedia.id, mediaId), eq(artworkMedia.userId, userId)) : eq(artworkMedia.id, mediaId));
  return row ?? null;
}

/** The primary image of the user's artwork, or null (no such artwork, or none chosen). */
export async function findPrimaryMedia(db: Db, userId: string | null, artworkId: string): Promise<MediaRow | null> {
  const [row] = await db
    .select({ media: artworkMedia })
    .from(artworks)
    .innerJoin(artworkMedia, eq(artworkMedia.id, artworks.primaryImageMediaId))
    .where(userId ? and(eq(artworks.id, artworkId), eq(artworks.userId, userId)) : eq(artworks.id, artworkId));
  return row?.media ?? null;
}

/** A processed file to record, and whether it is an image (which may become the primary). */
export type NewMedia = typeof artworkMedia.$inferInsert & { isImage: boolean };

/** Adds a file's row; the first image of an artwork without a primary becomes it. Answers the primary's id. Inside a transaction. */
export async function addMediaRow(tx: Db, values: NewMedia): Promise<{ row: MediaRow; primaryId: string | null }> {
  const { isImage, ...media } = values;
  const [row] = await tx.insert(artworkMedia).values(media).returning();
  if (isImage) {
    await tx
      .update(artworks)
      .set({ primaryImageMediaId: row.id })
      .where(and(eq(artworks.id, row.artworkId), isNull(artworks.primaryImageMediaId)));
  }
  const [artwork] = await tx.select({ primaryId: artworks.primaryImageMediaId }).from(artworks).where(eq(artworks.id, row.artworkId));
  return { row, primaryId: artwork?.primaryId ?? null };
}

/** Records a processed file of an existing artwork, whose measured dimensions then follow its files. */
export function insertMedia(db: Db, values: NewMedia): Promise<{ row: MediaRow; primaryId: string | null }> {
  return db.transaction(async (tx) => {
    const added = await addMediaRow(tx, values);
    await remeasureArtwork(tx, values.userId, values.artworkId);
    return added;
  });
}

/** Makes an image of the artwork its primary (there is only ever one: the artwork holds its id). */
export function setPrimaryMedia(db: Db, userId: string, artworkId: string, mediaId: string) {
  return db.transaction(async (tx) => {
    const [artwork] = await tx
      .select({ id: artworks.id })
      .from(artworks)
      .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)))
      .for('update');
    if (!artwork) return null;
    const [media] = await tx
      .select()
      .from(artworkMedia)
      .where(and(eq(artworkMedia.id, mediaId), eq(artworkMedia.artworkId, artworkId)));
    if (!media) throw mediaNotFound();
    if (!Object.keys(media.variants).length) {
      throw new Invalid('Only an image can be the primary media.', {
        fieldErrors: { mediaId: ['Only an image can be the primary media.'] },
      });
    }
    const [row] = await tx.update(artworks).set({ primaryImageMediaId: mediaId }).where(eq(artworks.id, artworkId)).returning();
    await remeasureArtwork(tx, userId, artworkId);
    return row;
  });
}

/** Deletes one media item (clearing the primary if it was); answers its file keys, or null when there is no such item. */
export function deleteMedia(db: Db, userId: string, artworkId: string, mediaId: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const [artwork] = await tx
      .select({ primaryId: artworks.primaryImageMediaId })
      .from(artworks)
      .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)))
      .for('update');
    if (!artwork) return null;
    const [media] = await tx
      .delete(artworkMedia)
      .where(and(eq(artworkMedia.id, mediaId), eq(artworkMedia.artworkId, artworkId)))
      .returning();
    if (!media) throw mediaNotFound();
    if (artwork.primaryId === mediaId) await tx.update(artworks).set({ primaryImageMediaId: null }).where(eq(artworks.id, artworkId));
    await remeasureArtwork(tx, userId, artworkId);
    return mediaKeysOf(media);
  });
}
