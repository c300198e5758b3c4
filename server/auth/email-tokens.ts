import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailTokens } from '../db/schema';
import { randomToken, sha256 } from '../secrets';

type Purpose = 'verify' | 'reset';
const LIFETIME_HOURS: Record<Purpose, number> = { verify: 48, reset: 1 };

/** A single-use token for a mailed link; only its hash is stored. */
export async function createEmailToken(db: Db, userId: string, purpose: Purpose, email: string) {
  const token = randomToken();
  await db.insert(emailTokens).values({
    tokenHash: sha256(token),
    userId,
    purpose,
    email,
    expiresAt: sql`now() + make_interval(hours => ${LIFETIME_HOURS[purpose]})`,
  });
  return token;
}

/** Marks the token used and returns what it was for, or undefined when unknown, used or expired. */
export async function consumeEmailToken(db: Db, token: string, purpose: Purpose) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row;
}
