import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { artworkMedia, artworkPieces, artworks, users } from '../db/schema';

/** The artist's name as their certificates print it. */
export async function artistName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  return row ? `${row.firstName} ${row.lastName}`.trim() : '';
}

/** The storage key of the artwork's primary image at the public site's large size, or null. */
export async function largeImageKey(db: Db, userId: string, mediaId: string | null): Promise<string | null> {
  if (!mediaId) return null;
  const [row] = await db
    .select({ variants: artworkMedia.variants })
    .from(artworkMedia)
    .where(and(eq(artworkMedia.id, mediaId), eq(artworkMedia.userId, userId)));
  return row?.variants.large ?? null;
}

/** What a certificate's verification shows of a piece: the work, the artist, the copy; never the buyer. */
export async function findVerifiedPiece(db: Db, pieceId: string) {
  const [row] = await db
    .select({
      kind: artworkPieces.kind,
      number: artworkPieces.number,
      title: artworks.title,
      year: artworks.year,
      editionSize: artworks.editionSize,
      editionProofs: artworks.editionProofs,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(artworkPieces)
    .innerJoin(artworks, eq(artworks.id, artworkPieces.artworkId))
    .innerJoin(users, eq(users.id, artworkPieces.userId))
    .where(eq(artworkPieces.id, pieceId));
  return row ?? null;
}
