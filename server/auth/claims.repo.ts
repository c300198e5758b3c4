import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { users } from '../db/schema';
import { Conflict } from '../errors';
import { endEmailTokens } from './email-tokens.repo';
import { revokeUserSessions } from './sessions.repo';

/** An unverified account is a claim on its address; a claim nobody confirmed within this many days is removed. */
export const CLAIM_DAYS = 7;

/**
 * Signs an address up, in one statement whatever the address: a new account; or, for an unverified claim, the new
 * password replaces the pending one (ending every earlier link); a verified account is left as it is. The mail to
 * send is recorded with it: a verification link, or for a verified account a note to its owner.
 */
export async function claimAddress(db: Db, email: string, passwordHash: string) {
  await db.execute(sql`
    with claim as (
      insert into users (email, password_hash) values (${email}, ${passwordHash})
      on conflict (email) do update set
        password_hash = case when users.email_verified_at is null then excluded.password_hash else users.password_hash end,
        updated_at = case when users.email_verified_at is null then now() else users.updated_at end
      returning id, email_verified_at
    )
    insert into mail_outbox (kind, email, user_id, password_hash)
    select case when email_verified_at is null then 'verify' else 'exists' end, ${email}, id,
      case when email_verified_at is null then ${passwordHash} end
    from claim`);
}

/**
 * The owner opened the link of a sign-up: the account is verified with that sign-up's password, and every other link
 * and session ends. False when the claim changed meanwhile (a newer sign-up), so the link no longer holds.
 */
export function confirmClaim(db: Db, userId: string, passwordHash: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ emailVerifiedAt: sql`now()`, passwordHash, updatedAt: sql`now()` })
      .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), eq(users.passwordHash, passwordHash)))
      .returning({ id: users.id });
    if (!row) return false;
    await endEmailTokens(tx, userId);
    await revokeUserSessions(tx, userId);
    return true;
  });
}

/** Removes claims nobody confirmed within CLAIM_DAYS (a new sign-up renews a claim); answers how many. */
export async function sweepStaleClaims(db: Db) {
  const gone = await db
    .delete(users)
    .where(and(isNull(users.emailVerifiedAt), sql`${users.updatedAt} < now() - make_interval(days => ${CLAIM_DAYS})`))
    .returning({ id: users.id });
  return gone.length;
}

/**
 * A verified account moves to a new address whose link it opened. An unverified claim on that address gives way (the
 * owner of the mailbox just proved it); a verified account holding it keeps it (409).
 */
export function moveToProvenAddress(db: Db, userId: string, email: string) {
  return db.transaction(async (tx) => {
    const [holder] = await tx.select({ id: users.id, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.email, email));
    if (holder && holder.id !== userId) {
      if (holder.verifiedAt) throw new Conflict('This email address is already in use by another account.');
      await tx.delete(users).where(eq(users.id, holder.id));
    }
    await tx
      .update(users)
      .set({
        email,
        emailVerifiedAt: sql`now()`,
        pendingEmail: sql`case when ${users.pendingEmail} = ${email} then null else ${users.pendingEmail} end`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  });
}
