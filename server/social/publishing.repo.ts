import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { preparedPer } from '../db/prepared';
import { socialPostMedia, socialPosts } from '../db/schema';
import type { PostRow } from './posts.dto';

/** The content types of a post's files: what a post may be and where it may go depends on them. */
export const fileTypesOf = (db: Db, postId: string) =>
  db.select({ contentType: socialPostMedia.contentType }).from(socialPostMedia).where(eq(socialPostMedia.postId, postId));

/** The draft is a published post from now (its deliveries are created in the same transaction). */
export const markPublished = (tx: Db, postId: string) =>
  tx
    .update(socialPosts)
    .set({ isDraft: false, datePublished: sql`now()`, updatedAt: sql`now()` })
    .where(eq(socialPosts.id, postId));

/** The user's post, locked until the transaction ends (Post pressed: published, or its failures tried again). */
export async function lockOwnPost(tx: Db, userId: string, postId: string): Promise<PostRow | undefined> {
  const [post] = await tx
    .select()
    .from(socialPosts)
    .where(and(eq(socialPosts.id, postId), eq(socialPosts.userId, userId)))
    .for('update');
  return post;
}

const draftDue = and(sql`${socialPosts.isDraft}`, lte(socialPosts.dateScheduled, sql`now()`));
const anyDraftDueQuery = preparedPer((db) =>
  db.select({ id: socialPosts.id }).from(socialPosts).where(draftDue).limit(1).prepare('any_draft_due'),
);

/** Whether a scheduled draft is due: the worker asks several times a second, so this is one prepared query. */
export async function anyDraftDue(db: Db): Promise<boolean> {
  return (await anyDraftDueQuery(db).execute()).length > 0;
}

/**
 * Up to `limit` due drafts, earliest schedule first, locked with FOR UPDATE SKIP LOCKED: instances promoting at the
 * same time never take one draft twice.
 */
export const lockDueDrafts = (tx: Db, limit: number) =>
  tx.select().from(socialPosts).where(draftDue).orderBy(asc(socialPosts.dateScheduled)).limit(limit).for('update', { skipLocked: true });
