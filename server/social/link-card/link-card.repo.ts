import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { socialPosts, type StoredLinkCard } from '../../db/schema';

/** Fixes `card` on a post that has none yet; undefined when another delivery fixed one first. */
export async function fixLinkCard(db: Db, postId: string, card: StoredLinkCard) {
  const [fixed] = await db
    .update(socialPosts)
    .set({ linkCard: card })
    .where(and(eq(socialPosts.id, postId), isNull(socialPosts.linkCard)))
    .returning({ linkCard: socialPosts.linkCard });
  return fixed;
}

/** The card fixed on a post (the row is undefined when the post is gone). */
export async function linkCardOf(db: Db, postId: string) {
  const [row] = await db.select({ linkCard: socialPosts.linkCard }).from(socialPosts).where(eq(socialPosts.id, postId));
  return row;
}
