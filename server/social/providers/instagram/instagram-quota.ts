import { QUOTA_HELD_REASON, type InstagramQuota } from '../../../../src/schemas/meta-connect.schema';
import type { AppDeps } from '../../../context';
import type { Db } from '../../../db/database';
import { markWaiting, type DeliveryRow } from '../../delivery.repo';
import type { SocialAccountRow } from '../../accounts.repo';
import { getPublishingQuota } from './instagram-api';
import { instagramApi, type InstagramToken } from './instagram-connect';

/** A reading is kept this long: the editor may ask often, Meta counts our calls. */
export const QUOTA_KEPT_MS = 60_000;

type Reading = Omit<InstagramQuota, 'handle'>;
const readings = new Map<string, Reading>();

/**
 * An Instagram account's live publishing quota (content_publishing_limit: posts in the rolling 24 hours, of how many),
 * read at most once a minute per account; `fresh` reads it now (a delivery about to publish). Null when Instagram is
 * not set up on this studio. A Graph failure is thrown as it is, for readMetaFailure.
 */
export async function readInstagramQuota(
  deps: Pick<AppDeps, 'config' | 'outbound' | 'social'>,
  account: Pick<SocialAccountRow, 'id' | 'did' | 'sessionSealed'>,
  fresh = false,
): Promise<Reading | null> {
  const kept = readings.get(account.id);
  if (!fresh && kept && Date.now() - kept.readAt < QUOTA_KEPT_MS) return kept;
  const ig = instagramApi(deps);
  if (!ig || !account.sessionSealed || !account.did) return null;
  const { accessToken } = JSON.parse(deps.social.box.open(account.sessionSealed)) as InstagramToken;
  const q = await getPublishingQuota(ig, { token: accessToken, igUserId: account.did });
  const reading = { used: q.used, total: q.total, left: Math.max(0, q.total - q.used), readAt: Date.now() };
  readings.set(account.id, reading);
  return reading;
}

/** How often a held delivery asks again whether the rolling 24 hours have freed a post (Meta does not say when). */
export const QUOTA_RECHECK_MS = 10 * 60_000;

/**
 * Holds a delivery that would pass the account's quota: still pending, with the reason the post shows as heldReason,
 * asked again in QUOTA_RECHECK_MS. Not a failure, and not an attempt: the claim's count is given back.
 */
export const holdForQuota = (db: Db, d: DeliveryRow, me: string) => markWaiting(db, d, me, QUOTA_RECHECK_MS, QUOTA_HELD_REASON);
