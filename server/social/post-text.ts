import { composePostText } from '../../src/schemas/post-text';
import { threadTexts } from '../../src/schemas/post-thread';
import type { socialPosts } from '../db/schema';

type PostRow = typeof socialPosts.$inferSelect;

/** Bluesky's limits on a post's text. */
export const BLUESKY_MAX_GRAPHEMES = 300;
export const BLUESKY_MAX_BYTES = 3000;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
export const graphemeLength = (text: string) => [...segmenter.segment(text)].length;

/** The text sent to Bluesky is composed as the editor counts it. */
export { composePostText };

/** The texts a post goes out with: one, or a thread's parts in order. */
export const postTextsOf = (post: Pick<PostRow, 'content' | 'hashtags' | 'mentions' | 'threadBreaks'>) =>
  post.threadBreaks.length ? threadTexts(post) : [composePostText(post)];

/** Why Bluesky would refuse this text, or null. */
export function postTextProblem(text: string): string | null {
  const length = graphemeLength(text);
  if (length > BLUESKY_MAX_GRAPHEMES) {
    return `With its hashtags and mentions the post is ${length} characters long; Bluesky takes at most ${BLUESKY_MAX_GRAPHEMES}. Shorten the text or remove some hashtags or mentions.`;
  }
  if (Buffer.byteLength(text, 'utf8') > BLUESKY_MAX_BYTES) return `The post is too long for Bluesky (at most ${BLUESKY_MAX_BYTES} bytes).`;
  return null;
}
