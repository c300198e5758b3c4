import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { blueskyOAuthStore } from '../../../db/schema';

/** Keeps a sealed value under a kind and key until `expiresAt` (the store the Bluesky OAuth client uses too). */
export async function insertSealed(db: Db, kind: string, key: string, sealed: string, expiresAt: Date): Promise<void> {
  await db.insert(blueskyOAuthStore).values({ kind, key, sealed, expiresAt });
}

/** Not expired as of this moment. */
const live = (kind: string, key: string) =>
  and(eq(blueskyOAuthStore.kind, kind), eq(blueskyOAuthStore.key, key), gt(blueskyOAuthStore.expiresAt, new Date()));

/** What is kept under a kind and key, unless expired; left in place. */
export async function findLiveSealed(db: Db, kind: string, key: string) {
  const [row] = await db.select().from(blueskyOAuthStore).where(live(kind, key));
  return row;
}

/** What is kept under a kind and key, unless expired, deleted as it is read (so it is taken once). */
export async function deleteLiveSealed(db: Db, kind: string, key: string) {
  const [row] = await db.delete(blueskyOAuthStore).where(live(kind, key)).returning();
  return row;
}
