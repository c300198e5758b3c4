import type { AppDeps } from '../../../context';
import type { RemoteSteps, socialPostMedia } from '../../../db/schema';
import { withDeadline } from '../../../outbound/deadline';
import { backoffMs, type RetryPolicy } from '../../../retry-policy';
import { type DeliveryRow, markPosted, markRetry, markWaiting, waitForReconnect } from '../../delivery.repo';
import { FitFailed, fittedMedia } from '../../post-media-fit';
import { GraphError } from '../meta/graph-client';
import { connectedParts, failForGood, Outcome, recordSteps } from '../meta/meta-delivery';
import { readMetaFailure } from '../meta/meta-failures';
import { QUOTA_HELD_REASON } from '../../../../src/schemas/meta-connect.schema';
import {
  findPublishedMedia,
  getContainerStatus,
  getMediaPermalink,
  listRecentMedia,
  publishContainer,
  type InstagramApi,
} from './instagram-api';
import { instagramApi, type InstagramToken } from './instagram-connect';
import { instagramPostOf, makeContainers } from './instagram-containers';
import { holdForQuota, readInstagramQuota } from './instagram-quota';

/** The image Meta fetches: the work fitted (never cropped) on the mat the artist chose, stored, at an expiring /m/ address. */
async function fittedImageUrl(deps: AppDeps, _d: DeliveryRow, media: typeof socialPostMedia.$inferSelect) {
  const fitted = await fittedMedia(deps.storage, media, media.mat).catch((err: unknown) => {
    if (err instanceof FitFailed && err.reason === 'missing')
      throw new Outcome('permanent', `Instagram: the image ${media.fileName} is missing from storage.`);
    throw new Outcome('permanent', `Instagram: the image ${media.fileName} could not be prepared for Instagram.`);
  });
  return `${deps.config.appUrl}${deps.mediaLinks.path(fitted.key, 24 * 3600)}`;
}

/**
 * One look at a container: FINISHED, PUBLISHED or EXPIRED as Meta says; false while it is still processing (the attempt
 * hands its slot back and comes again after nextLook, so a slot never waits on Instagram's processing). ERROR fails the
 * post with the reason its subcode gives.
 */
async function settled(ig: InstagramApi, token: string, containerId: string): Promise<'FINISHED' | 'PUBLISHED' | 'EXPIRED' | false> {
  const status = await getContainerStatus(ig, token, containerId);
  if (status.statusCode === 'ERROR') {
    // The container's subcode says why (the picture's ratio, a fetch that failed): read like any Graph error.
    const why = readMetaFailure(new GraphError(400, undefined, status.errorSubcode, 'container error', {}), 'Instagram');
    throw new Outcome('permanent', why.message, true);
  }
  return status.statusCode === 'IN_PROGRESS' ? false : status.statusCode;
}

/** The soonest a container still processing is asked again (Meta's pages suggest once a minute at most; ours are images). */
const FIRST_LOOK_MS = 1000;

/**
 * When to ask about a container again: within a second while it is new (an image is ready in seconds), then half the
 * time it has taken so far, at most a minute (a Reel can take minutes; Meta asks for status reads to be sparing).
 */
const nextLook = (d: DeliveryRow) => {
  const since = d.remoteSteps.startedAt ? Date.now() - Date.parse(d.remoteSteps.startedAt) : 0;
  return Math.min(60_000, Math.max(FIRST_LOOK_MS, since / 2));
};

/**
 * One attempt at an Instagram delivery (one image, a carousel of 2-10, or a Reel), exactly once across lost answers and
 * crashes: every container's id is recorded before the next step; a retry asks the post's container first (PUBLISHED:
 * done, its media found for the permalink; FINISHED: published now; EXPIRED: new ones) and never makes a second
 * container for a post, or a carousel item, that has a usable one.
 */
export async function attemptInstagram(deps: AppDeps, d: DeliveryRow, me: string, policy: RetryPolicy, attemptMs: number) {
  let accountId: string | null = d.accountId;
  try {
    await withDeadline(attemptMs, async () => {
      const { account, media } = await connectedParts(deps, d);
      accountId = account.id;
      const ig = instagramApi(deps);
      if (!ig) throw new Outcome('permanent', 'Instagram is no longer set up on this studio; ask its operator.');
      const { accessToken: token } = JSON.parse(deps.social.box.open(account.sessionSealed)) as InstagramToken;
      const who = { token, igUserId: account.did! };
      let steps: RemoteSteps = { ...d.remoteSteps };
      const shape = instagramPostOf(media);
      if ('problem' in shape) throw new Outcome('permanent', shape.problem);
      const processing = `Instagram is still processing the ${shape.noun}; it will be tried again.`;

      if (!steps.mediaId && steps.containerId) {
        const state = await settled(ig, token, steps.containerId);
        if (state === false) throw new Outcome('later', processing);
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
        // Past the day's quota the post is held, not failed (unread, media_publish's own refusal holds it too).
        const quota = await readInstagramQuota(deps, account, true).catch(() => null);
        if (quota && quota.left <= 0) throw new Outcome('held', QUOTA_HELD_REASON);
        const made = await makeContainers(
          {
            ig,
            who,
            caption: d.text,
            imageUrl: (image) => fittedImageUrl(deps, d, image),
            videoUrl: (video) => `${deps.config.appUrl}${deps.mediaLinks.path(video.storageKey, 24 * 3600)}`,
            record: (next) => recordSteps(deps, d, me, next),
            wait: (containerId) => settled(ig, token, containerId),
          },
          shape,
          steps,
        );
        if (made === false) throw new Outcome('later', processing);
        steps = made;
        if ((await settled(ig, token, steps.containerId!)) === false) throw new Outcome('later', processing);
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
      if (err.forgetSteps) await recordSteps(deps, d, me, {}).catch(() => undefined);
      if (err.kind === 'held') await holdForQuota(deps.db, d, me);
      else if (err.kind === 'permanent') await failForGood(deps, d, me, err.message);
      else await markWaiting(deps.db, d, me, nextLook(d), err.message);
      return;
    }
    const failure = readMetaFailure(err, 'Instagram');
    deps.log.warn({ deliveryId: d.id, kind: failure.kind, reason: failure.reason, attempts: d.attempts }, 'Instagram attempt failed');
    if (failure.reason === 'publishing-limit') await holdForQuota(deps.db, d, me);
    else if (failure.kind === 'reconnect' && accountId) await waitForReconnect(deps.db, d, me, accountId, failure.message);
    else if (failure.kind === 'permanent' || d.attempts >= policy.maxAttempts) await failForGood(deps, d, me, failure.message);
    else await markRetry(deps.db, d, me, backoffMs(policy, d.attempts), failure.message);
  }
}
