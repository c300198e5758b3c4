import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { AccountRef, SocialAccount } from '../../src/schemas/social.schema';
import type { Db } from '../db/database';
import { socialAccounts } from '../db/schema';

/** A connected account as stored (any network). */
export type SocialAccountRow = typeof socialAccounts.$inferSelect;

/** A handle as typed ('@Alice.bsky.social') the way accounts are keyed ('alice.bsky.social'). */
export const normalHandle = (handle: string) => handle.trim().replace(/^@/, '').toLowerCase();

export const toAccountDto = (row: SocialAccountRow): SocialAccount => ({
  platform: row.platform as SocialAccount['platform'],
  handle: row.handle,
  service: row.service,
  connectedAt: row.updatedAt.toISOString(),
  authMethod: row.authMethod === 'oauth' ? 'oauth' : 'app-password',
  needsReconnectAt: row.needsReconnectAt?.toISOString() ?? null,
  tokenExpiresAt: row.tokenExpiresAt?.toISOString() ?? null,
  externalId: row.platform === 'bluesky' ? null : row.did,
});

export const listAccounts = (db: Db, userId: string) =>
  db
    .select()
    .from(socialAccounts)
    .where(eq(socialAccounts.userId, userId))
    .orderBy(asc(socialAccounts.platform), asc(socialAccounts.handle));

/** Every account the user has connected, on any network. */
export const connectedAccountsOf = (db: Db, userId: string) => db.select().from(socialAccounts).where(eq(socialAccounts.userId, userId));

export async function findAccount(db: Db, userId: string, ref: AccountRef): Promise<SocialAccountRow | null> {
  const [row] = await db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.userId, userId),
        eq(socialAccounts.platform, ref.platform),
        eq(socialAccounts.handle, normalHandle(ref.handle)),
      ),
    );
  return row ?? null;
}

export interface ConnectedAccount {
  userId: string;
  platform: string;
  handle: string;
  /** The account's id on its network: a DID (Bluesky), the professional account's id (Instagram), the Page's (Facebook). */
  did: string;
  service: string | null;
  /** OAuth accounts keep neither: their grant is in the OAuth store, by DID (Instagram and Facebook: the sealed token). */
  appPasswordSealed: string | null;
  sessionSealed: string | null;
  authMethod?: 'app-password' | 'oauth';
  /** Instagram: when the sealed token runs out. */
  tokenExpiresAt?: Date | null;
}

/**
 * Stores a connected account. Connecting the same account again (same handle, or same DID under a new handle)
 * updates it in place, so the posts and deliveries that name it keep it; cached sessions are dropped.
 */
export function saveAccount(db: Db, connected: ConnectedAccount): Promise<SocialAccountRow> {
  // Whether it still needs reconnecting is releaseAfterReconnect's to say, with the posts that waited for it.
  const input = { ...connected, authMethod: connected.authMethod ?? 'app-password' };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(socialAccounts)
      .where(
        and(
          eq(socialAccounts.userId, input.userId),
          eq(socialAccounts.platform, input.platform),
          or(eq(socialAccounts.handle, input.handle), eq(socialAccounts.did, input.did)),
        ),
      )
      .orderBy(sql`${socialAccounts.handle} = ${input.handle} desc`)
      .limit(1)
      .for('update');
    if (existing) {
      const [row] = await tx
        .update(socialAccounts)
        .set({ ...input, credentialsVersion: sql`${socialAccounts.credentialsVersion} + 1`, updatedAt: new Date() })
        .where(eq(socialAccounts.id, existing.id))
        .returning();
      return row;
    }
    const [row] = await tx
      .insert(socialAccounts)
      .values(input)
      .onConflictDoUpdate({
        target: [socialAccounts.userId, socialAccounts.platform, socialAccounts.handle],
        set: {
          did: input.did,
          service: input.service,
          appPasswordSealed: input.appPasswordSealed,
          sessionSealed: input.sessionSealed,
          authMethod: input.authMethod,
          tokenExpiresAt: input.tokenExpiresAt ?? null,
          credentialsVersion: sql`${socialAccounts.credentialsVersion} + 1`,
          updatedAt: new Date(),
        },
      })
      .returning();
    return row;
  });
}

/** Forgets an account and its secrets; its posts keep naming it, and pending deliveries to it fail with a reason. */
export async function deleteAccount(db: Db, userId: string, ref: AccountRef): Promise<SocialAccountRow | null> {
  const [row] = await db
    .delete(socialAccounts)
    .where(
      and(
        eq(socialAccounts.userId, userId),
        eq(socialAccounts.platform, ref.platform),
        eq(socialAccounts.handle, normalHandle(ref.handle)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Whether another connected account (another artist's, say) still uses the OAuth grant of a DID. */
export async function grantStillUsed(db: Db, did: string): Promise<boolean> {
  const [row] = await db
    .select({ id: socialAccounts.id })
    .from(socialAccounts)
    .where(and(eq(socialAccounts.did, did), eq(socialAccounts.authMethod, 'oauth')))
    .limit(1);
  return Boolean(row);
}
