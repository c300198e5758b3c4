import { and, eq, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../../context';
import { socialAccounts } from '../../../db/schema';
import { readMetaFailure } from '../meta/meta-failures';
import { refreshInstagramToken } from './instagram-api';
import { instagramApi, type InstagramToken } from './instagram-connect';

const DAY_MS = 24 * 3600_000;
/** A token with less than this left is refreshed (it lives 60 days; a refresh gives another 60). */
export const REFRESH_WITHIN_MS = 10 * DAY_MS;

/**
 * Refreshes the Instagram tokens that have less than ten days left (ig_refresh_token), sealing the new token and its
 * expiry. A token Instagram no longer takes (revoked, expired, the account's permissions changed) marks the account
 * "Needs reconnecting": its posts wait until the artist connects it again. Any other failure is tried again at the next
 * upkeep. `now` is the clock the expiries are read against (tests pass the fake's).
 */
export async function refreshInstagramTokens(deps: AppDeps, now = new Date()) {
  const ig = instagramApi(deps);
  if (!ig) return { refreshed: 0, reconnect: 0 };
  const { db, social, log } = deps;
  const due = await db
    .select()
    .from(socialAccounts)
    .where(
      and(
        eq(socialAccounts.platform, 'instagram'),
        isNull(socialAccounts.needsReconnectAt),
        isNotNull(socialAccounts.sessionSealed),
        lt(socialAccounts.tokenExpiresAt, new Date(now.getTime() + REFRESH_WITHIN_MS)),
      ),
    );
  let refreshed = 0;
  let reconnect = 0;
  for (const account of due) {
    // Unchanged since it was read: a reconnect meanwhile (or another instance's refresh) wins.
    const same = and(eq(socialAccounts.id, account.id), eq(socialAccounts.sessionSealed, account.sessionSealed!));
    try {
      const { accessToken } = JSON.parse(social.box.open(account.sessionSealed!)) as InstagramToken;
      const fresh = await refreshInstagramToken(ig, accessToken);
      await db
        .update(socialAccounts)
        .set({
          sessionSealed: social.box.seal(JSON.stringify({ accessToken: fresh.accessToken } satisfies InstagramToken)),
          tokenExpiresAt: new Date(now.getTime() + (fresh.expiresInSeconds ?? 60 * 24 * 3600) * 1000),
        })
        .where(same);
      refreshed += 1;
    } catch (err) {
      const failure = readMetaFailure(err, 'Instagram');
      if (failure.kind === 'reconnect') {
        await db
          .update(socialAccounts)
          .set({ needsReconnectAt: sql`now()` })
          .where(same);
        reconnect += 1;
      }
      log.warn({ accountId: account.id, kind: failure.kind, reason: failure.reason }, 'Instagram token not refreshed');
    }
  }
  if (refreshed || reconnect) log.info({ refreshed, reconnect }, 'Instagram tokens refreshed');
  return { refreshed, reconnect };
}
