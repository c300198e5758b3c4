import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/database';
import { artworks } from '../db/schema';

/** The artist's artworks among `ids`, with what a wall label prints; ids of other artists' works are left out. */
export function labelledArtworks(db: Db, userId: string, ids: string[]) {
  return db
    .select({ id: artworks.id, title: artworks.title, year: artworks.year, medium: artworks.medium, dimensions: artworks.dimensions })
    .from(artworks)
    .where(and(eq(artworks.userId, userId), inArray(artworks.id, ids)));
}
