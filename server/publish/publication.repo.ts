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
