import { and, eq } from 'drizzle-orm';
import { lockCollectionsHolding, recordArtworksLeft } from '../collections/collection.repo';
import type { Db } from '../db/database';
import { artworkMedia, artworks } from '../db/schema';
import { mediaKeysOf } from '../media/media.repo';

/**
 * Deletes an artwork and its media rows; answers the storage keys of its files (to delete after), or null. The
 * database takes it out of its collections; each of them records that in the journal.
 */
export function deleteArtwork(db: Db, userId: string, artworkId: string): Promise<string[] | null> {
  return db.transaction(async (tx) => {
    const holding = await lockCollectionsHolding(tx, userId, [artworkId]);
    // Locked first: a media file confirmed meanwhile waits, then finds no artwork (and removes its own files).
    const [found] = await tx
      .select({ id: artworks.id })
      .from(artworks)
      .where(and(eq(artworks.id, artworkId), eq(artworks.userId, userId)))
      .for('update');
    if (!found) return null;
    const media = await tx
      .delete(artworkMedia)
      .where(eq(artworkMedia.artworkId, artworkId))
      .returning({ storageKey: artworkMedia.storageKey, variants: artworkMedia.variants });
    await tx.delete(artworks).where(eq(artworks.id, artworkId));
    await recordArtworksLeft(tx, userId, holding, [artworkId]);
    return media.flatMap(mediaKeysOf);
  });
}
