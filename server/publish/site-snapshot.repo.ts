import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { shownOnSiteSql } from '../artworks/show-on-site';
import type { Db } from '../db/database';
import { artworkMedia, artworks, collectionArtworks, collections, socialDeliveries, socialPosts, users } from '../db/schema';

export type ArtworkRow = typeof artworks.$inferSelect;

/**
 * What publishing reads: the artist, every artwork the next publish shows (the artist's choice, else those with a
 * picture that are not only in private collections: server/artworks/show-on-site.ts) with its primary image's
 * published sizes (storage keys; `medium` is null for images uploaded before it existed), newest first.
 */
export async function publishedArtworks(db: Db, userId: string) {
  const [user] = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId));
  const rows = await db
    .select({
      artwork: artworks,
      preview: sql<string | null>`${artworkMedia.variants}->>'preview'`,
      sm: sql<string | null>`${artworkMedia.variants}->>'sm'`,
      medium: sql<string | null>`${artworkMedia.variants}->>'medium'`,
      large: sql<string | null>`${artworkMedia.variants}->>'large'`,
    })
    .from(artworks)
    .leftJoin(artworkMedia, eq(artworkMedia.id, artworks.primaryImageMediaId))
    .where(and(eq(artworks.userId, userId), shownOnSiteSql))
    .orderBy(desc(artworks.createdAt), desc(artworks.id));
  return { user: user ?? null, rows };
}

/** The public and unlisted collections (never the private ones), newest first, each with its artworks in manual order. */
export async function visibleCollections(db: Db, userId: string) {
  const found = await db
    .select()
    .from(collections)
    .where(and(eq(collections.userId, userId), inArray(collections.visibility, ['public', 'unlisted'])))
    .orderBy(desc(collections.createdAt), desc(collections.id));
  if (!found.length) return [];
  const members = await db
    .select({ collectionId: collectionArtworks.collectionId, artworkId: collectionArtworks.artworkId })
    .from(collectionArtworks)
    .where(
      inArray(
        collectionArtworks.collectionId,
        found.map((c) => c.id),
      ),
    )
    .orderBy(asc(collectionArtworks.position), asc(collectionArtworks.artworkId));
  return found.map((c) => ({ ...c, artworkIds: members.filter((m) => m.collectionId === c.id).map((m) => m.artworkId) }));
}

/** Where the artist's artworks were posted: each delivery that went out of a post shared from one, newest first. */
export const postedDeliveries = (db: Db, userId: string) =>
  db
    .select({
      artworkId: sql<string>`${socialPosts.artworkId}`,
      platform: socialDeliveries.platform,
      handle: socialDeliveries.handle,
      url: sql<string>`${socialDeliveries.postUrl}`,
      postedAt: sql<Date>`${socialDeliveries.postedAt}`.mapWith(socialDeliveries.postedAt),
    })
    .from(socialDeliveries)
    .innerJoin(socialPosts, eq(socialPosts.id, socialDeliveries.postId))
    .where(
      and(
        eq(socialPosts.userId, userId),
        isNotNull(socialPosts.artworkId),
        eq(socialDeliveries.status, 'posted'),
        isNotNull(socialDeliveries.postUrl),
        isNotNull(socialDeliveries.postedAt),
      ),
    )
    .orderBy(desc(socialDeliveries.postedAt), desc(socialDeliveries.id));
