import type { Platform } from './social-platform.schema';
import { PLATFORM_LABELS } from './social-platform.schema';

/**
 * What each network takes in a post: the one source of truth for the editor (counters, media pickers, which fields
 * show) and for the server (it checks the same rules before saving a post that is not a draft, and again at publish).
 */
export interface NetworkRules {
  /** Characters of the text as sent (content with hashtags and mentions added). */
  textMaxLength: number;
  /** Most hashtags in one post (null: no limit of its own). */
  maxHashtags: number | null;
  /** Most @mentions in one post (null: no limit of its own). */
  maxMentions: number | null;
  /** Most images in one post (a carousel's items on Instagram). */
  maxImages: number;
  /** A post with several images needs at least this many (Instagram's carousel: 2). */
  minImagesInGroup: number;
  /** A post must carry an image or a video (Instagram). */
  needsMedia: boolean;
  /** Videos are sent (a Reel on Instagram). */
  video: boolean;
  /** Alt text is sent with images. */
  altText: boolean;
  /** Self-labels (nudity, graphic media) are sent. */
  labels: boolean;
  /** The first link of a text post becomes a card. */
  linkCards: boolean;
  /** A long text can be split into a thread. */
  threads: boolean;
  /**
   * The image ratios (width / height) it takes: an image outside them is fitted inside the nearest on a mat the artist
   * picks, never cropped (null: it takes any).
   */
  imageRatio: { min: number; max: number } | null;
}

export const NETWORK_RULES: Record<Platform, NetworkRules> = {
  bluesky: {
    textMaxLength: 280,
    maxHashtags: null,
    maxMentions: null,
    maxImages: 4,
    minImagesInGroup: 1,
    needsMedia: false,
    video: true,
    altText: true,
    labels: true,
    linkCards: true,
    threads: true,
    imageRatio: null,
  },
  instagram: {
    textMaxLength: 2200,
    maxHashtags: 30,
    maxMentions: 20,
    maxImages: 10,
    minImagesInGroup: 2,
    needsMedia: true,
    video: true,
    altText: true,
    labels: false,
    linkCards: false,
    threads: false,
    imageRatio: { min: 4 / 5, max: 1.91 },
  },
  facebook: {
    textMaxLength: 63206,
    maxHashtags: null,
    maxMentions: null,
    maxImages: 10,
    minImagesInGroup: 1,
    needsMedia: false,
    video: false,
    altText: false,
    labels: false,
    linkCards: true,
    threads: false,
    imageRatio: null,
  },
};

/** What a post is checked on, per network: the text as sent and its media counted by kind. */
export interface PostShape {
  text: string;
  images: number;
  videos: number;
  /** A thread (Bluesky only) is checked part by part by its own rules. */
  thread?: boolean;
}

const HASHTAG = /(^|\s)#[^\s#]+/gu;
const MENTION = /(^|\s)@[\w.-]+/gu;
const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/**
 * Why a post cannot go to a network, each message naming the network and the rule ("Instagram: a post needs at least
 * one image or video"); empty when it can. The editor shows them per selected account; the server refuses with them.
 */
export function networkProblems(platform: Platform, post: PostShape): string[] {
  const r = NETWORK_RULES[platform];
  const name = PLATFORM_LABELS[platform];
  const out: string[] = [];
  if (!(post.thread && r.threads) && post.text.length > r.textMaxLength)
    out.push(`${name}: the text is at most ${r.textMaxLength.toLocaleString('en-US')} characters`);
  if (r.maxHashtags !== null && count(post.text, HASHTAG) > r.maxHashtags) out.push(`${name}: at most ${r.maxHashtags} hashtags`);
  if (r.maxMentions !== null && count(post.text, MENTION) > r.maxMentions) out.push(`${name}: at most ${r.maxMentions} mentions`);
  if (r.needsMedia && post.images + post.videos === 0) out.push(`${name}: a post needs at least one image or video`);
  if (post.videos > 0 && !r.video) out.push(`${name}: videos are not sent to ${name}`);
  if (post.videos > 1 || (post.videos > 0 && post.images > 0)) {
    if (platform !== 'bluesky') out.push(`${name}: a post has one video, or images, not both`);
  }
  const carousel = r.minImagesInGroup > 1;
  if (post.images > r.maxImages || (post.images > 1 && post.images < r.minImagesInGroup))
    out.push(
      carousel
        ? `${name}: a carousel has ${r.minImagesInGroup} to ${r.maxImages} images`
        : `${name}: at most ${r.maxImages} images in one post`,
    );
  return out;
}
