import { QUOTA_HELD_REASON } from '../../src/schemas/meta-connect.schema';
import type { Platform } from '../../src/schemas/social-platform.schema';
import type { PostMedia, PostResponse, SocialPost } from '../../src/schemas/social.schema';
import type { socialPostMedia, socialPosts } from '../db/schema';
import type { MediaUrls } from '../media-urls';
import type { DeliveryRow } from './delivery.repo';
import { linkCardDto } from './link-card/post-link-card';

export type PostRow = typeof socialPosts.$inferSelect;
export type PostMediaRow = typeof socialPostMedia.$inferSelect;

/** A post's file, with a signed address to show it: an image's preview, any other file itself. */
export const toPostMediaDto = (m: PostMediaRow, urls: MediaUrls): PostMedia => ({
  mediaId: m.id,
  fileName: m.fileName,
  contentType: m.contentType,
  fileSizeInBytes: m.fileSizeBytes,
  altText: m.altText,
  url: urls.postMedia(m.id, m.previewKey ? 'preview' : 'original'),
});

/** How one account fared: pending (maybe with the reason it is late), posted with its address, or error with why. */
export const toPostResponse = (d: DeliveryRow): PostResponse => ({
  platform: d.platform as Platform,
  handle: d.handle,
  text: d.text,
  postUrl: d.postUrl ?? '',
  postStatus: d.status,
  datePosted: d.postedAt?.getTime() ?? null,
  postError: d.error ?? null,
  metrics: d.metricsReadAt
    ? { likes: d.likes ?? 0, reposts: d.reposts ?? 0, replies: d.replies ?? 0, quotes: d.quotes ?? 0, readAt: d.metricsReadAt.getTime() }
    : null,
  // Only a post with a video says where it stands.
  ...(d.videoState ? { video: { state: d.videoState, progress: d.videoProgress } } : {}),
  // Only a delivery held back by Instagram's daily limit says why it waits.
  ...(d.status === 'pending' && d.error === QUOTA_HELD_REASON ? { heldReason: d.error } : {}),
});

/** Dates are epoch milliseconds (UTC). */
export const toSocialPostDto = (row: PostRow, media: PostMediaRow[], deliveries: DeliveryRow[], urls: MediaUrls): SocialPost => ({
  userId: row.userId,
  postId: row.id,
  dateCreated: row.createdAt.getTime(),
  dateScheduled: row.dateScheduled?.getTime() ?? null,
  datePublished: row.datePublished?.getTime() ?? null,
  content: row.content,
  mediaIds: media.map((m) => m.id),
  media: media.map((m) => toPostMediaDto(m, urls)),
  hashtags: row.hashtags,
  mentions: row.mentions,
  location: row.location,
  labels: row.labels,
  langs: row.langs,
  artworkId: row.artworkId,
  accounts: row.accounts,
  linkCard: row.linkCard ? linkCardDto(row.linkCard) : null,
  linkCardRemoved: row.linkCardRemoved,
  threadBreaks: row.threadBreaks,
  mats: Object.fromEntries(media.map((m) => [m.id, m.mat])),
  responses: deliveries.map(toPostResponse),
  isDraft: row.isDraft,
});
