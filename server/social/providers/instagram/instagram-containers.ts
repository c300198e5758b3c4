import { networkProblems } from '../../../../src/schemas/network-rules';
import type { RemoteSteps } from '../../../db/schema';
import type { PostMediaRow } from '../../posts.dto';
import {
  createCarouselContainer,
  createImageContainer,
  createReelContainer,
  getContainerStatus,
  type ContainerStatus,
  type InstagramApi,
} from './instagram-api';

/** What an Instagram post is made of: one image, a carousel of 2-10, or one video (a Reel). */
export type InstagramPost =
  | { kind: 'image'; images: [PostMediaRow]; noun: 'image' }
  | { kind: 'carousel'; images: PostMediaRow[]; noun: 'images' }
  | { kind: 'reel'; video: PostMediaRow; noun: 'video' };

/** The post's files as Instagram takes them, or the rule they break (checked on save too; this is publish time). */
export function instagramPostOf(media: PostMediaRow[]): InstagramPost | { problem: string } {
  const images = media.filter((m) => m.contentType.startsWith('image/'));
  const videos = media.filter((m) => m.contentType.startsWith('video/'));
  const [problem] = networkProblems('instagram', { text: '', images: images.length, videos: videos.length });
  if (problem) return { problem };
  if (videos.length) return { kind: 'reel', video: videos[0], noun: 'video' };
  if (images.length === 1) return { kind: 'image', images: [images[0]], noun: 'image' };
  return { kind: 'carousel', images, noun: 'images' };
}

export interface ContainerWork {
  ig: InstagramApi;
  who: { token: string; igUserId: string };
  caption: string;
  /** The address Meta fetches an image from (fitted, never cropped) or a video from. */
  imageUrl: (image: PostMediaRow) => Promise<string>;
  videoUrl: (video: PostMediaRow) => string;
  /** Records the steps taken so far, before the next one is taken. */
  record: (steps: RemoteSteps) => Promise<void>;
  /** Waits a while for a container: false while it is still processing. */
  wait: (containerId: string) => Promise<ContainerStatus | false>;
}

/** A carousel item's container that is still there to be used (not expired, not failed); else it is made again. */
async function usable(work: ContainerWork, containerId: string | undefined) {
  if (!containerId) return undefined;
  const { statusCode } = await getContainerStatus(work.ig, work.who.token, containerId);
  return statusCode === 'EXPIRED' || statusCode === 'ERROR' ? undefined : containerId;
}

/**
 * Makes the post's container, recording each container before the next is made: a carousel's items one by one (a
 * retry keeps each item that has a usable container and makes only the missing ones), then, once every item is
 * FINISHED, the carousel with its children. Answers the steps with the post's container, or false while an item is
 * still processing (the attempt hands its slot back and comes again).
 */
export async function makeContainers(work: ContainerWork, post: InstagramPost, steps: RemoteSteps): Promise<RemoteSteps | false> {
  const { ig, who, caption } = work;
  const startedAt = steps.startedAt ?? new Date(Date.now() - 1000).toISOString();
  let containerId: string;
  if (post.kind === 'reel') {
    containerId = await createReelContainer(ig, who, { videoUrl: work.videoUrl(post.video), caption });
  } else if (post.kind === 'image') {
    const [image] = post.images;
    containerId = await createImageContainer(ig, who, {
      imageUrl: await work.imageUrl(image),
      caption,
      altText: image.altText || undefined,
    });
  } else {
    const items: string[] = [];
    for (const [i, image] of post.images.entries()) {
      const kept = await usable(work, steps.itemContainerIds?.[i]);
      items.push(
        kept ??
          (await createImageContainer(ig, who, {
            imageUrl: await work.imageUrl(image),
            altText: image.altText || undefined,
            carouselItem: true,
          })),
      );
      if (!kept) await work.record({ itemContainerIds: [...items, ...(steps.itemContainerIds ?? []).slice(i + 1)], startedAt });
    }
    for (const item of items) {
      const state = await work.wait(item);
      if (state === false) return false;
      // An item that expired meanwhile (a day later) is made again on the next attempt.
      if (state !== 'FINISHED') return false;
    }
    containerId = await createCarouselContainer(ig, who, { children: items, caption });
    steps = { itemContainerIds: items };
  }
  const made: RemoteSteps = { ...(post.kind === 'carousel' ? steps : {}), containerId, startedAt };
  await work.record(made);
  return made;
}
