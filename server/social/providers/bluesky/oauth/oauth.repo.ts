import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/database';
import { blueskyOAuthStore, socialAccounts } from '../../../../db/schema';

const notExpired = or(isNull(blueskyOAuthStore.expiresAt), gt(blueskyOAuthStore.expiresAt, sql`now()`));
const entry = (kind: string, key: string) => and(eq(blueskyOAuthStore.kind, kind), eq(blueskyOAuthStore.key, key));

/** The sealed value kept under a kind and key, unless it has expired. */
export async function findSealed(db: Db, kind: string, key: string) {
  const [row] = await db
    .select({ sealed: blueskyOAuthStore.sealed })
    .from(blueskyOAuthStore)
    .where(and(entry(kind, key), notExpired));
  return row;
}

/** Keeps a sealed value under a kind and key, replacing what was there. */
export const putSealed = (db: Db, kind: string, key: string, sealed: string, expiresAt: Date | null) =>
  db
    .insert(blueskyOAuthStore)
    .values({ kind, key, sealed, expiresAt })
    .onConflictDoUpdate({ target: [blueskyOAuthStore.kind, blueskyOAuthStore.key], set: { sealed, expiresAt, updatedAt: new Date() } });

/** Forgets the authorizations that were never finished and have expired. */
export const deleteExpiredStates = (db: Db) =>
  db.delete(blueskyOAuthStore).where(and(eq(blueskyOAuthStore.kind, 'state'), lt(blueskyOAuthStore.expiresAt, sql`now()`)));

export const deleteSealed = (db: Db, kind: string, key: string) => db.delete(blueskyOAuthStore).where(entry(kind, key));

/**
 * Takes a grant's lock for `holder` until `expiresAt`, in one insert-or-take-over statement: free, or held past its
 * lease (its instance died). Answers whether it was taken.
 */
export async function takeGrantLock(db: Db, name: string, holder: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .insert(blueskyOAuthStore)
    .values({ kind: 'lock', key: name, sealed: holder, expiresAt })
    .onConflictDoUpdate({
      target: [blueskyOAuthStore.kind, blueskyOAuthStore.key],
      set: { sealed: holder, expiresAt, updatedAt: new Date() },
      setWhere: lt(blueskyOAuthStore.expiresAt, sql`now()`),
    })
    .returning({ key: blueskyOAuthStore.key });
  return rows.length > 0;
}

/** Gives a grant's lock back, if `holder` still holds it. */
export const releaseGrantLock = (db: Db, name: string, holder: string) =>
  db
    .delete(blueskyOAuthStore)
    .where(and(eq(blueskyOAuthStore.kind, 'lock'), eq(blueskyOAuthStore.key, name), eq(blueskyOAuthStore.sealed, holder)));

/** Every OAuth account on a grant Bluesky no longer honours needs reconnecting (since the first refusal, kept). */
export const markGrantNeedsReconnect = (db: Db, did: string) =>
  db
    .update(socialAccounts)
    .set({ needsReconnectAt: sql`coalesce(${socialAccounts.needsReconnectAt}, now())` })
    .where(and(eq(socialAccounts.did, did), eq(socialAccounts.authMethod, 'oauth')));
