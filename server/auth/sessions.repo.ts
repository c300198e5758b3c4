import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { refreshTokens, sessions, users } from '../db/schema';
import { Unauthenticated } from '../errors';
import { randomToken, sha256 } from '../secrets';
import { userDtoColumns } from './user.dto';

export const SESSION_TTL_DAYS = 30;
const sessionExpiry = () => sql`now() + make_interval(days => ${SESSION_TTL_DAYS})`;

/** Starts a signed-in session (one device) and hands out its first refresh token. */
export async function startSession(db: Db, userId: string) {
  const [session] = await db.insert(sessions).values({ userId, expiresAt: sessionExpiry() }).returning({ id: sessions.id });
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId: session.id });
  return { sessionId: session.id, refreshToken };
}

/**
 * Exchanges a refresh token for a new one. A token that was already exchanged means it leaked or was replayed:
 * the whole session (every token of the family) is revoked.
 */
export async function rotateRefreshToken(db: Db, refreshToken: string, onReuse: (sessionId: string) => Promise<void>) {
  const tokenHash = sha256(refreshToken);
  const result = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update', { of: refreshTokens });
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { ok: false as const };
    if (row.usedAt) {
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(eq(sessions.id, row.sessionId));
      return { ok: false as const, reusedIn: row.sessionId };
    }
    const next = randomToken();
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.tokenHash, tokenHash));
    await tx.insert(refreshTokens).values({ tokenHash: sha256(next), sessionId: row.sessionId });
    await tx.update(sessions).set({ expiresAt: sessionExpiry() }).where(eq(sessions.id, row.sessionId));
    return { ok: true as const, userId: row.userId, sessionId: row.sessionId, refreshToken: next };
  });
  if (!result.ok) {
    if (result.reusedIn) await onReuse(result.reusedIn);
    throw new Unauthenticated('Your session has ended. Sign in again.');
  }
  return result;
}

/** The session a refresh token belongs to, used by sign-out. */
export async function sessionOfRefreshToken(db: Db, refreshToken: string) {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId, userId: sessions.userId })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  return row;
}

/** The user a session belongs to (ended or not). */
export async function ownerOfSession(db: Db, sessionId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.userId;
}

export async function revokeSession(db: Db, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except the one making the change when given. */
export async function revokeUserSessions(db: Db, userId: string, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}

export const activeSessionFilter = (sessionId: string) =>
  and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** The user of a session that is still open (not ended, not expired), as the DTO needs it; undefined otherwise. */
export async function openSessionUser(db: Db, sessionId: string) {
  const [row] = await db
    .select(userDtoColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(activeSessionFilter(sessionId));
  return row;
}
