import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { publications, slugRedirects } from '../db/schema';

export type PublicationRow = typeof publications.$inferSelect;

/** The storage folder of an artist's published site (its first slug when it never moved), if it was ever published. */
export async function publicationFolder(db: Db, userId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ folder: sql<string>`coalesce(${publications.folder}, ${publications.slug})` })
    .from(publications)
    .where(eq(publications.userId, userId));
  return row?.folder;
}

/** The live snapshot as stored (read it with readSnapshot), or undefined when the artist never published. */
export async function storedSnapshot(db: Db, userId: string): Promise<unknown> {
  const [row] = await db.select({ snapshot: publications.snapshot }).from(publications).where(eq(publications.userId, userId));
  return row?.snapshot ?? undefined;
}

/** The artist's publication, locked until the transaction ends (FOR UPDATE): one claim of a version at a time. */
export async function lockPublication(tx: Db, userId: string): Promise<PublicationRow | undefined> {
  const [row] = await tx.select().from(publications).where(eq(publications.userId, userId)).for('update');
  return row;
}

/** Another artist whose live address this is, if any. */
export async function otherHolderOfSlug(tx: Db, slug: string, userId: string): Promise<{ userId: string } | undefined> {
  const [holder] = await tx
    .select({ userId: publications.userId })
    .from(publications)
    .where(and(eq(publications.slug, slug), ne(publications.userId, userId)));
  return holder;
}

export async function deleteSlugRedirect(tx: Db, slug: string): Promise<void> {
  await tx.delete(slugRedirects).where(eq(slugRedirects.slug, slug));
}

/** The artist's first publication, at version 1. */
export async function insertFirstPublication(tx: Db, userId: string, slug: string, folder: string): Promise<void> {
  await tx.insert(publications).values({ userId, slug, folder, version: 1 });
}

/** Makes a former address lead to the artist's portfolio (taking it over from whoever it led to before). */
export async function redirectSlugTo(tx: Db, slug: string, userId: string): Promise<void> {
  await tx
    .insert(slugRedirects)
    .values({ slug, userId })
    .onConflictDoUpdate({ target: slugRedirects.slug, set: { userId, createdAt: sql`now()` } });
}

/** Moves the artist's publication to `slug` and counts its next version; answers its folder and that version. */
export async function advancePublication(tx: Db, userId: string, slug: string): Promise<{ folder: string | null; version: number }> {
  const [claimed] = await tx
    .update(publications)
    // A publication from before addresses could change keeps its images where they are: under its first slug.
    .set({ slug, folder: sql`coalesce(${publications.folder}, ${publications.slug})`, version: sql`${publications.version} + 1` })
    .where(eq(publications.userId, userId))
    .returning({ folder: publications.folder, version: publications.version });
  return claimed;
}

/**
 * Where a former address leads: the live address of the portfolio it belonged to, or null when it was never one, or
 * its artist has no portfolio any more.
 */
export async function findMovedSlug(db: Db, slug: string): Promise<string | null> {
  const [row] = await db
    .select({ slug: publications.slug })
    .from(slugRedirects)
    .innerJoin(publications, eq(publications.userId, slugRedirects.userId))
    .where(and(eq(slugRedirects.slug, slug), ne(publications.slug, slug)));
  return row?.slug ?? null;
}

/** Records the artist's live snapshot, published now; answers when. */
export async function saveLiveSnapshot(tx: Db, userId: string, snapshot: unknown): Promise<Date | null> {
  const [saved] = await tx
    .update(publications)
    .set({ snapshot, publishedAt: sql`now()` })
    .where(eq(publications.userId, userId))
    .returning({ publishedAt: publications.publishedAt });
  return saved.publishedAt;
}

/** The publication at a live address: whose it is, its snapshot as stored and when it was published. */
export async function publicationAtSlug(
  db: Db,
  slug: string,
): Promise<{ userId: string; snapshot: unknown; publishedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ userId: publications.userId, snapshot: publications.snapshot, publishedAt: publications.publishedAt })
    .from(publications)
    .where(eq(publications.slug, slug));
  return row;
}

/** The live snapshot's version at a live address (null when none is live) and the publication's storage folder. */
export async function publishedImagesAtSlug(db: Db, slug: string): Promise<{ version: number | null; folder: string } | undefined> {
  const [row] = await db
    .select({
      version: sql<number | null>`(${publications.snapshot}->>'version')::int`,
      folder: sql<string>`coalesce(${publications.folder}, ${publications.slug})`,
    })
    .from(publications)
    .where(eq(publications.slug, slug));
  return row;
}

/** The artist's address and when it was last published (null while a first publish is still copying its images). */
export async function publicationAddress(db: Db, userId: string): Promise<{ slug: string; publishedAt: Date | null } | undefined> {
  const [row] = await db
    .select({ slug: publications.slug, publishedAt: publications.publishedAt })
    .from(publications)
    .where(eq(publications.userId, userId));
  return row;
}
