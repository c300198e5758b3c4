import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { emailTokens, users } from '../db/schema';
import { randomToken, sha256 } from '../secrets';

type Purpose = 'verify' | 'reset';
const LIFETIME_HOURS: Record<Purpose, number> = { verify: 48, reset: 1 };

/**
 * A single-use token for a mailed link; only its hash is stored. A sign-up's link carries the password of that
 * sign-up (`passwordHash`): it confirms that claim and no other.
 */
export async function createEmailToken(db: Db, userId: string, purpose: Purpose, email: string, passwordHash: string | null = null) {
  const token = randomToken();
  await db.insert(emailTokens).values({
    tokenHash: sha256(token),
    userId,
    purpose,
    email,
    passwordHash,
    expiresAt: sql`now() + make_interval(hours => ${LIFETIME_HOURS[purpose]})`,
  });
  return token;
}

const usable = (token: string, purpose: Purpose) =>
  and(
    eq(emailTokens.tokenHash, sha256(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, sql`now()`),
  );

/** Marks a reset token used and returns what it was for, or undefined when unknown, used or expired. */
export async function consumeResetToken(db: Db, token: string) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(token, 'reset'))
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row;
}

/**
 * Marks a verification token used and returns what it was for. A sign-up's link works only while its account is
 * still the unverified claim holding that sign-up's password: signing up again with the address replaces the password
 * and so ends every earlier link. A link without a password confirms a new address of a verified account.
 */
export async function consumeVerifyToken(db: Db, token: string) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .from(users)
    .where(
      and(
        usable(token, 'verify'),
        eq(users.id, emailTokens.userId),
        sql`(${users.emailVerifiedAt} is null and ${emailTokens.passwordHash} = ${users.passwordHash}
          or ${users.emailVerifiedAt} is not null and ${emailTokens.passwordHash} is null)`,
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email, passwordHash: emailTokens.passwordHash });
  return row;
}

/** Ends every link still open for an account (its owner just proved the mailbox). */
export const endEmailTokens = (db: Db, userId: string) =>
  db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
