import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database';
import { socialAccounts } from '../../../db/schema';
import type { SocialAccountRow } from '../../accounts.repo';

/** The Instagram accounts, not waiting for a reconnect, whose token runs out before `before`. */
export const tokensExpiringBefore = (db: Db, before: Date) =>
  db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.platform, 'instagram'),
        isNull(socialAccounts.needsReconnectAt),
        isNotNull(socialAccounts.sessionSealed),
        lt(socialAccounts.tokenExpiresAt, before),
      ),
    );

type ReadAccount = Pick<SocialAccountRow, 'id' | 'sessionSealed'>;

/** The account still as it was read: a reconnect meanwhile (or another instance's refresh) wins. */
const unchanged = (account: ReadAccount) =>
  and(eq(socialAccounts.id, account.id), eq(socialAccounts.sessionSealed, account.sessionSealed!));

export const storeRefreshedToken = (db: Db, account: ReadAccount, sessionSealed: string, tokenExpiresAt: Date) =>
  db.update(socialAccounts).set({ sessionSealed, tokenExpiresAt }).where(unchanged(account));

/** Instagram no longer takes the token: the account needs reconnecting from now. */
export const markTokenRefused = (db: Db, account: ReadAccount) =>
  db
    .update(socialAccounts)
    .set({ needsReconnectAt: sql`now()` })
    .where(unchanged(account));
