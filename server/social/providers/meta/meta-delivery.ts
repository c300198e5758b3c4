import type { AppDeps } from '../../../context';
import type { RemoteSteps } from '../../../db/schema';
import { backoffMs, type RetryPolicy } from '../../../retry-policy';
import { type DeliveryRow, deliveryParts, markFailed, markRetry, waitForReconnect } from '../../delivery.repo';
import { mailPostFailed } from '../../post-failed.mail';
import { notConnected } from '../../publishing';
import { readMetaFailure, type MetaNetwork } from './meta-failures';
import { storeRemoteSteps } from './meta-delivery.repo';

/**
 * An attempt's end that is not a Graph failure: failed for good, come again soon (still processing, taken over), or
 * held until the network's daily limit frees up (Instagram).
 */
export class Outcome extends Error {
  constructor(
    readonly kind: 'permanent' | 'later' | 'held',
    message: string,
    /** A container failed: its steps are forgotten, so that posting again starts afresh. */
    readonly forgetSteps = false,
  ) {
    super(message);
  }
}

/** The delivery's post, its connected account and files; failed for good when the post or the account's login is gone. */
export async function connectedParts(deps: AppDeps, d: DeliveryRow) {
  const { post, account, media } = await deliveryParts(deps.db, d);
  if (!post || !account?.sessionSealed) throw new Outcome('permanent', notConnected(d.platform, d.handle));
  return { post, account: { ...account, sessionSealed: account.sessionSealed }, media };
}

/** Failed for good: recorded, and the artist hears of it by mail once, as for Bluesky. */
export async function failForGood(deps: AppDeps, d: DeliveryRow, me: string, reason: string) {
  if (await markFailed(deps.db, d, me, reason)) await mailPostFailed(deps.db, deps.outbox, d);
}

/** Records a step before the next one is taken, for the delivery's current holder only. */
export const recordSteps = (deps: AppDeps, d: DeliveryRow, me: string, steps: RemoteSteps) =>
  storeRemoteSteps(deps.db, d.id, me, steps).then((rows) => {
    if (!rows.length) throw new Outcome('later', 'Another worker has taken this post over.');
  });

/**
 * How an attempt that did not post ends: an Outcome as it says; a Graph failure as meta-failures reads it (its
 * account marked "Needs reconnecting" and the post waiting, failed with the mail, or tried again with backoff).
 */
export async function endAttempt(
  deps: AppDeps,
  d: DeliveryRow,
  me: string,
  policy: RetryPolicy,
  { err, network, accountId, laterMs }: { err: unknown; network: MetaNetwork; accountId: string | null; laterMs: number },
) {
  if (err instanceof Outcome) {
    if (err.kind === 'permanent') await failForGood(deps, d, me, err.message);
    else await markRetry(deps.db, d, me, laterMs, err.message);
    return;
  }
  const failure = readMetaFailure(err, network);
  deps.log.warn({ deliveryId: d.id, kind: failure.kind, reason: failure.reason, attempts: d.attempts }, `${network} attempt failed`);
  if (failure.kind === 'reconnect' && accountId) await waitForReconnect(deps.db, d, me, accountId, failure.message);
  else if (failure.kind === 'permanent' || d.attempts >= policy.maxAttempts) await failForGood(deps, d, me, failure.message);
  else await markRetry(deps.db, d, me, backoffMs(policy, d.attempts), failure.message);
}
