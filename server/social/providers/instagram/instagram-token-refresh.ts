import type { AppDeps } from '../../../context';
import { readMetaFailure } from '../meta/meta-failures';
import { refreshInstagramToken } from './instagram-api';
import { instagramApi, type InstagramToken } from './instagram-connect';
import { markTokenRefused, storeRefreshedToken, tokensExpiringBefore } from './instagram-tokens.repo';

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
  const due = await tokensExpiringBefore(db, new Date(now.getTime() + REFRESH_WITHIN_MS));
  let refreshed = 0;
  let reconnect = 0;
  for (const account of due) {
    try {
      const { accessToken } = JSON.parse(social.box.open(account.sessionSealed!)) as InstagramToken;
      const fresh = await refreshInstagramToken(ig, accessToken);
      // Stored only if unchanged since it was read: a reconnect meanwhile (or another instance's refresh) wins.
      await storeRefreshedToken(
        db,
        account,
        social.box.seal(JSON.stringify({ accessToken: fresh.accessToken } satisfies InstagramToken)),
        new Date(now.getTime() + (fresh.expiresInSeconds ?? 60 * 24 * 3600) * 1000),
      );
      refreshed += 1;
    } catch (err) {
      const failure = readMetaFailure(err, 'Instagram');
      if (failure.kind === 'reconnect') {
        await markTokenRefused(db, account);
        reconnect += 1;
      }
      log.warn({ accountId: account.id, kind: failure.kind, reason: failure.reason }, 'Instagram token not refreshed');
    }
  }
  if (refreshed || reconnect) log.info({ refreshed, reconnect }, 'Instagram tokens refreshed');
  return { refreshed, reconnect };
}
