import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { shownOnSiteSql } from '../artworks/show-on-site';
import type { Db } from '../db/database';
import { artworkMedia, artworkPieces, artworks, collectionArtworks, collections, socialDeliveries, socialPosts, users } from '../db/schema';
import type { PieceRow } from '../inventory/pieces.repo';

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

/** What the artist's home shows of them: their bio and links, and their avatar's storage key (null: none). */
export async function publicProfile(db: Db, userId: string) {
  const [row] = await db
    .select({
      bio: users.bio,
      website: users.website,
      contactEmail: users.contactEmail,
      instagram: users.instagram,
      bluesky: users.bluesky,
      avatarKey: users.avatarKey,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/**
 * Every image of the artist's artworks with its published sizes (storage keys), in the order the artwork's Media tab
 * lists them (oldest first); video and audio have no sizes and are left out. The primary image is among them.
 */
export const artworkImages = (db: Db, userId: string) =>
  db
    .select({
      artworkId: artworkMedia.artworkId,
      mediaId: artworkMedia.id,
      preview: sql<string | null>`${artworkMedia.variants}->>'preview'`,
      sm: sql<string | null>`${artworkMedia.variants}->>'sm'`,
      medium: sql<string | null>`${artworkMedia.variants}->>'medium'`,
      large: sql<string | null>`${artworkMedia.variants}->>'large'`,
    })
    .from(artworkMedia)
    .where(and(eq(artworkMedia.userId, userId), isNotNull(sql`${artworkMedia.variants}->>'large'`)))
    .orderBy(asc(artworkMedia.createdAt), asc(artworkMedia.id));

/** Every piece of the artist's artworks, by artwork. */
export async function piecesByArtwork(db: Db, userId: string): Promise<Map<string, PieceRow[]>> {
  const rows = await db.select().from(artworkPieces).where(eq(artworkPieces.userId, userId));
  const out = new Map<string, PieceRow[]>();
  for (const p of rows) out.set(p.artworkId, [...(out.get(p.artworkId) ?? []), p]);
  return out;
}
