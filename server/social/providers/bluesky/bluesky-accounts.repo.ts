import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { socialAccounts } from '../../../db/schema';
import type { SocialAccountRow } from '../../accounts.repo';

/** Since the first refusal (kept): deliveries to the account wait for it to be connected again. */
export const markNeedsReconnect = (db: Db, accountId: string) =>
  db
    .update(socialAccounts)
    .set({ needsReconnectAt: sql`coalesce(${socialAccounts.needsReconnectAt}, now())` })
    .where(eq(socialAccounts.id, accountId));

/** Stores a refreshed session, unless the account was connected again since it was read (its version changed). */
export const storeSession = (db: Db, account: Pick<SocialAccountRow, 'id' | 'credentialsVersion'>, sessionSealed: string) =>
  db
    .update(socialAccounts)
    .set({ sessionSealed, updatedAt: new Date() })
    .where(and(eq(socialAccounts.id, account.id), eq(socialAccounts.credentialsVersion, account.credentialsVersion)));
