import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { artworkMedia, artworkPieces, artworks, contacts } from '../db/schema';

/** What a consignment form prints of each consigned piece: the work, its price and its picture's storage key. */
export function consignedPieces(db: Db, userId: string, pieceIds: string[]) {
  if (!pieceIds.length) return Promise.resolve([]);
  return db
    .select({
      pieceId: artworkPieces.id,
      year: artworks.year,
      medium: artworks.medium,
      dimensions: artworks.dimensions,
      priceAmount: artworkPieces.priceAmount,
      priceCurrency: artworkPieces.priceCurrency,
      imageKey: sql<string | null>`${artworkMedia.variants}->>'large'`,
    })
    .from(artworkPieces)
    .innerJoin(artworks, eq(artworks.id, artworkPieces.artworkId))
    .leftJoin(artworkMedia, eq(artworkMedia.id, artworks.primaryImageMediaId))
    .where(and(eq(artworkPieces.userId, userId), inArray(artworkPieces.id, pieceIds)));
}

/** The gallery's address and e-mail as the form prints them under its name. */
export async function galleryDetails(db: Db, userId: string, contactId: string) {
  const [row] = await db
    .select({ email: contacts.email, address: contacts.address, phone: contacts.phone })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.userId, userId)));
  return row ?? null;
}
