import sharp from 'sharp';
import { firstLinkOf } from '../../../../src/schemas/link-card.schema';
import type { AppDeps } from '../../../context';
import type { RemoteSteps, socialPostMedia, socialPosts } from '../../../db/schema';
import { withDeadline } from '../../../outbound/deadline';
import type { RetryPolicy } from '../../../retry-policy';
import { type DeliveryRow, markPosted } from '../../delivery.repo';
import { Outcome, connectedParts, endAttempt, recordSteps } from '../meta/meta-delivery';
import {
  getPagePostPermalink,
  listRecentPagePosts,
  publishPagePhoto,
  publishPagePost,
  uploadUnpublishedPhoto,
  type PagePost,
} from './facebook-api';
import { facebookApi, type FacebookPageToken } from './facebook-connect';

/** The formats a Page photo's `url` may point at (Page Photos reference); others are sent as a JPEG copy. */
const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/gif'];
/** How far Meta's clock may be behind ours when a post whose answer was lost is looked for. */
const CLOCK_SKEW_MS = 60_000;

type MediaRow = typeof socialPostMedia.$inferSelect;

/** The address Facebook fetches a photo from: the file as uploaded (or a JPEG copy), at an expiring /m/ address. */
async function photoUrl(deps: AppDeps, d: DeliveryRow, media: MediaRow) {
  let key = media.storageKey;
  if (!PHOTO_TYPES.includes(media.contentType)) {
    key = `social-fitted/${d.id}/${media.id}.facebook.jpg`;
    if (!(await deps.storage.stat(key))) {
      const object = await deps.storage.read(media.storageKey);
      if (!object) throw new Outcome('permanent', `Facebook: the image ${media.fileName} is missing from storage.`);
      const jpeg = await sharp(Buffer.concat(await object.body.toArray()))
        .rotate()
        .jpeg({ quality: 90 })
        .toBuffer()
        .catch(() => {
          throw new Outcome('permanent', `Facebook: the image ${media.fileName} could not be prepared for Facebook.`);
        });
      await deps.storage.put(key, jpeg, 'image/jpeg');
    }
  }
  return `${deps.config.appUrl}${deps.mediaLinks.path(key)}`;
}

/**
 * The post an earlier write became when its answer was lost: no answer names it, so it is the newest of the Page's
 * posts with the same message made since that write began (allowing for Meta's clock being a little behind).
 */
export function findPagePost(recent: PagePost[], { message, since }: { message: string; since: Date }) {
  return recent.find((p) => p.message === message && p.createdTime.getTime() >= since.getTime() - CLOCK_SKEW_MS);
}

/** The link a text post carries (Facebook makes its card): the card the artist kept, else the text's first link. */
function linkOf(post: typeof socialPosts.$inferSelect, text: string) {
  if (post.linkCard) return post.linkCard.uri;
  const first = firstLinkOf(text);
  return first && first !== post.linkCardRemoved ? first : undefined;
}

/**
 * One attempt at a Facebook Page delivery, exactly once across lost answers and crashes. Text (with its link) is one
 * feed post; one photo is a Page photo with its caption; several are unpublished photos, each recorded as it is made,
 * then one feed post with them attached. Before the post's own write, the time it began is recorded: a later attempt
 * that finds that time and no post id looks among the Page's recent posts before writing again.
 */
export async function attemptFacebook(deps: AppDeps, d: DeliveryRow, me: string, policy: RetryPolicy, attemptMs: number) {
  let accountId: string | null = d.accountId;
  try {
    await withDeadline(attemptMs, async () => {
      const { post, account, media } = await connectedParts(deps, d);
      accountId = account.id;
      const fb = facebookApi(deps);
      if (!fb) throw new Outcome('permanent', 'Facebook is no longer set up on this studio; ask its operator.');
      const { accessToken } = JSON.parse(deps.social.box.open(account.sessionSealed)) as FacebookPageToken;
      const page = { pageToken: accessToken, pageId: account.did! };
      const images = media.filter((m) => m.contentType.startsWith('image/'));
      let steps: RemoteSteps = { ...d.remoteSteps };
      const record = async (next: RemoteSteps) => {
        steps = next;
        await recordSteps(deps, d, me, steps);
      };

      if (!steps.mediaId && steps.startedAt) {
        // An earlier write may have taken effect without our hearing of it: look before writing again.
        const found = findPagePost(await listRecentPagePosts(fb, page), { message: d.text, since: new Date(steps.startedAt) });
        if (found) await record({ ...steps, mediaId: found.id });
      }
      if (!steps.mediaId && images.length > 1) {
        for (let i = steps.photoIds?.length ?? 0; i < images.length; i++) {
          const photoId = await uploadUnpublishedPhoto(fb, page, { url: await photoUrl(deps, d, images[i]) });
          await record({ ...steps, photoIds: [...(steps.photoIds ?? []), photoId] });
        }
      }
      if (!steps.mediaId) {
        const url = images.length === 1 ? await photoUrl(deps, d, images[0]) : null;
        await record({ ...steps, startedAt: steps.startedAt ?? new Date().toISOString() });
        const postId = url
          ? (await publishPagePhoto(fb, page, { url, caption: d.text || undefined })).postId
          : await publishPagePost(fb, page, {
              message: d.text || undefined,
              link: images.length ? undefined : linkOf(post, d.text),
              photoIds: steps.photoIds,
            });
        await record({ ...steps, mediaId: postId });
      }
      await markPosted(deps.db, d, await getPagePostPermalink(fb, page.pageToken, steps.mediaId!));
      deps.log.info({ deliveryId: d.id, postId: d.postId, handle: d.handle, attempts: d.attempts }, 'posted to Facebook');
    });
  } catch (err) {
    await endAttempt(deps, d, me, policy, { err, network: 'Facebook', accountId, laterMs: 1000 });
  }
}
