import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { customDomains, publications } from '../db/schema';
import { Conflict } from '../errors';

export type CustomDomainRow = typeof customDomains.$inferSelect;

/** 128 random bits, hex: what the TXT record must hold. */
const newToken = () => randomBytes(16).toString('hex');

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

export const TAKEN_MESSAGE = 'This domain is already used by another artist.';

export async function findDomainOf(db: Db, userId: string): Promise<CustomDomainRow | null> {
  const [row] = await db.select().from(customDomains).where(eq(customDomains.userId, userId));
  return row ?? null;
}

const taken = () => new Conflict(TAKEN_MESSAGE, { code: 'DOMAIN_TAKEN', fieldErrors: { domain: [TAKEN_MESSAGE] } });

/** An unverified domain nobody has checked for this many days is released (a claim proves nothing; it only waits). */
export const DOMAIN_CLAIM_DAYS = 7;

/**
 * Sets the artist's domain. The same domain again changes nothing (its verification stands); another one replaces
 * it with a new token, unverified. A domain another artist has verified is a Conflict; one another artist only
 * claimed is not: the first of them to verify takes it (recordCheck).
 */
export async function setDomain(db: Db, userId: string, domain: string): Promise<{ row: CustomDomainRow; previous: string | null }> {
  const current = await findDomainOf(db, userId);
  if (current?.domain === domain) return { row: current, previous: null };
  const [holder] = await db
    .select({ userId: customDomains.userId })
    .from(customDomains)
    .where(and(eq(customDomains.domain, domain), ne(customDomains.userId, userId), isNotNull(customDomains.verifiedAt)));
  if (holder) throw taken();
  const [row] = await db
    .insert(customDomains)
    .values({ userId, domain, token: newToken() })
    .onConflictDoUpdate({
      target: customDomains.userId,
      set: { domain, token: newToken(), verifiedAt: null, checkedAt: null, createdAt: sql`now()` },
    })
    .returning();
  return { row, previous: current?.domain ?? null };
}

/** Removes the artist's domain; answers the one removed, if any. */
export async function removeDomain(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.delete(customDomains).where(eq(customDomains.userId, userId)).returning({ domain: customDomains.domain });
  return row?.domain ?? null;
}

/**
 * Records a check of `token` (so a check that raced a domain change records nothing): found sets verifiedAt once,
 * a definite "no such record" clears it, a failed lookup only notes when it was tried. Found, the domain is this
 * artist's: other artists' unverified claims of it are released. Another artist who verified it first wins: Conflict.
 */
export async function recordCheck(db: Db, userId: string, token: string, outcome: 'verified' | 'notFound' | 'failed') {
  const verifiedAt =
    outcome === 'verified' ? sql`coalesce(${customDomains.verifiedAt}, now())` : outcome === 'notFound' ? null : customDomains.verifiedAt;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(customDomains)
        .set({ checkedAt: sql`now()`, verifiedAt })
        .where(and(eq(customDomains.userId, userId), eq(customDomains.token, token)))
        .returning();
      if (row?.verifiedAt)
        await tx
          .delete(customDomains)
          .where(and(eq(customDomains.domain, row.domain), ne(customDomains.userId, userId), isNull(customDomains.verifiedAt)));
      return row ?? null;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/** Releases unverified domains nobody has set or checked for DOMAIN_CLAIM_DAYS; answers how many. */
export async function releaseStaleDomainClaims(db: Db): Promise<number> {
  const rows = await db
    .delete(customDomains)
    .where(
      and(
        isNull(customDomains.verifiedAt),
        sql`coalesce(${customDomains.checkedAt}, ${customDomains.createdAt}) < now() - make_interval(days => ${DOMAIN_CLAIM_DAYS})`,
      ),
    )
    .returning({ domain: customDomains.domain });
  return rows.length;
}

/** The site a verified domain serves (slug null: its artist has not published yet), or null when it serves nothing. */
export async function findVerifiedSite(db: Db, domain: string): Promise<{ slug: string | null } | null> {
  const [row] = await db
    .select({ slug: publications.slug })
    .from(customDomains)
    .leftJoin(publications, eq(publications.userId, customDomains.userId))
    .where(and(eq(customDomains.domain, domain), isNotNull(customDomains.verifiedAt)));
  return row ? { slug: row.slug } : null;
}
