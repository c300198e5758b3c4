import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../context';
import { socialAccounts, socialDeliveries, socialPostMedia, socialPosts, type RemoteSteps } from '../../../db/schema';
import { withDeadline } from '../../../outbound/deadline';
import { backoffMs, type RetryPolicy } from '../../../retry-policy';
import { type DeliveryRow, markFailed, markPosted, markRetry, waitForReconnect } from '../../delivery.repo';
import { mailPostFailed } from '../../post-failed.mail';
import { FitFailed, fittedMedia } from '../../post-media-fit';
import { notConnected } from '../../publishing';
import { GraphError } from '../meta/graph-client';
import { readMetaFailure } from '../meta/meta-failures';
import {
  createImageContainer,
  findPublishedMedia,
  getContainerStatus,
  getMediaPermalink,
  listRecentMedia,
  publishContainer,
  type InstagramApi,
} from './instagram-api';
import { instagramApi, type InstagramToken } from './instagram-connect';

/** A container still processing is asked again this soon (Meta's pages suggest once a minute at most; ours are images). */
const POLL_MS = 1000;
/** How long one attempt waits for a container before handing its slot back and coming again. */
const WAIT_IN_ATTEMPT_MS = 6000;

class Outcome extends Error {
  constructor(
    readonly kind: 'permanent' | 'later',
    message: string,
  ) {
    super(message);
  }
}

/** Failed for good: recorded, and the artist hears of it by mail once, as for Bluesky. */
async function failForGood(deps: AppDeps, d: DeliveryRow, me: string, reason: string) {
  if (await markFailed(deps.db, d, me, reason)) await mailPostFailed(deps.db, deps.outbox, d);
}

/** Records a step before the next one is taken, for the delivery's current holder only. */
const recordSteps = (deps: AppDeps, d: DeliveryRow, me: string, steps: RemoteSteps) =>
  deps.db
    .update(socialDeliveries)
    .set({ remoteSteps: steps })
    .where(and(eq(socialDeliveries.id, d.id), eq(socialDeliveries.lockedBy, me)))
    .returning({ id: socialDeliveries.id })
    .then((rows) => {
      if (!rows.length) throw new Outcome('later', 'Another worker has taken this post over.');
    });

/** The image Meta fetches: the work fitted (never cropped) on the mat the artist chose, stored, at an expiring /m/ address. */
async function fittedImageUrl(deps: AppDeps, _d: DeliveryRow, media: typeof socialPostMedia.$inferSelect) {
  const fitted = await fittedMedia(deps.storage, media, media.mat).catch((err: unknown) => {
    if (err instanceof FitFailed && err.reason === 'missing')
      throw new Outcome('permanent', `Instagram: the image ${media.fileName} is missing from storage.`);
    throw new Outcome('permanent', `Instagram: the image ${media.fileName} could not be prepared for Instagram.`);
  });
  return `${deps.config.appUrl}${deps.mediaLinks.path(fitted.key, 24 * 3600)}`;
}

