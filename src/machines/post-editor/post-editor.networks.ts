import { NETWORK_RULES, networkProblems, type NetworkRules } from '../../schemas/network-rules';
import { composePostText } from '../../schemas/post-text';
import { PLATFORM_LABELS, type Platform } from '../../schemas/social-platform.schema';
import { maxPostFiles, POST_MAX_LENGTH, type AccountRef } from '../../schemas/social.schema';
import { isImageFile, isVideoFile, type PostFile } from './post-editor.files';

/** The editor's file limit: a number, none (null), or the chosen networks' own (`maxPostFiles`). */
export type FileLimit = number | 'perNetwork' | null;

/** The networks of the chosen accounts, each once, in the order first chosen. */
export const chosenPlatforms = (accounts: readonly AccountRef[]): Platform[] => [...new Set(accounts.map((a) => a.platform))];

/** Bluesky's text rules are the form's own (280 characters, or a thread's parts): the networks here are the others. */
const othersOf = (accounts: readonly AccountRef[]) => chosenPlatforms(accounts).filter((p) => p !== 'bluesky');

/** The counter's limit: the smallest of the chosen networks'; the specification's 280 with Bluesky, or none chosen. */
export const textLimitOf = (accounts: readonly AccountRef[]) => {
  const platforms = chosenPlatforms(accounts);
  if (platforms.length === 0 || platforms.includes('bluesky')) return POST_MAX_LENGTH;
  return Math.min(...platforms.map((p) => NETWORK_RULES[p].textMaxLength));
};

/** The editor's file limit now: per network, the chosen accounts' (ten for Instagram and Facebook, four with Bluesky). */
export const fileLimitOf = (limit: FileLimit, accounts: readonly AccountRef[]): number | null =>
  limit === 'perNetwork' ? maxPostFiles(accounts) : limit;

/** 'n / 280 characters', 'n / 2,200 characters'. */
export const counterText = (length: number, limit: number) => `${length} / ${limit.toLocaleString('en-US')} characters`;

type PostText = { content: string; hashtags: string[]; mentions: string[]; accounts: AccountRef[] };

/**
 * What Instagram or Facebook refuse in the text as it goes out (its length, hashtags, mentions), shown under the
 * text. Counted with one image, so only the text's own rules speak.
 */
export const textProblems = (values: PostText) =>
  othersOf(values.accounts).flatMap((p) => networkProblems(p, { text: composePostText(values), images: 1, videos: 0 }));

/** What Instagram or Facebook refuse in the post's files (none, too many, a video with images), each naming the network. */
export function mediaProblems(values: PostText, files: readonly PostFile[]) {
  const images = files.filter(isImageFile).length;
  const videos = files.filter(isVideoFile).length;
  const text = new Set(textProblems(values));
  return othersOf(values.accounts)
    .flatMap((p) => networkProblems(p, { text: composePostText(values), images, videos }))
    .filter((m) => !text.has(m));
}

/**
 * A feature the post has that some chosen network does not take (alt text, labels, link cards, threads): the short
 * reason the editor shows beside it ("Not sent to Facebook"), or null when every chosen network takes it.
 */
export function notTakenBy(
  accounts: readonly AccountRef[],
  feature: keyof Pick<NetworkRules, 'altText' | 'labels' | 'linkCards' | 'threads'>,
) {
  const refusing = chosenPlatforms(accounts).filter((p) => !NETWORK_RULES[p][feature]);
  return refusing.length ? `Not sent to ${refusing.map((p) => PLATFORM_LABELS[p]).join(' or ')}` : null;
}

/** Whether no chosen network takes the feature (then its control is hidden; with none chosen, all show). */
export const noneTakes = (accounts: readonly AccountRef[], feature: Parameters<typeof notTakenBy>[1]) => {
  const platforms = chosenPlatforms(accounts);
  return platforms.length > 0 && platforms.every((p) => !NETWORK_RULES[p][feature]);
};
