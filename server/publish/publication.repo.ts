import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { publications } from '../db/schema';

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