/** Waits for a container within the attempt: FINISHED answers true; still processing answers false (come again). */
async function settled(ig: InstagramApi, token: string, containerId: string): Promise<'FINISHED' | 'PUBLISHED' | 'EXPIRED' | false> {
  const until = Date.now() + WAIT_IN_ATTEMPT_MS;
  for (;;) {
    const status = await getContainerStatus(ig, token, containerId);
    if (status.statusCode === 'ERROR') {
      // The container's subcode says why (the picture's ratio, a fetch that failed): read like any Graph error.
      const why = readMetaFailure(new GraphError(400, undefined, status.errorSubcode, 'container error', {}), 'Instagram');
      throw new Outcome('permanent', why.message);
    }
    if (status.statusCode !== 'IN_PROGRESS') return status.statusCode;
    if (Date.now() + POLL_MS > until) return false;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/**
 * One attempt at an Instagram delivery, exactly once across lost answers and crashes: the container's id is recorded
 * before it is published; a retry asks that container first (PUBLISHED: done, its media found for the permalink;
 * FINISHED: published now; EXPIRED: a new one) and never makes a second container for a post that has a usable one.
 */
export async function attemptInstagram(deps: AppDeps, d: DeliveryRow, me: string, policy: RetryPolicy, attemptMs: number) {
  let accountId: string | null = d.accountId;
  try {
    await withDeadline(attemptMs, async () => {
      const [[post], [account], media] = await Promise.all([
        deps.db.select().from(socialPosts).where(eq(socialPosts.id, d.postId)),
        d.accountId ? deps.db.select().from(socialAccounts).where(eq(socialAccounts.id, d.accountId)) : Promise.resolve([]),
        deps.db.select().from(socialPostMedia).where(eq(socialPostMedia.postId, d.postId)).orderBy(asc(socialPostMedia.position)),
      ]);
      if (!post || !account?.sessionSealed) throw new Outcome('permanent', notConnected(d.platform, d.handle));
      accountId = account.id;
      const ig = instagramApi(deps);
      if (!ig) throw new Outcome('permanent', 'Instagram is no longer set up on this studio; ask its operator.');
      const { accessToken: token } = JSON.parse(deps.social.box.open(account.sessionSealed)) as InstagramToken;
      const who = { token, igUserId: account.did! };
      let steps: RemoteSteps = { ...d.remoteSteps };

      if (!steps.mediaId && steps.containerId) {
        const state = await settled(ig, token, steps.containerId);
        if (state === false) throw new Outcome('later', 'Instagram is still processing the image; it will be tried again.');
        if (state === 'PUBLISHED') {
          // Published, the answer lost: the media is the account's newest with this caption since the container.
          const found = findPublishedMedia(await listRecentMedia(ig, who), { caption: d.text, since: new Date(steps.startedAt!) });
          if (!found) throw new Outcome('later', 'Instagram published the post; its address is looked for again.');
          steps = { ...steps, mediaId: found.id };
          await recordSteps(deps, d, me, steps);
        } else if (state === 'EXPIRED') {
          steps = {};
          await recordSteps(deps, d, me, steps);
        }
      }
      if (!steps.mediaId && !steps.containerId) {
        const images = media.filter((m) => m.contentType.startsWith('image/'));
        if (images.length !== 1) throw new Outcome('permanent', 'Instagram: only single-image posts are sent for now.');
        const imageUrl = await fittedImageUrl(deps, d, images[0]);
        const startedAt = new Date(Date.now() - 1000).toISOString();
        const containerId = await createImageContainer(ig, who, { imageUrl, caption: d.text, altText: images[0].altText || undefined });
        steps = { containerId, startedAt };
        await recordSteps(deps, d, me, steps);
        const state = await settled(ig, token, containerId);
        if (state === false) throw new Outcome('later', 'Instagram is still processing the image; it will be tried again.');
      }
      if (!steps.mediaId) {
        const mediaId = await publishContainer(ig, who, steps.containerId!);
        steps = { ...steps, mediaId };
        await recordSteps(deps, d, me, steps);
      }
      await markPosted(deps.db, d, await getMediaPermalink(ig, token, steps.mediaId!));
      deps.log.info({ deliveryId: d.id, postId: d.postId, handle: d.handle, attempts: d.attempts }, 'posted to Instagram');
    });
  } catch (err) {
    if (err instanceof Outcome) {
      if (err.kind === 'permanent') await failForGood(deps, d, me, err.message);
      else await markRetry(deps.db, d, me, POLL_MS, err.message);
      return;
    }
    const failure = readMetaFailure(err, 'Instagram');
    deps.log.warn({ deliveryId: d.id, kind: failure.kind, reason: failure.reason, attempts: d.attempts }, 'Instagram attempt failed');
    if (failure.kind === 'reconnect' && accountId) await waitForReconnect(deps.db, d, me, accountId, failure.message);
    else if (failure.kind === 'permanent' || d.attempts >= policy.maxAttempts) await failForGood(deps, d, me, failure.message);
    else await markRetry(deps.db, d, me, backoffMs(policy, d.attempts), failure.message);
  }
}
