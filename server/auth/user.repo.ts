import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { endEmailTokens } from './email-tokens.repo';
import { forgetAccountWindows } from './rate-limit.repo';
import { revokeUserSessions } from './sessions.repo';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import type { UserRow } from './user.dto';

export async function findUser(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Another, verified account holding this address (an address change must not take it). */
export async function findVerifiedHolder(db: Db, email: string, exceptUserId: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId), isNotNull(users.emailVerifiedAt)));
  return row;
}

/** Saves changed fields of the user (name, password, pending address) and answers the row as saved. */
export async function updateUser(db: Db, userId: string, changes: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * A new password from a mailed reset link. Opening the link also proves the address: every other link and session
 * ends, every limit on the address lifts.
 */
export async function resetPassword(db: Db, userId: string, passwordHash: string) {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: sql`now()` })
      .where(eq(users.id, userId))
      .returning({ email: users.email });
    await endEmailTokens(tx, userId);
    await revokeUserSessions(tx, userId);
    // A completed reset proves the mailbox: every limit counted against the account is lifted.
    if (user) await forgetAccountWindows(tx, user.email);
  });
}

/** Deletes an account in one statement: every table keyed to the user cascades. */
export async function deleteUser(db: Db, userId: string) {
  await db.delete(users).where(eq(users.id, userId));
}
