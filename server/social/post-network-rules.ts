import { networkProblems } from '../../src/schemas/network-rules';
import type { Platform } from '../../src/schemas/social-platform.schema';
import type { PostRow } from './posts.dto';
import { postTextsOf } from './post-text';

type RulesPost = Pick<PostRow, 'content' | 'hashtags' | 'mentions' | 'threadBreaks'>;

const countKinds = (media: readonly { contentType: string }[]) => ({
  images: media.filter((m) => m.contentType.startsWith('image/')).length,
  videos: media.filter((m) => m.contentType.startsWith('video/')).length,
});

/**
 * Why the post cannot go to one network, by field (the text's rules under `content`, the files' under `mediaIds`),
 * each message naming the network and the rule (NETWORK_RULES). Bluesky's own checks stay where they were (its 300
 * graphemes as sent, four files, one video), so it is not checked twice with two wordings.
 */
export function networkFieldErrors(platform: Platform, post: RulesPost, media: readonly { contentType: string }[]) {
  const out: Record<'content' | 'mediaIds', string[]> = { content: [], mediaIds: [] };
  if (platform === 'bluesky') return out;
  const text = postTextsOf(post).join('\n\n');
  // A post of one image breaks no rule of the files: what it still breaks is about the text.
  const textRules = new Set(networkProblems(platform, { text, images: 1, videos: 0 }));
  for (const problem of networkProblems(platform, { text, ...countKinds(media) }))
    out[textRules.has(problem) ? 'content' : 'mediaIds'].push(problem);
  return out;
}

/** The problems of every network the post is for, merged by field (only fields with problems). */
export function postNetworkProblems(
  post: RulesPost & Pick<PostRow, 'accounts'>,
  media: readonly { contentType: string }[],
  { files = true } = {},
): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const platform of new Set(post.accounts.map((a) => a.platform))) {
    const problems = networkFieldErrors(platform, post, media);
    if (!files) problems.mediaIds = [];
    for (const [field, messages] of Object.entries(problems)) if (messages.length) out[field] = [...(out[field] ?? []), ...messages];
  }
  return out;
}
